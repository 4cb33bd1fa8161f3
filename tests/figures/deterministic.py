#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# tests/figures/deterministic.py [--boots N] [--cause-boots N] [--bisect-runs N]
# [--kernel K] [--work DIR] [--only PART]: the deterministic machine (a model target, -icount
# sleep=off: doc/models.md) against the instruction clock on a virtio disk
# (doc/clocks.md), in figures, for doc/clocks.md:
#   - the spread between boots: the quick and the ci suites, N boots each
#     (default 6) on each machine; each case's CoV of its boots, its I/O
#     per transaction, and the smallest change 3 boots a side mark (the
#     report's --plan formula at the default 1 % threshold:
#     max(3.04 c, 1 % + 0.77 c) for a CoV c);
#   - the gate A/A (part "gate"): the ci suite's first 3 boots on each
#     machine against its next 3, by bootbench-gate, as a kernel tree's
#     pipeline gates (the verdict, and each case's change and interval);
#   - a small I/O change (part "small"): the kernel variant
#     "6.12 null_blk.max_sectors=8" (the model disk's requests cut to 4 KiB:
#     only the I/O path changes) against 6.12, 3 boots a side of the ci
#     suite on the model, by bootbench-gate and the report;
#   - the same change bisected (part "bisect"): a synthetic history of 16
#     commits, 6.12 up to commit 8 and "6.12 null_blk.max_sectors=8" from
#     commit 9 (tests/bisect/lib.sh's), by bootbench-bisect on the model
#     in instruction time, 2 vCPUs, 3 boots a step (--boots 3 --max-boots 3,
#     each side one walk) of the fsync case (tests/figures/io-bisect.ini),
#     --bisect-runs times (3), each in a state of its own: the commit each names,
#     its steps and its change;
#   - known I/O causes, 3 boots a side on each machine, compared by the
#     report in one sequence each: the target queue's write cache (write
#     back against write through: flushes dropped), the scheduler (none
#     against bfq), the filesystem (ext4 against xfs) and, on the model
#     alone, the device (nvme against sata, the same kernel and suite);
#   - the boots' wall times on each machine;
#   - the machine seed (part "seeds"): every pinned kernel booted twice
#     with one seed (qemu/run --machine-seed 3), each run's files compared
#     with its twin's, and the ci suite's spread over N seeds (101 on).
# Nothing is asserted: it prints what it measured, each goal beside its
# figure (commit-bound cases 0.2 %, 2 and 4 clients 0.5 %).  Every run is
# kept in --work (default a new directory under /tmp), so that a figure
# can be looked at again with bootbench-report, and a part given a --work
# that holds a suite's runs already (the gate's, the spread's ci) reads
# them instead of booting again.  It takes about three hours on 2 CPUs.
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

TOP = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUN = os.path.join(TOP, "qemu", "run")
REPORT = os.path.join(TOP, "out", "bin", "bootbench-report")
sys.path.insert(0, os.path.join(TOP, "host"))
from bootbench.digest import file_sha256  # noqa: E402
MACHINES = (("virtio disk, sleep=on", ["--target", "disk"]),
            ("model nvme, sleep=off", ["--target", "model"]))
COMMIT_BOUND = ("tpcb-like clients=1", "insert", "oltp read-write", "fsync")
PINNED = ("5.10", "6.1", "6.12", "7.2")

CAUSE_BASE = """# {name}: {what}
[suite]
description = {what}
min_target_mib = 320

[filesystem]
type = {fs}
profile = compat
mount_options = noatime
scheduler = {sched}
write_cache = {wc}

[postgresql]
shared_buffers = 128MB
max_wal_size = 1GB
autovacuum = off

[pgbench]
script = tpcb-like
scale = 1
clients = 1,4
duration_s = 5
warmup_s = 1
random_seed = 1

[fsync]
seconds_per_test = 1
"""
CAUSES = (
    ("write-cache", "the queue's write cache: write back against write through (flushes dropped)",
     dict(fs="ext4", sched="none", wc="write back, write through"), "filesystem.write_cache"),
    ("scheduler", "the I/O scheduler: none against bfq",
     dict(fs="ext4", sched="none, bfq", wc="kernel"), "scheduler"),
    ("filesystem", "the filesystem: ext4 against xfs",
     dict(fs="ext4, xfs", sched="none", wc="kernel"), "fs"),
)
BISECT_SUITE = os.path.join(TOP, "tests", "figures", "io-bisect.ini")


def boot(work, name, extra, suite, boots, kernel):
    """qemu/run's boots of suite into work/name; the wall seconds."""
    out = os.path.join(work, name)
    start = time.time()
    argv = [RUN, "--quiet", "--kernel", kernel, "--clock", "instructions", "--boots", str(boots),
            "--results", out, "--suite", suite] + extra
    with open(out + ".log", "w") as log:
        rc = subprocess.run(argv, stdout=log, stderr=subprocess.STDOUT).returncode
    if rc != 0:
        print("  (qemu/run exited %d: %s.log)" % (rc, out))
    return time.time() - start


def report(runs, *args):
    """bootbench-report's JSON of runs (a directory, or a list of them)."""
    dirs = [runs] if isinstance(runs, str) else list(runs)
    done = subprocess.run([REPORT, "--format", "json"] + list(args) + dirs, capture_output=True,
                          text=True)
    try:
        return json.loads(done.stdout)
    except ValueError:
        print("  (bootbench-report: %s)" % done.stderr.strip())
        return {"tables": []}


def smallest(cov):
    """The smallest change 3 boots a side mark, for a between-boot CoV (%)."""
    return max(3.04 * cov, 1.0 + 0.77 * cov)


def change(c):
    """A cell's change against the baseline as text: the median's change
    in %, its interval and whether it is marked; None for the baseline."""
    k = c.get("change")
    if not k:
        return None
    iv = k.get("interval") or {}
    lo, hi = iv.get("low_pct"), iv.get("high_pct")
    return "%+7.2f %%%s%s" % (k["median_pct"],
                              " [%+.2f, %+.2f]" % (lo, hi) if lo is not None and hi is not None else
                              " (%s)" % (k.get("no_claim") or k.get("verdict")),
                              " marked" if k.get("marked") else "")


def cells(j):
    """(case label, table, cell) of every row of every table: "pgbench
    tpcb-like clients=1", "oltp read-write clients=2", "fsync"."""
    for t in j["tables"]:
        f = t.get("fixed") or {}
        what = [t["workload"]] + [f[k] for k in ("script", "mode") if f.get(k)]
        for r in t["rows"]:
            label = " ".join(what + (["%s=%s" % (t["row_key"], r["value"])] if t["row_key"] else
                                     ["clients=%s" % f["clients"]] if f.get("clients") else []))
            for c in r["cells"]:
                yield label, t, c


def spread_rows(runs):
    """Each case of the runs in runs: its CoV between boots beside its goal,
    the smallest change 3 boots a side mark, its flushes per transaction."""
    rows = {}
    for case, t, c in cells(report(runs)):
        rows[case] = (t["metric"], c.get("boot_cov_pct"), c.get("median"))
    io = {}
    for case, t, c in cells(report(runs, "--metric", "io_flushes_per_tx")):
        io[case] = c.get("median")
    for case, (metric, cov, median) in rows.items():
        if cov is None:
            continue
        goal = 0.2 if any(k in case for k in COMMIT_BOUND) else 0.5
        print("  %-55s %-16s median %10.3f  CoV %6.3f %% (goal %.1f %%)  3 boots a side mark %5.2f %%%s"
              % (case[:55], metric, median, cov, goal, smallest(cov),
                 "  flushes/tx %.2f" % io[case] if io.get(case) is not None else ""))


def tree_sums(run):
    """The sha256 of every file of a run directory but host.json (qemu/run's,
    of the host), by relative path."""
    sums = {}
    for d, _, files in os.walk(run):
        for f in files:
            if f != "host.json":
                p = os.path.join(d, f)
                sums[os.path.relpath(p, run)] = file_sha256(p)
    return sums


def seeds(work, boots, kernel):
    print("== The machine seed: seed 3 twice on every pinned kernel; the ci suite's %d seeds on %s"
          % (boots, kernel))
    others = [w for k in PINNED[1:] for w in ("--kernel", k)]
    for side in ("a", "b"):
        if not os.path.isdir(os.path.join(work, "seed3-" + side, "runs")):
            secs = boot(work, "seed3-" + side, ["--machine-seed", "3"] + others, "ci", 1, PINNED[0])
            print("-- seed 3, boots %s: %d kernels in %.0f s" % (side, len(PINNED), secs))
    for run in runs_of(os.path.join(work, "seed3-a")):
        twin = os.path.join(work, "seed3-b", "runs", os.path.basename(run))
        a, b = tree_sums(run), tree_sums(twin)
        differ = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        print("  %-60s %s" % (os.path.basename(run), "the same run: %d files alike" % len(a)
                              if b and not differ else "differs: %s" % ", ".join(differ[:5])))
    runs = os.path.join(work, "seeds-ci", "runs")
    if not os.path.isdir(runs):
        secs = boot(work, "seeds-ci", ["--machine-seed", "101"], "ci", boots, kernel)
        print("-- the ci suite, seeds 101 to %d: %d boots in %.0f s" % (100 + boots, boots, secs))
    spread_rows(runs)


def spread(work, boots, kernel):
    print("== The spread between boots, %d boots of each suite on each machine" % boots)
    for suite in ("quick", "ci"):
        for label, extra in MACHINES:
            name = "%s-%s" % (suite, extra[1])
            runs = os.path.join(work, name, "runs")
            if os.path.isdir(runs):
                print("-- %s, %s: the %d runs kept in %s" % (suite, label, len(os.listdir(runs)), runs))
            else:
                secs = boot(work, name, extra, suite, boots, kernel)
                print("-- %s, %s: %d boots in %.0f s (%.0f s a boot)"
                      % (suite, label, boots, secs, secs / boots))
            spread_rows(runs)


def causes(work, boots, kernel):
    print("== Known I/O causes, %d boots a side on each machine" % boots)
    for name, what, fields, by in CAUSES:
        suite = os.path.join(work, "cause-%s.ini" % name)
        with open(suite, "w") as f:
            f.write(CAUSE_BASE.format(name="cause-" + name, what=what, **fields))
        for label, extra in MACHINES:
            run = "cause-%s-%s" % (name, extra[1])
            secs = boot(work, run, extra, suite, boots, kernel)
            print("-- %s, %s (%.0f s)" % (what, label, secs))
            for case, t, c in cells(report(os.path.join(work, run, "runs"), "--by", by)):
                if change(c):
                    print("  %-50s %-28s %s" % (case[:50], c["column"][:28], change(c)))
    print("-- the device: model nvme against model sata, the same kernel and suite")
    run = "cause-device"
    subprocess.run(["mkdir", "-p", os.path.join(work, run)])
    secs = 0
    for model in ("nvme", "sata"):
        secs += boot(work, os.path.join(run, model), ["--target", "model:" + model], "ci", boots, kernel)
    j = report([os.path.join(work, run, m, "runs") for m in ("nvme", "sata")], "--by",
               "target.modeled.name")
    for case, t, c in cells(j):
        if change(c):
            print("  %-50s %-10s %s" % (case[:50], c["column"][:10], change(c)))
    print("  (%.0f s)" % secs)


def gate(baseline, candidate, *args):
    """bootbench-gate of two lists of run directories: (exit status, its
    summary's lines up to the details)."""
    sides = []
    for name, runs in (("baseline", baseline), ("candidate", candidate)):
        d = tempfile.mkdtemp(prefix="gate-%s." % name)
        os.makedirs(os.path.join(d, "runs"))
        for r in runs:
            os.symlink(r, os.path.join(d, "runs", os.path.basename(r)))
        sides.append(d)
    done = subprocess.run([os.path.join(TOP, "out", "bin", "bootbench-gate"), "--baseline", sides[0],
                           "--candidate", sides[1]] + list(args), capture_output=True, text=True)
    lines = []
    for ln in done.stdout.split("\n"):
        if ln.startswith(("<details>", "### How to bisect")):
            break
        if ln.strip() and not ln.startswith(("| | |", "|---|---|")):
            lines.append(ln)
    return done.returncode, lines


def runs_of(d):
    return sorted(os.path.join(d, "runs", n) for n in os.listdir(os.path.join(d, "runs")))


def aa(work, boots, kernel):
    print("== The gate A/A: the ci suite's first 3 boots against its next 3 on each machine")
    for label, extra in MACHINES:
        name = "ci-%s" % extra[1]
        if not os.path.isdir(os.path.join(work, name, "runs")):
            boot(work, name, extra, "ci", max(boots, 6), kernel)
        runs = runs_of(os.path.join(work, name))
        if len(runs) < 6:
            print("-- %s: %d runs, 6 needed" % (label, len(runs)))
            continue
        rc, lines = gate(runs[:3], runs[3:6])
        print("-- %s: bootbench-gate exit %d" % (label, rc))
        for ln in lines:
            print("  " + ln)


def small(work, boots, kernel):
    variant = "%s null_blk.max_sectors=8" % kernel
    print("== A small I/O change: %s against %s, %d boots a side of ci on the model" % (variant, kernel, boots))
    name = "small"
    secs = boot(work, name, ["--target", "model", "--kernel", variant], "ci", boots, kernel)
    runs = runs_of(os.path.join(work, name))
    base = [r for r in runs if "null_blk.max_sectors" not in open(os.path.join(r, "run.json")).read()]
    cand = [r for r in runs if r not in base]
    rc, lines = gate(base, cand)
    print("-- %d boots in %.0f s; bootbench-gate exit %d" % (len(runs), secs, rc))
    for ln in lines:
        print("  " + ln)
    for case, t, c in cells(report(os.path.join(work, name, "runs"))):
        if change(c):
            print("  %-50s %-36s %s" % (case[:50], c["column"][:36], change(c)))


def io_bisect(work, kernel, runs=3):
    bad = "%s null_blk.max_sectors=8" % kernel
    print("== The small I/O change bisected: 16 commits, %s up to commit 8, %s from commit 9, "
          "%d runs" % (kernel, bad, runs))
    sys.path[:0] = [os.path.join(TOP, "tests", "bisect")]
    os.environ.setdefault("TOP", TOP)
    from bisectlib import BUILD_HOOK, bisect, commit, history, record, steps_table
    tree = os.path.join(work, "h16")
    if not os.path.isdir(tree):
        history(work, "h16", 16, 9, bad_kernel=bad, base_kernel=kernel)
    found = 0
    for n in range(1, runs + 1):
        state = os.path.join(work, "bisect%d" % n)
        start = time.time()
        rc, out, err = bisect(["--suite", BISECT_SUITE, "--tree", tree, "--good", "c0", "--bad", "c15",
                               "--build", BUILD_HOOK, "--clock", "instructions", "--target", "model",
                               "--boots", "3", "--max-boots", "3", "--walk", "--state", state], cwd=work)
        first = ((record(state).get("result") or {}).get("first_bad") or {}).get("commit")
        right = first == commit(tree, 9)
        found += right
        print("-- run %d: exit %d, %s (%.0f s)" % (n, rc,
              "commit 9 named" if right else "named %s, not commit 9" % first, time.time() - start))
        if rc != 0:
            print("  " + err.strip().replace("\n", "\n  "))
        print("  " + steps_table(out).replace("\n", "\n  "))
    print("-- commit 9 named in %d of %d runs" % (found, runs))


def main():
    p = argparse.ArgumentParser(prog="tests/figures/deterministic.py")
    p.add_argument("--boots", type=int, default=6)
    p.add_argument("--cause-boots", type=int, default=3)
    p.add_argument("--bisect-runs", type=int, default=3)
    p.add_argument("--kernel", default="6.12")
    p.add_argument("--work")
    p.add_argument("--only", choices=("spread", "gate", "small", "bisect", "causes", "seeds"))
    a = p.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="bootbench-deterministic.")
    os.makedirs(work, exist_ok=True)
    print("deterministic: runs kept in %s" % work)
    if a.only in (None, "spread"):
        spread(work, a.boots, a.kernel)
    if a.only in (None, "gate"):
        aa(work, a.boots, a.kernel)
    if a.only in (None, "small"):
        small(work, a.cause_boots, a.kernel)
    if a.only in (None, "bisect"):
        io_bisect(work, a.kernel, a.bisect_runs)
    if a.only in (None, "causes"):
        causes(work, a.cause_boots, a.kernel)
    if a.only in (None, "seeds"):
        seeds(work, a.boots, a.kernel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
