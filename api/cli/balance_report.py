"""The balance table as plain sections (title, columns, rows of text), printed by rich or as Markdown."""

from __future__ import annotations

from dataclasses import dataclass

from domain.balance_table import Figures, Goal, Rate


@dataclass(frozen=True, slots=True)
class Section:
    """One table of the report."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


RATE_COLUMNS = ("win rate", "95% interval", "x the mean")


def _rate(rate: Rate, mean: float) -> tuple[str, ...]:
    low, high = rate.interval()
    ratio = f"{rate.rate / mean:.2f}" if mean else "-"
    return f"{rate.rate:.1%}", f"{low:.1%} to {high:.1%}", ratio


def _summary(found: Figures) -> Section:
    rows = (
        ("random games", f"{found.games}"),
        ("mean game length", f"{found.length_mean:.1f} commands (spread {found.length_spread:.1f})"),
        ("games nobody wins", f"{found.no_winner:.1%}"),
        ("mean win rate of a seat", f"{found.mean:.1%}"),
    )
    return Section("Summary", ("figure", "value"), rows)


def _seats(found: Figures) -> Section:
    rows = tuple((f"seat {seat}", *_rate(rate, found.mean)) for seat, rate in enumerate(found.seats))
    return Section("Win rate by seat position", ("seat", *RATE_COLUMNS), rows)


def _roles(found: Figures) -> list[Section]:
    return [
        Section(
            f"Win rate by {kind}",
            (kind, "seats held", *RATE_COLUMNS),
            tuple((name, f"{rate.games}", *_rate(rate, found.mean)) for name, rate in rates),
        )
        for kind, rates in found.roles
    ]


def _strategies(found: Figures) -> list[Section]:
    if not found.strategies:
        return []
    rows = tuple((name, f"{rate.games}", *_rate(rate, found.mean)) for name, rate in found.strategies)
    title = "Win rate by strategy (one seat, going round the table; the others play at random)"
    return [Section(title, ("strategy", "games", *RATE_COLUMNS), rows)]


def _goals(lines: list[Goal]) -> list[Section]:
    if not lines:
        return []
    rows = tuple((goal.text, "MET" if goal.met else "MISSED", goal.detail) for goal in lines)
    return [Section("Goals", ("goal", "verdict", "deciding figure"), rows)]


def _cards(found: Figures) -> list[Section]:
    if not found.cards:
        return []
    ordered = sorted(found.cards, key=lambda pair: pair[1])
    rows = tuple((card, f"{share:.1%}") for card, share in ordered)
    title = "Cards played (share of random games in which each was played at least once; least first)"
    return [Section(title, ("card", "games played in"), rows)]


def report(found: Figures, lines: list[Goal]) -> list[Section]:
    """Every section, in reading order: summary, seats, roles, strategies, goals, cards."""
    return [
        _summary(found),
        _seats(found),
        *_roles(found),
        *_strategies(found),
        *_goals(lines),
        *_cards(found),
    ]
