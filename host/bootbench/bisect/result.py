# SPDX-License-Identifier: GPL-2.0-only
"""What a bisect says: the ends' figures, the steps' table, the answer and
the report of the last good against the first bad (text and HTML, with the
machine's monitors), and --dry-run's account of what it would do.  The
same goes into bisect.json."""
import os
import subprocess

from bootbench import Error, runs
from bootbench.bisect import verdicts


def figures_record(f):
    return {"label": f.label, "n": f.n, "boots": f.boots, "mean": f.mean, "median": f.median,
            "boot_values": f.boot_values, "boot_cov_pct": f.boot_cov, "host_load": f.host_load}


def ends_record(cmp, confidence):
    rec = {"good": figures_record(cmp.b), "bad": figures_record(cmp.a), "metric": cmp.metric,
           "higher_is_better": cmp.higher_is_better, "confidence_pct": float(confidence)}
    rec.update({k: v for k, v in cmp.record().items() if k != "against"})
    return rec


def _fig(f):
    cov = " CoV %.1f%%" % f.boot_cov if f.boot_cov is not None else ""
    return "%.4g (%d boot%s%s)" % (f.median, f.boots, "" if f.boots == 1 else "s", cov)


def ends_line(cmp):
    """"tps: good 00-6.12 1934 (3 boots, CoV 5.1%), bad ... 1163 (...):
    -39.9% [-45.0, -34.1]*"."""
    return "%s: good %s %s, bad %s %s: %s" % (cmp.metric, cmp.b.label, _fig(cmp.b), cmp.a.label,
                                               _fig(cmp.a), cmp.text())


def failures(state_path, side):
    """Why a side's boots failed: the first failed run's status line, or
    the boots that left no run."""
    for rel in side["failed"]:
        _, text = runs.summary(os.path.join(state_path, rel))
        if text.strip():
            return text.strip().split("\n")[0]
    if side["lost_boots"]:
        return "%d boot%s left no run (see %s/console/)" % (
            side["lost_boots"], "" if side["lost_boots"] == 1 else "s",
            os.path.join(state_path, "sides", side["label"]))
    return "no run was done"


def minutes(seconds):
    m, s = divmod(int(round(seconds)), 60)
    return "%d min %d s" % (m, s) if m else "%d s" % s


def dry_run(b):
    r = b.r
    print("%s: %s %s, case %s, metric %s, suite %s" % (
        "bootbench-bisect", len(b.cands), "kernels" if r.kernels else "commits", b.case,
        r.metric or "(the case's primary)", b.suite))
    for c in b.cands:
        role = " (good)" if c.index == 0 else " (bad)" if c.index == len(b.cands) - 1 else ""
        print("  %s  %s%s" % (c.label, c.describe(), role))
    print("state: %s (%s)" % (b.state.path, "resumes a bisect" if os.path.exists(
        os.path.join(b.state.path, "identity.json")) else "new"))
    clock = "instructions:%d%s" % (r.icount_shift, ",sleep=off" if getattr(
        b.booter, "model", None) else "") if r.clock == "instructions" else r.clock
    print("boots: %d per end and step at first, up to %d; %s" % (
        r.boots, r.max_boots, "--boot-cmd" if r.boot_cmd else "QEMU%s, clock %s"
        % (" walk" if r.walk else "", clock) + ("; target: model disk %s" % b.booter.model.name
                                                 if getattr(b.booter, "model", None) else "")))
    return 0


def final_report(b, last_good, first_bad):
    """The report of the last good against the first bad: its text (also
    in DIR/report.txt) and DIR/report.html."""
    sides = os.path.join(b.state.path, "sides")
    html = os.path.join(b.state.path, "report.html")
    argv = [b.where.report, "--by", "argument", "--baseline", last_good.label, "--monitors",
            "--html", html] + verdicts.selection(b.r, b.case) + [last_good.label, first_bad.label]
    done = subprocess.run(argv, cwd=sides, capture_output=True, text=True, errors="replace")
    if done.returncode not in (0, 1):
        raise Error("the final report failed: %s" % done.stderr.strip().split("\n")[-1])
    with open(os.path.join(b.state.path, "report.txt"), "w", encoding="utf-8") as f:
        f.write(done.stdout)
    return done.stdout


def steps_table(b):
    rec = b.rec
    if not rec["steps"]:
        return "no steps: the ends are next to each other"
    lines = ["steps (in the order taken):",
             "  %-20s %5s  %-12s %-8s %s" % ("candidate", "boots", rec["endpoints"]["metric"]
                                            if rec["endpoints"] else "value", "verdict", "change against good")]
    for st in rec["steps"]:
        value = "%.4g" % st["value"]["median"] if st["value"] else "-"
        change = verdicts.change_text(st["against_good"]) if st["against_good"] else "-"
        lines.append("  %-20s %5d  %-12s %-8s %s" % (st["label"], st["boots"], value, st["verdict"],
                                                     change))
        if st.get("subject"):
            lines.append("      %s" % st["subject"])
        lines.append("      why: %s" % st["why"])
    return "\n".join(lines)


def merge_hint(b, cand):
    if not cand.commit or not b.tree:
        return None
    parents = b.tree.parents(cand.commit)
    if len(parents) < 2:
        return None
    return ("%s is a merge: the change came with its branch; bisect it with --good "
            "$(git merge-base %s %s) --bad %s" % (cand.name(), parents[0][:12], parents[1][:12],
                                                 parents[1][:12]))


def finish(b, nxt, change):
    """The answer, said and recorded; the exit status (0 found, 3 several
    candidates).  change: the first bad against the last good."""
    rec, cands = b.rec, b.cands
    first_bad, last_good = cands[nxt.first_bad], cands[nxt.last_good]
    ends = rec["endpoints"]
    what = "commit" if first_bad.commit else "kernel"
    ends_boots = sum(rec["sides"][c.label]["boots"] for c in (cands[0], cands[-1]))
    b.save()
    summary = ["case %s, %s (%s is better)" % (b.case, ends["metric"],
                                              "higher" if ends["higher_is_better"] else "lower"),
               "good end %s: %s" % (cands[0].label, _fig(_figs(ends["good"]))),
               "bad end  %s: %s; change %s at %g%% confidence" % (
                   cands[-1].label, _fig(_figs(ends["bad"])), verdicts.change_text(ends),
                   ends["confidence_pct"]),
               steps_table(b),
               "%d steps, %d boots (%d of the ends, %d of the steps), wall time %s" % (
                   len(rec["steps"]), rec["boots"], ends_boots, rec["boots"] - ends_boots,
                   minutes(rec["wall_seconds"]))]
    if nxt.kind == "ambiguous":
        names = [cands[i].describe() for i in nxt.candidates]
        line = "the first bad %s is one of %d: %s (skipped steps leave them apart)" % (
            what, len(names), "; ".join(names))
        rec["state"] = "ambiguous"
        rec["result"] = {"kind": "ambiguous", "first_bad": None, "last_good": last_good.record(),
                         "candidates": [cands[i].record() for i in nxt.candidates],
                         "message": line, "change": None, "report": None}
        b.save()
        print("bootbench-bisect: " + line)
        print("\n".join("  " + l for l in "\n".join(summary).split("\n")))
        return 3
    line = "first bad %s: %s" % (what, first_bad.describe())
    hint = merge_hint(b, first_bad)
    text = final_report(b, last_good, first_bad)
    rec["state"] = "done"
    rec["result"] = {"kind": "found", "first_bad": first_bad.record(), "last_good": last_good.record(),
                     "candidates": [first_bad.record()], "message": line,
                     "change": dict(change.record(), confidence_pct=float(b.claim_confidence())),
                     "report": {"text": "report.txt", "html": "report.html"}}
    b.save()
    print("bootbench-bisect: " + line)
    print("  last good %s: %s" % (what, last_good.describe()))
    print("  the first bad against the last good: %s (at %s%% confidence)" % (
        ends_line(change).replace("good ", "last good ", 1).replace(", bad ", ", first bad ", 1),
        b.claim_confidence()))
    if hint:
        print("  " + hint)
    print("\n".join("  " + l for l in "\n".join(summary).split("\n")))
    print("  the report of the last good against the first bad: %s/report.txt, report.html"
          % b.state.path)
    print()
    print(text, end="")
    return 0


def _figs(rec):
    return verdicts.Figures(rec["label"], rec["n"], rec["boots"], rec["mean"], rec["median"],
                            rec["boot_values"], rec["boot_cov_pct"], rec.get("host_load"))

