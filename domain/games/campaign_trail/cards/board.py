"""The map, as data: 50 states and DC, their electoral votes, neighbours, tiebreakers and issues.

Electoral votes are the 2012-2020 apportionment (538 in all). Neighbours follow real geography (states
touching only at a corner, such as Arizona and Colorado, are not neighbours); Alaska and Hawaii have
none and are reached by plane. Each state's primary and secondary tiebreaker party is ours, chosen so
that the start is balanced: in a 3-party game the Democrats and the Republicans start with 179
electoral votes and the Libertarians with 180 (538 does not split in three); in a 2-party game each
side starts with 269. The issues each state cares about are ours too, except that California shows
Gender Equality and Florida, North Dakota and Hawaii show Health Care (the module's worked example).
"""

from __future__ import annotations

from enum import IntEnum


class Party(IntEnum):
    """The three parties; a party's number is also the seat that plays it."""

    DEMOCRAT = 0
    REPUBLICAN = 1
    LIBERTARIAN = 2


D, R, L = Party.DEMOCRAT, Party.REPUBLICAN, Party.LIBERTARIAN
PARTY_NAMES = ("Democrat", "Republican", "Libertarian")

ISSUES = (
    "Economy",
    "Health Care",
    "Gender Equality",
    "Immigration",
    "Defense",
    "Family Values",
    "Environment",
    "Education",
)
"""The eight debate issues."""

# abbreviation: (name, electoral votes, primary tiebreaker, secondary tiebreaker, issues, neighbours)
_STATES: dict[str, tuple[str, int, Party, Party, str, str]] = {
    "AL": ("Alabama", 9, R, D, "Defense Family Values", "FL GA MS TN"),
    "AK": ("Alaska", 3, R, L, "Defense Environment", ""),
    "AZ": ("Arizona", 11, R, L, "Immigration", "CA NV NM UT"),
    "AR": ("Arkansas", 6, R, D, "Family Values", "LA MO MS OK TN TX"),
    "CA": ("California", 55, D, L, "Gender Equality Immigration", "AZ NV OR"),
    "CO": ("Colorado", 9, L, D, "Environment Education", "KS NE NM OK UT WY"),
    "CT": ("Connecticut", 7, D, R, "Education", "MA NY RI"),
    "DE": ("Delaware", 3, D, R, "Economy", "MD NJ PA"),
    "DC": ("District of Columbia", 3, D, L, "Defense", "MD VA"),
    "FL": ("Florida", 29, L, R, "Health Care Immigration", "AL GA"),
    "GA": ("Georgia", 16, R, D, "Defense Economy", "AL FL NC SC TN"),
    "HI": ("Hawaii", 4, D, L, "Health Care Environment", ""),
    "ID": ("Idaho", 4, R, L, "Family Values", "MT NV OR UT WA WY"),
    "IL": ("Illinois", 20, D, R, "Economy Education", "IN IA KY MO WI"),
    "IN": ("Indiana", 11, R, D, "Economy", "IL KY MI OH"),
    "IA": ("Iowa", 6, L, R, "Family Values Education", "IL MN MO NE SD WI"),
    "KS": ("Kansas", 6, L, R, "Family Values", "CO MO NE OK"),
    "KY": ("Kentucky", 8, R, D, "Defense", "IL IN MO OH TN VA WV"),
    "LA": ("Louisiana", 8, R, D, "Family Values", "AR MS TX"),
    "ME": ("Maine", 4, D, R, "Environment", "NH"),
    "MD": ("Maryland", 10, D, R, "Defense", "DE PA VA WV DC"),
    "MA": ("Massachusetts", 11, D, L, "Environment Education", "CT NH NY RI VT"),
    "MI": ("Michigan", 16, L, D, "Economy Education", "IN OH WI"),
    "MN": ("Minnesota", 10, L, D, "Environment Education", "IA ND SD WI"),
    "MS": ("Mississippi", 6, R, D, "Defense", "AL AR LA TN"),
    "MO": ("Missouri", 10, R, D, "Family Values", "AR IL IA KS KY NE OK TN"),
    "MT": ("Montana", 3, R, L, "Family Values", "ID ND SD WY"),
    "NE": ("Nebraska", 5, R, L, "Family Values", "CO IA KS MO SD WY"),
    "NV": ("Nevada", 6, L, D, "Immigration", "AZ CA ID OR UT"),
    "NH": ("New Hampshire", 4, L, D, "Environment", "ME MA VT"),
    "NJ": ("New Jersey", 14, D, R, "Economy", "DE NY PA"),
    "NM": ("New Mexico", 5, L, D, "Immigration", "AZ CO OK TX"),
    "NY": ("New York", 29, D, R, "Economy Education", "CT MA NJ PA VT"),
    "NC": ("North Carolina", 15, L, R, "Economy Education", "GA SC TN VA"),
    "ND": ("North Dakota", 3, R, L, "Health Care", "MN MT SD"),
    "OH": ("Ohio", 18, L, R, "Economy", "IN KY MI PA WV"),
    "OK": ("Oklahoma", 7, R, L, "Family Values", "AR CO KS MO NM TX"),
    "OR": ("Oregon", 7, L, D, "Environment", "CA ID NV WA"),
    "PA": ("Pennsylvania", 20, L, D, "Economy", "DE MD NJ NY OH WV"),
    "RI": ("Rhode Island", 4, D, R, "Environment", "CT MA"),
    "SC": ("South Carolina", 9, R, D, "Economy Defense", "GA NC"),
    "SD": ("South Dakota", 3, R, L, "Family Values", "IA MN MT ND NE WY"),
    "TN": ("Tennessee", 11, R, D, "Defense", "AL AR GA KY MS MO NC VA"),
    "TX": ("Texas", 38, R, L, "Immigration Defense", "AR LA NM OK"),
    "UT": ("Utah", 6, L, R, "Family Values", "AZ CO ID NV WY"),
    "VT": ("Vermont", 3, D, L, "Environment", "MA NH NY"),
    "VA": ("Virginia", 13, L, D, "Defense Education", "KY MD NC TN WV DC"),
    "WA": ("Washington", 12, D, L, "Environment Defense", "ID OR"),
    "WV": ("West Virginia", 5, R, D, "Economy", "KY MD OH PA VA"),
    "WI": ("Wisconsin", 10, L, R, "Economy Education", "IL IA MI MN"),
    "WY": ("Wyoming", 3, R, L, "Family Values", "CO ID MT NE SD UT"),
}

ABBREVIATIONS: tuple[str, ...] = tuple(_STATES)
"""Every state's two-letter code; a state's number is its index here."""
STATE_COUNT = len(ABBREVIATIONS)
INDEX: dict[str, int] = {code: number for number, code in enumerate(ABBREVIATIONS)}
NAMES: tuple[str, ...] = tuple(row[0] for row in _STATES.values())
ELECTORAL_VOTES: tuple[int, ...] = tuple(row[1] for row in _STATES.values())
PRIMARY: tuple[Party, ...] = tuple(row[2] for row in _STATES.values())
SECONDARY: tuple[Party, ...] = tuple(row[3] for row in _STATES.values())


def _issues(text: str) -> tuple[int, ...]:
    """Issue names (some of two words) as issue numbers."""
    return tuple(number for number, issue in enumerate(ISSUES) if issue in text)


STATE_ISSUES: tuple[tuple[int, ...], ...] = tuple(_issues(row[4]) for row in _STATES.values())
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(INDEX[code] for code in row[5].split())) for row in _STATES.values()
)
STATES_SHOWING: tuple[tuple[int, ...], ...] = tuple(
    tuple(state for state in range(STATE_COUNT) if issue in STATE_ISSUES[state])
    for issue in range(len(ISSUES))
)
"""For each issue, the states that show it."""

ETHICALLY_MINDED: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[code] for code in codes.split())
    for codes in ("MD MA NJ CT WA", "GA KY MO AZ AL", "NC VA CO MN OR")
)
"""Each party's five ethically minded states, exactly as the module lists them (by party number)."""


def state(code: str) -> int:
    """The number of the state with two-letter ``code``."""
    return INDEX[code]
