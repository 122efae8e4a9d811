"""`docs/rules/campaign-trail.md` names only tests that exist, and every ruling in the docstring is there."""

from __future__ import annotations

import re
from pathlib import Path

from domain.games.campaign_trail import rules

HERE = Path(__file__).parent
DOC = HERE.parents[2] / "docs" / "rules" / "campaign-trail.md"


def test_every_test_the_rules_doc_names_exists() -> None:
    """Each `file.py::test_name` (or a bare `test_name` after one) is a test in this folder."""
    text = DOC.read_text()
    named: list[tuple[str, str]] = []
    for cell in re.findall(r"\| ([^|]*test_[^|]*) \|\s*$", text, flags=re.M):
        current = ""
        for token in re.findall(r"`([^`]+)`", cell):
            if token.endswith(".py"):
                current = token
                assert (HERE / token).exists(), token
                continue
            file, _, name = token.rpartition("::")
            current = file or current
            if name.startswith("test_"):
                named.append((current, name))
    assert len(named) > 60
    for file, name in named:
        assert f"def {name}(" in (HERE / file).read_text(), f"{file}::{name}"


def test_every_ruling_of_the_rules_docstring_is_in_the_doc() -> None:
    """Rulings 1-16 are numbered in both places."""
    docstring = rules.__doc__ or ""
    for number in range(1, 17):
        assert f"\n{number}. " in docstring and f"\n{number}. **" in DOC.read_text()
