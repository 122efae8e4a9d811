"""Politrickers (3 to 5 players): a trick-taking game of two parties and a Libra Disc.

The rules
---------
Setup. With 3 players the Health suit and every 9 and 10 are removed (29 cards); with 4 the 9s and
10s (37 cards); with 5 nothing (45 cards). Each player has 5 Power Tokens and a Party Token: the
Chair shows Tails and, clockwise, each player shows the side opposite the previous player. Deal 9
cards each; leftover cards are set aside face down, unseen. The game has 3 rounds of up to 9 tricks.

Tricks. The party of the Chair is the Ruling Party, the other the Opposition. The Chair plays any
card face up; its suit is the Ruling Suit. Clockwise, each player plays one card. A Ruling Party
player must follow the Ruling Suit if possible; an Opposition player must play a suit other than the
Ruling Suit if possible, and the first Opposition card sets the Opposition Suit, which later
Opposition players must follow if possible. A player who cannot follow their party's suit but can
follow the other party's suit (or the Opposition Suit is not yet set) must switch party (flip the
Party Token) and follow the ground rules. A player who can follow neither plays any card face down;
it cannot win. Anyone may also flip their Party Token before playing by spending a Power Token.

Migration. Instead of following, a player may play Migration and move one of their Power Tokens on
the Libra Disc to the other plate (mandatory if they have one there). It never wins; if the Chair
plays it, the next player becomes Chair and leads.

Trick results. Face-up cards of each suit add up; the larger sum is the Popular Policy (equal sums:
the suit of the last card played) and its smallest card wins. If any Economy card was played,
Economy is the Popular Policy and the last Economy card wins; Economy is still a suit to follow. The
winner puts an unspent Power Token on the plate of its current party and becomes the next Chair.

Round end. Disgraced: a winner with no unspent token ends the round; every other player earns 1 VP
per unspent token. Collapse: a seventh token on a plate ends the round; its owners lose 1 VP per
token there, the other plate's owners earn 1 VP per token there. Balanced: after the ninth trick,
the fuller plate's owners earn 1 VP per token there, and a player who won no trick earns the
round's highest VP. VP totals never go below -3. The last trick's winner is the next Chair and
deals; tokens reset to 5 and Party Tokens alternate again from the Chair. The game ends at once
when anyone has 7 VP or more, otherwise after 3 rounds: most VP wins, ties go to the most VP in the
final round, then the victory is shared.

Rulings (where the rulebook is silent)
--------------------------------------
1. Seats are numbered from 0 clockwise; the first Chair ("who most recently lied") is seat 0.
2. The four Economy cards print no value (a money bag): they never add to a sum, since any Economy
   card makes Economy the Popular Policy and the order of play picks the winner.
3. Rounds 2 and 3: the new Chair shows Tails and the others alternate clockwise, as at setup.
4. Economy is a suit like any other for following: the forced switch applies even when the only
   card of the other party's suit is an Economy card, and Economy can be the Ruling or Opposition Suit.
5. Migration is mandatory in effect even when the only move collapses the Libra: the moved token
   counts on the overloaded plate (its owner loses 1 VP for it), and the next Chair is the winner of
   the previous trick.
6. A Chair holding only Migration plays it; the next player becomes Chair and leads with any card.
   Migration by a Chair passes the chair on; the trick still has one card from every player.
7. The Ruling Party is the party of the player who leads the Ruling Suit, after any free switch.
8. The free switch (spend a token) is open to the Chair before leading, and to any player with an
   unspent token before Migration. Before a Policy Card it is refused when the rules already force
   the switch, or when the forced switch would flip the player straight back (it would buy nothing).
9. Migration is never played face down; a face-down card is any other card of the player's choice.
10. With tokens on both plates, the Migration player chooses which plate a token leaves.
11. Equal sums: the Popular Policy is the tied suit whose face-up card was played last.
12. Equal plates at a Balanced end: neither plate is fuller, no plate scores, so the players
    without a trick also score 0.
13. Disgraced, Collapse and Balanced are checked in that order after a trick; a disgraced winner
    still won the trick (it counts, and that player is the next Chair).
14. The final-round tie-break compares the VP the round scored, before the -3 floor.
15. The 7 VP check happens at the end of every round (VP only change then).
16. The deal is drawn with the context's RNG from the sorted pool; leftovers are stored sorted.
17. Face-down cards stay hidden from everyone but their owner for the whole game; leftover cards are
    never shown. The rulebook's "Big Spender" names no rule here and is ignored.
18. Resampling keeps hidden slots' sizes and owners, never puts Migration face down, and keeps the
    void a face-down card in the current trick shows; suit facts only the history shows are not kept.

The same rulings, and the test that checks each rule sentence, are in ``docs/rules/politrickers.md``.
"""

from __future__ import annotations

from domain.chance import Chance
from domain.errors import CardNotInHand, IllegalMove, WrongStep
from domain.games.politrickers.cards import MIGRATION, OTHER_PARTY, Party
from domain.games.politrickers.commands import Commands, PlayCard, PlayMigration
from domain.games.politrickers.events import (
    CardPlayed,
    CardPlayedFaceDown,
    Events,
    MigrationPlayed,
    PartySwitched,
)
from domain.games.politrickers.rules.round_end import balanced_vp, deal_round
from domain.games.politrickers.rules.tricks import Obligation, after_card, after_migration, duties
from domain.games.politrickers.state import Finished, Playing, State, Trick, next_to_play, plate
from domain.messages import Options, Outcome
from domain.seats import Seat

FIRST_CHAIR = Seat(0)
PARTIES = (Party.TAILS, Party.CLAWS)


class PolitrickersOptions(Options, frozen=True, kw_only=True):
    """Politrickers has no table options."""


def setup(options: PolitrickersOptions, seat_count: int, ctx: Chance) -> list[Events]:
    """Deal the first round; seat 0 is the first Chair."""
    return [deal_round(seat_count, 1, FIRST_CHAIR, ctx.rng)]


_TO_ACT = tuple(frozenset({Seat(seat)}) for seat in range(5))
_NOBODY: frozenset[Seat] = frozenset()


def to_act(state: State) -> frozenset[Seat]:
    """The one seat whose turn it is in the trick; nobody once the game is over."""
    # Tuning, here and in ``is_over``, ``legal_commands`` and ``decide``: the usual case is tested first, as
    # a failed ``isinstance`` of a struct costs twice (docs/architecture.md, *Speed: issue 50, fourth slice*).
    return _TO_ACT[next_to_play(state)] if isinstance(state, Playing) else _NOBODY


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return type(state) is Finished  # not ``isinstance``, which fails nearly every time asked (``to_act``)


def outcome(state: State) -> Outcome | None:
    """Totals, ranking by (total, final-round VP), and the winners; ``None`` while in play."""
    if not isinstance(state, Finished):
        return None
    keys = sorted(set(zip(state.totals, state.final_round_vp, strict=True)), reverse=True)
    ranking = tuple(
        tuple(s for s, k in enumerate(zip(state.totals, state.final_round_vp, strict=True)) if k == key)
        for key in keys
    )
    tied_on_total = sum(1 for total in state.totals if total == max(state.totals)) > 1
    tiebreak = "most VP in the final round, then shared" if tied_on_total else ""
    return Outcome(scores=state.totals, ranking=ranking, winners=state.winners, tiebreak=tiebreak)


_PLAY = tuple(PlayCard(card=card) for card in range(MIGRATION))
_PLAY_SWITCHED = tuple(PlayCard(card=card, switch_party=True) for card in range(MIGRATION))
_MIGRATE = {
    (source, switch): PlayMigration(move_from=source, switch_party=switch)
    for source in (None, *PARTIES)
    for switch in (False, True)
}


def evaluate(state: State, seat: Seat) -> float:
    """A position for bots: the seat's VP (with what the round would score if balanced now) less the
    best other seat's; a finished game adds the share of the win."""
    if isinstance(state, Finished):
        won = WIN_BONUS / len(state.winners) if seat in state.winners else 0.0
        return won + state.totals[seat] - max(t for s, t in enumerate(state.totals) if s != seat)
    vp = [total + now for total, now in zip(state.totals, balanced_vp(state), strict=True)]
    return float(vp[seat] - max(v for s, v in enumerate(vp) if s != seat))


WIN_BONUS = 10.0
"""What winning is worth to a bot's evaluation, beside the VP margin."""


def legal_commands(state: State, seat: Seat) -> list[Commands]:
    """Exactly the commands ``decide`` accepts from ``seat`` now."""
    if not isinstance(state, Playing) or seat != next_to_play(state):
        return []
    hand = state.hands[seat]
    duty, switched = duties(hand, state.parties[seat], state.trick)
    legal: list[Commands] = [_PLAY[card] for card in duty.cards]
    has_token = state.unspent[seat] > 0
    if has_token and switched is not None:
        legal += [_PLAY_SWITCHED[card] for card in switched.cards]
    if MIGRATION in hand:
        for source in _migration_sources(state, seat):
            legal.append(_MIGRATE[source, False])
            if has_token:
                legal.append(_MIGRATE[source, True])
    return legal


def _migration_sources(state: Playing, seat: Seat) -> tuple[Party | None, ...]:
    sources = tuple(party for party in PARTIES if plate(state, party)[seat] > 0)
    return sources or (None,)


def decide(state: State, seat: Seat, command: Commands, ctx: Chance) -> list[Events]:
    """The events of ``command``; raises a ``RuleError`` when a rule refuses it."""
    if not isinstance(state, Playing):
        raise WrongStep("The game is over.")
    if isinstance(command, PlayCard):  # nearly every command (``to_act``)
        return _decide_card(state, seat, command, ctx)
    return _decide_migration(state, seat, command, ctx)


def _free_switch(state: Playing, seat: Seat) -> PartySwitched:
    if state.unspent[seat] == 0:
        raise IllegalMove("You have no unspent Power Token to spend on switching party.")
    return PartySwitched(seat=seat, party=OTHER_PARTY[state.parties[seat]], token_spent=True)


def _decide_card(state: Playing, seat: Seat, command: PlayCard, ctx: Chance) -> list[Events]:
    hand, party, trick = state.hands[seat], state.parties[seat], state.trick
    if command.card not in hand:
        raise CardNotInHand(f"Card {command.card} is not in your hand.")
    if command.card == MIGRATION:
        raise IllegalMove("The Migration card is played with PlayMigration.")
    events: list[Events] = []
    duty, switched = duties(hand, party, trick)
    if command.switch_party:
        if switched is None:
            raise IllegalMove("A free switch would change nothing here.")
        events.append(_free_switch(state, seat))
        party, duty = switched.party, switched
    if command.card not in duty.cards:
        raise IllegalMove("That card does not follow the suit your party must play.")
    if duty.party is not party:
        events.append(PartySwitched(seat=seat, party=duty.party, token_spent=False))
    events.append(_card_event(seat, command.card, duty, trick))
    return after_card(state, events, ctx)


def _card_event(seat: Seat, card: int, duty: Obligation, trick: Trick) -> Events:
    """The card goes face down, or face up setting the Ruling Suit, the Opposition Suit, or nothing."""
    if duty.face_down:
        return CardPlayedFaceDown(seat=seat, card=card)
    if trick.ruling_suit is None:
        return CardPlayed(seat=seat, card=card, sets="ruling", ruling_party=duty.party)
    if duty.party is not trick.ruling_party and trick.opposition_suit is None:
        return CardPlayed(seat=seat, card=card, sets="opposition")
    return CardPlayed(seat=seat, card=card)


def _decide_migration(state: Playing, seat: Seat, command: PlayMigration, ctx: Chance) -> list[Events]:
    if MIGRATION not in state.hands[seat]:
        raise CardNotInHand("The Migration card is not in your hand.")
    if command.move_from not in _migration_sources(state, seat):
        raise IllegalMove("Migration must move one of your tokens from a plate where you have one.")
    events: list[Events] = [_free_switch(state, seat)] if command.switch_party else []
    leads = state.trick.ruling_suit is None
    new_chair = Seat((seat + 1) % state.seat_count) if leads else None
    events.append(MigrationPlayed(seat=seat, moved_from=command.move_from, new_chair=new_chair))
    return after_migration(state, events, ctx, command.move_from)
