"""The Mann-Whitney U test (two-sided), for telling whether two samples come from one distribution.

Written here (scipy is not a dependency): ``U`` from the mid-ranks of the pooled samples, and the
two-sided p-value from its normal approximation with the tie correction and a continuity correction
(Mann and Whitney 1947; the approximation is close for samples of 20 or more, as here: 64 + 64).
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def mann_whitney(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """``(U of xs, two-sided p)``: p near 1 when the samples look alike, near 0 when one runs higher."""
    n, m = len(xs), len(ys)
    pooled = sorted([(value, 0) for value in xs] + [(value, 1) for value in ys])
    ranks: list[float] = [0.0] * len(pooled)
    ties = 0.0
    start = 0
    while start < len(pooled):
        end = start
        while end + 1 < len(pooled) and pooled[end + 1][0] == pooled[start][0]:
            end += 1
        for index in range(start, end + 1):
            ranks[index] = (start + end) / 2 + 1  # the mid-rank of a run of equal values
        size = end - start + 1
        ties += size**3 - size
        start = end + 1
    u = sum(rank for rank, (_, sample) in zip(ranks, pooled, strict=True) if sample == 0) - n * (n + 1) / 2
    total = n + m
    variance = n * m / 12 * ((total + 1) - ties / (total * (total - 1)))
    if variance <= 0:
        return u, 1.0  # every value equal: nothing tells the samples apart
    z = max(0.0, abs(u - n * m / 2) - 0.5) / math.sqrt(variance)
    return u, math.erfc(z / math.sqrt(2))
