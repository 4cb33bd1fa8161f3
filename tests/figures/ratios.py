# SPDX-License-Identifier: GPL-2.0-only
"""ratios.py: the statistics of the figures scripts that compare two sides
(fidelity.py, fidelity-instructions.py, harness.py).

median(values)          the median (the mean of the middle two of an even count)
geomean(values)         the geometric mean
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


def verdict(rows, goal=0.95):
    return sum(1 for r, _ in rows if r >= goal), len(rows), min(rows)
