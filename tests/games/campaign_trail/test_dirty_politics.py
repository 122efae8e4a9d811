"""The Dirty Politics module's actions, one rule sentence each (Scandal and Favorite Son: their own files)."""

from __future__ import annotations

from domain.games.campaign_trail.cards import COUNTS_AS, Kind
from domain.games.campaign_trail.cards.board import ISSUES, NEIGHBOURS, STATES_SHOWING, state
from domain.games.campaign_trail.cards.catalogue import CARDS, EFFECTS
from domain.games.campaign_trail.cards.dirty_politics import DIRTY_TRICKS
from domain.games.campaign_trail.commands import Move, Pay, PlayCard, Remove, Stop, Sweep
from domain.games.campaign_trail.events import CardPlayed, MoneyMoved, RegisteredMoved
from domain.games.campaign_trail.state import BANK
from tests.games.campaign_trail.conftest import D, L, R, campaigning, find, holding, on_map, voters

PLAIN = (3, 3, 3)


def _table(card: int, **fields: object):  # type: ignore[no-untyped-def]
    return holding(campaigning(3, candidates=PLAIN, **fields), 0, card, 1, 2, 3, 4)


def test_voter_suppression_moves_up_to_n_then_removes_the_number_shown_from_where_it_ends() -> None:
    """Move your pawn up to the number of states indicated, then remove voters (from any party) equal to
    the amount shown from the state where you end your movement."""
    card, index = find(Kind.VOTER_SUPPRESSION, dirty=True, amount=2, voters=2)
    table = _table(card, pawns=(state("KS"),) * 3, voters=voters({("TX", R): 3, ("OK", L): 1}))
    table.played((0, PlayCard(card=card, action=index)), (0, Move(state=state("OK"))))
    table.played((0, Move(state=state("TX"))))
    tx = state("TX")
    assert set(table.legal(0)) == {
        Sweep(state=tx),
        Remove(state=tx, party=R),
        Remove(state=tx, party=R, count=2),
    }
    table.played((0, Remove(state=state("TX"), party=R)))
    assert table.legal(0) == [Sweep(state=tx), Remove(state=tx, party=R)], "the number shown, not up to it"
    table.played((0, Remove(state=state("TX"), party=R)))
    assert on_map(table, "TX", R) == 1 and table.state.turn == 1


def test_voter_suppression_may_stop_early_and_removes_voters_of_any_party() -> None:
    """ "Up to" the states shown; the voters removed may be of any party (ruling 6: yours too)."""
    card, index = find(Kind.VOTER_SUPPRESSION, dirty=True, amount=2, voters=2)
    table = _table(card, pawns=(state("KS"),) * 3, voters=voters({("KS", D): 1, ("KS", R): 1}))
    table.played((0, PlayCard(card=card, action=index)), (0, Stop()))
    ks = state("KS")
    assert set(table.legal(0)) == {Sweep(state=ks), Remove(state=ks, party=D), Remove(state=ks, party=R)}
    table.played((0, Remove(state=state("KS"), party=D)), (0, Remove(state=state("KS"), party=R)))
    assert table.state.voters == voters({}) and table.state.turn == 1


def test_voter_suppression_with_fewer_voters_there_removes_all_of_them() -> None:
    """Ruling 6: the number shown, or every voter there if fewer."""
    card, index = find(Kind.VOTER_SUPPRESSION, dirty=True, amount=1, voters=3)
    table = _table(card, pawns=(state("KS"),) * 3, voters=voters({("KS", R): 1}))
    table.played((0, PlayCard(card=card, action=index)), (0, Stop()), (0, Remove(state=state("KS"), party=R)))
    assert table.state.turn == 1


def test_voter_suppression_with_a_plane_may_move_to_any_city_then_remove_voters_there() -> None:
    """If a voter suppression action contains a plane, you may move to any city then remove voters there."""
    card, index = find(Kind.VOTER_SUPPRESSION, dirty=True, plane=True)
    table = _table(card, pawns=(state("KS"),) * 3, voters=voters({("HI", R): 2}))
    table.played((0, PlayCard(card=card, action=index)), (0, Move(state=state("HI"))))
    table.played((0, Remove(state=state("HI"), party=R)), (0, Remove(state=state("HI"), party=R)))
    assert table.state.pawns[0] == state("HI") and on_map(table, "HI", R) == 0


def test_voter_suppression_removes_only_where_the_pawn_ends() -> None:
    """Only from the state in which you end your movement."""
    card, index = find(Kind.VOTER_SUPPRESSION, dirty=True, amount=2, voters=2)
    table = _table(card, pawns=(state("KS"),) * 3, voters=voters({("TX", R): 3, ("KS", R): 1}))
    table.played((0, PlayCard(card=card, action=index)))
    table.when(0, Remove(state=state("TX"), party=R)).raises("rule/illegal_move")


def test_flip_contributors_takes_the_number_shown_from_the_partys_war_chest() -> None:
    """Pick a party and take money from their war chest equal to the number shown."""
    card, index = find(Kind.FLIP_CONTRIBUTORS, dirty=True, amount=30)
    table = _table(card, money=(10, 50, 5))
    assert {
        c.target for c in table.legal(0) if isinstance(c, PlayCard) and c.card == card and c.action == index
    } == {1, 2}
    done = table.when(0, PlayCard(card=card, action=index, target=1))
    assert MoneyMoved(source=1, target=0, amount=30) in done.events
    poor = table.when(0, PlayCard(card=card, action=index, target=2))
    assert MoneyMoved(source=2, target=0, amount=5) in poor.events, "ruling 7: all it has"
    table.when(0, PlayCard(card=card, action=index, target=0)).raises("rule/illegal_move")


def test_sway_minds_the_party_discards_and_you_gain_the_number_shown() -> None:
    """They must discard registered voters equal to the number; then you gain as many registered voters."""
    card, index = find(Kind.SWAY_MINDS, dirty=True, amount=3)
    table = _table(card, registered=(0, 5, 1))
    done = table.when(0, PlayCard(card=card, action=index, target=1))
    assert done.events[1:3] == [
        RegisteredMoved(source=1, target=BANK, count=3),
        RegisteredMoved(source=BANK, target=0, count=3),
    ]
    short = table.when(0, PlayCard(card=card, action=index, target=2))
    assert short.state.registered == (3, 5, 0), "ruling 7: it loses what it has; you gain the full number"


def test_mudslinging_pays_2_voters_from_your_ethically_minded_states_per_issue() -> None:
    """You must pay 2 voters from among your ethically minded states per issue (any number of the issues)."""
    card, index = find(Kind.MUDSLINGING, dirty=True, issues=(0, 3))
    table = _table(card, voters=voters({("MD", D): 2, ("MA", D): 1, ("TX", R): 5}))
    plays = {
        c.issues for c in table.legal(0) if isinstance(c, PlayCard) and (c.card, c.action) == (card, index)
    }
    assert plays == {(0,), (3,)}, "3 voters pay for one issue, not two"
    table.when(0, PlayCard(card=card, action=index, issues=(0, 3))).raises("rule/illegal_move")
    table.played((0, PlayCard(card=card, action=index, issues=(3,))))
    assert set(table.legal(0)) == {
        Pay(state=state("MD")),
        Pay(state=state("MD"), count=2),
        Pay(state=state("MA")),
    }
    table.when(0, Pay(state=state("TX"))).raises("rule/illegal_move")


def test_mudslinging_removes_2_voters_of_any_party_from_each_state_showing_a_paid_issue() -> None:
    """For each issue you pay for, remove 2 voters (any party) from each state showing it, to the supply."""
    card, index = find(Kind.MUDSLINGING, dirty=True, issues=(0, 3))
    immigration = ISSUES.index("Immigration")
    board = {("MD", D): 2, **{(code, R): 3 for code in ("AZ", "CA", "FL", "NV", "NM", "TX")}}
    table = _table(card, voters=voters(board))
    table.played((0, PlayCard(card=card, action=index, issues=(immigration,))))
    table.played((0, Pay(state=state("MD"))), (0, Pay(state=state("MD"))))
    showing = STATES_SHOWING[immigration]
    for place in showing:
        table.played((0, Remove(state=place, party=R)), (0, Remove(state=place, party=R)))
    assert all(table.state.voters[place * 3 + R] == 1 for place in showing)
    assert table.state.turn == 1


def test_mudslinging_refuses_a_state_not_showing_a_paid_issue_and_a_third_voter() -> None:
    """Only the states showing the issues paid for, 2 voters per paid issue."""
    card, index = find(Kind.MUDSLINGING, dirty=True, issues=(0, 3))
    table = _table(card, voters=voters({("MD", D): 2, ("TX", R): 3, ("OH", R): 3, ("AZ", R): 1}))
    table.played((0, PlayCard(card=card, action=index, issues=(3,))))
    table.played((0, Pay(state=state("MD"))), (0, Pay(state=state("MD"))))
    table.when(0, Remove(state=state("OH"), party=R)).raises("rule/illegal_move")
    table.played((0, Remove(state=state("TX"), party=R)), (0, Remove(state=state("TX"), party=R)))
    table.when(0, Remove(state=state("TX"), party=R)).raises("rule/illegal_move")


def test_smear_campaign_needs_your_pawn_in_a_listed_state() -> None:
    """Your candidate pawn must be located in one of the states listed under the smear campaign icon."""
    card, index = 108, 0
    ethics = {("MD", D): 4}
    away = _table(card, pawns=(state("TX"),) * 3, voters=voters(ethics))
    assert PlayCard(card=card, action=index) not in away.legal(0)
    away.when(0, PlayCard(card=card, action=index)).raises("rule/illegal_move")
    there = _table(card, pawns=(state("NV"),) * 3, voters=voters(ethics))
    assert PlayCard(card=card, action=index) in there.legal(0)


def test_smear_campaign_discards_4_voters_from_your_ethically_minded_states() -> None:
    """You must discard 4 voters from among your ethically minded states (fewer: no smear)."""
    few = _table(108, pawns=(state("CA"),) * 3, voters=voters({("MD", D): 3}))
    few.when(0, PlayCard(card=108, action=0)).raises("rule/illegal_move")
    table = _table(108, pawns=(state("CA"),) * 3, voters=voters({("MD", D): 2, ("WA", D): 2, ("CA", R): 9}))
    table.played((0, PlayCard(card=108, action=0)))
    table.when(0, Stop()).raises("rule/illegal_move")
    table.played(*((0, Pay(state=state(code))) for code in ("MD", "MD", "WA", "WA")))
    assert on_map(table, "MD", D) == 0 and on_map(table, "WA", D) == 0


def test_smear_campaign_removes_up_to_8_voters_of_any_party_from_the_listed_states() -> None:
    """You may remove up to 8 voters (from any party) from the states shown; they go back to the supply."""
    board = {("MD", D): 4, ("CA", R): 5, ("NV", L): 5, ("TX", R): 5}
    table = _table(108, pawns=(state("CA"),) * 3, voters=voters(board))
    table.played((0, PlayCard(card=108, action=0)), *((0, Pay(state=state("MD"))),) * 4)
    table.when(0, Remove(state=state("TX"), party=R)).raises("rule/illegal_move")
    table.played(
        *((0, Remove(state=state("CA"), party=R)),) * 5, *((0, Remove(state=state("NV"), party=L)),) * 3
    )
    assert (on_map(table, "CA", R), on_map(table, "NV", L), table.state.turn) == (0, 2, 1)
    early = _table(108, pawns=(state("CA"),) * 3, voters=voters(board))
    early.played((0, PlayCard(card=108, action=0)), *((0, Pay(state=state("MD"))),) * 4)
    early.played((0, Remove(state=state("CA"), party=R)), (0, Stop()))
    assert on_map(early, "CA", R) == 4 and early.state.turn == 1


def test_dirty_tricks_are_instant_or_ongoing_and_none_is_a_response() -> None:
    """There are two types of dirty tricks actions: Instant and Ongoing. There are no response ones."""
    tricks = {a.effect for c in CARDS.values() for a in c.actions if a.kind is Kind.DIRTY_TRICKS}
    assert {EFFECTS[e].ongoing for e in tricks} == {True, False}
    assert all("response" not in EFFECTS[e].text.lower() for e in tricks)


def test_an_instant_dirty_trick_carries_out_its_text() -> None:
    """Leaked Memo: each opposing party pays $20M to the bank (all it has if less)."""
    card, index = find(Kind.DIRTY_TRICKS, dirty=True, effect="leaked_memo")
    done = _table(card, money=(0, 50, 5)).when(0, PlayCard(card=card, action=index))
    assert done.state.money == (0, 30, 0)


def test_an_ongoing_dirty_trick_stays_in_play() -> None:
    """Opposition Research stays in front of its owner."""
    card, index = find(Kind.DIRTY_TRICKS, dirty=True, effect="opposition_research")
    done = _table(card).when(0, PlayCard(card=card, action=index))
    assert (card, 0) in done.state.ongoing


def test_every_dirty_politics_play_is_recorded_with_the_base_action_it_counts_as() -> None:
    """A smear campaign is also a campaign, mudslinging also an advertise, dirty tricks also a politick."""
    expected = {
        Kind.SMEAR_CAMPAIGN: Kind.CAMPAIGN,
        Kind.MUDSLINGING: Kind.ADVERTISE,
        Kind.DIRTY_TRICKS: Kind.POLITICK,
        Kind.VOTER_SUPPRESSION: Kind.TRAVEL,
        Kind.FLIP_CONTRIBUTORS: Kind.FUNDRAISE,
        Kind.SWAY_MINDS: Kind.REGISTER,
    }
    plays = [
        PlayCard(card=112, action=0),
        PlayCard(card=101, action=1, target=1),
        PlayCard(card=101, action=2, target=1),
        PlayCard(card=106, action=0, issues=(1,)),
        PlayCard(card=108, action=0),
        PlayCard(card=101, action=3),
    ]
    for play in plays:
        table = _table(play.card, pawns=(state("CA"),) * 3, voters=voters({("MD", D): 4}))
        played = table.when(0, play).events[0]
        assert isinstance(played, CardPlayed) and COUNTS_AS[Kind(played.kind)] is expected[Kind(played.kind)]
        assert played.counts_as == expected[Kind(played.kind)]
    assert {CARDS[play.card].actions[play.action].kind for play in plays} == set(expected)


def _with_ongoing(card: int, effect: str, owner: int = 1, **fields: object):  # type: ignore[no-untyped-def]
    dirty = effect in DIRTY_TRICKS
    ongoing, _ = find(Kind.DIRTY_TRICKS if dirty else Kind.POLITICK, dirty=dirty, effect=effect)
    table = _table(card, **fields)
    hands = tuple(tuple(c for c in hand if c != ongoing) for hand in table.state.hands)
    decks = tuple(tuple(c for c in deck if c != ongoing) for deck in table.state.decks)
    return table.adjusted(ongoing=((ongoing, owner),), hands=hands, decks=decks)


def test_a_smear_campaign_counts_as_a_campaign_for_campaign_audit() -> None:
    """Campaign Audit charges each opposing Campaign action; a smear campaign is one."""
    table = _with_ongoing(
        108, "campaign_audit", pawns=(state("CA"),) * 3, voters=voters({("MD", D): 4}), money=(40, 0, 0)
    )
    done = table.when(0, PlayCard(card=108, action=0))
    assert MoneyMoved(source=0, target=1, amount=10) in done.events


def test_mudslinging_counts_as_an_advertise_for_media_watchdog() -> None:
    """Media Watchdog answers each opposing Advertise action; mudslinging is one."""
    card, index = find(Kind.MUDSLINGING, dirty=True, issues=(0, 3))
    table = _with_ongoing(card, "media_watchdog", voters=voters({("MD", D): 2}))
    done = table.when(0, PlayCard(card=card, action=index, issues=(3,)))
    assert RegisteredMoved(source=BANK, target=1, count=1) in done.events


def test_flip_contributors_counts_as_a_fundraise_for_opposition_research() -> None:
    """Opposition Research takes $10M from each opposing Fundraise action; Flip Contributors is one."""
    card, index = find(Kind.FLIP_CONTRIBUTORS, dirty=True, amount=30)
    table = _with_ongoing(card, "opposition_research", owner=2, money=(20, 50, 0))
    done = table.when(0, PlayCard(card=card, action=index, target=1))
    assert MoneyMoved(source=0, target=2, amount=10) in done.events


def test_voter_suppression_counts_as_a_travel_for_travel_budget() -> None:
    """Travel Budget gives your Travel actions one more state; voter suppression is one (ruling 4)."""
    card, index = find(Kind.VOTER_SUPPRESSION, dirty=True, amount=1, voters=2)
    table = _with_ongoing(card, "travel_budget", owner=0, pawns=(state("KS"),) * 3, voters=voters({}))
    table.played((0, PlayCard(card=card, action=index)))
    assert table.state.pending is not None and table.state.pending.moves == 2
    assert set(NEIGHBOURS[state("KS")]) <= {c.state for c in table.legal(0) if isinstance(c, Move)}


def test_you_pay_with_your_own_voters_from_your_ethically_minded_states() -> None:
    """Ruling 5: another party's voters in your ethically minded state are no payment."""
    card, index = find(Kind.MUDSLINGING, dirty=True, issues=(0, 3))
    table = _table(card, voters=voters({("MD", R): 5, ("MA", D): 2}))
    assert {
        c.issues for c in table.legal(0) if isinstance(c, PlayCard) and (c.card, c.action) == (card, index)
    } == {
        (0,),
        (3,),
    }
    table.played((0, PlayCard(card=card, action=index, issues=(0,))))
    assert table.legal(0) == [Pay(state=state("MA")), Pay(state=state("MA"), count=2)]
    table.when(0, Pay(state=state("MD"))).raises("rule/illegal_move")


def test_a_candidates_travel_advantage_does_not_lengthen_voter_suppression() -> None:
    """Ruling 12: candidates change base actions only."""
    card, index = find(Kind.VOTER_SUPPRESSION, dirty=True, amount=1, voters=2)
    table = holding(campaigning(3, candidates=(4, 4, 4), pawns=(state("KS"),) * 3), 0, card, 1, 2, 3, 4)
    table.played((0, PlayCard(card=card, action=index)))
    assert table.state.pending is not None and table.state.pending.moves == 1
