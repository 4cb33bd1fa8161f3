#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# sampler-cost.py: what does sampling the machine each second (or the
# runner reading pgbench's log) cost the tps it sits beside, measured
# within one run?
#
# harness.py compares whole runs, one after another, and on a shared VM
# the speed of the host moves by more between two runs than the effects
# it looks for.  Here the two sides share one run: in a chroot of the
# image, the runner's pgbench workload (host mode, log = auto) runs for
# SECONDS, and from the start of the attempt that measures (the second
# when log = auto starts pgbench again to log a sample) the sampler
# process is stopped (SIGSTOP) and let go on (SIGCONT) in turns of PHASE
# seconds, on first.  The run's series (series/<id>.csv, from pgbench's
# log) gives the tps of each second; a phase's tps is the mean of its
# seconds but the first
# (the second the change fell in), and each pair of phases, on then off,
# gives a ratio on/off.  Their median over the pairs of every run, with
# its 95 % interval, is what the sampler costs (1.00: nothing).  The
# sampler catches up after a stop: its row of that second spans the whole
# phase, which the run's series shows.  --stop runner stops the runner
# instead (bootbench-bench itself, which reads pgbench's log each
# second): pgbench goes on, its log waits in /tmp, and the
# runner reads what it missed as it goes on, in the next phase, so that
# an "on" phase holds the reading of both.  Needs root (chroot, signals).
#
# Usage: sampler-cost.py [--stop sampler|runner]
#                        [RUNS [SECONDS [PHASE [SCRIPT [CLIENTS]]]]]
#        (defaults: the sampler, 3 runs of 120 s, phases of 5 s,
#        select-only 2)
# Exit: 0, 1 when a run failed, 2 for a bad command line
import os
import signal
import subprocess
import sys
import time

TOP = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.path[:0] = [os.path.dirname(os.path.realpath(__file__)), os.path.join(TOP, "host")]
from harness import Harness, image_root  # noqa: E402
from ratios import median, median_interval  # noqa: E402
from bootbench import Error, cli, jsonfile  # noqa: E402

PROG = "sampler-cost"


def pids(*argv):
    """pgrep's answer as a list of process ids."""
    out = subprocess.run(["pgrep"] + list(argv), stdout=subprocess.PIPE, text=True).stdout
    return [int(p) for p in out.split()]


def wait_for(what, test, timeout, quiet=False):
    """True once test() is, within timeout seconds; then False if quiet,
    else the Error that what did not come."""
    end = time.monotonic() + timeout
    while not test():
        if time.monotonic() > end:
            if quiet:
                return False
            raise Error("%s did not come within %d s" % (what, timeout))
        time.sleep(0.02)
    return True


def one_run(root, seconds, phase, stop):
    """One run, its sampler (or runner) stopped and let go on in turns:
    [(stopped, from, to)] in seconds from the start of the attempt
    measured, and the run's series (CSV)."""
    runner, out = root.start_runner("/harness.ini")
    phases, target = [], None
    try:
        wait_for("pgbench", lambda: pids("-f", "pgbench -b "), 120)
        t0 = time.monotonic()
        # log = auto, above 10 000 tps in the first second: pgbench starts
        # again logging a sample, and that attempt is the one measured
        if wait_for("", lambda: pids("-f", "pgbench .*--sampling-rate"), 3, quiet=True):
            t0 = time.monotonic()
        # the sampler: the runner's child of its own name (the runner is
        # the process started, env and chroot having exec'd it)
        sampler = pids("-P", str(runner.pid), "-x", "bootbench-bench")
        if len(sampler) != 1:
            raise Error("not one sampler process but %d" % len(sampler))
        target = sampler[0] if stop == "sampler" else runner.pid
        k = 0
        # the last phase ends 3 s before pgbench does, with the process on
        while (k + 1) * phase < seconds - 3:
            os.kill(target, signal.SIGSTOP if k % 2 else signal.SIGCONT)
            phases.append((k % 2 == 1, k * phase, (k + 1) * phase))
            time.sleep(max(0.0, t0 + (k + 1) * phase - time.monotonic()))
            k += 1
    finally:
        if target:
            try:
                os.kill(target, signal.SIGCONT)
            except ProcessLookupError:
                pass
        root.runner_ended(runner, out)
    with open(root.path("/runs/r/results.jsonl")) as f:
        series = jsonfile.parse(f.readline(), "results.jsonl").get("series")
    if not series:
        raise Error("the run has no series")
    with open(root.path("/runs/r/" + series)) as f:
        return phases, f.read()


def phase_tps(phases, csv):
    """Each phase's tps: (stopped, tps or None), from the series' rows
    (second k of the window, which opens as the measured attempt starts,
    spans [k, k + 1) s)."""
    rows = [line.split(",") for line in csv.splitlines()[1:] if line]
    seconds = [(int(r[0]), float(r[1])) for r in rows]
    if not seconds:
        raise Error("the run's series is empty")
    got = []
    for stopped, lo, hi in phases:
        v = [t for k, t in seconds if lo + 1 <= k <= hi - 1]
        got.append((stopped, sum(v) / len(v) if v else None))
    return got


def main(argv):
    words, stop = [], "sampler"
    for opt, val in cli.options(argv, ("--stop",), ("-h", "--help")):
        if opt == "--stop":
            if val not in ("sampler", "runner"):
                raise cli.UsageError("--stop: sampler or runner, not '%s'" % val)
            stop = val
        elif opt:
            sys.stdout.write(cli.usage(__file__))
            return 0
        else:
            words.append(val)
    if len(words) > 5:
        raise cli.UsageError("too many arguments")
    runs, seconds, phase, script, clients = (words + ["3", "120", "5", "select-only", "2"][len(words):])[:5]
    runs, seconds, phase = cli.number(runs, "RUNS"), cli.number(seconds, "SECONDS"), cli.number(phase, "PHASE")
    if runs < 1:
        raise cli.UsageError("RUNS: at least 1")
    if phase < 3 or seconds < 4 * phase + 3:
        raise cli.UsageError("PHASE at least 3 s, SECONDS at least 4 phases and 3 s")
    root = image_root()
    try:
        Harness(root, script, clients, seconds)
        print("sampler-cost: %d runs of pgbench -b %s -c %s through bootbench-bench, %d s each, the %s "
              "on and stopped in turns of %d s" % (runs, script, clients, seconds, stop, phase))
        ratios = []
        for r in range(1, runs + 1):
            got = phase_tps(*one_run(root, seconds, phase, stop))
            pairs = [(a[1], b[1]) for a, b in zip(got[0::2], got[1::2]) if a[1] and b[1]]
            ratios += [a / b for a, b in pairs]
            print("  run %d, tps on/off: %s" % (r, "  ".join("%.0f/%.0f" % p for p in pairs)))
        if not ratios:
            raise Error("no pair of phases had seconds in the series")
        ci = median_interval(ratios)
        print("sampler-cost: median tps ratio %s on/off %.4f over %d pairs of phases%s"
              % (stop, median(ratios), len(ratios), ", 95 %% interval [%.4f, %.4f]" % ci if ci else ""))
    finally:
        root.cleanup()
    return 0


if __name__ == "__main__":
    cli.main(PROG, main)
