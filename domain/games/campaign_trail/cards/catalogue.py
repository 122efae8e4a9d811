"""Every action card by number, every effect by key, and the card list as Markdown.

``python -m domain.games.campaign_trail.cards.catalogue`` rewrites ``docs/cards/campaign-trail.md``
(keeping its last section, the balance tables pasted from ``backroom balance``).
"""

from __future__ import annotations

from pathlib import Path

from domain.balance import kept_section
from domain.games.campaign_trail.cards import Action, Card, Effect, Kind
from domain.games.campaign_trail.cards.base import BASE, POLITICKS
from domain.games.campaign_trail.cards.board import ABBREVIATIONS, ISSUES, NAMES
from domain.games.campaign_trail.cards.candidates import CANDIDATES, MODIFIERS
from domain.games.campaign_trail.cards.dirty_politics import DIRTY, DIRTY_TRICKS

ALL_CARDS: tuple[Card, ...] = (*BASE, *DIRTY)
CARDS: dict[int, Card] = {card.number: card for card in ALL_CARDS}
EFFECTS: dict[str, Effect] = {**POLITICKS, **DIRTY_TRICKS}
NOT_FOR_2P: frozenset[int] = frozenset(card.number for card in ALL_CARDS if card.not_for_2p)
DIRTY_NUMBERS: frozenset[int] = frozenset(card.number for card in DIRTY)
RESPONSE_OF: dict[int, str] = {
    card.number: next((a.effect for a in card.actions if a.effect and EFFECTS[a.effect].answers), "")
    for card in ALL_CARDS
}
"""The response politick each card shows, or ``""`` (a card shows at most one politick)."""
ANSWERING: dict[str, frozenset[int]] = {
    kind: frozenset(card for card, key in RESPONSE_OF.items() if key and EFFECTS[key].answers == kind)
    for kind in (Kind.ADVERTISE, Kind.TRAVEL, Kind.CAMPAIGN)
}
"""The cards whose response politick answers each base kind of action."""
DOC = Path(__file__).resolve().parents[4] / "docs" / "cards" / "campaign-trail.md"


def _states(states: tuple[int, ...]) -> str:
    return ", ".join(ABBREVIATIONS[state] for state in states)


def action_text(action: Action) -> str:
    """One action as a card prints it."""
    kind = action.kind
    if kind in (Kind.FUNDRAISE, Kind.FLIP_CONTRIBUTORS):
        return f"{kind} ${action.amount}M"
    if kind in (Kind.REGISTER, Kind.CAMPAIGN, Kind.SWAY_MINDS):
        return f"{kind} {action.amount}"
    if kind is Kind.TRAVEL:
        return f"{kind} {action.amount}" + (" + plane" if action.plane else "")
    if kind is Kind.VOTER_SUPPRESSION:
        move = "plane" if action.plane else f"move {action.amount}"
        return f"{kind} ({move}, remove {action.voters})"
    if kind is Kind.ADVERTISE:
        return f"{kind} ${action.cost}M: {_states(action.states)}"
    if kind is Kind.MUDSLINGING:
        return f"{kind}: {', '.join(ISSUES[issue] for issue in action.issues)}"
    if kind is Kind.SMEAR_CAMPAIGN:
        return f"{kind}: {_states(action.states)}"
    return f"{kind}: {EFFECTS[action.effect].title}"


def _timing(effect: Effect) -> str:
    if effect.answers:
        return f"response to {effect.answers}"
    return "ongoing" if effect.ongoing else "instant"


def _row(card: Card) -> str:
    actions = "<br>".join(action_text(action) for action in card.actions)
    issues = ", ".join(ISSUES[issue] for issue in card.issues) or "Dirty Politics"
    return (
        f"| {card.number} | {card.title} | {actions} | {issues} | {_states(card.home_states)} | "
        f"{'not for 2p' if card.not_for_2p else ''} |"
    )


def markdown() -> str:
    """The card list, the effects, the candidates and the map, generated from the data."""
    lines = [
        "# Campaign Trail: the cards",
        "",
        "Generated from `domain/games/campaign_trail/cards/` by "
        "`python -m domain.games.campaign_trail.cards.catalogue`; do not edit by hand. The last section,",
        "the balance tables, is pasted from `backroom balance` (see `docs/balance.md`); the generator keeps",
        "it as it is.",
        "",
        "## Action cards",
        "",
        "| # | title | actions | debate issues | home states coloured | 2p |",
        "|---|---|---|---|---|---|",
        *(_row(card) for card in ALL_CARDS),
        "",
        "## Politicks and dirty tricks",
        "",
        "| effect | kind | text |",
        "|---|---|---|",
        *(f"| {e.title} | {_timing(e)} | {e.text} |" for e in EFFECTS.values()),
        "",
        "## Candidates",
        "",
        "| candidate | home | war chest | registered | advantage | disadvantage |",
        "|---|---|---|---|---|---|",
        *(
            f"| {c.name} | {ABBREVIATIONS[c.home]} | ${c.war_chest}M | {c.registered} | "
            f"{c.advantage[1]:+d} {MODIFIERS[c.advantage[0]]} | "
            f"{c.disadvantage[1]:+d} {MODIFIERS[c.disadvantage[0]]} |"
            for c in CANDIDATES
        ),
        "",
        "## States",
        "",
        ", ".join(f"{code} {name}" for code, name in zip(ABBREVIATIONS, NAMES, strict=True)),
        "",
    ]
    kept = kept_section(DOC)  # the balance table, pasted from `backroom balance`: kept as it is
    return "\n".join(lines) + ("\n" + kept if kept else "")


if __name__ == "__main__":
    DOC.parent.mkdir(exist_ok=True)
    DOC.write_text(markdown())
    print(f"wrote {DOC}")
