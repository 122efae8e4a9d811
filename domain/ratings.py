"""Ratings per game: openskill's Plackett-Luce model over finished tables, decided and folded like a table.

The rules of rating
-------------------
1. A table is rated when every seat is held by a known player or played by a bot, the opener did not
   say ``"rated": false``, and the game ended. Ties share a place (the outcome's ranking groups).
2. A seat that forfeited on time ranks last and is rated (the outcome already puts it last). A
   player's seat that a stand-in bot played for most of its turns (:data:`STAND_IN_SHARE`) is not
   rated: it keeps its rating, and the others are rated as if it were an anchor at its old rating.
3. Bots are anchors: each policy and level has a fixed rating (:data:`ANCHORS`) that never moves, so
   people are measured against them. A table of bots alone rates nobody.
4. A player's displayed rating is the ordinal ``40 * (mu - 3 * sigma) + 1000`` (:func:`shown`): a new
   player shows 1000; until :data:`PROVISIONAL_GAMES` rated games it is "provisional (k of 5)".
5. A win never lowers a rating: a seat alone in first place keeps at least its old ``mu`` and at most
   its old ``sigma`` (openskill's own update already does this at every table we measured; the rule
   makes it a guarantee, whatever the field).
6. Each rated table is one :class:`TableRated` event in the game's ratings stream (its id names the
   model's parameters, :func:`stream_key`): it records the places, every seat's rating before and
   after, the model, its parameters and the library's version, so a second implementation can check
   it, and recomputing every rating from the stream's places equals the recorded ratings
   (:func:`recomputed`). A table already rated is never rated again (the fold keeps the rated ids).
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import msgspec
from openskill.models import PlackettLuce

from domain.table import AnyTableEvent, GameEventRecorded, Table

PROVISIONAL_GAMES = 5
"""Rule 4: rated games a player needs before the rating stands."""
STAND_IN_SHARE = 0.5
"""Rule 2: a seat whose turns a stand-in bot played more than this share of is not rated."""
MU, SIGMA = 25.0, 25.0 / 3
"""openskill's defaults: a new player's mean and deviation."""
TAU = 25.0 / 300
"""openskill's default dynamics: sigma grows by this much before each table, so ratings keep moving."""
ALPHA, TARGET, Z = 40.0, 1000.0, 3.0
"""Rule 4's ordinal: ``ALPHA * (mu - Z * sigma) + TARGET``."""
ANCHOR_SIGMA = 1.0
ANCHORS: dict[tuple[str, int], float] = {
    ("random", 1): 12.0,
    ("random", 2): 12.0,
    ("random", 3): 12.0,
    ("greedy", 1): 18.0,
    ("greedy", 2): 19.0,
    ("greedy", 3): 20.0,
    ("ismcts", 1): 22.0,
    ("ismcts", 2): 25.0,
    ("ismcts", 3): 28.0,
}
"""Rule 3: each bot's fixed ``mu`` (sigma :data:`ANCHOR_SIGMA`), by policy and level: the order of the
strength table in docs/bots.md, spaced by hand (a ruling, not a measurement)."""

MODEL = "PlackettLuce"
VERSION = importlib.metadata.version("openskill")
PARAMETERS = {"mu": MU, "sigma": SIGMA, "beta": MU / 6, "tau": TAU, "limit_sigma": True}


def model() -> PlackettLuce:
    """The one model every rating is made with (its parameters are :data:`PARAMETERS`)."""
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=MU / 6, tau=TAU, limit_sigma=True)


def stream_key(game: str) -> str:
    """The name of ``game``'s ratings stream: a changed model or parameter starts a new stream that is
    recomputed from the finished tables, never a patch of the old one."""
    return f"ratings:{game}:{MODEL}:{VERSION}:{sorted(PARAMETERS.items())}"


class Rating(msgspec.Struct, frozen=True, array_like=True):
    """A player's rating in one game: mean, deviation and rated games."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0


class Placed(msgspec.Struct, frozen=True, kw_only=True):
    """One seat of a finished table as rated: who (a handle, or ``bot:policy:level``), its place (1 is
    best; ties share), whether it is rated, and its rating before and after."""

    seat: int
    who: str
    place: int
    rated: bool
    before: Rating
    after: Rating


class TableRated(msgspec.Struct, frozen=True, kw_only=True, tag="TableRated"):
    """A finished table was rated (rule 6): its seats, places and ratings, and how they were made."""

    table: str
    game: str
    at: datetime
    seats: tuple[Placed, ...]
    model: str = MODEL
    parameters: dict[str, Any] = msgspec.field(default_factory=lambda: dict(PARAMETERS))
    library: str = f"openskill {VERSION}"


class Finished(msgspec.Struct, frozen=True, kw_only=True):
    """What rating needs of a finished table: each seat's holder (a handle, a bot, or ``None``: a guest),
    its place, and whether a stand-in played most of its turns."""

    table: str
    game: str
    at: datetime
    holders: tuple[str | None, ...]
    places: tuple[int, ...]
    stood_in: tuple[bool, ...]
    rated: bool = True


class Ratings(msgspec.Struct, frozen=True, kw_only=True):
    """A game's ratings stream folded: every player's rating and the tables rated."""

    players: dict[str, Rating] = msgspec.field(default_factory=dict)
    rated: frozenset[str] = frozenset()
    version: int = 0


def bot_id(policy: str, level: int) -> str:
    return f"bot:{policy}:{level}"


def is_bot(who: str) -> bool:
    return who.startswith("bot:")


def anchor(who: str) -> Rating:
    """Rule 3: a bot's fixed rating."""
    _, policy, level = who.split(":")
    return Rating(ANCHORS.get((policy, int(level)), MU), ANCHOR_SIGMA, 0)


def rating_of(ratings: Ratings, who: str) -> Rating:
    return anchor(who) if is_bot(who) else ratings.players.get(who, Rating())


def places_of(ranking: Sequence[Sequence[int]], seats: int) -> tuple[int, ...]:
    """Each seat's place from an outcome's ranking groups (best first; a group shares its place)."""
    places = [seats] * seats
    for place, group in enumerate(ranking, start=1):
        for seat in group:
            places[seat] = place
    return tuple(places)


def decide(ratings: Ratings, finished: Finished) -> list[TableRated]:
    """Rate ``finished`` (rules 1-6); nothing when it is rated already or not ratable."""
    holders = finished.holders
    if finished.table in ratings.rated or not finished.rated or any(h is None for h in holders):
        return []
    who = [h for h in holders if h is not None]
    rated = [not is_bot(w) and not stood for w, stood in zip(who, finished.stood_in, strict=True)]
    if not any(rated):
        return []
    before = [rating_of(ratings, w) for w in who]
    after = _rated(before, finished.places, rated)
    seats = tuple(
        Placed(seat=s, who=w, place=p, rated=r, before=b, after=a)
        for s, (w, p, r, b, a) in enumerate(zip(who, finished.places, rated, before, after, strict=True))
    )
    return [TableRated(table=finished.table, game=finished.game, at=finished.at, seats=seats)]


def _rated(before: list[Rating], places: Sequence[int], rated: list[bool]) -> list[Rating]:
    """Every seat's rating after one table; anchors and unrated seats keep theirs (rules 2, 3, 5)."""
    rater = model()
    teams = [[rater.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    out = rater.rate(teams, ranks=list(places))
    alone_first = [p == 1 and list(places).count(1) == 1 for p in places]
    after = []
    for old, new, counts, won in zip(before, out, rated, alone_first, strict=True):
        if not counts:
            after.append(old)
            continue
        mu, sigma = new[0].mu, new[0].sigma
        if won:  # rule 5
            mu, sigma = max(mu, old.mu), min(sigma, old.sigma)
        after.append(Rating(mu, sigma, old.games + 1))
    return after


def evolve(ratings: Ratings, event: TableRated) -> Ratings:
    """The ratings after ``event`` (no rules here: the event carries every rating after)."""
    players = dict(ratings.players)
    for placed in event.seats:
        if placed.rated:
            players[placed.who] = placed.after
    return Ratings(players=players, rated=ratings.rated | {event.table}, version=ratings.version + 1)


def fold(events: Iterable[TableRated], ratings: Ratings | None = None) -> Ratings:
    ratings = ratings or Ratings()
    for event in events:
        ratings = evolve(ratings, event)
    return ratings


def recomputed(events: Iterable[TableRated]) -> Ratings:
    """Rule 6's check: every rating made again from the recorded places alone (who sat, where they
    finished, who was rated), in the stream's order."""
    ratings = Ratings()
    for event in events:
        finished = Finished(
            table=event.table,
            game=event.game,
            at=event.at,
            holders=tuple(p.who for p in event.seats),
            places=tuple(p.place for p in event.seats),
            stood_in=tuple(not p.rated and not is_bot(p.who) for p in event.seats),
        )
        for again in decide(ratings, finished):
            ratings = evolve(ratings, again)
    return ratings


def holder(table: Table, seat: int) -> str | None:
    """Who holds ``seat`` for rating: the known player's handle, a bot seated at the opening
    (``bot:policy:level``), or ``None`` (a guest)."""
    state = table.state
    player = state.player_at(seat)
    if player is not None:
        return player
    bot = state.bots[seat] if seat < len(state.bots) else None
    if bot is not None and state.token_digests[seat] is None:  # a bot's own seat, not a stand-in
        return bot_id(bot.policy, bot.level)
    return None


def finished_of(table: Table, events: Iterable[AnyTableEvent]) -> Finished | None:
    """What rating needs of ``table`` and its log (``None`` while it is not over). A seat's turns a
    stand-in bot began are counted against its turns in all (rule 2); a seat that forfeited is rated."""
    outcome = table.outcome
    if not table.over or outcome is None:
        return None
    seats = len(table.seat_names)
    turns, stood = [0] * seats, [0] * seats
    for event in events:
        if isinstance(event, GameEventRecorded) and event.turn and event.seat is not None:
            turns[event.seat] += 1
            stood[event.seat] += bool(event.bot)
    forfeited = set(table.state.forfeited)
    return Finished(
        table=str(table.id),
        game=table.state.game,
        at=table.state.updated_at,
        holders=tuple(holder(table, seat) for seat in range(seats)),
        places=places_of(outcome.ranking, seats),
        stood_in=tuple(
            seat not in forfeited and turns[seat] > 0 and stood[seat] / turns[seat] > STAND_IN_SHARE
            for seat in range(seats)
        ),
        rated=table.state.rated,
    )


# -- what is shown --------------------------------------------------------------------------------


def shown(rating: Rating) -> float:
    """Rule 4's ordinal, rounded to a tenth."""
    return round(ALPHA * ((rating.mu - Z * rating.sigma) + TARGET / ALPHA), 1)


def provisional(rating: Rating) -> str | None:
    """``"provisional (k of 5)"`` until five rated games; ``None`` after."""
    if rating.games >= PROVISIONAL_GAMES:
        return None
    return f"provisional ({rating.games} of {PROVISIONAL_GAMES})"


def chances(before: Sequence[Rating]) -> list[float]:
    """Each seat's chance to win from its rating (Plackett-Luce; they sum to 1)."""
    rater = model()
    found: list[float] = rater.predict_win([[rater.rating(mu=r.mu, sigma=r.sigma)] for r in before])
    return found


class Board(msgspec.Struct, frozen=True, kw_only=True):
    """A game's leaderboard as the read side keeps it: every rated player's latest rating."""

    players: dict[str, Rating] = msgspec.field(default_factory=dict)
    tables: int = 0


def posted(board: Board, event: TableRated) -> Board:
    """The leaderboard after a table rated."""
    players = dict(board.players)
    for placed in event.seats:
        if placed.rated:
            players[placed.who] = placed.after
    return Board(players=players, tables=board.tables + 1)


def standings(board: Board) -> list[dict[str, Any]]:
    """The leaderboard best first (by the shown rating, then handle): ``GET /api/ratings/{game}``'s rows."""
    rows = [
        {
            "handle": handle,
            "rating": shown(rating),
            "games": rating.games,
            "provisional": provisional(rating) is not None,
            "shown": provisional(rating) or f"{shown(rating):.0f}",
            "mu": round(rating.mu, 4),
            "sigma": round(rating.sigma, 4),
        }
        for handle, rating in board.players.items()
    ]
    return sorted(rows, key=lambda row: (-row["rating"], row["handle"]))


def described() -> dict[str, Any]:
    """The model, its parameters and the library, as every ratings answer records them."""
    return {
        "model": MODEL,
        "parameters": PARAMETERS,
        "library": f"openskill {VERSION}",
        "ordinal": f"{ALPHA:g} * (mu - {Z:g} * sigma) + {TARGET:g}",
        "provisional_until": PROVISIONAL_GAMES,
    }


ENCODER = msgspec.json.Encoder()
DECODER = msgspec.json.Decoder(TableRated)
BOARD = msgspec.json.Decoder(Board)
