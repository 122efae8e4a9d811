"""A seat's standing choice for reaction windows (domain/passing.py): the seat's own, kept in the log,
and told to nobody else: choosing changes no other read of the table."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.test_refusals import refused


def everything_others_read(client: TestClient, pile: dict[str, Any]) -> list[Any]:
    """The summary, and bob's view, legal list, feed and audit (what another seat may read)."""
    url = f"/api/games/{pile['id']}"
    reads = [client.get(url).json()]
    for path in ("/view", "/legal", "/events", "/audit", "/timeline"):
        reads.append(client.get(url + path, headers=pile["bob"]).json())
    return reads


def test_a_seat_is_asked_every_time_until_it_chooses_otherwise(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """The default is ``ask``; ``auto`` stands once chosen, and ``ask`` again undoes it."""
    url = f"/api/games/{pile['id']}/passing"
    assert client.get(url, headers=pile["ann"]).json() == {"seat": 0, "passing": "ask"}
    assert client.put(url, headers=pile["ann"], json={"passing": "auto"}).json() == {
        "seat": 0,
        "passing": "auto",
    }
    assert client.get(url, headers=pile["ann"]).json() == {"seat": 0, "passing": "auto"}
    assert client.get(url, headers=pile["bob"]).json() == {"seat": 1, "passing": "ask"}
    client.put(url, headers=pile["ann"], json={"passing": "ask"})
    assert client.get(url, headers=pile["ann"]).json()["passing"] == "ask"


def test_the_choice_is_kept_in_the_log(client: TestClient, pile: dict[str, Any]) -> None:
    """A process that kept nothing reads the choice back from the log."""
    url = f"/api/games/{pile['id']}/passing"
    client.put(url, headers=pile["bob"], json={"passing": "auto"})
    tables = client.app.state.tables  # type: ignore[attr-defined]
    chosen = tables.reader.passing(tables.load(pile["id"]).id)
    assert [(event.seat, event.passing) for event in chosen] == [(1, "auto")]


def test_choosing_changes_nothing_another_seat_or_a_spectator_reads(
    client: TestClient, pile: dict[str, Any]
) -> None:
    """No version, view, legal list, feed line, audit line or summary tells that a seat chose."""
    before = everything_others_read(client, pile)
    client.put(f"/api/games/{pile['id']}/passing", headers=pile["ann"], json={"passing": "auto"})
    assert everything_others_read(client, pile) == before


def test_only_the_seat_reads_or_sets_its_choice(client: TestClient, pile: dict[str, Any]) -> None:
    """Without a seat token: 401; a choice other than ask or auto: 422, and nothing stored."""
    url = f"/api/games/{pile['id']}/passing"
    refused(client.get(url), 401, "auth/missing_token")
    refused(client.put(url, json={"passing": "auto"}), 401, "auth/missing_token")
    refused(client.put(url, headers=pile["ann"], json={"passing": "always"}), 422, "request/invalid")
    assert client.get(url, headers=pile["ann"]).json()["passing"] == "ask"
