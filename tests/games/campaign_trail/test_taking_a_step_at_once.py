"""A choice the rules let a player make at once is one command: a whole movement, several voters paid
from one state, several voters of a party removed, or every voter an action may still remove (ours: the
rulebook decides what may be chosen, not how many commands it takes to say it)."""

from __future__ import annotations

from domain.games.campaign_trail.cards import Kind
from domain.games.campaign_trail.cards.board import ISSUES, NEIGHBOURS, state
from domain.games.campaign_trail.commands import Move, Pay, PlayCard, Remove, Stop, Sweep, TravelTo
from domain.games.campaign_trail.describe import describe
from domain.games.campaign_trail.events import ActionLeft, PawnMoved, VotersRemoved, VotersSwept
from domain.games.campaign_trail.views import view
from tests.games.campaign_trail.conftest import D, L, R, campaigning, find, holding, on_map, voters

NO_TRAVEL_CHANGE = (2, 2, 2)
"""Clara Diaz each: her advantage and disadvantage leave a Travel as printed."""
BEN = 1
BOARD = {
    ("CA", D): 7, ("CA", R): 3, ("CA", L): 4,
    ("AL", R): 1, ("GA", R): 2, ("KY", R): 1,
    ("FL", L): 2, ("ND", D): 1, ("ND", L): 1, ("HI", D): 2,
}  # fmt: skip
MUDSLING = PlayCard(card=106, action=0, issues=(ISSUES.index("Health Care"), ISSUES.index("Gender Equality")))


def _table(card: int, candidates: tuple[int, ...] = NO_TRAVEL_CHANGE, **fields: object):  # type: ignore[no-untyped-def]
    return holding(campaigning(3, candidates=candidates, **fields), 0, card, 1, 2, 3, 4)


def _ben():  # type: ignore[no-untyped-def]
    return holding(
        campaigning(3, voters=voters(BOARD), pawns=(state("TX"),) * 3, turn=BEN), BEN, 106, 5, 7, 8, 12
    )


def test_a_travel_may_go_straight_to_any_state_within_the_moves_left_and_ends_there() -> None:
    """Travel: up to N neighbouring states, said at once; the pawn stops where it arrives."""
    card, index = find(Kind.TRAVEL, amount=2, plane=False)
    table = _table(card, pawns=(state("KS"),) * 3)
    table.played((0, PlayCard(card=card, action=index)))
    table.when(0, TravelTo(state=state("NY"))).raises("rule/illegal_move")
    done = table.when(0, TravelTo(state=state("TX")))
    assert done.events[0] == PawnMoved(seat=0, state=state("TX")) and done.state.turn == 1


def test_a_plane_takes_the_pawn_anywhere_at_once() -> None:
    """A plane flies anywhere (ending the move)."""
    card, index = find(Kind.TRAVEL, plane=True)
    table = _table(card, pawns=(state("KS"),) * 3)
    table.played((0, PlayCard(card=card, action=index)), (0, TravelTo(state=state("HI"))))
    assert table.state.pawns[0] == state("HI") and table.state.turn == 1


def test_voter_suppression_travels_at_once_then_sweeps_the_number_shown_from_where_it_ends() -> None:
    """Move up to the number of states, then remove voters equal to the amount shown there: two commands."""
    card, index = find(Kind.VOTER_SUPPRESSION, dirty=True, amount=2, voters=2)
    table = _table(card, pawns=(state("KS"),) * 3, voters=voters({("TX", R): 3, ("TX", D): 1}))
    table.played((0, PlayCard(card=card, action=index)), (0, TravelTo(state=state("TX"))))
    done = table.when(0, Sweep(state=state("TX")))
    assert done.events[0] == VotersSwept(seat=0, removals=((state("TX"), R, 2),)), (
        "others first, yours spared"
    )
    assert done.state.turn == 1


def test_several_voters_are_paid_from_one_state_in_one_step_and_never_more_than_is_owed() -> None:
    """Pay 2 voters per issue from your ethically minded states: as many from one state as you choose."""
    table = _ben()
    table.played((BEN, MUDSLING))
    table.when(BEN, Pay(state=state("GA"), count=3)).raises("rule/illegal_move")
    table.when(BEN, Pay(state=state("AL"), count=2)).raises("rule/illegal_move")
    done = table.when(BEN, Pay(state=state("GA"), count=2))
    assert done.events[0] == VotersRemoved(state=state("GA"), party=R, count=2, paid=True)
    table.played((BEN, Pay(state=state("GA"), count=2)))
    table.when(BEN, Pay(state=state("AL"), count=5)).raises("rule/illegal_move")


def test_a_mudslinging_sweep_removes_every_voter_owed_in_one_event_other_parties_first() -> None:
    """For each issue paid for, remove 2 voters from each state showing it: at once, the most numerous
    other party first, yours only where the quota needs them (ruling 8: fewer there, all of them)."""
    table = _ben()
    table.played((BEN, MUDSLING), (BEN, Pay(state=state("GA"), count=2)), (BEN, Pay(state=state("AL"))))
    table.played((BEN, Pay(state=state("KY"))))
    assert Sweep() in table.legal(BEN)
    done = table.when(BEN, Sweep())
    swept = [event for event in done.events if isinstance(event, VotersSwept)]
    assert len(swept) == 1 and not any(isinstance(event, VotersRemoved) for event in done.events)
    assert sorted(swept[0].removals) == sorted(
        [
            (state("CA"), D, 2),
            (state("FL"), L, 2),
            (state("ND"), D, 1),
            (state("ND"), L, 1),
            (state("HI"), D, 2),
        ]
    )
    assert done.state.turn == 2 and done.state.pending is None


def test_one_state_may_be_swept_or_several_voters_of_a_party_removed_at_once() -> None:
    """A state at a time, or a party's voters in one step: never more than the action takes there."""
    table = _ben()
    table.played((BEN, MUDSLING), (BEN, Pay(state=state("GA"), count=2)), (BEN, Pay(state=state("AL"))))
    table.played((BEN, Pay(state=state("KY"))))
    table.when(BEN, Remove(state=state("CA"), party=D, count=3)).raises("rule/illegal_move")
    table.played((BEN, Remove(state=state("CA"), party=L, count=2)), (BEN, Sweep(state=state("HI"))))
    assert (on_map(table, "CA", L), on_map(table, "HI", D)) == (2, 0)
    table.when(BEN, Sweep(state=state("CA"))).raises("rule/illegal_move")


def test_a_smear_campaign_sweep_never_removes_your_own_voters_and_stops_at_8() -> None:
    """You may remove up to 8 voters from the states shown: a sweep takes the other parties' voters."""
    board = {("MD", D): 4, ("CA", R): 5, ("CA", D): 3, ("NV", L): 5}
    table = _table(108, pawns=(state("CA"),) * 3, voters=voters(board))
    table.played((0, PlayCard(card=108, action=0)), (0, Pay(state=state("MD"), count=4)))
    table.played((0, Sweep(state=state("CA"))))
    assert (on_map(table, "CA", R), on_map(table, "CA", D)) == (0, 3)
    table.played((0, Sweep(state=state("NV"))))
    assert on_map(table, "NV", L) == 2 and table.state.turn == 1


def test_the_page_reads_how_far_the_action_has_come() -> None:
    """A progress line: "2 of 8 voters removed" and what is still owed, state by state."""
    table = _ben()
    table.played((BEN, MUDSLING), (BEN, Pay(state=state("GA"), count=2)))
    assert (
        view(table.state, BEN).progress
        == "2 of 4 voters paid; 2 voters still to pay from the ethically minded states"
    )
    table.played(
        (BEN, Pay(state=state("AL"))), (BEN, Pay(state=state("KY"))), (BEN, Sweep(state=state("HI")))
    )
    line = view(table.state, 0).progress
    assert line == "2 of 8 voters removed; 6 voters still to remove (CA 2, FL 2, ND 2)"


def test_the_step_by_step_commands_stay_and_the_log_tells_what_is_left() -> None:
    """Each voter may still be moved one at a time; the log's step line says what is left, not "goes on"."""
    card, index = find(Kind.TRAVEL, amount=2, plane=False)
    table = _table(card, pawns=(state("KS"),) * 3)
    table.played((0, PlayCard(card=card, action=index)))
    done = table.when(0, Move(state=NEIGHBOURS[state("KS")][0]))
    left = next(event for event in done.events if isinstance(event, ActionLeft))
    assert describe(left, 0) == "Travel: 1 move left."
    assert Stop() in done.legal(0)
