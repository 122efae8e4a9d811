"""Slush Fund 2, refereed.

The rules
---------
Two players, Red (seat 0) and Blue (seat 1), each have a deck of 20 money cards (6 x $1M, 7 x $2M,
6 x $3M, 1 x $4M) and 10 power cards (2 hackers, 2 accountants, 3 spies, 3 journalists). Five
politicians stand in a row. At setup each player takes a $1M and a $2M out of the deck, shuffles it,
and puts them back on top. Players alternate turns from the starting player. On a turn a player
either (option 1) draws 3 cards from the own deck, puts 1 face-down into the common slush fund and
plays the other 2, or (option 2, only with a slush fund of 3 or more cards) looks at the whole slush
fund, takes 3 cards and plays all 3; looking commits the player to option 2.

Money cards are contributions on one's own side of a politician: face-up is legal, face-down is
illegal. The first card on a side must be legal; one illegal card may join a side that holds a legal
one and no illegal one; never more than one illegal per side except by a spy or an accountant; never
more than 5 cards per side; a money card may be discarded to make room for a new one. Cards are played
in any order, money before and/or after powers. A power card is discarded after use, except a
journalist. Spy: reveal one of the opponent's illegal contributions and make one of your legal
contributions illegal. Accountant: move 2 of your contributions, together or apart; they keep their
face. Hacker: exchange one of your legal contributions with one of the opponent's legal contributions
at the same politician. Journalist: goes under a politician (at most 3 each), lowering its value.
Paying off: play a power card without its power and discard one of your legal contributions at a
politician to discard one of its journalists. Recall: after drawing in option 1, shuffle the drawn
cards back and draw 3 new ones at the price of one of your legal contributions; never in the final
turn. When a player draws the last 3 cards of the deck, the other player immediately draws 3: in this
final turn the players play 1 card at a time, starting with the player whose turn it is, until both
have played all 3. Scoring: each politician's value is the first number of its ladder, one step down
per journalist, 0 with 3; the player with more money there (legal and illegal) scores it, nobody on a
tie; each player loses 1 VP per 3 cards left in the deck. Most VPs wins; if tied, the player who won
the politician with the higher base value wins.

Rulings (where the book is silent; see docs/rules/slush-fund-2.md)
------------------------------------------------------------------
R1  Seats: 0 is Red, 1 is Blue. Card backs are identical: a face-down card shows only that it is there.
R2  Politicians: five, with ladders 7-4-2, 6-4-1, 5-3-1, 4-2-1, 3-2-1 (options may change them) and
    fictional names; three journalists make any of them worth 0.
R3  Starting player: drawn at random at setup (recorded in ``GameStarted``), unless the options fix it.
R4  The $1M is put back first and the $2M on top of it; both are known to everyone until drawn.
R5  A deck whose order nobody knows is stored sorted; each draw picks cards with the RNG at draw time.
R6  A turn is a sequence of small commands; a card is "played" when all its steps are done.
R7  Recall comes right after drawing, before stashing; it may be repeated, each time for another
    legal contribution; it is refused in the final turn (there is no stash step there).
R8  Discarding a money card to make room: only when the side already holds 5 cards, and only one of
    your own cards on that side; the placement rules then apply to the side without it. A discarded
    face-down card goes to the discard pile unseen.
R9  A power card whose power has no target may be discarded unused, and only then (paying off stays
    possible but is never forced).
R10 Spy: it may be played when it can reveal or conceal; it reveals first (when the opponent has an
    illegal contribution) and then conceals (when you have a legal one); a half without a target is
    skipped. A revealed contribution is legal from then on. A concealed card is illegal; the opponent
    saw its value, so it stays known to them.
R11 Accountant: the two moves are made one at a time, two different cards, each to another
    politician; a move must keep the five-card limit, and an illegal card may only move to a side
    that holds a legal one (the legal-first rule); only the one-illegal limit is lifted. The player
    must make both moves while moves remain; the accountant may be played only if one move is possible.
R12 Hacker: the two cards trade places (each takes the other's slot).
R13 Paying off: any power card may pay (a journalist too); the journalist placed last under that
    politician is the one removed.
R14 Final turn: the cards drawn are all played (nothing is stashed); no option 2; the slush fund is
    left as it is and scores nothing. A seat can always draw 3, because decks hold multiples of 3 and
    the game ends when the first deck runs out; were a deck short, the seat would draw what is left.
R15 Scoring tie-break: compare the base values of the politicians each player won (highest first);
    a politician counts as won even when journalists made it worth 0. Still tied: a shared win.
R16 Option 2 knowledge: the examiner knows the cards left in the slush fund; the other player, who
    cannot tell which cards were taken, forgets which of its own stashed cards are still there.
R17 What a spy reveals and what the examiner sees reach players through their views, not the log:
    ``ContributionRevealed`` and ``SlushFundExamined`` carry no card, so a seat's own events read the
    same on any resample. The score sheet is computed from the final table (``GameEnded`` is bare).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.chance import Chance
from domain.errors import OptionsError, WrongStep
from domain.games.slush_fund_2.cards import DEFAULT_LADDERS, IS_MONEY, SEAT_COUNT, Ladder, put_back_on_top
from domain.games.slush_fund_2.commands import (
    Commands,
    ConcealContribution,
    DiscardPowerCard,
    DrawCards,
    ExamineSlushFund,
    MoveContribution,
    PayOffJournalist,
    PlayAccountant,
    PlayHacker,
    PlayJournalist,
    PlayMoneyCard,
    PlaySpy,
    Recall,
    RevealContribution,
    StashInSlushFund,
    TakeFromSlushFund,
)
from domain.games.slush_fund_2.events import Events, GameStarted
from domain.games.slush_fund_2.rules.placing import Placements, money_plays, placements, play_money_card
from domain.games.slush_fund_2.rules.powers import (
    conceal,
    discard_unused,
    move,
    moves,
    pay_off,
    play_accountant,
    play_hacker,
    play_journalist,
    play_spy,
    power_plays,
    reveal,
    spy_steps,
)
from domain.games.slush_fund_2.rules.scoring import score
from domain.games.slush_fund_2.rules.turns import draw_cards, examine, recall, stash, take, turn_commands
from domain.games.slush_fund_2.state import Auditing, Over, Playing, Spying, State
from domain.messages import Command, Options, Outcome, SeatOption
from domain.seats import Seat, seats


class SlushFundOptions(Options, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options: each politician's values with no journalist, one and two, and who starts (left
    empty, it is drawn at random)."""

    ladders: tuple[Ladder, ...] = DEFAULT_LADDERS
    starting_seat: SeatOption = None


def check_options(options: SlushFundOptions, seat_count: int) -> None:
    """Five politicians with ladders that never rise, and a starting seat of 0, 1 or random."""
    if len(options.ladders) != len(DEFAULT_LADDERS):
        raise OptionsError("Slush Fund 2 has five politicians.")
    if any(not ladder[0] >= ladder[1] >= ladder[2] >= 0 for ladder in options.ladders):
        raise OptionsError("A politician's value may only fall as journalists arrive.")
    if options.starting_seat not in (None, 0, 1):
        raise OptionsError("The starting seat is 0 (Red), 1 (Blue) or random.")


def setup(options: SlushFundOptions, seat_count: int, ctx: Chance) -> list[Events]:
    """The opening event: the ladders, who starts (R3) and the known deck tops (R4, R5)."""
    start = options.starting_seat if options.starting_seat is not None else ctx.rng.randrange(SEAT_COUNT)
    tops = tuple(put_back_on_top(seat) for seat in seats(SEAT_COUNT))
    return [GameStarted(ladders=options.ladders, starting_seat=start, deck_tops=tops)]


_Decision = Callable[[State, int, Any, Chance], list[Events]]


def _no_ctx(rule: Callable[[State, int, Any], list[Events]]) -> _Decision:
    return lambda table, seat, command, ctx: rule(table, seat, command)


_DECIDE: dict[type[Command], _Decision] = {
    DrawCards: draw_cards,
    Recall: recall,
    StashInSlushFund: stash,
    ExamineSlushFund: examine,
    TakeFromSlushFund: take,
    PlayMoneyCard: _no_ctx(play_money_card),
    PlaySpy: _no_ctx(play_spy),
    RevealContribution: _no_ctx(reveal),
    ConcealContribution: _no_ctx(conceal),
    PlayAccountant: _no_ctx(play_accountant),
    MoveContribution: _no_ctx(move),
    PlayHacker: _no_ctx(play_hacker),
    PlayJournalist: _no_ctx(play_journalist),
    PayOffJournalist: _no_ctx(pay_off),
    DiscardPowerCard: _no_ctx(discard_unused),
}


def decide(table: State, seat: Seat, command: Commands, ctx: Chance) -> list[Events]:
    """The events ``command`` from ``seat`` produces; raises a ``RuleError`` when a rule refuses it."""
    rule = _DECIDE.get(type(command))
    if rule is None:
        raise WrongStep("Slush Fund 2 has no such command.")
    return rule(table, seat, command, ctx)


def to_act(table: State) -> frozenset[Seat]:
    """The one seat whose turn (or, in the final turn, whose single card) it is."""
    # Tuning, here and in ``is_over`` and ``legal_commands``: ``type(...) is``, as a failed ``isinstance`` of
    # a struct costs twice (docs/architecture.md, *Speed: issue 50, fourth slice*).
    return frozenset() if type(table.step) is Over else _SEATS[table.turn]


_SEATS = (frozenset({Seat(0)}), frozenset({Seat(1)}))


def legal_commands(table: State, seat: Seat) -> list[Commands]:
    """Exactly the commands ``decide`` accepts from ``seat`` now."""
    step = table.step
    if seat != table.turn or type(step) is Over:
        return []
    if type(step) is Playing:
        plays: list[Commands] = []
        places: Placements | None = None
        for card in table.hands[seat]:
            if IS_MONEY[card]:
                places = placements(table, seat) if places is None else places
                plays.extend(money_plays(card, places))
            else:
                plays.extend(power_plays(table, seat, card))
        return plays
    if isinstance(step, Spying):
        return spy_steps(table, seat)
    if isinstance(step, Auditing):
        return list(moves(table, seat, step.moved))
    return turn_commands(table, seat)


def is_over(table: State) -> bool:
    """True once the final turn is over."""
    return type(table.step) is Over


def outcome(table: State) -> Outcome | None:
    """Scores (VPs after penalties), ranking and winners, once over."""
    if not isinstance(table.step, Over):
        return None
    result = score(table)
    losers = tuple(seat for seat in range(SEAT_COUNT) if seat not in result.winners)
    ranking = (result.winners, losers) if losers else (result.winners,)
    return Outcome(scores=result.scores, ranking=ranking, winners=result.winners, tiebreak=result.tiebreak)
