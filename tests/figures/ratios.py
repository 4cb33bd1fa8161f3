# SPDX-License-Identifier: GPL-2.0-only
"""ratios.py: the statistics of the figures scripts that compare two sides
(fidelity.py, fidelity-instructions.py, harness.py, sampler-cost.py).

median(values)          the median (the mean of the middle two of an even count)
geomean(values)         the geometric mean
median_interval(values) the 95 % confidence interval of the median, from the
                        order statistics (no assumption about the spread's
                        shape); None for fewer than 6 values
verdict(rows, goal)     (how many rows reach goal, how many rows, the lowest
                        (ratio, label)) of rows, a list of (ratio, label)
"""
import math


def median(values):
    v = sorted(values)
    if not v:
        raise ValueError("the median of nothing")
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def geomean(values):
    return math.exp(sum(math.log(x) for x in values) / len(values))


def median_interval(values, level=0.95):
    """(low, high): the k-th smallest and k-th largest of values, k the
    largest for which the chance that the median lies outside them is at
    most 1 - level (each value falls on either side of the median with
    probability 1/2: a binomial tail)."""
    v, n = sorted(values), len(values)
    tail, k, below = (1 - level) / 2, 0, 0.0
    # below: the chance that at most k values fall under the median
    while k < n:
        below += math.comb(n, k) / 2 ** n
        if below > tail:
            break
        k += 1
    return (v[k - 1], v[n - k]) if k > 0 else None


def verdict(rows, goal=0.95):
    return sum(1 for r, _ in rows if r >= goal), len(rows), min(rows)
