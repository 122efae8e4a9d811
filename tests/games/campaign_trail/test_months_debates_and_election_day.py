"""The clock: month decks run out, debates after August and September, Election Day after October."""

from __future__ import annotations

from random import Random

from msgspec.structs import replace

from domain.chance import draw
from domain.dealing import Draws
from domain.games.campaign_trail.cards import Kind
from domain.games.campaign_trail.cards.board import ISSUES, STATES_SHOWING, state
from domain.games.campaign_trail.commands import DebateCard, PlayCard
from domain.games.campaign_trail.events import DebateWon, ElectionHeld, MonthEnded
from domain.games.campaign_trail.rules.months import draw_one, leader
from domain.games.campaign_trail.state import Campaigning, Finished
from tests.games.campaign_trail.conftest import D, L, R, campaigning, find, holding, voters

NO_DEBATE_CHANGE = 2


def _last_card_of(month: int, **fields: object):  # type: ignore[no-untyped-def]
    card, index = find(Kind.FUNDRAISE, amount=30)
    table = holding(campaigning(3, candidates=(NO_DEBATE_CHANGE,) * 3, **fields), 0, card, 1, 2, 3, 4)
    decks = list(table.state.decks)
    spare = [c for c in decks[month] if c not in table.state.hands[0]][:1]
    moved = [c for c in decks[month] if c not in spare]
    decks[month] = tuple(spare)
    decks[(month + 1) % 3] = tuple(sorted((*decks[(month + 1) % 3], *moved)))
    return table.adjusted(decks=tuple(decks), month=month), PlayCard(card=card, action=index)


def test_the_month_ends_when_its_deck_runs_out_and_a_debate_opens_after_august() -> None:
    """Debates after the August deck runs out; the seat after the one who ended it speaks first."""
    table, play = _last_card_of(0)
    done = table.when(0, play)
    assert done.events[-1] == MonthEnded(month=0, discarded=(), debate_first=1)
    assert done.state.debate is not None and done.legal(1) and done.legal(0) == []


def test_ongoing_cards_are_discarded_when_the_month_ends() -> None:
    """Ruling 10: ongoing effects last until the month ends."""
    table, play = _last_card_of(0)
    table.adjusted(ongoing=((5, 1),), hands=tuple(tuple(c for c in h if c != 5) for h in table.state.hands))
    done = table.when(0, play)
    assert done.state.ongoing == () and 5 in done.state.discard


def test_a_debate_gives_an_issue_shown_by_one_card_alone_to_its_party() -> None:
    """Each seat plays a card; an issue on one seat's card alone gives it 1 voter per state showing it."""
    table, play = _last_card_of(0)
    table.played((0, play))
    state_now: Campaigning = table.state
    cards = [state_now.hands[seat][0] for seat in (1, 2, 0)]
    table.played((1, DebateCard(card=cards[0])), (2, DebateCard(card=cards[1])))
    done = table.when(0, DebateCard(card=cards[2]))
    from domain.games.campaign_trail.cards.catalogue import CARDS

    won = {event.issue: event.party for event in done.events if isinstance(event, DebateWon)}
    for issue in range(len(ISSUES)):
        showing = [seat for seat, card in zip((1, 2, 0), cards, strict=True) if issue in CARDS[card].issues]
        assert won.get(issue) == (showing[0] if len(showing) == 1 else None)
    for issue, party in won.items():
        for place in STATES_SHOWING[issue]:
            assert done.state.voters[place * 3 + party] >= 1
    assert done.state.month == 1 and done.state.turn == 1 and done.state.debate is None
    assert all(len(hand) == 5 for hand in done.state.hands)


def test_election_day_follows_october_and_the_state_goes_to_the_most_committed_voters() -> None:
    """Winner takes all in each state; most electoral votes wins."""
    board = voters({("CA", D): 3, ("TX", R): 1, ("NY", L): 2})
    table, play = _last_card_of(2, voters=board)
    done = table.when(0, play)
    election = done.events[-1]
    assert isinstance(election, ElectionHeld) and isinstance(done.state, Finished)
    assert election.leaders[state("CA")] == D and election.leaders[state("NY")] == L
    assert sum(election.electoral) == 538
    assert election.winners == (max(range(3), key=lambda s: election.electoral[s]),)


def test_ties_go_to_the_primary_then_the_secondary_tiebreaker_party() -> None:
    """Ties by the state's tiebreaker parties: CA (primary D, secondary L)."""
    tied = voters({("CA", R): 2, ("CA", L): 2, ("CA", D): 2})
    assert leader(tied, state("CA"), 3) == D
    assert leader(voters({("CA", R): 2, ("CA", L): 2}), state("CA"), 3) == L
    assert leader(voters({}), state("CA"), 3) == D


def test_early_voting_voters_are_placed_on_election_day() -> None:
    """Voters owed by cards are placed before the states are counted."""
    table, play = _last_card_of(2, owed=(0, 0, 2))
    done = table.when(0, play)
    home = done.state.candidates[2]
    from domain.games.campaign_trail.cards.candidates import CANDIDATES

    assert done.state.voters[CANDIDATES[home].home * 3 + L] >= 2


def test_equal_electoral_votes_go_to_most_committed_voters_then_most_states_then_are_shared() -> None:
    """Our tie-break: most committed voters on the map, then most states won, then a shared victory."""
    from domain.games.campaign_trail.rules import opening_voters
    from domain.games.campaign_trail.rules.months import election

    base = campaigning(2, voters=opening_voters(2)).state
    even = election(base)
    assert even.electoral == (269, 269)
    more = list(base.voters)
    more[state("CA") * 3 + D] += 100
    assert election(replace(base, voters=tuple(more))).winners == (0,)
    gap = even.committed[0] - even.committed[1]
    level = list(base.voters)
    loser, leads = (1, state("TX")) if gap > 0 else (0, state("CA"))
    level[leads * 3 + loser] += abs(gap)
    result = election(replace(base, voters=tuple(level)))
    assert result.committed[0] == result.committed[1]
    won = result.states_won
    assert result.winners == ((0, 1) if won[0] == won[1] else (0,) if won[0] > won[1] else (1,))


def test_a_tie_on_electoral_votes_names_the_tiebreak_that_decided_it_with_its_totals() -> None:
    """The outcome says which tie-break decided a 269-269 election and the totals it compared (the
    winner's first), or that every total was level and the victory shared."""
    from domain.games.campaign_trail.rules import opening_voters, outcome, tiebreak
    from domain.games.campaign_trail.rules.months import election
    from domain.games.campaign_trail.state import Finished

    def finished(voters: tuple[int, ...]) -> Finished:
        held = election(replace(base, voters=voters))
        return Finished(
            seat_count=2,
            candidates=(0, 1),
            voters=voters,
            leaders=held.leaders,
            electoral=held.electoral,
            committed=held.committed,
            states_won=held.states_won,
            money=(0, 0),
            registered=(0, 0),
            winners=held.winners,
            box=(),
        )

    base = campaigning(2, voters=opening_voters(2)).state
    even = finished(base.voters)
    assert even.electoral == (269, 269) and even.committed[0] != even.committed[1]
    first, second = sorted(even.committed, reverse=True)
    assert (
        tiebreak(even)
        == f"tied on 269 electoral votes, decided by committed voters ({first} against {second})"
    )
    told = outcome(even)
    assert told is not None and told.tiebreak == tiebreak(even)
    gap = even.committed[0] - even.committed[1]
    level = list(base.voters)
    loser, leads = (1, state("TX")) if gap > 0 else (0, state("CA"))
    level[leads * 3 + loser] += abs(gap)
    levelled = finished(tuple(level))
    votes = levelled.committed[0]
    if levelled.states_won[0] == levelled.states_won[1]:
        assert tiebreak(levelled).endswith(
            f"and {levelled.states_won[0]} states won each: the victory is shared"
        )
    else:
        won = sorted(levelled.states_won, reverse=True)
        assert tiebreak(levelled) == (
            f"tied on 269 electoral votes and {votes} committed voters each, "
            f"decided by states won ({won[0]} against {won[1]})"
        )
    more = list(base.voters)
    more[even.leaders.index(1) * 3 + 0] += 100  # a state of the second party's goes to the first
    assert tiebreak(finished(tuple(more))) == ""  # electoral votes alone decided


def test_the_live_electoral_vote_track_is_part_of_every_view() -> None:
    """The EV track always shows who leads each state and the running totals."""
    table = campaigning(3)
    for viewer in (0, 1, 2):
        seen = table.view(viewer)
        assert seen.electoral_track == (179, 179, 180)
        assert seen.states[state("CA")].leader == D


def test_the_live_track_counts_the_map_as_election_day_would() -> None:
    """Ruling 11: the view's leaders and totals are the Election Day rules on the current map."""
    from domain.games.campaign_trail.rules.months import election

    board = voters({("CA", L): 1, ("TX", D): 4, ("TX", R): 4, ("FL", R): 2})
    table = campaigning(3, voters=board)
    result = election(table.state)
    seen = table.view(0)
    assert seen.electoral_track == result.electoral
    assert tuple(s.leader for s in seen.states) == result.leaders


def test_a_card_drawn_alone_is_the_draw_a_sample_of_one_makes() -> None:
    """Chance is recorded: drawing one card (``draw_one``) takes the card ``draw(rng, deck, 1)`` and
    ``rng.choice(deck)`` take, from decks small and large (``random.sample`` switches method past 21
    items), under both dealing schemes, so seeds replay alike."""
    for size in (1, 2, 5, 21, 22, 40, 111):
        deck = tuple(range(100, 100 + size))
        for seed in range(30):
            for made in (Random, lambda position: Draws(b"k" * 32, position)):
                assert draw_one(made(seed), deck) == draw(made(seed), deck, 1)[0] == made(seed).choice(deck)
