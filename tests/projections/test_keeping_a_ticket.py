"""Both read stores keep a short-lived entry (a stream ticket) that is taken exactly once."""

from __future__ import annotations

from projections.stores import ReadStore
from tests.projections.test_projecting_games import store

__all__ = ["store"]  # the fixture: SQLite and Redis


def test_a_kept_entry_is_taken_once_and_then_is_gone(store: ReadStore) -> None:
    """``take`` answers what ``keep`` kept and removes it: a second take finds nothing."""
    store.keep("ticket:abc", b'{"seat": 1}', 30)
    assert store.take("ticket:abc") == b'{"seat": 1}'
    assert store.take("ticket:abc") is None
    assert store.take("ticket:never") is None


def test_a_kept_entry_is_no_document_and_no_projection_reads_it(store: ReadStore) -> None:
    """Kept entries live apart from the read models: not a document, not in a dump."""
    store.keep("ticket:abc", b"x", 30)
    assert store.get("ticket:abc") is None
    assert not any(key.startswith(("ticket", "kept")) for key in store.dump())
