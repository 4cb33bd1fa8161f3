# SPDX-License-Identifier: GPL-2.0-only
"""The search over a range of n candidates, 0 the good end and n-1 the bad
one, from the verdicts so far (index -> "good", "bad" or "skip"): the last
good and the first bad narrow the range; the next step is the untested
candidate between them nearest its middle (the lower of two as near), so
a skipped candidate moves the step beside it, as git bisect skip does.
The next step follows from the verdicts alone: a resumed bisect takes the
same steps.

next_step(n, verdicts) -> Next: kind "step" (index), "found" (first_bad,
last_good) or "ambiguous" (the candidates that may be the first bad: the
skipped ones left and the first bad, last_good)
"""
from dataclasses import dataclass, field


@dataclass
class Next:
    kind: str
    index: int = None
    first_bad: int = None
    last_good: int = None
    candidates: list = field(default_factory=list)


def bounds(n, verdicts):
    """(last good, first bad): the highest good index and the lowest bad."""
    good = max([i for i, v in verdicts.items() if v == "good"] + [0])
    bad = min([i for i, v in verdicts.items() if v == "bad"] + [n - 1])
    return good, bad


def next_step(n, verdicts):
    lo, hi = bounds(n, verdicts)
    untested = [i for i in range(lo + 1, hi) if i not in verdicts]
    if untested:
        middle = (lo + hi) / 2
        return Next("step", index=min(untested, key=lambda i: (abs(i - middle), i)))
    skipped = [i for i in range(lo + 1, hi) if verdicts.get(i) == "skip"]
    if skipped:
        return Next("ambiguous", first_bad=hi, last_good=lo, candidates=skipped + [hi])
    return Next("found", first_bad=hi, last_good=lo)


def steps_left(n, verdicts):
    """About how many steps are left: log2 of the candidates between the
    bounds, rounded up."""
    lo, hi = bounds(n, verdicts)
    left, k = hi - lo - 1, 0
    while left > 0:
        left //= 2
        k += 1
    return k
