"""Campaign Trail (2 or 3 parties) with the Dirty Politics module: our reconstruction of the base game.

The rules
---------
The base game's rules are not public in full; every fact the public sources give is kept, the rest
is ours (``docs/rules/campaign-trail.md`` marks each rule *known* or *ours*). The Dirty Politics
module is played exactly as its rulebook prints it.

Parties and seats. Seat 0 plays the Democrats, seat 1 the Republicans, seat 2 (3-party games) the
Libertarians; turns go 0, 1, 2, 0, ... from seat 0.

Setup. Every state gets 2 committed voters of its primary tiebreaker party; in a 2-party game a
state whose primary party is absent gets 1 voter of its secondary party instead. Each seat is dealt 2
candidates and keeps 1 (war chest, registered voters, home state, an advantage and a disadvantage);
its pawn starts in its home state. With the Dirty Politics option off its cards are removed; in a
2-party game the 15 cards marked "not for 2p" are removed. Each seat is dealt 5 action cards and the
rest are split into the August, September and October decks (as equal as possible, the later decks
larger).

A turn. Play a card from your hand and take one of its four actions, then draw from the month's deck:
Fundraise (money), Register (undecided voters become your registered voters), Travel (move up to N
states to neighbours; a plane flies anywhere, ending the move), Advertise (pay its price; one
registered voter into each state of the card's map), Campaign (place up to N registered voters in your
pawn's state and its neighbours), Politick (an instant or an ongoing effect; ongoing cards stay in
play until the month ends; a response politick is never taken on your turn). When a draw empties the
month's deck the month ends: after August and September a debate, after October Election Day.

Debates. Each seat, from the seat after the one who ended the month, plays one card for its issue
icons. An issue shown by one seat's card alone is won by that seat: 1 of its voters (from the
undecided supply) goes to each state showing that issue. The cards are discarded, each seat draws one
card from the new month's deck, and the first speaker takes the next turn.

Election Day. Voters owed by cards are placed, then each state's electoral votes go to the party with
most committed voters there (ties: the primary tiebreaker party, then the secondary). Most electoral
votes wins; ties go to most committed voters on the map, then most states won, then are shared.

Responses. An Advertise, Travel or Campaign may be answered out of turn: Cease and Desist pulls an
Advertise's voters from the states its player leads, Counter-Protest places 2 of its player's
registered voters where a travelling pawn sets out from, Rapid Response Team makes a Campaign place
2 voters fewer. Each opposing seat answers with one or passes; then the action happens as answered.

Dirty Politics. Voter Suppression (move up to N, or fly, then remove voters of any party equal to the
number shown from the state you end in), Flip Contributors (take money from a party's war chest), Sway
Minds (a party discards registered voters; you gain as many), Mudslinging (per chosen issue, pay 2
voters from your ethically minded states and remove 2 voters of any party from each state showing
it), Smear Campaign (your pawn in a listed state; pay 4 voters from your ethically minded states;
remove up to 8 voters of any party from the listed states) and Dirty Tricks (instant or ongoing; none
is a response). Each counts as the base action it is a subset of.

Rulings (where the sources are silent)
--------------------------------------
1. Seat order D, R, L with seat 0 first (it gives the worked example's order: L, then D, then R).
2. 538 does not split in three: D and R start with 179 electoral votes, L (last to play) with 180;
   in 2-party games D and R start with 269 each. 2-party games are Democrat against Republican.
3. The undecided supply and the bank never run out.
4. Voter Suppression counts as a Travel, Flip Contributors as a Fundraise, Sway Minds as a Register.
5. "Pay" and "discard" from your ethically minded states means your own voters there.
6. Voter suppression removes exactly the number shown, or every voter there if fewer; a voter may be
   of any party, yours included. Removing the first voter ends the movement. With a plane the pawn
   may fly to any state (or stay).
7. Flip Contributors takes all a party has when it has less than the number shown. Sway Minds: the
   party discards what it has (up to the number); you gain the full number shown.
8. Mudslinging: at least one issue; the voters from a state showing two paid issues are 4; a state
   with fewer voters loses all it has. All payments come first, then the removals.
9. Scandal: the victims answer one by one in turn order. A victim whose war chest holds less than
   $60M may only lose voters; one who cannot lose them in full (fewer than 3 registered voters, no
   own voter in some ethically minded state) loses what it has.
10. Ongoing effects set off when a card is played, before its action, and last until the month ends.
    Favorite Son counts, as its text says, each card its owner plays while it is in play: on its turn
    and as a response in a reaction window; not itself. A debate card never meets it (the month's
    ongoing cards are discarded as the month ends, before its debate).
11. The live electoral-vote track uses the Election Day rules on the current map.
12. A candidate's advantage and disadvantage change the base actions only (a Voter Suppression is not
    a Travel for them); politicks that refer to kinds of actions see each Dirty Politics action as
    its base kind (Travel Budget adds a move to a Voter Suppression, Campaign Audit charges a Smear
    Campaign, Media Watchdog answers Mudslinging, Opposition Research answers Flip Contributors).
13. Hands, dealt candidates and the month decks are hidden; the map, war chests, registered voters,
    pawns, kept candidates, cards in play or discarded and deck sizes are public.
14. Reaction windows (ours): an Advertise, Travel or Campaign (or a Dirty Politics action counting as
    one) opens one, after the ongoing effects it sets off and before its own effect, whenever a card
    whose response answers it is in a hand or a deck (public: it never tells who holds one). Every
    opposing seat is asked; each plays one response or passes, in any order; after 30 seconds the
    referee passes for the rest.
15. "The states you lead" (Cease and Desist) are counted as the window closes; Counter-Protest places
    what you have when you have fewer than 2 registered voters; a Campaign never goes below 0.
16. A responder draws a replacement at once, unless only the month's last card is left (the turn
    player's, which ends the month).
17. A choice the rules let a player make at once is one command: a whole movement (``TravelTo``),
    several voters paid from one state or removed of one party (a ``count``), every voter an action
    may still remove from a state or, for a Mudslinging, from all its states (``Sweep``: the other
    parties' voters first, the most numerous first; your own only where the action must take them,
    never in a Smear Campaign). The one-at-a-time commands stay.

The same rulings, with the test that checks each rule, are in ``docs/rules/campaign-trail.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.chance import Chance, shuffled
from domain.choices import Choose
from domain.errors import IllegalMove, WrongStep
from domain.games.campaign_trail.cards.board import PRIMARY, SECONDARY, STATE_COUNT
from domain.games.campaign_trail.cards.candidates import CANDIDATES
from domain.games.campaign_trail.cards.catalogue import ALL_CARDS, DIRTY_NUMBERS, NOT_FOR_2P
from domain.games.campaign_trail.commands import (
    Commands,
    DebateCard,
    KeepCandidate,
    Move,
    Pay,
    Place,
    PlayCard,
    Remove,
    Stop,
    Sweep,
    TravelTo,
)
from domain.games.campaign_trail.events import CampaignBegan, CandidateKept, Events, GameSetUp
from domain.games.campaign_trail.rules.legal import legal_commands
from domain.games.campaign_trail.rules.months import debate_card, debater
from domain.games.campaign_trail.rules.responses import answer_window, due, overdue
from domain.games.campaign_trail.rules.turns import (
    answer_scandal,
    move,
    pay,
    place,
    play_card,
    remove,
    stop,
    sweep,
    travel_to,
)
from domain.games.campaign_trail.state import PARTIES, Campaigning, Drafting, Finished, State
from domain.messages import Options, Outcome
from domain.seats import Seat

HAND_SIZE = 5
OFFERED = 2
"""Candidates dealt to each seat (it keeps one)."""
OPENING_VOTERS = 2
ABSENT_PARTY_VOTERS = 1
MONTHS = ("August", "September", "October")


class CampaignTrailOptions(Options, frozen=True, kw_only=True):
    """Dirty Politics: play with the Dirty Politics module's cards (on by default)."""

    dirty_politics: bool = True


def opening_voters(seat_count: int) -> tuple[int, ...]:
    """2 voters of each state's primary party; 1 of its secondary when the primary party is absent."""
    voters = [0] * (STATE_COUNT * PARTIES)
    for where in range(STATE_COUNT):
        party, count = PRIMARY[where], OPENING_VOTERS
        if party >= seat_count:
            party, count = SECONDARY[where], ABSENT_PARTY_VOTERS
        voters[where * PARTIES + party] = count
    return tuple(voters)


def month_decks(cards: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Three decks as equal as possible, the later ones larger, each kept sorted."""
    size, extra = divmod(len(cards), len(MONTHS))
    sizes = [size + (1 if month >= len(MONTHS) - extra else 0) for month in range(len(MONTHS))]
    starts = [sum(sizes[:month]) for month in range(len(MONTHS))]
    return tuple(tuple(sorted(cards[s : s + n])) for s, n in zip(starts, sizes, strict=True))


def setup(options: CampaignTrailOptions, seat_count: int, ctx: Chance) -> list[Events]:
    """Lay out the map, deal candidates and hands, split the month decks."""
    removed = {c.number for c in ALL_CARDS if c.number in DIRTY_NUMBERS and not options.dirty_politics}
    removed |= set(NOT_FOR_2P) if seat_count == 2 else set()
    order = shuffled(ctx.rng, sorted([c.number for c in ALL_CARDS if c.number not in removed]))
    candidates = shuffled(ctx.rng, range(len(CANDIDATES)))
    dealt = OFFERED * seat_count
    return [
        GameSetUp(
            seat_count=seat_count,
            module=options.dirty_politics,
            offers=tuple(
                tuple(sorted(candidates[s * OFFERED : (s + 1) * OFFERED])) for s in range(seat_count)
            ),
            box=tuple(sorted(candidates[dealt:])),
            hands=tuple(tuple(sorted(order[s * HAND_SIZE : (s + 1) * HAND_SIZE])) for s in range(seat_count)),
            decks=month_decks(order[HAND_SIZE * seat_count :]),
            removed=tuple(sorted(removed)),
            voters=opening_voters(seat_count),
        )
    ]


def _keep(state: Drafting, seat: int, command: KeepCandidate) -> list[Events]:
    if command.candidate not in state.offers[seat]:
        raise IllegalMove("Keep one of the two candidates you were dealt.")
    events: list[Events] = [CandidateKept(seat=seat, candidate=command.candidate)]
    kept = tuple(command.candidate if s == seat else c for s, c in enumerate(state.kept))
    if -1 in kept:
        return events
    chosen = [CANDIDATES[c] for c in kept]
    began = CampaignBegan(
        candidates=kept,
        money=tuple(c.war_chest for c in chosen),
        registered=tuple(c.registered for c in chosen),
        pawns=tuple(c.home for c in chosen),
        turn=0,
    )
    return [*events, began]


_NOBODY: frozenset[Seat] = frozenset()
_ALONE = tuple(frozenset({Seat(seat)}) for seat in range(3))
_TOGETHER: dict[tuple[int, ...], frozenset[Seat]] = {
    seats: frozenset(Seat(seat) for seat in seats)
    for seats in ((0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1))
}
"""The seats a reaction window may wait for (other seats in turn order, or what is left of them)."""


def to_act(state: State) -> frozenset[Seat]:
    """Seats still keeping a candidate; those a reaction window waits for; a Scandal's victim; the debater;
    else the seat whose turn it is."""
    # Tuning, here and in ``is_over``, ``decide`` and ``legal_commands``: the usual phase is tested first, as
    # a failed ``isinstance`` of a struct costs twice (docs/architecture.md, *Speed: issue 50, fourth slice*).
    if isinstance(state, Campaigning):
        if state.window is not None:
            return _TOGETHER[state.window.choice.seats]
        if state.choice is not None:
            return frozenset(Seat(s) for s in state.choice.seats)
        if state.debate is not None:
            return _ALONE[debater(state)]
        return _ALONE[state.turn]
    if isinstance(state, Drafting):
        return frozenset(Seat(s) for s, offer in enumerate(state.offers) if offer)
    return _NOBODY


def is_over(state: State) -> bool:
    """Whether Election Day has been held."""
    return type(state) is Finished  # not ``isinstance``, which fails nearly every time asked (``to_act``)


def outcome(state: State) -> Outcome | None:
    """Electoral votes as scores; ranked by electoral votes, committed voters, then states won."""
    if not isinstance(state, Finished):
        return None
    keys = [(state.electoral[s], state.committed[s], state.states_won[s]) for s in range(state.seat_count)]
    ranking = tuple(
        tuple(s for s in range(state.seat_count) if keys[s] == key) for key in sorted(set(keys), reverse=True)
    )
    return Outcome(scores=state.electoral, ranking=ranking, winners=state.winners, tiebreak=tiebreak(state))


TIEBREAKS = (("committed voters", "committed"), ("states won", "states_won"))
"""Our tie-break on equal electoral votes, in order: most committed voters on the map, then most states."""


def tiebreak(state: Finished) -> str:
    """Which tie-break decided a tie on electoral votes, with the totals it compared (the tied seats'
    totals, the winners' first), or that it was shared; empty when the electoral votes alone decided."""
    most = max(state.electoral)
    tied = [s for s in range(state.seat_count) if state.electoral[s] == most]
    if len(tied) < 2:
        return ""
    said = f"tied on {most} electoral votes"
    for words, field in TIEBREAKS:
        totals: tuple[int, ...] = getattr(state, field)
        best = max(totals[s] for s in tied)
        ahead = [s for s in tied if totals[s] == best]
        if len(ahead) == len(tied):
            said += f" and {best} {words} each"
            continue
        against = " against ".join(str(totals[s]) for s in sorted(tied, key=lambda s: -totals[s]))
        if len(ahead) == 1:
            return f"{said}, decided by {words} ({against})"
        said, tied = f"{said}, then {words} ({against}) left {len(ahead)} level", ahead
    return f"{said}: the victory is shared"


_STEPS: dict[type, Callable[[Campaigning, int, Any, Chance], list[Events]]] = {
    Move: move,
    Place: place,
    Pay: pay,
    Remove: remove,
    Stop: stop,
    TravelTo: travel_to,
    Sweep: sweep,
}


def decide(state: State, seat: Seat, command: Commands, ctx: Chance) -> list[Events]:
    """The events of ``command``; raises a ``RuleError`` when a rule refuses it."""
    if not isinstance(state, Campaigning):
        if not isinstance(state, Drafting):
            raise WrongStep("The election is over.")
        if not isinstance(command, KeepCandidate):
            raise WrongStep("Keep one of your two candidates first.")
        return _keep(state, seat, command)
    if state.window is not None:
        return answer_window(state, seat, command, ctx)
    if state.choice is not None:
        if not isinstance(command, Choose):
            raise WrongStep("A Scandal's victim must choose first.")
        return answer_scandal(state, seat, command, ctx)
    if state.debate is not None:
        if not isinstance(command, DebateCard):
            raise WrongStep("It is a debate: play a card for its issues.")
        return debate_card(state, seat, command, ctx)
    if isinstance(command, PlayCard):
        return play_card(state, seat, command, ctx)
    step = _STEPS.get(type(command))
    if step is None:
        raise WrongStep("That command is not expected now.")
    return step(state, seat, command, ctx)


__all__ = [
    "CampaignTrailOptions",
    "decide",
    "due",
    "is_over",
    "legal_commands",
    "outcome",
    "overdue",
    "setup",
    "to_act",
]
