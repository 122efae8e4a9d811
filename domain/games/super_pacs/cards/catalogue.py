"""``docs/cards/super-pacs.md``, generated from the card data (run me to rewrite it).

``python -m domain.games.super_pacs.cards.catalogue`` writes the file; a test checks it is up to date.
Its last section, the balance tables pasted from ``backroom balance``, is kept as it is.
"""

from __future__ import annotations

import json
from pathlib import Path

from domain.balance import kept_section
from domain.games.super_pacs.cards import (
    EVENT_BASE,
    EVENTS,
    FACTIONS,
    INVESTMENT_BASE,
    INVESTMENTS,
    LEADER_BASE,
    LEADERS,
    MONEY,
    TOKENS,
    EventCard,
    Faction,
    Leader,
)
from domain.games.super_pacs.cards.effects import Effect

COLOUR_MARK = {"red": "▲ R", "gray": "● G", "blue": "■ B", "green": "◆ N", "gold": "★ Y"}
"""A shape and a letter beside each colour, for colour-blind readers (N: greeN, Y: Yellow/gold)."""
LEADER_MARK = {
    "blue": "◣ blue (lower-left notch)",
    "red": "◢ red (lower-right notch)",
    "green": "◥ green (upper-right notch)",
}
ROOT = Path(__file__).resolve().parents[4]
DOC = ROOT / "docs" / "cards" / "super-pacs.md"
SCRIPT = ROOT / "api" / "web" / "static" / "games" / "super-pacs-cards.js"


def _effects(effects: tuple[Effect, ...]) -> str:
    parts = []
    for e in effects:
        fields = [e.do] + [
            f"{k}={v}"
            for k, v in (
                ("n", e.n),
                ("who", e.who),
                ("having", e.having),
                ("colour", e.colour),
                ("token", e.token),
            )
            if v not in (None, 0)
        ]
        parts.append(" ".join(fields))
    return "; ".join(f"`{p}`" for p in parts) or "—"


def _printed(flag: bool) -> str:
    return "printed" if flag else "designed"


def _factions() -> list[str]:
    rows = [
        "| id | name | colour | types | votes | wealth | power | kind | text | effects | source |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for i, f in enumerate(FACTIONS):
        kind = "surprise" if f.surprise else "exploit"
        rows.append(
            f"| {i} | {f.name} | {COLOUR_MARK[f.colour]} {f.colour} | {', '.join(f.types)} | {f.votes} | "
            f"{f.wealth} | {f.power} | {kind} | {f.text} | {_effects(f.exploit or f.surprise)} | "
            f"{_printed(f.printed)} |"
        )
    return rows


def _leaders() -> list[str]:
    rows = [
        "| id | name | colour | campaign | superpower | cost | when | source |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for i, card in enumerate(LEADERS):
        discount = f" (1 less per {card.discount} faction)" if card.discount else ""
        rows.append(
            f"| {LEADER_BASE + i} | {card.name} | {LEADER_MARK[card.colour]} | {card.campaign_text} "
            f"{_effects(card.campaign)} | {card.superpower_text} {_effects(card.superpower)} | "
            f"{card.cost}{discount} | {card.when} | {_printed(card.printed)} |"
        )
    return rows


def _events() -> list[str]:
    rows = [
        "| id | name | text | effects | as a faction (votes/wealth/power) | source |",
        "|---|---|---|---|---|---|",
    ]
    for i, card in enumerate(EVENTS):
        faction = f"★ Y gold, Immune: {card.votes}/{card.wealth}/{card.power}" if card.election else "—"
        rows.append(
            f"| {EVENT_BASE + i} | {card.name} | {card.text} | {_effects(card.effect)} | {faction} | "
            f"{_printed(card.printed)} |"
        )
    return rows


def _investments() -> list[str]:
    rows = ["| id | name | cost | text | benefit | worth | source |", "|---|---|---|---|---|---|---|"]
    for i, card in enumerate(INVESTMENTS):
        w = card.worth
        worth = ", ".join(
            f"{k}={v}"
            for k, v in (
                ("base", w.base),
                ("each", w.each),
                ("per", w.per),
                ("types", "/".join(w.types)),
                ("colour", w.colour),
                ("leader", w.leader),
                ("leader_base", w.leader_base),
            )
            if v
        )
        rows.append(
            f"| {INVESTMENT_BASE + i} | {card.name} | {card.cost} | {card.text} | {_effects(card.benefit)} | "
            f"`{worth}` | {_printed(card.printed)} |"
        )
    return rows


def markdown() -> str:
    """The whole catalogue."""
    lines = [
        "# Super PACS: the card set",
        "",
        "Generated from `domain/games/super_pacs/cards/*.json` by",
        "`python -m domain.games.super_pacs.cards.catalogue` (a test fails when this file is out of date).",
        '"printed": as the rulebook prints it; "designed": ours. Liberal Media, Environmentalists, Organized',
        "Crime, Too Big To Fail Banks, Unions, Paparazzi, Wallet Street and War Veterans are named in the",
        "rulebook or the previews with their gist only: their numbers are designed.",
        "Each colour has a shape and a letter: "
        + ", ".join(f"{v} {k}" for k, v in COLOUR_MARK.items())
        + ".",
        "Effects are in the closed vocabulary of `cards/effects.py`.",
        "The last section, the balance tables, is pasted from `backroom balance` (see `docs/balance.md`);",
        "the generator keeps it as it is.",
        "",
        f"## Leaders ({len(LEADERS)})",
        "",
        *_leaders(),
        "",
        f"## Factions ({len(FACTIONS)})",
        "",
        *_factions(),
        "",
        f"## Events ({len(EVENTS)})",
        "",
        *_events(),
        "",
        f"## Investments ({len(INVESTMENTS)})",
        "",
        *_investments(),
        "",
        "## Money and tokens",
        "",
        "Money cards: "
        + ", ".join(f"{m.count} x {m.value} megabuck" for m in MONEY)
        + f" ({sum(m.count for m in MONEY)} cards).",
        "",
        *[f"- **{t.name}**: {t.text}" for t in TOKENS],
        "",
    ]
    kept = kept_section(DOC)  # the balance table, pasted from `backroom balance`: kept as it is
    return "\n".join(lines) + ("\n" + kept if kept else "")


def _faction_entry(card: Faction | EventCard, kind: str) -> dict[str, object]:
    return {
        "name": card.name,
        "colour": card.colour,
        "types": list(card.types),
        "votes": card.votes,
        "wealth": card.wealth,
        "power": card.power,
        "kind": kind,
        "text": card.text,
    }


def _leader_entry(card: Leader) -> dict[str, object]:
    text = f"Campaign: {card.campaign_text} Superpower ({card.cost}): {card.superpower_text}"
    return {"name": card.name, "colour": card.colour, "cost": card.cost, "text": text}


def javascript() -> str:
    """The card names, colours and numbers the browser's table renderer draws (generated, like the doc)."""
    table: dict[int, dict[str, object]] = {}
    for i, f in enumerate(FACTIONS):
        table[i] = _faction_entry(f, "surprise" if f.surprise else "exploit")
    for i, card in enumerate(LEADERS):
        table[LEADER_BASE + i] = _leader_entry(card)
    for i, e in enumerate(EVENTS):
        table[EVENT_BASE + i] = _faction_entry(e, "election" if e.election else "event")
    for i, investment in enumerate(INVESTMENTS):
        table[INVESTMENT_BASE + i] = {
            "name": investment.name,
            "cost": investment.cost,
            "text": investment.text,
        }
    rows = ",\n".join(f"  {key}: {json.dumps(value, ensure_ascii=False)}" for key, value in table.items())
    return (
        "// Generated from the card data (python -m domain.games.super_pacs.cards.catalogue): do not edit.\n"
        f"export const MARKS = {json.dumps(COLOUR_MARK, ensure_ascii=False)};\n"
        f"export const CARDS = {{\n{rows},\n}};\n"
    )


if __name__ == "__main__":
    DOC.write_text(markdown())
    SCRIPT.write_text(javascript())
    print(f"wrote {DOC} and {SCRIPT}")
