# SPDX-License-Identifier: GPL-2.0-only
"""Verdicts from bootbench-report: every figure and every test here is the
report's (--format json: the Welch test on the boots' values, Fieller's
interval, no claim under 3 boots a side, and its practical threshold: two
sides differ when the change is marked, significant and at least
--threshold); this module only reads them and applies the bisect's rule.

compare(where, sides, a, b, request)
    side a against side b (the baseline), both directories under sides:
    a Comparison, or an Error naming what the report said
classify(vs_good, vs_bad)
    a step's verdict from its comparisons with the good end and the bad
    end: ("good" | "bad" | "undecided", why)
drift(vs_good, vs_bad)
    why the ends should be booted again beside an undecided step (the
    host's load class changed, or the step lies beyond both ends), or None

The rule (doc/bisect.md), "better" and "worse" the report's marked
verdicts:
  good       better than the bad end, not different from the good end (or
             better than it: beyond the good end)
  bad        worse than the good end, not different from the bad end (or
             worse than it: beyond the bad end)
  both       different from both ends, between them: the nearer end by the
             means, said so
  otherwise  undecided: more boots
"""
import math
import subprocess
from dataclasses import dataclass

from bootbench import Error, jsonfile


@dataclass
class Figures:
    """One side's cell: its boots' values and what the report says of them."""
    label: str
    n: int
    boots: int
    mean: float
    median: float
    boot_values: list
    boot_cov: float
    host_load: str = None


@dataclass
class Comparison:
    """Side a against side b, the baseline."""
    a: Figures
    b: Figures
    metric: str
    higher_is_better: bool
    change: float             # % change of the mean of the boots' values
    low: float                # its interval, None when unbounded or untested
    high: float
    p: float
    significant: bool         # the test alone
    threshold: float          # the report's threshold of the metric, in %
    marked: bool              # significant and at least the threshold
    verdict: str              # better, worse (both marked), below threshold,
                              # no significant change, not tested
    no_claim: str             # why untested (fewer-boots), or None

    def text(self):
        """"-38.0% [-45.1, -29.9]*": the change, the interval, the mark."""
        return change_text(self.record())

    def record(self):
        return {"against": self.b.label, "change_pct": self.change, "low_pct": self.low,
                "high_pct": self.high, "p": self.p, "significant": self.significant,
                "threshold_pct": self.threshold, "marked": self.marked, "verdict": self.verdict}


def change_text(rec):
    """A comparison's record (Comparison.record()) as "-38.0% [-45.1, -29.9]*":
    the change, its interval, * when marked (significant and at least the
    threshold; a record made before the threshold: significant); "?" when
    untested."""
    change = rec.get("change_pct")
    if change is None or not math.isfinite(change):
        return "-"
    if rec.get("verdict") == "not tested":
        return "%+.1f%%?" % change
    ci = "[%+.1f, %+.1f]" % (rec["low_pct"], rec["high_pct"]) if rec.get("low_pct") is not None \
        else "[unbounded]"
    return "%+.1f%% %s%s" % (change, ci, "*" if rec.get("marked", rec.get("significant")) else "")


def _figures(cell, label, loads):
    return Figures(label, cell["n"], cell["boots"], cell["mean"], cell["median"],
                   cell["boot_values"], cell.get("boot_cov_pct"), loads.get(cell["column"]))


def _host_loads(report):
    """column value -> its host load class, where the report has one."""
    letters = {c["label"]: c["value"] for c in report.get("columns", [])}
    out = {}
    for fact in report.get("facts", []):
        if fact.get("key") != "host load":
            continue
        for v in fact.get("values", []):
            for letter in v.get("columns", "").split():
                out[letters.get(letter)] = v.get("value")
    return out


def run_report(where, sides, args):
    """The report's JSON object for args (run in the directory sides)."""
    argv = [where.report, "--format", "json"] + args
    try:
        done = subprocess.run(argv, cwd=sides, capture_output=True, text=True, errors="replace")
    except OSError as e:
        raise Error("cannot run %s: %s (run make)" % (where.report, e.strerror)) from None
    if done.returncode not in (0, 1):
        said = [l for l in done.stderr.split("\n") if l.strip()]
        raise Error(said[-1] if said else "%s exited %d" % (where.report, done.returncode),
                    done.returncode)
    return jsonfile.parse(done.stdout, "the report's JSON")


def selection(request, case, confidence=None):
    """The report's options of the case and metric compared, at confidence
    (default --confidence) and the threshold."""
    return ["--case", case, "--confidence", confidence or request.confidence] + \
        (["--threshold", request.threshold] if request.threshold is not None else []) + \
        (["--metric", request.metric] if request.metric else [])


def compare(where, sides, a, b, request, case, confidence=None):
    report = run_report(where, sides, ["--by", "argument", "--baseline", b] +
                        selection(request, case, confidence) + [a, b])
    tables = report.get("tables", [])
    rows = [row for t in tables for row in t["rows"]]
    if len(rows) != 1:
        raise Error("case %s is %d rows of the report of %s and %s, not one: name one case "
                    "with --case" % (case, len(rows), a, b), 2)
    table, cells = tables[0], {c["column"]: c for c in rows[0]["cells"]}
    loads = _host_loads(report)
    missing = [s for s in (a, b) if s not in cells]
    if missing:
        raise Error("no measurement of case %s in the runs of %s" % (case, " and ".join(missing)))
    ca, cb = cells[a], cells[b]
    change = ca["change"]
    test, ci = change.get("test"), change.get("interval")
    bounded = bool(ci and ci.get("bounded"))
    return Comparison(_figures(ca, a, loads), _figures(cb, b, loads), table["metric"],
                      table["higher_is_better"], change.get("mean_pct"),
                      ci["low_pct"] if bounded else None, ci["high_pct"] if bounded else None,
                      test["p"] if test else None, bool(test and test["significant"]),
                      change.get("threshold_pct"), bool(change.get("marked")),
                      change.get("verdict"), change.get("no_claim"))


def _said(c, end):
    """How a step relates to an end, in words, with the figures."""
    words = {"better": "better than", "worse": "worse than",
             "no significant change": "not different from",
             "below threshold": "not different (below the threshold) from",
             "not tested": "not yet tested against"}
    return "%s %s (%s)" % (words.get(c.verdict, c.verdict), end, c.text())


# The report's verdicts of two sides that do not differ: not significant,
# or significant but smaller than the threshold.
SAME = ("no significant change", "below threshold")


def classify(vs_good, vs_bad):
    g, b = vs_good.verdict, vs_bad.verdict
    said = "%s, %s" % (_said(vs_good, "good"), _said(vs_bad, "bad"))
    if "not tested" in (g, b):
        return "undecided", said
    if b == "better" and g in SAME + ("better",):
        return "good", said + ("; beyond the good end" if g == "better" else "")
    if g == "worse" and b in SAME + ("worse",):
        return "bad", said + ("; beyond the bad end" if b == "worse" else "")
    if g == "worse" and b == "better":
        step, good, bad = vs_good.a.mean, vs_good.b.mean, vs_bad.b.mean
        nearer = "good" if abs(step - good) < abs(step - bad) else "bad"
        return nearer, "%s; different from both ends, nearer the %s one" % (said, nearer)
    return "undecided", said


def drift(vs_good, vs_bad):
    step, good, bad = vs_good.a, vs_good.b, vs_bad.b
    loads = {step.host_load, good.host_load, bad.host_load}
    if None not in loads and len(loads) > 1:
        return "the host's load differed (step %s, good %s, bad %s)" % (
            step.host_load, good.host_load, bad.host_load)
    lo, hi = sorted((good.mean, bad.mean))
    if step.mean < lo or step.mean > hi:
        return "the step's mean %.4g lies beyond both ends' (%.4g, %.4g)" % (step.mean, good.mean, bad.mean)
    return None
