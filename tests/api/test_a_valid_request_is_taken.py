"""Property-based requests generated from the OpenAPI, judged by schemathesis' ``positive_data_acceptance``
(issue 34, item 7): a request the schema calls valid is never refused as malformed.

The tables, the app and the pointing of cases at real tables are those of
:mod:`tests.api.test_the_api_does_what_its_schema_says`. Beside the check's own list of answers that do
not refuse a request's form (2xx, 3xx, 401, 403, 404, 409, 429, 5xx), a valid request may be answered:

- 410 (the open table expired) and 412 (``If-Match`` names a version no longer the game's latest): the
  table's state answers, as 409 does;
- 422 with a ``rule/`` code: the move is refused by the rules (an illegal move is 422 by design, issue
  34); the schema describes a command's form, never whether the game allows it now;
- 422 with an ``options/`` code: the game named refuses the seat count, its options or a bot's seat
  (the game's seat range and options are in the catalogue; NewGame's description says so);
- 422 for another game's command: the Command schema lists every game's commands, and a table takes
  only its own game's (the schema's ``x-commands-by-game`` and description say so): a body that does not
  fit its table's game's schema there, by JSON Schema, even when its ``type`` is one that game has too
  (Super PACS's ``PlayCard`` sent to a Politrickers table);
- 422 for a stream ticket sent with a seat token: the operation's ``x-exclusive-parameters`` and the
  parameters' descriptions say they are exclusive (JSON Schema cannot relate two parameters).

Each of these is read from the request and the schema, never from the answer's wording alone.
"""

from __future__ import annotations

import itertools
from typing import Any
from unittest.mock import patch

import pytest
import schemathesis
from jsonschema import Draft202012Validator
from schemathesis.checks import positive_data_acceptance
from schemathesis.config import SchemathesisConfig

from api.http.openapi import BY_GAME, EXCLUSIVE
from projections import queries
from tests.api.test_the_api_does_what_its_schema_says import APP, ASGI, FUZZED, WAIT, each_operation, pointed

EXPECTED = ["2xx", "3xx", "401", "403", "404", "409", "410", "412", "429", "5xx"]
CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {"positive_data_acceptance": {"expected-statuses": EXPECTED}},
        "generation": {"mode": "positive"},
    }
)
"""Valid requests only: the check judges positive cases alone, and the negative ones it passed over were
half of the generated requests and of the collection's cases (those are the sibling module's)."""
GAMES = ("politrickers", "slush-fund-2", "pile")
"""The game of each of :data:`TABLES` (a waiting table, a playing one, a finished one)."""
schema = schemathesis.openapi.from_asgi("/openapi.json", ASGI, config=CONFIG)
one_valid_operation = each_operation(schema, CONFIG)
lazy = schemathesis.pytest.from_fixture("one_valid_operation")
_document: dict[str, Any] = APP.openapi()
_turns = itertools.count()


def _tags(game: str) -> set[str]:
    """The command types a table of ``game`` takes, from the Command schema's note of each game's."""
    return _tags_in(_document["components"]["schemas"]["Command"][BY_GAME][game])


def _tags_in(found: dict[str, Any]) -> set[str]:
    if "$ref" in found:
        return _tags_in(_document["components"]["schemas"][found["$ref"].rsplit("/", 1)[1]])
    if "anyOf" in found:
        return {tag for kind in found["anyOf"] for tag in _tags_in(kind)}
    return set(found["properties"]["type"]["enum"])


def _fits(game: str, body: Any) -> bool:
    """Whether ``body`` fits the schema the document gives ``game``'s commands (``x-commands-by-game``)."""
    own = _document["components"]["schemas"]["Command"][BY_GAME][game]
    return Draft202012Validator({**own, "components": _document["components"]}).is_valid(body)


def documented_refusal(case: Any, response: Any, table: int | None) -> str | None:
    """Why the schema itself says this valid request is refused (see the module docstring), or ``None``."""
    if response.status_code != 422:
        return None
    code = response.json()["error"]["code"]
    if code.startswith(("rule/", "options/")):
        return code
    if case.path.endswith("/commands") and table is not None and not _fits(GAMES[table], case.body):
        return "another game's command"
    operation = _document["paths"][case.path][case.method.lower()]
    given = {name.lower() for name in [*(case.query or {}), *(case.headers or {})]}
    if any(set(together) <= given for together in operation.get(EXCLUSIVE, [])):
        return "exclusive parameters"
    return None


@pytest.mark.slow  # the full run only: a real server, or seconds of search (tests/conftest.py)
@lazy.parametrize()
@FUZZED
def test_no_request_valid_by_the_schema_is_refused_but_as_documented(case: Any) -> None:
    """Every generated valid request is taken, or refused only as the schema says it may be."""
    table = pointed(case, next(_turns))
    with patch.object(queries, "WAIT", WAIT):
        response = case.call()
    if documented_refusal(case, response, table) is None:
        case.validate_response(response, checks=[positive_data_acceptance])


def test_the_refusals_forgiven_are_the_documented_ones() -> None:
    """The notes the check reads are in the schema: each game's commands, the stream's credentials."""
    assert _tags("pile") == {"Take"} and "DrawCards" in _tags("slush-fund-2")
    assert _fits("politrickers", {"type": "PlayCard", "card": 3, "switch_party": True})
    assert not _fits("politrickers", {"type": "PlayCard", "action": 0, "card": 0, "target": -1})
    assert not _fits("pile", {"type": "DrawCards"}) and _fits("pile", {"type": "Take", "count": 2})
    stream = _document["paths"]["/api/games/{game_id}/stream"]["get"]
    assert ["ticket", "token"] in stream[EXCLUSIVE]
    assert "'options/'" in _document["components"]["schemas"]["NewGame"]["description"]
    assert "412" in CONFIG.projects.get_default().checks.positive_data_acceptance.expected_statuses
