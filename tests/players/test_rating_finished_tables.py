"""The rules of rating (domain/ratings.py), at domain speed: who is rated, ties, anchors, forfeits,
stand-ins, the shown number, and a league where a player who gets stronger rises."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from domain import ratings
from domain.ratings import Finished, Rating, Ratings

AT = datetime(2026, 12, 6, tzinfo=UTC)


def finished(
    holders: tuple[str | None, ...], places: tuple[int, ...], table: str = "t1", **more: object
) -> Finished:
    stood = more.pop("stood_in", (False,) * len(holders))
    return Finished(table=table, game="g", at=AT, holders=holders, places=places, stood_in=stood, **more)  # type: ignore[arg-type]


def rated(events: list[ratings.TableRated], state: Ratings | None = None) -> Ratings:
    return ratings.fold(events, state)


def test_ties_share_a_place_and_equal_players_who_tie_stay_equal() -> None:
    """Rule 1: ties share a place; two new players tied behind a winner get the same rating."""
    [event] = ratings.decide(Ratings(), finished(("ann", "bob", "cid"), (1, 2, 2)))
    after = rated([event]).players
    assert after["bob"] == after["cid"] and after["ann"].mu > after["bob"].mu


def test_bots_are_anchors_that_never_move() -> None:
    """Rule 3: a bot's rating is its anchor, whatever it wins or loses, over a thousand tables."""
    state, bot = Ratings(), ratings.bot_id("ismcts", 2)
    rng = random.Random(3)
    for number in range(1000):
        places = (1, 2) if rng.random() < 0.5 else (2, 1)
        for event in ratings.decide(state, finished(("ann", bot), places, table=str(number))):
            state = ratings.evolve(state, event)
    assert bot not in state.players
    assert ratings.rating_of(state, bot) == Rating(ratings.ANCHORS[("ismcts", 2)], ratings.ANCHOR_SIGMA, 0)


def test_a_table_of_guests_bots_or_unrated_is_not_rated() -> None:
    """Rule 1: a guest at the table, an opener's ``"rated": false``, or bots alone: nothing is rated."""
    assert ratings.decide(Ratings(), finished(("ann", None), (1, 2))) == []
    assert ratings.decide(Ratings(), finished(("ann", "bob"), (1, 2), rated=False)) == []
    bots = (ratings.bot_id("random", 1), ratings.bot_id("greedy", 1))
    assert ratings.decide(Ratings(), finished(bots, (1, 2))) == []


def test_a_seat_a_stand_in_played_mostly_is_not_rated() -> None:
    """Rule 2: the stood-in seat keeps its rating; the others are rated against it."""
    [event] = ratings.decide(Ratings(), finished(("ann", "bob"), (1, 2), stood_in=(False, True)))
    after = rated([event]).players
    assert "bob" not in after and after["ann"].games == 1


def test_a_table_is_rated_once() -> None:
    """Rule 6: asking again for a table rated already appends nothing."""
    table = finished(("ann", "bob"), (2, 1))
    state = rated(ratings.decide(Ratings(), table))
    assert ratings.decide(state, table) == []


def test_the_shown_rating_is_the_documented_ordinal_and_provisional_until_five() -> None:
    """Rule 4: 40 * (mu - 3 sigma) + 1000; a new player shows 1000, "provisional (0 of 5)"."""
    assert ratings.shown(Rating()) == 1000.0
    assert ratings.shown(Rating(30.0, 2.0, 9)) == 40 * (30 - 6) + 1000
    assert ratings.provisional(Rating(games=4)) == "provisional (4 of 5)"
    assert ratings.provisional(Rating(games=5)) is None


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.floats(10, 40), st.floats(0.5, 8.4), st.integers(0, 50)), min_size=2, max_size=5),
    st.data(),
)
def test_a_win_never_lowers_a_rating(seats: list[tuple[float, float, int]], data: st.DataObject) -> None:
    """Rule 5: the seat alone in first place shows no lower a rating after the table than before."""
    handles = tuple(f"p{n}" for n in range(len(seats)))
    state = Ratings(
        players={h: Rating(mu, sigma, games) for h, (mu, sigma, games) in zip(handles, seats, strict=True)}
    )
    others = data.draw(st.lists(st.integers(2, len(seats)), min_size=len(seats) - 1, max_size=len(seats) - 1))
    [event] = ratings.decide(state, finished(handles, (1, *others)))
    before, after = state.players["p0"], rated([event], state).players["p0"]
    assert ratings.shown(after) >= ratings.shown(before)


def test_chances_to_win_sum_to_one() -> None:
    """Before the deal each seat's chance comes from the ratings, and they sum to 1."""
    chance = ratings.chances([Rating(30, 2), Rating(), ratings.anchor(ratings.bot_id("greedy", 1))])
    assert math.isclose(sum(chance), 1.0, abs_tol=1e-9) and chance[0] == max(chance)


def test_recomputing_from_the_recorded_places_equals_the_recorded_ratings() -> None:
    """Rule 6: the stream's places alone, rated again from nothing, give every recorded rating."""
    rng, state, events = random.Random(5), Ratings(), []
    names = ["ann", "bob", "cid", ratings.bot_id("greedy", 2)]
    for number in range(60):
        seats = rng.sample(names, rng.randint(2, 4))
        places = tuple(rng.randint(1, len(seats)) for _ in seats)
        for event in ratings.decide(state, finished(tuple(seats), places, table=str(number))):
            state, events = ratings.evolve(state, event), [*events, event]
    assert ratings.recomputed(events) == state


def league(seed: int, up: bool = True, settled: int = 200, after: int = 40) -> tuple[float, float]:
    """A player at greedy-1's strength plays ``settled`` two-seat tables against a field of bots, then
    (``up``) levels up to ismcts-2's strength for ``after`` more; their mu when they level up, and after."""
    rng, state, true = random.Random(seed), Ratings(), ratings.ANCHORS[("greedy", 1)]
    field = [("greedy", 1), ("greedy", 3), ("ismcts", 1), ("ismcts", 2), ("random", 1)]
    spread = math.sqrt(2) * ratings.PARAMETERS["beta"]
    levelled = 0.0
    for number in range(settled + after):
        if number == settled:
            true, levelled = ratings.ANCHORS[("ismcts", 2)] if up else true, state.players["ann"].mu
        policy, level = rng.choice(field)
        wins = rng.random() < 1 / (1 + math.exp((ratings.ANCHORS[(policy, level)] - true) / spread))
        table = finished(
            ("ann", ratings.bot_id(policy, level)), (1, 2) if wins else (2, 1), table=str(number)
        )
        for event in ratings.decide(state, table):
            state = ratings.evolve(state, event)
    return levelled, state.players["ann"].mu


def test_a_player_who_gets_stronger_rises_within_forty_games() -> None:
    """Ratings keep moving (tau > 0): a veteran of 200 tables who levels up (greedy 1 to ismcts 2, 7
    points of mu) rises within 40 games in every one of 20 simulated leagues, by 40 shown points at
    least and by over a third of the gap on average, where their twins who did not level up stay put."""
    rises = [after - before for before, after in (league(seed) for seed in range(20))]
    stays = [after - before for before, after in (league(seed, up=False) for seed in range(20))]
    assert min(rises) > 1.0 and sum(rises) / len(rises) > 7 / 3, rises
    assert abs(sum(stays) / len(stays)) < 1.0, stays
