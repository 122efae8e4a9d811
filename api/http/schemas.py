"""The shapes of what the routes answer, for the OpenAPI.

The routes reply with msgspec-encoded bodies (never through FastAPI's response models), so the shapes
are declared here as Structs, generated into JSON Schema by msgspec and written into each operation's
``responses`` by :mod:`api.http.openapi`, with the one error body (:class:`Problem`). A view or an
event is each game's own (see the ``Command`` schemas for commands): they are declared as any JSON
value.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

import msgspec

Status = Literal["waiting", "playing", "over", "expired"]


class _Doc(msgspec.Struct, kw_only=True):
    """A documented answer (never decoded: only its schema is used)."""


class ErrorBody(_Doc):
    code: str
    message: str
    details: dict[str, Any]


class Problem(_Doc):
    """Every refusal: a stable ``code`` (``rule/...``, ``request/...``), a message for people, details."""

    error: ErrorBody


class SeatEntry(_Doc):
    seat: int
    name: str | None
    player: str | None = None
    """The known player holding the seat (their handle; absent: a guest, a bot or an open seat)."""


class Summary(_Doc):
    """What anyone may know about a game. ``sandbox``: seeded or forked, its cards may be known.
    ``forfeited``: the seats that forfeited on time, in order (the outcome then says so)."""

    id: str
    game: str
    title: str
    rules_version: str
    seats: list[SeatEntry]
    open_seats: list[int]
    status: Status
    version: int
    to_act: list[int]
    outcome: Any
    seeded: bool
    sandbox: bool
    created_at: datetime
    updated_at: datetime
    stale: bool = False
    forfeited: list[int] = msgspec.field(default_factory=list)
    closes: datetime | None = None
    """When the open reaction window closes and the referee answers for whoever is still asked
    (absent while none is open); the same for every reader."""
    commitment: str | None = None
    """SHA-256 commitment to the table's secret, from version 1 (docs/record.md; absent: an older table)."""
    head: str | None = None
    """The head of the table's hash chain at ``version`` (signed: ``/head``)."""
    unrevealed: list[int] = msgspec.field(default_factory=list)
    """Once every seat is taken, the seats whose pledged contribution the deal still waits for."""
    options: Any = None
    """The table options it was opened with, as the opener sent them (``{}``: the game's defaults);
    public, as the table's rules are."""
    rematch: str | None = None
    """Once over: the id of the table its players play again at (``POST .../rematch`` opens it and
    seats the asker; until then reading it answers 404)."""


class TokenEntry(_Doc):
    seat: int
    name: str | None
    token: str
    recovery_code: str = ""


class Opened(_Doc):
    id: str
    tokens: list[TokenEntry]
    game: Summary


class Source(_Doc):
    id: str
    version: int


class Forked(_Doc):
    id: str
    forked_from: Source
    tokens: list[TokenEntry]
    version: int


class Seated(_Doc):
    """A seat's token; ``recovery_code`` (shown only now) when sitting down or recovering gave one."""

    seat: int
    token: str
    game: Summary
    recovery_code: str = ""


class Lobby(_Doc):
    """One page of the lobby; ``next`` is the ``after`` of the next page (``null`` on the last)."""

    games: list[Summary]
    total: int
    limit: int
    offset: int
    next: int | None


class CatalogueEntry(_Doc):
    id: str
    title: str
    summary: str
    rules_version: str
    min_seats: int
    max_seats: int
    options_schema: dict[str, Any]


class Catalogue(_Doc):
    games: list[CatalogueEntry]


class FeedEntry(_Doc):
    version: int
    seat: int | None
    at: datetime
    event: Any
    description: str


class ViewDocument(_Doc):
    id: str
    version: int
    status: Status
    seat: int | None
    to_act: list[int]
    view: Any
    stale: bool = False
    closes: datetime | None = None


class Limited(_Doc):
    """Commands held back from a legal list because the seat spent its allowance for them, until when."""

    types: list[str]
    until: datetime
    message: str


class Answered(ViewDocument, kw_only=True):
    """The answer to a command: the sender's events, its view and its next legal commands."""

    events: list[FeedEntry]
    legal: list[Any]
    limited: list[Limited] = []
    auto_pass: bool = False


class Legal(_Doc):
    """What the seat may send now: every command listed would be accepted now (a command its spent
    allowance would refuse is left out, and ``limited`` says which, and until when)."""

    version: int
    seat: int | None
    commands: list[Any]
    stale: bool = False
    closes: datetime | None = None
    limited: list[Limited] = []
    auto_pass: bool = False
    """True when the seat's only command would be ``Pass`` and it chose to be passed for: the referee
    passes for it at the pause (docs/bots.md, "Timing in a reaction window"), so nothing is listed."""


class Feed(_Doc):
    version: int
    events: list[FeedEntry]
    next: int | None
    stale: bool = False


class TableSeen(_Doc):
    """The table as the caller sees it at one version (what a table page reads after each move): the
    summary, the view, the legal commands and the feed after ``after``, each as ``GET /api/games/{id}``,
    ``/view``, ``/legal`` and ``/events`` answer the caller; for a seat, the signed head the summary
    shows (``/head``; ``null`` for a table without a record)."""

    version: int
    summary: Summary
    view: ViewDocument
    legal: Legal
    feed: Feed
    stale: bool = False
    head: SignedHead | None = None


class Span(_Doc):
    first: int
    last: int
    by: int


class LogEntry(_Doc):
    """One stored event as the viewer may see it: its kind (event, takeback, opened, ...) and sentence."""

    version: int
    at: datetime
    seat: int | None
    kind: str
    event: Any
    description: str


class TimelineEntry(LogEntry, kw_only=True):
    turn: int
    round: int
    reverted: bool
    turn_start: bool = False
    round_start: bool = False


class Timeline(_Doc):
    id: str
    version: int
    viewer: str
    reverted: list[Span]
    entries: list[TimelineEntry]
    next: int | None


class Moment(_Doc):
    id: str
    version: int
    latest: int
    viewer: str
    status: Status
    to_act: list[int]
    view: Any


class Attempt(_Doc):
    at: datetime
    seat: int | None
    outcome: str
    command: Any
    key: str | None
    versions: list[int] = []
    events: list[LogEntry] = []
    code: str | None = None
    message: str | None = None


class Audit(_Doc):
    id: str
    version: int
    viewer: str
    attempts: list[Attempt]
    next: int | None


class ChatLine(_Doc):
    """One chat message: its number at the table, time, seat, the seat's name as the table shows it."""

    number: int
    at: datetime
    seat: int
    name: str
    text: str


class ChatMessages(_Doc):
    messages: list[ChatLine]


class ChatMessage(_Doc):
    message: ChatLine


class Probe(_Doc):
    """A probe's answer: ``live`` or ``ready``."""

    status: str


class Health(_Doc):
    status: str
    store: str
    reads: str


class StreamTicket(_Doc):
    """A single-use ticket for ``/stream?ticket=``, good for ``seconds`` (until ``expires_at``)."""

    ticket: str
    seat: int
    expires_at: datetime
    seconds: int


# -- players and ratings --------------------------------------------------------------------------


class CeremonyBegun(_Doc):
    """A passkey ceremony begun: its id (send it back with the credential) and the WebAuthn options
    to hand to ``navigator.credentials.create`` or ``.get`` (binary fields base64url-encoded)."""

    ceremony: str
    options: dict[str, Any]


class SignedIn(_Doc):
    """Signed in: the session rides in the ``backroom_session`` cookie; ``csrf`` goes back as
    ``X-CSRF-Token`` with every change the cookie authorises."""

    handle: str
    csrf: str


class Session(_Doc):
    """This browser's session: the player's handle and CSRF token, or both ``null`` (a guest)."""

    handle: str | None
    csrf: str | None


class Named(_Doc):
    id: str
    name: str
    created_at: datetime


class Me(_Doc):
    """The signed-in player's own account: names of keys and passkeys, never their secrets."""

    handle: str
    csrf: str | None
    keys: list[Named]
    passkeys: list[Named]


class KeyMade(_Doc):
    """A new API key, shown once: send it as ``Authorization: Player KEY``."""

    id: str
    name: str
    key: str


class SignedOut(_Doc):
    signed_out: bool


class PlayerTable(_Doc):
    id: str
    game: str
    title: str
    status: Status
    seat: int | None
    seats: list[SeatEntry]
    to_act: list[str | None]
    your_turn: bool
    updated_at: datetime
    outcome: Any = None
    replay: str | None = None


class PlayerRating(_Doc):
    game: str
    rating: float
    games: int
    provisional: bool
    shown: str


class PlayerPage(_Doc):
    """A player's page: live tables (theirs to play first), finished games with replays, ratings."""

    handle: str
    your_turn: list[str]
    live: list[PlayerTable]
    finished: list[PlayerTable]
    ratings: list[PlayerRating]


class Rated(_Doc):
    handle: str
    rating: float
    games: int
    provisional: bool
    shown: str
    mu: float
    sigma: float


class Ratings(_Doc):
    """A game's ratings, best first, and how they are made (README: what is rated)."""

    game: str
    players: list[Rated]
    tables: int
    model: str
    parameters: dict[str, Any]
    library: str
    ordinal: str
    provisional_until: int


class SeatChance(_Doc):
    seat: int
    name: str | None
    holder: str | None
    chance: float


class Chances(_Doc):
    """Each seat's chance to win from the ratings now (they sum to 1); ``rated``: the table will be."""

    id: str
    rated: bool
    seats: list[SeatChance]


class PublicKey(_Doc):
    id: str
    algorithm: str
    public_key: str
    status: Literal["current", "retired"]


class Keys(_Doc):
    """The Ed25519 public keys the record's heads are signed with (hex, raw 32 bytes)."""

    keys: list[PublicKey]


class SignedHead(_Doc):
    """A head of a table's hash chain, signed (docs/record.md): a seat's page keeps each it is shown."""

    game: str
    version: int
    head: str
    key_id: str
    signature: str


class Contribution(_Doc):
    seat: int
    pledge: str
    contribution: str | None


class RecordBundle(_Doc):
    """A finished game's record: the log as the chain hashed it, the secret, contributions, salts,
    heads, the last head signed and the keys; ``backroom verify FILE`` checks it offline."""

    format: str
    id: str
    game: str
    rules_version: str
    scheme: int
    secret: str
    commitment: str | None
    contributions: list[Contribution]
    takeback_timeout: float
    log: list[str]
    salts: list[str]
    heads: list[str]
    signed: SignedHead
    keys: list[PublicKey]


class TournamentTable(_Doc):
    index: int
    entrants: list[str]
    """In seat order."""
    table: str | None
    """The service table it was opened as (``null`` until opened)."""
    ranking: list[list[int]] | None
    """Its outcome's groups of seats, best first (``null`` until over)."""
    absent: list[str]
    """Entrants who made no move of their own there (docs/tournaments.md, ruling 25)."""
    forfeited: list[str]
    """Entrants whose seat forfeited on time."""


class TournamentBye(_Doc):
    entrant: str
    reason: str


class TournamentRound(_Doc):
    round: int
    planner: int
    tables: list[TournamentTable]
    byes: list[TournamentBye]


class TournamentStanding(_Doc):
    place: int
    entrant: str
    points: float
    tables: int
    opponents_average: float
    tablemates_beaten: int
    head_to_head: int
    lot: str
    marks: list[str]


class Tournament(_Doc):
    """A tournament: its declarations, every round paired so far, and the standings (docs/tournaments.md)."""

    id: str
    game: str
    format: Literal["swiss", "round-robin"]
    rounds: int
    seed: int
    planner: int
    table_sizes: list[int]
    entrants: list[str]
    """Everyone entered, late entries last."""
    withdrawn: list[str]
    """Entrants paired in no later round."""
    finished: bool
    paired: list[TournamentRound]
    standings: list[TournamentStanding]
    organiser: str | None
    """The known player who created it (``null``: the operator's tools)."""
    clock: dict[str, Any] | None
    """Every table's clock; its ``timeout`` is the no-show rule (``bot`` or ``forfeit``)."""
    bots: list[str]
    """The entrants that are bots."""
    started: bool


class TournamentSeat(_Doc):
    """Your seat at your table of the last round paired, and the link that seats you there."""

    round: int
    index: int
    game: str
    seat: int
    token: str
    link: str


class TournamentStandings(_Doc):
    """The standings: the same rows as the tournament's own and the CSV export."""

    tournament: str
    standings: list[TournamentStanding]


class MetBefore(_Doc):
    entrants: list[str]
    met_in_rounds: list[int]


class ExplainedTable(_Doc):
    index: int
    entrants: list[str]
    points_before: list[float]
    repeats: list[MetBefore]
    reasons: list[str]


class RoundExplained(_Doc):
    """Why each table of a round is as it is, by the planner's measures in their order."""

    round: int
    planner: int
    format: Literal["swiss", "round-robin"]
    measures: list[str]
    tables: list[ExplainedTable]
    byes: list[TournamentBye]
