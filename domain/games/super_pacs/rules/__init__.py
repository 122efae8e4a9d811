"""Super PACS, refereed.

The rules
---------
2-4 players build coalitions of factions to have the most power when the WHITE HOUSE is won. Setup:
5 factions and 2 megabucks each; the event deck of ten (WHITE HOUSE at the bottom, 2 random, SENATE,
2 random, HOUSE OF REP, 3 random; the other events out of the game); 4 investments face up; 3 leaders
dealt to each, each keeps one secretly and all are revealed together (or, for first-time players, one
random leader each). The first player takes FIRST PLAYER. A round is one turn each from the first
player clockwise (see ``turns``); then sneaked cards are revealed and added, the first player reveals
the next event, and all follow it (see ``rounds``). Surprises are discarded from the hand when they
apply, usually out of turn (see ``effects``); payments and the Treasury are in ``money``.

Rulings (where the book is silent; see docs/rules/super-pacs.md)
----------------------------------------------------------------
R1  First player: drawn at random at setup and recorded in ``GameSetUp``, unless ``first_player`` fixes it.
R2  The event deck is stored as the seven random events still in the game (sorted, hidden from all);
    rounds 4, 7 and 10 reveal HOUSE OF REP, SENATE and WHITE HOUSE, every other round one of the
    seven at random. This is the rulebook's stacking, drawn when revealed.
R3  The simultaneous leader pick: every seat is asked at once; a pick is seen only by its seat until
    the last pick reveals all (``LeadersRevealed`` carries nothing; the leaders reach views).
R4  Money: the 29 money cards are 19 x 1 and 10 x 5 (69 megabucks). Every movement of money is public,
    so each player's total is public (it can be tracked); a hand counts its megabucks as the fewest
    notes (5s, then 1s). Which factions a hand holds stays hidden. Notes change at any time, at the
    holder's choice: Junk Bonds counts its holder's megabucks in the most notes it may hold (1s as far
    as the 1-megabuck cards the others do not hold allow, the rest in 5s).
R5  Reaction windows: after an exploit's or superpower's target is chosen, and after a non-election
    event, every other seat with a faction in hand is asked (any could hold a surprise); an election
    asks every seat with a faction in hand or an election superpower to use. Each answers with a
    surprise that applies, or passes; a play asks everyone with a faction in hand again, the owner of
    the exploit or superpower too (it may Nullify a surprise played against its effect, never its own
    effect or its own surprise); the effect resolves when all have passed, or when the window's 30
    seconds are over (the referee passes for the rest).
R6  What a surprise answers: Nullify cancels the latest standing exploit, superpower or surprise in its
    window (events and the election count themselves cannot be nullified); a cancelled Nullify frees
    what it cancelled. Immunity answers an effect whose changes reach you; "pay nothing" one that makes
    you pay (a payment: its text says "pay"); "take 2 from the player whose exploit or superpower is
    being played" any exploit or superpower; votes surprises only an election count. In an election,
    Immunity answers the latest standing votes play by another player that lowers your votes (each
    opponent -2) and that you are not yet immune to: you take no part in its change.
R7  Effects resolve after their window: a nullified effect changes nothing (so nothing it destroyed or
    discarded ever reaches the cemetery); its exploited faction stays in the coalition and a superpower's
    cost is not refunded. A target that became immune is not replaced.
R8  "Pay nothing" cancels the payment itself: a payee is not made whole for it.
R9  Campaign actions and investment benefits are not answered by surprises (no surprise names them).
R10 An empty Treasury: every player, from the first player clockwise, discards factions or money cards
    (whole notes of its fewest; megabucks are cards in hand) down to 5 cards in hand; then the player
    collects what it is owed (what there is, if the Treasury is still short).
R11 Discards owed by several players at once are made one player at a time, from the first player
    clockwise (so their cards reach the cemetery in that order).
R12 A choice of target with one candidate is made for its owner; with none, that part has no effect.
R13 The election winner's tie-break is the round's turn order (the first player wins ties, as the
    FIRST PLAYER token says); RETIRED cannot win even when ahead.
R14 A tie at the top of the final score: everybody loses (``winners`` is empty).
R15 "Collect 1 from an opponent" (Car Companies) and "take" (Organized Crime) are not payments: they
    take what the opponent has, with no discards and nobody made whole.
R16 The 4 Aid cards are reference cards, not part of the game state.
R17 Take-backs: every step is a checkpoint; the deal, the leaders' reveal, a revealed event and the
    end are final; a turn begins with the turn player's first command of the turn.
"""

from __future__ import annotations

from domain.chance import Chance, shuffled
from domain.errors import OptionsError
from domain.games.super_pacs.cards import CARD_IDS, INVESTMENT_IDS, LEADER_IDS, OTHER_EVENTS
from domain.games.super_pacs.events import Events, GameSetUp
from domain.games.super_pacs.rules.asking import legal_commands, situation, to_act, window
from domain.games.super_pacs.rules.deciding import decide, due, overdue
from domain.games.super_pacs.state import State
from domain.messages import Options, Outcome, SeatOption

__all__ = [
    "SuperPacsOptions",
    "check_options",
    "decide",
    "due",
    "is_over",
    "legal_commands",
    "outcome",
    "overdue",
    "setup",
    "situation",
    "to_act",
    "window",
]

HAND_SIZE = 5
START_MONEY = 2
OFFERED_LEADERS = 3
MARKET_SIZE = 4
EVENTS_IN_GAME = 7


class SuperPacsOptions(Options, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Random leaders: for first-time players, each player is dealt one leader instead of choosing one
    of three. First player: the seat that plays first (left empty, it is drawn at random)."""

    random_leaders: bool = False
    first_player: SeatOption = None


def check_options(options: SuperPacsOptions, seat_count: int) -> None:
    """Refuse a first player who is not at the table."""
    if options.first_player is not None and not 0 <= options.first_player < seat_count:
        raise OptionsError(
            f"The first player must be one of the table's {seat_count} seats "
            f"(first_player counts them from 0: 0 to {seat_count - 1})."
        )


def setup(options: SuperPacsOptions, seat_count: int, ctx: Chance) -> list[Events]:
    """Deal factions and leaders, build the event deck, turn up four investments, pick the first player."""
    rng = ctx.rng
    factions = shuffled(rng, CARD_IDS)
    hands = tuple(tuple(sorted(factions[s * HAND_SIZE : (s + 1) * HAND_SIZE])) for s in range(seat_count))
    leaders = shuffled(rng, LEADER_IDS)
    dealt = 1 if options.random_leaders else OFFERED_LEADERS
    offers = tuple(tuple(sorted(leaders[s * dealt : (s + 1) * dealt])) for s in range(seat_count))
    in_game = sorted(rng.sample(OTHER_EVENTS, EVENTS_IN_GAME))
    investments = shuffled(rng, INVESTMENT_IDS)
    first = options.first_player if options.first_player is not None else rng.randrange(seat_count)
    return [
        GameSetUp(
            seat_count=seat_count,
            first=first,
            hands=hands,
            offers=() if options.random_leaders else offers,
            leaders=tuple(offer[0] for offer in offers) if options.random_leaders else (),
            box=tuple(sorted(leaders[seat_count * dealt :])),
            deck=tuple(sorted(factions[seat_count * HAND_SIZE :])),
            event_pool=tuple(in_game),
            events_out=tuple(card for card in OTHER_EVENTS if card not in in_game),
            market=investments[:MARKET_SIZE],
            investment_pile=tuple(sorted(investments[MARKET_SIZE:])),
            money=START_MONEY,
        )
    ]


def is_over(state: State) -> bool:
    """The game is over once the WHITE HOUSE is won."""
    return state.phase == "over"


def outcome(state: State) -> Outcome | None:
    """Power by seat; a shared top means nobody wins (the first ranking group is empty)."""
    if state.phase != "over":
        return None
    scores = state.scores
    groups = tuple(
        tuple(seat for seat, score in enumerate(scores) if score == value)
        for value in sorted(set(scores), reverse=True)
    )
    if state.winners:
        return Outcome(scores=scores, ranking=groups, winners=state.winners)
    return Outcome(scores=scores, ranking=((), *groups), winners=(), tiebreak="civil war: everybody loses")
