"""The automated accessibility check: axe-core (vendored, never fetched) run inside a page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = (Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
SERIOUS = {"serious", "critical"}
RUN = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => `${n.target.join(" ")}: ${n.failureSummary}`),
  }));
}"""


def serious_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical WCAG violations on ``page`` as it is drawn now."""
    return [violation for violation in violations(page) if violation["impact"] in SERIOUS]


def violations(page: Any) -> list[dict[str, Any]]:
    """Every axe-core violation on ``page`` as it is drawn now, moderate and minor ones too.

    The script is evaluated, not added as a tag: the pages' policy forbids inline scripts, rightly.
    """
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE)
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return found
