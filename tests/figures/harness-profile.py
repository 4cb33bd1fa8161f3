#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# harness-profile.py: where the CPU of a transaction goes, the runner
# against plain pgbench, program by program.
#
# harness.py's steps (A: the runner with its default log, B: plain
# pgbench, and the others it names), each with a perf profile of the
# whole machine (perf record -a -e cpu-clock -F 999) for WINDOW seconds
# from a second after the measured pgbench started.  Each program's
# samples, in its own code and in the kernel, are turned into µs per
# transaction (samples / 999 over the window's seconds and CPUs, divided
# by the step's tps).  Whole-run speeds vary from one run to the next by
# more than the runner costs; most of that is in the server's own code,
# the same work under both, while the client's share (pgbench and the
# runner) is steady: its difference A - B is the runner's cost on the
# client's side.  The functions of pgbench in the kernel whose share
# differs most between A and B come last.  Needs root (chroot, perf -a)
# and perf.
#
# Usage: harness-profile.py [--steps LETTERS] [ROUNDS [SCRIPT [CLIENTS]]]
#        (defaults: AB, 4 select-only 2; pgbench runs 12 s a step)
# Exit: 0, 1 when a step failed, 2 for a bad command line
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from harness import Harness, command_line, image_root  # noqa: E402
from ratios import median  # noqa: E402
from bootbench import Error, cli  # noqa: E402

PROG = "harness-profile"
WINDOW = 6
HZ = 999
# A program's part: (heading, the (comm, dso) rows it sums).
PARTS = (("pg code", lambda c, d: c == "postgres" and not d.startswith("[kernel")),
         ("pg kernel", lambda c, d: c == "postgres" and d.startswith("[kernel")),
         ("pgb code", lambda c, d: c == "pgbench" and not d.startswith("[kernel")),
         ("pgb kernel", lambda c, d: c == "pgbench" and d.startswith("[kernel")),
         ("runner", lambda c, d: c == "bootbench-bench"),
         ("other", lambda c, d: c not in ("postgres", "pgbench", "bootbench-bench")))


def measured_pgbench():
    """The pid of the pgbench that measures: the runner's second attempt
    (--sampling-rate) if there is one, else the one running; None yet."""
    out = subprocess.run(["pgrep", "-a", "-x", "pgbench"], stdout=subprocess.PIPE, text=True).stdout
    procs = [line.split(None, 1) for line in out.splitlines() if " -b " in line or " -f " in line]
    sampled = [p for p in procs if "--sampling-rate" in p[1]]
    return int((sampled or procs)[0][0]) if sampled or procs else None


def record(path, started, errors):
    """perf record -a for WINDOW s, once one pgbench has run for a second
    (the runner's first attempt, ended at its first second when it starts
    again with a sample, is not)."""
    end = started + 60
    pid, seen = None, 0.0
    while True:
        now = time.monotonic()
        if now > end:
            errors.append("no pgbench ran for a second")
            return
        p = measured_pgbench()
        if p != pid:
            pid, seen = p, now
        elif pid and now - seen >= 1:
            break
        time.sleep(0.05)
    got = subprocess.run(["perf", "record", "-q", "-a", "-F", str(HZ), "-e", "cpu-clock", "-o", path, "--",
                          "sleep", str(WINDOW)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if got.returncode:
        errors.append("perf record failed: %s" % got.stderr.strip()[-300:])


def samples(path, sort):
    """perf report's rows of path by sort: {(comm, rest): samples}."""
    out = subprocess.run(["perf", "report", "-i", path, "-n", "--sort", sort, "--stdio"], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True).stdout
    rows = {}
    for line in out.splitlines():
        m = re.match(r"\s+[0-9.]+%\s+([0-9]+)\s+(\S+)\s+(.*\S)", line)
        if m:
            rows[(m.group(2), re.sub(r"\s+", " ", m.group(3)))] = int(m.group(1))
    if not rows:
        raise Error("no samples in %s" % path)
    return rows


def main(argv):
    got = command_line(argv, __file__, "ab", ["4", "select-only", "2"])
    if got is None:
        return 0
    letters, rounds, (script, clients) = got
    if not shutil.which("perf"):
        raise Error("perf missing: install linux-perf")
    work = tempfile.mkdtemp(prefix="bootbench-profile.")
    root = image_root()
    try:
        h = Harness(root, script, clients, str(WINDOW + 6))
        print("harness-profile: %d rounds of pgbench -b %s -c %s -j %s -T %d, steps %s, %d s of perf -a "
              "(cpu-clock, %d Hz) in each; us per transaction:" % (rounds, script, clients, clients, WINDOW + 6,
                                                                  letters.upper(), WINDOW, HZ))
        print("  %-5s %-4s %9s  %s" % ("round", "step", "tps", " ".join("%10s" % p[0] for p in PARTS)))
        parts = defaultdict(lambda: defaultdict(list))
        kernel = defaultdict(lambda: defaultdict(list))
        for i in range(1, rounds + 1):
            for step in sorted(letters, reverse=i % 2 == 0):
                path = os.path.join(work, "%s%d.data" % (step, i))
                errors = []
                t = threading.Thread(target=record, args=(path, time.monotonic(), errors))
                t.start()
                got = h.round(step, False)[step]
                t.join()
                if errors:
                    raise Error("step %s: %s" % (step.upper(), errors[0]))
                tps = got[0]
                us = 1e6 / HZ / (tps * WINDOW)     # µs of CPU per sample per transaction
                rows = samples(path, "comm,dso")
                line = []
                for name, test in PARTS:
                    v = sum(f for (c, d), f in rows.items() if test(c, d)) * us
                    parts[step][name].append(v)
                    line.append("%10.3f" % v)
                for (c, sym), f in samples(path, "comm,sym").items():
                    if c == "pgbench" and sym.startswith("[k]"):
                        kernel[step][sym].append(f * us)
                print("  %-5d %-4s %9.1f  %s" % (i, step.upper(), tps, " ".join(line)))
        print("harness-profile: medians, us per transaction:")
        for step in letters:
            print("  %-10s %s" % (step.upper(), " ".join("%s %.3f" % (n, median(parts[step][n])) for n, _ in PARTS)))
        client = {s: [a + b + c for a, b, c in zip(parts[s]["pgb code"], parts[s]["pgb kernel"],
                                                   parts[s]["runner"])] for s in letters}
        print("harness-profile: the client's side (pgbench and the runner), median us per transaction: %s"
              % "; ".join("%s %.3f" % (s.upper(), median(client[s])) for s in letters))
        syms = set(kernel["a"]) | set(kernel["b"])
        diff = sorted(((sum(kernel["a"][k]) / rounds - sum(kernel["b"][k]) / rounds, k) for k in syms),
                      reverse=True)
        print("harness-profile: pgbench's kernel functions, A - B in us per transaction (mean of the rounds): %s"
              % "; ".join("%s %+.3f" % (k[4:], d) for d, k in diff[:6]))
    finally:
        root.cleanup()
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    cli.main(PROG, main)
