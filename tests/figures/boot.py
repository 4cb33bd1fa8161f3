#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# boot.py: boot the quick suite once in QEMU and print the time from power-on
# to the first pgbench transaction, split into its phases (from the run's
# console log and run.json), the init's own overhead, and the wall time of
# the whole quick suite; then the same boot under plain TCG (the host's
# clock) and with the instructions clock (QEMU's -icount, doc/clocks.md),
# one after the other, their wall times and the ratio, with its goal (at
# most 1.5) beside it and each boot's host load (others' share of the CPUs).
#
#   tests/figures/boot.py [KERNEL]     (default 6.12; make run builds it)
import os
import re
import subprocess
import sys
import tempfile
import time

TOP = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.path.insert(0, os.path.join(TOP, "host"))
from bootbench import cli, jsonfile  # noqa: E402


def workloads():
    """The one list of workloads (bench/workloads/list.h)."""
    with open(os.path.join(TOP, "bench", "workloads", "list.h")) as f:
        return re.findall(r"^WORKLOAD\(([a-z0-9_]+)\)$", f.read(), re.M)


def phases(run):
    """{name: seconds} of run.json's phases, the init's first and the
    runner's (under "bench") after them; the first pgbench preparation is
    pgbench-init."""
    rec = jsonfile.read(os.path.join(run, "run.json"))
    t = {}
    for p in rec.get("phases", []) + ((rec.get("bench") or {}).get("phases") or []):
        t[p["name"]] = p["seconds"]
        if p["name"].startswith("prepare:pgbench-"):
            t.setdefault("pgbench-init", p["seconds"])
    return t


def boot(kernel, results, *args):
    """One qemu/run boot of the quick suite into results: (run directory,
    wall seconds, accelerator, clock, the others' share of the host's
    CPUs), or None after printing its output."""
    start = time.time()
    done = subprocess.run([os.path.join(TOP, "qemu", "run"), "--quiet", "--kernel", kernel,
                           "--results", results] + list(args), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace")
    wall = time.time() - start
    if done.returncode != 0:
        sys.stderr.write(done.stdout)
        return None
    run = re.search(r"^qemu/run: run directory (.*)$", done.stdout, re.M).group(1)
    accel, clock = re.search(r"^qemu/run: booting .*, (kvm|tcg), clock (\S+), boot \d+ of \d+\)$",
                             done.stdout, re.M).groups()
    others = jsonfile.read(os.path.join(run, "host.json"))["others_pct"]
    return run, wall, accel, clock, others


def clocks(kernel, results, first):
    """The quick suite's wall time under plain TCG and with the
    instructions clock, and their ratio (the first boot, if it was one of
    them, counts)."""
    plain = first if first[2] == "tcg" and first[3] == "host" else \
        boot(kernel, os.path.join(results, "plain"), "--accel", "tcg", "--clock", "host")
    counted = boot(kernel, os.path.join(results, "instructions"), "--clock", "instructions")
    if not plain or not counted:
        return 1
    print("quick suite wall time by clock, qemu/run start to end, one boot each:")
    for label, b in (("plain TCG (host clock)", plain), ("instructions (%s)" % counted[3], counted)):
        print("  %-34s %8.1f s   (others used %.1f %% of the host's CPUs)" % (label, b[1], b[4]))
    print("  %-34s %8.2f     (goal <= 1.5)" % ("ratio, instructions / plain TCG", counted[1] / plain[1]))
    return 0


def report_phases(run, accel, wall, t, first_line):
    """The boot's phases to the first transaction, and the init's and
    runner's own overhead."""
    def g(*names):
        return sum(t.get(n, 0) for n in names)

    def row(label, s):
        print("  %-34s %8.3f s" % (label, s))
    kernel_s = first_line - g("bringup", "cmdline")
    print("boot to first transaction, %s (%s)" % (os.path.basename(run), accel))
    row("kernel, to the init", kernel_s)
    row("init: bring-up + command line", g("bringup", "cmdline"))
    row("init: module load", g("modules", "fs-modules"))
    row("init: devices + results + interlock", g("devices", "results", "interlock"))
    for label, name in (("mkfs", "mkfs"), ("mount", "mount"), ("initdb", "initdb"),
                        ("postgresql.conf", "configure"), ("server start", "start"),
                        ("pgbench -i", "pgbench-init")):
        row(label, g(name))
    row("= first transaction at", kernel_s + g("bringup", "cmdline", "modules", "devices", "results",
                                                "interlock", "fs-modules", "mkfs", "mount", "initdb", "configure",
                                                "start", "pgbench-init"))
    own = g("bringup", "cmdline", "devices", "results", "interlock", "finish", "mount", "configure",
            "start", "stop", "unmount")
    cases = re.compile("^(%s)-" % "|".join(workloads()))
    bench_own = g("bench") - g("mkfs", "initdb") - sum(
        s for p, s in t.items() if cases.match(p) and p != "pgbench-init")
    print("overhead: everything except mkfs, initdb and pgbench (goal <= 1 s)")
    row("init phases + mount/conf/start/stop", own)
    row("  the same plus module load", own + g("modules", "fs-modules"))
    row("  runner time outside mkfs, initdb and the cases", bench_own)
    print("quick suite wall time, qemu/run start to end: %.1f s" % wall)


def main(argv):
    kernel = argv[0] if argv else "6.12"
    with tempfile.TemporaryDirectory(prefix="bootbench-figures.") as results:
        # The phases in the host's time: instruction time stretches the
        # guest's seconds of fixed work (doc/clocks.md).
        first = boot(kernel, results, "--clock", "host")
        if not first:
            return 1
        run, wall, accel = first[:3]
        with open(os.path.join(run, "logs", "console.log"), errors="replace") as f:
            first_line = float(re.match(r"\[ *([0-9.]*)\]", f.readline()).group(1))
        report_phases(run, accel, wall, phases(run), first_line)
        return clocks(kernel, results, first)


if __name__ == "__main__":
    cli.main("boot", main)
