"""Response politicks: played out of turn in answer to an opposing Advertise, Travel or Campaign (ours)."""

from __future__ import annotations

from datetime import timedelta

from domain.chance import EPOCH, Context
from domain.choices import Chosen, Pass
from domain.games.campaign_trail.cards import Kind
from domain.games.campaign_trail.cards.board import (
    ABBREVIATIONS,
    ETHICALLY_MINDED,
    NEIGHBOURS,
    STATES_SHOWING,
    state,
)
from domain.games.campaign_trail.cards.catalogue import ANSWERING, CARDS, RESPONSE_OF
from domain.games.campaign_trail.commands import Move, Place, PlayCard, PlayResponse, Stop, TravelTo
from domain.games.campaign_trail.events import (
    CardDrawn,
    MoneyMoved,
    ResponsePlayed,
    TurnPassed,
    VotersPlaced,
    WindowOpened,
)
from domain.games.campaign_trail.rules.effects import WINDOW
from domain.games.campaign_trail.rules.turns import within
from domain.games.campaign_trail.state import BANK, Campaigning
from domain.playout import Step, random_steps
from domain.seats import SPECTATOR
from tests.games.campaign_trail.conftest import GAME, D, R, campaigning, find, holding, on_map, voters

CEASE, PROTEST, RAPID = (min(ANSWERING[kind]) for kind in (Kind.ADVERTISE, Kind.TRAVEL, Kind.CAMPAIGN))
"""One card of each response politick: Cease and Desist, Counter-Protest, Rapid Response Team."""
NO_ADVERTISE_CHANGE, NO_CAMPAIGN_CHANGE, NO_TRAVEL_CHANGE = 0, 1, 2
FILLER = (1, 2, 3, 4, 5, 6, 7, 8)
"""Cards showing no response politick, to fill hands."""


def _table(card: int, candidate: int, answers: dict[int, tuple[int, ...]], **fields: object):  # type: ignore[no-untyped-def]
    """Seat 0 about to play ``card``; each seat in ``answers`` holds those cards (and fillers)."""
    table = campaigning(3, responses=True, candidates=(candidate,) * 3, **fields)
    table = holding(table, 0, card, *[c for c in FILLER if c != card][:4])
    for seat, held in answers.items():
        fill = [c for c in FILLER if c != card and c not in table.state.hands[0]][: 5 - len(held)]
        table = holding(table, seat, *held, *fill)
    return table


def _advertise() -> tuple[int, int]:
    return next(
        (c.number, i)
        for c in CARDS.values()
        for i, a in enumerate(c.actions)
        if a.kind is Kind.ADVERTISE and len(a.states) == 6
        if not RESPONSE_OF[c.number] and c.number not in FILLER
    )


def test_an_opposing_advertise_opens_a_window_for_every_opposing_seat_while_a_response_is_unseen() -> None:
    """Every opposing seat may answer (whether or not it holds a response); the turn player waits."""
    card, index = _advertise()
    table = _table(card, NO_ADVERTISE_CHANGE, {1: (CEASE,)}, money=(100, 100, 100))
    done = table.when(0, PlayCard(card=card, action=index))
    window = done.events[-1]
    assert isinstance(window, WindowOpened) and window.window.choice.seats == (1, 2)
    assert window.window.answers == Kind.ADVERTISE and not any(isinstance(e, MoneyMoved) for e in done.events)
    assert set(GAME.to_act(done.state)) == {1, 2} and done.legal(0) == []
    assert done.legal(1) == [PlayResponse(card=CEASE), Pass()] and done.legal(2) == [Pass()]


def test_no_window_opens_once_every_card_answering_the_action_has_been_seen() -> None:
    """A window opens only when a response could be held: some card answering it is in a hand or deck."""
    card, index = _advertise()
    table = campaigning(3, candidates=(NO_ADVERTISE_CHANGE,) * 3, money=(100, 100, 100))
    table = holding(table, 0, card, *FILLER[:4])
    done = table.when(0, PlayCard(card=card, action=index))
    assert not any(isinstance(e, WindowOpened) for e in done.events) and done.events[-1] == TurnPassed(seat=1)


def test_a_response_politick_cannot_be_taken_on_your_own_turn() -> None:
    """A response answers an opposing action: it is never one of your plays."""
    table = _table(CEASE, NO_ADVERTISE_CHANGE, {})
    index = next(i for i, a in enumerate(CARDS[CEASE].actions) if a.effect == "cease_and_desist")
    assert PlayCard(card=CEASE, action=index) not in table.legal(0)
    table.when(0, PlayCard(card=CEASE, action=index)).raises("rule/illegal_move")


def test_cease_and_desist_pulls_the_ads_from_the_states_its_player_leads() -> None:
    """The Advertise places no voters in the responder's states; its price is still paid."""
    card, index = _advertise()
    ad_map = CARDS[card].actions[index].states
    board = voters({**{(c, D): 1 for c in _codes(ad_map[2:])}, **{(c, R): 1 for c in _codes(ad_map[:2])}})
    table = _table(card, NO_ADVERTISE_CHANGE, {1: (CEASE,)}, money=(100, 100, 100), voters=board)
    table.played((0, PlayCard(card=card, action=index)), (2, Pass()))
    done = table.when(1, PlayResponse(card=CEASE))
    assert done.events[0] == ResponsePlayed(seat=1, card=CEASE, effect="cease_and_desist")
    assert MoneyMoved(source=0, target=BANK, amount=CARDS[card].actions[index].cost) in done.events
    placed = [e.state for e in done.events if isinstance(e, VotersPlaced)]
    assert placed == list(ad_map[2:]) and CEASE in done.state.discard and done.state.window is None


def test_cease_and_desist_keeps_mudslinging_out_of_the_states_its_player_leads() -> None:
    """Mudslinging counts as an Advertise: it pays in full but removes no voters where the responder leads."""
    card, index = find(Kind.MUDSLINGING, dirty=True)
    issue = CARDS[card].actions[index].issues[0]
    showing = STATES_SHOWING[issue]
    payers = {(c, D): 2 for c in _codes(ETHICALLY_MINDED[D][:1])}
    board = voters({**payers, (_codes(showing[:1])[0], R): 3, **{(c, D): 2 for c in _codes(showing[1:])}})
    table = _table(card, NO_ADVERTISE_CHANGE, {1: (CEASE,)}, voters=board)
    play = PlayCard(card=card, action=index, issues=(issue,))
    table.played((0, play), (2, Pass()), (1, PlayResponse(card=CEASE)))
    pending = table.state.pending
    assert pending is not None and pending.pays == 2
    assert set(dict(pending.quotas)) == set(showing) - {showing[0]}


def test_counter_protest_places_2_registered_voters_where_the_pawn_sets_out_from() -> None:
    """An opposing Travel: up to 2 of the responder's registered voters go to the state the pawn leaves."""
    card, index = find(Kind.TRAVEL, amount=2, plane=False)
    table = _table(card, NO_TRAVEL_CHANGE, {2: (PROTEST,)}, pawns=(state("KS"),) * 3, registered=(5, 5, 1))
    table.played((0, PlayCard(card=card, action=index)), (1, Pass()))
    before = on_map(table, "KS", 2)
    done = table.when(2, PlayResponse(card=PROTEST))
    assert VotersPlaced(state=state("KS"), party=2, count=1, registered=True) in done.events
    assert done.state.registered[2] == 0 and done.state.voters[state("KS") * 3 + 2] == before + 1
    journeys = {TravelTo(state=p) for p in within(state("KS"), 2)}
    assert set(done.legal(0)) == {*(Move(state=n) for n in NEIGHBOURS[state("KS")]), *journeys, Stop()}


def test_rapid_response_places_2_voters_fewer_in_an_opposing_campaign() -> None:
    """The answered Campaign places 2 fewer; two Rapid Response Teams, 4 fewer."""
    card, index = find(Kind.CAMPAIGN, amount=6)
    table = _table(card, NO_CAMPAIGN_CHANGE, {1: (RAPID,)}, registered=(9, 9, 9))
    table.played((0, PlayCard(card=card, action=index)), (2, Pass()), (1, PlayResponse(card=RAPID)))
    assert table.state.pending is not None and table.state.pending.places == 4
    other = max(ANSWERING[Kind.CAMPAIGN])
    twice = _table(card, NO_CAMPAIGN_CHANGE, {1: (RAPID,), 2: (other,)}, registered=(9, 9, 9))
    twice.played((0, PlayCard(card=card, action=index)), (1, PlayResponse(card=RAPID)))
    twice.played((2, PlayResponse(card=other)))
    assert twice.state.pending is not None and twice.state.pending.places == 2
    assert Place(state=twice.state.pawns[0]) in twice.legal(0)


def test_rapid_response_makes_a_smear_campaign_remove_2_voters_fewer() -> None:
    """A Smear Campaign counts as a Campaign: it still costs 4 voters, and removes up to 6, not 8."""
    table = _table(108, NO_CAMPAIGN_CHANGE, {1: (RAPID,)}, pawns=(state("CA"),) * 3)
    table.adjusted(voters=voters({("MD", D): 4, ("CA", R): 9}))
    table.played((0, PlayCard(card=108, action=0)), (1, PlayResponse(card=RAPID)), (2, Pass()))
    pending = table.state.pending
    assert pending is not None and pending.pays == 4 and pending.removes == 6


def test_a_responder_draws_a_replacement_unless_only_the_months_last_card_is_left() -> None:
    """The response card is replaced from the month's deck; its last card is the turn player's."""
    card, index = find(Kind.CAMPAIGN, amount=6)
    table = _table(card, NO_CAMPAIGN_CHANGE, {1: (RAPID,)})
    table.played((0, PlayCard(card=card, action=index)))
    done = table.when(1, PlayResponse(card=RAPID))
    assert isinstance(done.events[-1], CardDrawn) and len(done.state.hands[1]) == 5
    last = _table(card, NO_CAMPAIGN_CHANGE, {1: (RAPID,)})
    last.adjusted(decks=(last.state.decks[0][:1], *last.state.decks[1:]))
    last.played((0, PlayCard(card=card, action=index)))
    short = last.when(1, PlayResponse(card=RAPID))
    assert not any(isinstance(e, CardDrawn) for e in short.events) and len(short.state.hands[1]) == 4


def test_an_answer_must_come_from_an_asked_seat_with_a_card_answering_the_action() -> None:
    """A response of another kind, a card not in hand, a seat not asked, a play instead: refused."""
    card, index = _advertise()
    table = _table(card, NO_ADVERTISE_CHANGE, {1: (CEASE, RAPID)}, money=(100, 100, 100))
    table.played((0, PlayCard(card=card, action=index)))
    table.when(1, PlayResponse(card=RAPID)).raises("rule/illegal_move")
    table.when(1, PlayResponse(card=PROTEST)).raises("rule/card_not_in_hand")
    table.when(0, Pass()).raises("rule/not_your_turn")
    table.when(1, PlayCard(card=CEASE, action=0)).raises("rule/wrong_step")
    table.played((1, Pass()))
    table.when(1, PlayResponse(card=CEASE)).raises("rule/not_your_turn")


def test_the_referee_passes_for_the_seats_still_asked_when_the_window_closes() -> None:
    """After 30 seconds the window closes for everyone still waiting, and the action happens."""
    card, index = _advertise()
    table = _table(card, NO_ADVERTISE_CHANGE, {1: (CEASE,)}, money=(100, 100, 100))
    table.played((0, PlayCard(card=card, action=index)), (2, Pass()))
    waiting: Campaigning = table.state
    assert GAME.due(waiting) == EPOCH + WINDOW
    assert GAME.overdue(waiting, Context.seeded(0, now=EPOCH + timedelta(seconds=29))) == []
    events = GAME.overdue(waiting, Context.seeded(0, now=EPOCH + WINDOW))
    assert events[0] == Chosen(seat=1, option="", by_referee=True)
    assert MoneyMoved(source=0, target=BANK, amount=CARDS[card].actions[index].cost) in events
    assert events[-1] == TurnPassed(seat=1)


def test_the_open_window_is_public_in_every_view() -> None:
    """Who may still answer and the action held are public; the hands that might answer are not."""
    card, index = _advertise()
    table = _table(card, NO_ADVERTISE_CHANGE, {1: (CEASE,)}, money=(100, 100, 100))
    table.played((0, PlayCard(card=card, action=index)))
    for viewer in (0, 1, 2, SPECTATOR):
        shown = table.view(viewer).window
        assert shown is not None and shown.choice.seats == (1, 2) and shown.card == card


def _codes(places: tuple[int, ...]) -> list[str]:
    return [ABBREVIATIONS[place] for place in places]


def test_random_play_answers_with_every_response_and_lets_windows_go_by() -> None:
    """Each of the three responses is played in seeded random games, and windows are also passed."""
    played: set[str] = set()
    passed = 0
    for seed in range(3):
        for step in random_steps(GAME, seed, 3):
            if isinstance(step, Step):
                played |= {e.effect for e in step.events if isinstance(e, ResponsePlayed)}
                passed += isinstance(step.command, Pass)
    assert played == {"cease_and_desist", "counter_protest", "rapid_response"} and passed > 0
