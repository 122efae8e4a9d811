"""The Dirty Politics rulebook's worked example, on a stacked board: Jordan (#108), Lauren (#112), Ben (#106).

Ben plays the Republicans (seat 1), Jordan the Libertarians (seat 2), Lauren the Democrats (seat 0);
it is the Libertarian turn. Every voter on the map is checked after each turn.
"""

from __future__ import annotations

from domain.games.campaign_trail.cards.board import ISSUES, state
from domain.games.campaign_trail.commands import Move, Pay, PlayCard, Remove
from domain.games.campaign_trail.rules.months import leader
from domain.games.campaign_trail.state import Campaigning
from tests.games.campaign_trail.conftest import D, L, R, campaigning, voters

LAUREN, BEN, JORDAN = 0, 1, 2
BOARD = {
    ("CA", D): 7, ("CA", R): 3, ("CA", L): 4,
    ("NC", L): 3, ("OR", L): 1,
    ("NJ", D): 2, ("NY", D): 2, ("NY", L): 2,
    ("AL", R): 1, ("GA", R): 2, ("KY", R): 1,
    ("FL", L): 2, ("ND", D): 1, ("ND", L): 1, ("HI", D): 2,
}  # fmt: skip


def _table() -> object:
    return campaigning(
        3,
        voters=voters(BOARD),
        hands=((1, 2, 3, 4, 112), (5, 7, 8, 12, 106), (11, 13, 14, 15, 108)),
        pawns=(state("NJ"), state("TX"), state("CA")),
        turn=JORDAN,
    )


def _play(table: object, seat: int, *commands: object) -> None:
    table.played(*((seat, command) for command in commands))  # type: ignore[attr-defined]


def test_jordan_smears_california_paying_from_nc_and_or_and_takes_it_from_lauren() -> None:
    """#108, smear campaign: pay 4 from his ethically minded states (3 NC, 1 OR); 6 D and 2 R out of CA."""
    table = _table()
    before: Campaigning = table.state  # type: ignore[attr-defined]
    assert leader(before.voters, state("CA"), 3) == D
    _play(table, JORDAN, PlayCard(card=108, action=0), *[Pay(state=state("NC"))] * 3, Pay(state=state("OR")))
    _play(table, JORDAN, *[Remove(state=state("CA"), party=D)] * 6, *[Remove(state=state("CA"), party=R)] * 2)
    after: Campaigning = table.state  # type: ignore[attr-defined]
    expected = {**BOARD, ("NC", L): 0, ("OR", L): 0, ("CA", D): 1, ("CA", R): 1}
    assert after.voters == voters(expected)
    assert leader(after.voters, state("CA"), 3) == L
    assert after.turn == LAUREN and after.pending is None


def test_lauren_moves_into_new_york_and_suppresses_two_libertarian_voters() -> None:
    """#112, voter suppression: move one state (NJ to NY), remove 2 Libertarian voters from NY."""
    table = _table()
    table.adjusted(turn=LAUREN)  # type: ignore[attr-defined]
    _play(table, LAUREN, PlayCard(card=112, action=0), Move(state=state("NY")))
    _play(table, LAUREN, *[Remove(state=state("NY"), party=L)] * 2)
    after: Campaigning = table.state  # type: ignore[attr-defined]
    assert after.pawns[LAUREN] == state("NY")
    assert after.voters == voters({**BOARD, ("NY", L): 0})
    assert after.turn == BEN


def test_ben_mudslings_on_two_of_four_issues_paying_four_voters() -> None:
    """#106, mudslinging on Gender Equality and Health Care: pay 1 AL, 2 GA, 1 KY; 2 out of CA, FL, ND, HI."""
    table = _table()
    table.adjusted(turn=BEN)  # type: ignore[attr-defined]
    issues = tuple(sorted((ISSUES.index("Gender Equality"), ISSUES.index("Health Care"))))
    pays = [Pay(state=state(code)) for code in ("AL", "GA", "GA", "KY")]
    _play(table, BEN, PlayCard(card=106, action=0, issues=issues), *pays)
    removals = [("CA", D), ("CA", L), ("FL", L), ("FL", L), ("ND", D), ("ND", L), ("HI", D), ("HI", D)]
    _play(table, BEN, *(Remove(state=state(code), party=party) for code, party in removals))
    after: Campaigning = table.state  # type: ignore[attr-defined]
    expected = {
        **BOARD,
        ("AL", R): 0, ("GA", R): 0, ("KY", R): 0,
        ("CA", D): 6, ("CA", L): 3, ("FL", L): 0, ("ND", D): 0, ("ND", L): 0, ("HI", D): 0,
    }  # fmt: skip
    assert after.voters == voters(expected)
    assert after.turn == JORDAN


def test_the_whole_example_in_order_moves_every_voter_as_printed() -> None:
    """Jordan, then Lauren, then Ben, one after the other on the same board (L, D, R is our turn order)."""
    table = _table()
    _play(table, JORDAN, PlayCard(card=108, action=0), *[Pay(state=state("NC"))] * 3, Pay(state=state("OR")))
    _play(table, JORDAN, *[Remove(state=state("CA"), party=D)] * 6, *[Remove(state=state("CA"), party=R)] * 2)
    _play(table, LAUREN, PlayCard(card=112, action=0), Move(state=state("NY")))
    _play(table, LAUREN, *[Remove(state=state("NY"), party=L)] * 2)
    assert table.state.turn == BEN  # type: ignore[attr-defined]
    issues = (ISSUES.index("Health Care"), ISSUES.index("Gender Equality"))
    pays = [Pay(state=state(code)) for code in ("AL", "GA", "GA", "KY")]
    _play(table, BEN, PlayCard(card=106, action=0, issues=issues), *pays)
    removals = [("CA", D), ("CA", L), ("FL", L), ("FL", L), ("ND", D), ("ND", L), ("HI", D), ("HI", D)]
    _play(table, BEN, *(Remove(state=state(code), party=party) for code, party in removals))
    expected = {
        ("CA", D): 0, ("CA", R): 1, ("CA", L): 3,
        ("NJ", D): 2, ("NY", D): 2,
    }  # fmt: skip
    assert table.state.voters == voters(expected)  # type: ignore[attr-defined]
    assert leader(table.state.voters, state("CA"), 3) == L  # type: ignore[attr-defined]
