#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# boot.py: boot the quick suite once in QEMU with the instructions clock
# (-icount shift 3, doc/clocks.md: the guest's time is its instruction
# count, the same on any host however loaded) and print the boot's phases
# in guest seconds beside the same phases measured before the boot was
# made faster (BEFORE: doc/figures.md#boot-time-in-instruction-time says
# what changed): the kernel's start, the module loads, the disks and the
# results partition, mkfs, the cluster (initdb, or the template's copy),
# the server's start, pgbench -i (or, from the loaded template, the scan
# that reads its tables into shared buffers), the first measured transaction and the
# whole suite, each phase's goal beside it; the init's own overhead; then
# the same suite under plain TCG (the host's clock), the two wall times and
# their ratio, with its goal (at most 1.5) and each boot's host load
# (others' share of the CPUs).
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


# The phases of the quick suite's boot on Debian's 6.12, 2 vCPUs, shift 3,
# before the boot was made faster (tree 55462e7, 6 December 2026): guest
# seconds.  None: the phase did not exist.
BEFORE = {"kernel": 21.22, "modules": 11.60, "disks": 0.64, "mkfs": 0.06, "cluster": 23.02,
          "start": 1.53, "pgbench-init": 9.53, "first": 67.80, "suite": 141.44}
# Goals (issue 40): the first transaction within 5 guest seconds of the
# kernel's start, the suite within 40, a fresh start (mkfs, cluster,
# server start) within 1.
GOALS = {"first": 5.0, "suite": 40.0, "fresh": 1.0}


def clocks(kernel, results, counted):
    """The quick suite's wall time under plain TCG beside the boot with
    the instructions clock, and their ratio."""
    plain = boot(kernel, os.path.join(results, "plain"), "--accel", "tcg", "--clock", "host")
    if not plain or not counted:
        return 1
    print("quick suite wall time by clock, qemu/run start to end, one boot each:")
    for label, b in (("plain TCG (host clock)", plain), ("instructions (%s)" % counted[3], counted)):
        print("  %-34s %8.1f s   (others used %.1f %% of the host's CPUs)" % (label, b[1], b[4]))
    print("  %-34s %8.2f     (goal <= 1.5)" % ("ratio, instructions / plain TCG", counted[1] / plain[1]))
    return 0


def console_times(run):
    """The guest's time of the console's first line and of its line
    saying the run is done (or its last line)."""
    with open(os.path.join(run, "logs", "console.log"), errors="replace") as f:
        stamps = [(float(m.group(1)), line) for line in f
                  for m in [re.match(r"\[ *([0-9.]+)\]", line)] if m]
    done = [t for t, line in stamps if "bootbench: run done" in line]
    return stamps[0][0], done[-1] if done else stamps[-1][0]


def report_phases(run, accel, wall, t, first_line, last_line):
    """The boot's phases to the first transaction beside BEFORE, and the
    init's and runner's own overhead."""
    def g(*names):
        return sum(t.get(n, 0) for n in names)

    kernel_s = first_line - g("bringup", "cmdline")
    now = {"kernel": kernel_s, "modules": g("modules", "fs-modules"),
           "disks": g("devices", "results", "interlock"), "mkfs": g("mkfs", "mount"),
           "cluster": g("initdb", "cluster", "check-cluster"), "start": g("configure", "start"),
           "pgbench-init": g("pgbench-init")}
    now["first"] = kernel_s + g("bringup", "cmdline", "check-settings", "queue") + \
        sum(now[k] for k in ("modules", "disks", "mkfs", "cluster", "start", "pgbench-init"))
    now["suite"] = last_line
    labels = (("kernel", "kernel start, to the init"), ("modules", "init: module loads"),
              ("disks", "init: devices, results, interlock"), ("mkfs", "mkfs and mount"),
              ("cluster", "cluster: initdb / template"), ("start", "server start"),
              ("pgbench-init", "pgbench -i / loaded template"), ("first", "= first measured transaction"),
              ("suite", "the whole quick suite"))
    print("boot of the quick suite in instruction time (guest seconds), %s (%s)"
          % (os.path.basename(run), accel))
    print("  %-36s %8s %8s   %s" % ("phase", "before", "now", "goal"))
    for key, label in labels:
        goal = GOALS.get(key)
        print("  %-36s %8s %8.2f   %s" % (label, "%.2f" % BEFORE[key] if BEFORE.get(key) is not None
                                          else "-", now[key], "<= %g s" % goal if goal else ""))
    fresh = now["mkfs"] + g("initdb", "cluster") + now["start"]
    print("  %-36s %8.2f %8.2f   <= %g s" % ("a fresh start (mkfs, cluster, start)",
                                             BEFORE["mkfs"] + BEFORE["cluster"] + BEFORE["start"],
                                             fresh, GOALS["fresh"]))
    own = g("bringup", "cmdline", "devices", "results", "interlock", "finish", "mount", "configure",
            "start", "stop", "unmount")
    cases = re.compile("^(%s)-" % "|".join(workloads()))
    bench_own = g("bench") - g("mkfs", "initdb", "cluster") - sum(
        s for p, s in t.items() if cases.match(p) and p != "pgbench-init")
    print("overhead: everything except mkfs, the cluster and the cases")
    print("  %-36s %8.3f s" % ("init phases + mount/conf/start/stop", own))
    print("  %-36s %8.3f s" % ("  the same plus module load", own + g("modules", "fs-modules")))
    print("  %-36s %8.3f s" % ("  runner time outside mkfs, cluster, cases", bench_own))
    print("quick suite wall time, qemu/run start to end: %.1f s" % wall)


def main(argv):
    kernel = argv[0] if argv else "6.12"
    with tempfile.TemporaryDirectory(prefix="bootbench-figures.") as results:
        counted = boot(kernel, os.path.join(results, "instructions"), "--clock", "instructions",
                       "--icount-shift", "3")
        if not counted:
            return 1
        run, wall, accel = counted[:3]
        first_line, last_line = console_times(run)
        report_phases(run, accel, wall, phases(run), first_line, last_line)
        return clocks(kernel, results, counted)


if __name__ == "__main__":
    cli.main("boot", main)
