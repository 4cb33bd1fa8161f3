#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# threshold-aa.py: the A/A boots behind the report's default --threshold
# (doc/report.md, "The practical threshold").  One kernel booted BOOTS
# times in one qemu/run --boots sequence under the instruction clock, with
# tests/figures/threshold-aa.ini (pgbench select-only and tpcb-like, scale
# 1, one client, 5 s after 1 s of warm-up); the odd boots against the even
# ones.  Prints per case the boots' values, their spread and the largest
# change of one boot against the mean of the others; the A/A change of odd
# against even with its interval, as the test alone judges it and as the
# threshold marks it; and the smallest change those boots mark.  Then
# bootbench-gate judges the odd boots against the even ones: it must pass
# with no case worse or better, and no cell of the report may be marked.
#
# Usage: tests/figures/threshold-aa.py [--runs DIR] [--keep DIR] [BOOTS]
#   BOOTS       boots of the kernel (default 8, at least 6: 3 a side)
#   --runs DIR  judge the runs of DIR (a results directory of a sequence
#               like this one) instead of booting
#   --keep DIR  keep the run directories made, as DIR/<run>/ (run.json,
#               host.json, results.jsonl, series/)
#   KERNEL      the kernel booted (default 6.12)
#   CLOCK_ARGS  qemu/run's clock options (default "--clock instructions")
# Exit status: 0 the A/A passed the gate with nothing marked, 1 it did not
# or a boot failed, 2 bad usage.
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TOP = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.path.insert(0, os.path.join(TOP, "host"))
from bootbench import cli, jsonfile  # noqa: E402

PROG = "tests/figures/threshold-aa.py"
OUT = os.environ.get("OUT") or os.path.join(TOP, "out")
SUITE = os.path.join(TOP, "tests", "figures", "threshold-aa.ini")


def boot(results, boots):
    """qemu/run --boots into results; its run directories."""
    kernel = os.environ.get("KERNEL", "6.12")
    clock = shlex.split(os.environ.get("CLOCK_ARGS", "--clock instructions"))
    argv = [os.path.join(TOP, "qemu", "run"), "--quiet", "--kernel", kernel, "--suite", SUITE,
            "--boots", str(boots), "--results", results] + clock
    print("# %s" % " ".join(shlex.quote(a) for a in argv))
    start = time.time()
    done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          errors="replace")
    print("# %d boots in %.0f s (QEMU=%s)" % (boots, time.time() - start,
                                              os.environ.get("QEMU", "qemu-system-x86_64")))
    if done.returncode != 0:
        sys.stderr.write(done.stdout)
        raise SystemExit("%s: qemu/run exited %d" % (PROG, done.returncode))
    return runs_of(results)


def runs_of(results):
    d = os.path.join(results, "runs") if os.path.isdir(os.path.join(results, "runs")) else results
    return sorted(os.path.join(d, n) for n in os.listdir(d)
                  if os.path.isfile(os.path.join(d, n, "run.json")))


def index(run):
    """The boot's place in its sequence (host.json), else its place by name."""
    host = os.path.join(run, "host.json")
    return jsonfile.read(host)["boot"]["index"] if os.path.isfile(host) else None


def values(runs):
    """{case: [the boot's primary figure, in boot order]}."""
    out = {}
    for run in runs:
        for line in open(os.path.join(run, "results.jsonl"), encoding="utf-8"):
            if line.strip():
                m = jsonfile.parse(line, run)
                case = m.get("group") or m["id"]
                out.setdefault(case, []).append(m["metrics"][m["primary"]["metric"]])
    return out


def spread(case, v):
    cov = 100 * statistics.stdev(v) / statistics.mean(v)
    worst = max(abs(100 * (x / statistics.mean(v[:i] + v[i + 1:]) - 1)) for i, x in enumerate(v))
    print("%s: %d boots, %s" % (case, len(v), " ".join("%.2f" % x for x in v)))
    print("  CoV between boots %.2f %%; the largest change of one boot against the mean of "
          "the others %.2f %%" % (cov, worst))


def report(args):
    done = subprocess.run([os.path.join(OUT, "bin", "bootbench-report")] + args,
                          stdout=subprocess.PIPE, text=True)
    return done.returncode, done.stdout


def main(argv):
    runs_dir, keep, boots = None, None, 8
    for opt, val in cli.options(argv, {"--runs", "--keep"}, {"-h", "--help"}):
        if opt in ("-h", "--help"):
            sys.stdout.write(cli.usage(__file__))
            return 0
        if opt == "--runs":
            runs_dir = val
        elif opt == "--keep":
            keep = val
        else:
            boots = cli.number(val, "BOOTS")
    if boots < 6:
        raise cli.UsageError("BOOTS must be 6 at least: 3 boots a side")
    if runs_dir and not os.path.isdir(runs_dir):
        raise cli.UsageError("--runs: %s is not a directory" % runs_dir)
    with tempfile.TemporaryDirectory(prefix="threshold-aa.") as work:
        runs = runs_of(runs_dir) if runs_dir else boot(os.path.join(work, "results"), boots)
        if keep:
            for run in runs:
                dest = os.path.join(keep, os.path.basename(run))
                os.makedirs(dest, exist_ok=True)
                for name in ("run.json", "host.json", "results.jsonl"):
                    if os.path.isfile(os.path.join(run, name)):
                        shutil.copy(os.path.join(run, name), dest)
                if os.path.isdir(os.path.join(run, "series")):
                    shutil.copytree(os.path.join(run, "series"), os.path.join(dest, "series"),
                                    dirs_exist_ok=True)
        order = sorted(runs, key=lambda r: (index(r) or 0, r))
        clocks = {str(jsonfile.read(os.path.join(r, "run.json")).get("clock", "(not recorded)"))
                  for r in runs}
        print("# %d runs, clock: %s" % (len(runs), "; ".join(sorted(clocks))))
        for case, v in sorted(values(order).items()):
            spread(case, v)
        sides = {}
        for i, run in enumerate(order):
            side = os.path.join(work, "odd" if i % 2 == 0 else "even")
            os.makedirs(side, exist_ok=True)
            os.symlink(os.path.abspath(run), os.path.join(side, os.path.basename(run)))
            sides.setdefault(side, 0)
            sides[side] += 1
        odd, even = os.path.join(work, "odd"), os.path.join(work, "even")
        print("odd boots (%d) against even boots (%d):" % (sides[odd], sides[even]))
        for threshold in ("0", None):
            args = ["--format", "csv", "--by", "argument", "--baseline", even] + \
                (["--threshold", threshold] if threshold else []) + [even, odd]
            rc, csv = report(args)
            lines = [l.split(",") for l in csv.splitlines()]
            col = {name: i for i, name in enumerate(lines[0])}
            for f in lines[1:]:
                if f[col["column"]] == even:
                    continue
                print("  %-12s %+.3f %% [%s, %s], p %s: %s (threshold %s %%)" % (
                    f[col["row"]], float(f[col["change_mean_pct"]]),
                    "%+.3f" % float(f[col["ci_low_pct"]]), "%+.3f" % float(f[col["ci_high_pct"]]),
                    "%.3g" % float(f[col["p"]]), f[col["verdict"]], f[col["threshold_pct"]]))
        marked = sum(1 for f in lines[1:] if f[col["marked"]] == "true")
        rc, plan = report(["--by", "argument", "--plan", "2", even, odd])
        for line in plan.splitlines():
            if re.match(r"^  [a-z]|^    \(with", line):
                print("  plan:" + line)
        gate = subprocess.run([os.path.join(OUT, "bin", "bootbench-gate"), "--baseline", even,
                               "--candidate", odd], stdout=subprocess.PIPE, text=True)
        verdict = gate.stdout.split("\n\n")[1] if "\n\n" in gate.stdout else gate.stdout
        print("bootbench-gate, odd against even at the default threshold: exit %d: %s" % (
            gate.returncode, verdict.strip()))
        print("cells marked at the default threshold: %d" % marked)
        return 0 if gate.returncode == 0 and marked == 0 else 1


if __name__ == "__main__":
    cli.main(PROG, main)
