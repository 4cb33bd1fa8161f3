#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# profile-cost.py: what does a profile cost the figures it sits beside?
#
# In a chroot of the image with the perf archive, on the host's CPUs and
# kernel, this alternates (5 rounds by default, U P, P U, ...) between
#   U  bootbench-bench run in host mode: one pgbench case of a suite, and
#   P  the same suite with [suite] profile = cpu: perf record sampling
#      every CPU during the case's measured window at the suite's default
#      rate and call graphs (or those given),
# and prints each round's tps (the runner's headline figure, over the
# measured window), the ratio P/U, and of P the samples, the perf.data's
# size, its bytes per sample and per second of window; then the median
# ratio (goal >= 0.97) and sizes.  The sizes say what a profile costs the
# results partition: per CPU and per second of measured window they scale
# with the CPUs and the rate.  Needs root (chroot, system-wide perf).
#
# Usage: profile-cost.py [ROUNDS [SCRIPT [CLIENTS [SECONDS [HZ [CALL_GRAPH]]]]]]
#        (defaults: 5 select-only 2 10, the suite's defaults)
import json
import os
import subprocess
import sys

TOP = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.path[:0] = [os.path.dirname(os.path.realpath(__file__)), os.path.join(TOP, "host")]
from harness import Chroot  # noqa: E402
from ratios import median  # noqa: E402
from bootbench import Error, cli, jsonfile  # noqa: E402

PROG = "profile-cost"


def suite(script, clients, seconds, profile):
    text = ("[suite]\n%s[postgresql]\nshared_buffers = 128MB\n[pgbench]\nscript = %s\nscale = 1\n"
            "clients = %s\nwarmup_s = 2\nduration_s = %s\n" % (profile, script, clients, seconds))
    return text


def run(root, name):
    """One run of /NAME.ini: its measurement (results.jsonl's line)."""
    root.runner_ended(*root.start_runner("/%s.ini" % name), "bootbench-bench run of %s" % name)
    with open(root.path("/runs/r/results.jsonl")) as f:
        return jsonfile.parse(f.readline(), "results.jsonl")


def main(argv):
    rounds, script, clients, seconds, hz, graph = (argv + ["5", "select-only", "2", "10", "", ""]
                                                   [len(argv):])[:6]
    image = os.path.join(TOP, "out", "bootbench.cpio.gz")
    perf = os.path.join(TOP, "out", "bootbench-perf.cpio.gz")
    if os.getuid() != 0:
        raise Error("needs root (chroot, system-wide perf)")
    for f in (image, perf):
        if not os.path.isfile(f):
            raise Error("%s missing: run make and make perf" % f)
    keys = "profile = cpu\n" + ("profile_frequency = %s\n" % hz if hz else "") + \
        ("profile_call_graph = %s\n" % graph if graph else "")
    root = Chroot(image, perf)
    try:
        for name, profile in (("u", ""), ("p", keys)):
            with open(root.path("/%s.ini" % name), "w") as f:
                f.write(suite(script, clients, seconds, profile))
        cpus = os.cpu_count()
        print("%s: %s rounds of pgbench -b %s -c %s, 2 s warm-up, %s s measured, on %d CPUs, "
              "unprofiled (U) against profiled (P: %s), alternated UP PU"
              % (PROG, rounds, script, clients, seconds, cpus, keys.strip().replace("\n", ", ")))
        print("  %-5s %9s %9s %7s %8s %10s %8s %10s %6s %5s" % (
            "round", "U tps", "P tps", "P/U", "samples", "bytes", "B/sample", "KiB/s", "Hz", "graph"))
        ratios, per_sample, per_s = [], [], []
        for i in range(1, int(rounds) + 1):
            order = ("u", "p") if i % 2 else ("p", "u")
            got = {k: run(root, k) for k in order}
            u, p = got["u"]["metrics"]["tps"], got["p"]["metrics"]["tps"]
            prof = got["p"].get("profile") or {}
            if "error" in prof or not prof:
                raise Error("the profiled run has no profile: %s" % prof.get("error"))
            ratios.append(p / u)
            per_sample.append(prof["bytes"] / max(prof["samples"], 1))
            per_s.append(prof["bytes"] / max(prof["seconds"], 1e-9) / 1024)
            print("  %-5d %9.1f %9.1f %7.4f %8d %10d %8.0f %10.1f %6d %5s" % (
                i, u, p, p / u, prof["samples"], prof["bytes"], per_sample[-1], per_s[-1],
                prof["frequency"], prof["call_graph"]))
        print("%s: median tps ratio profiled/unprofiled %.4f (goal >= 0.97); perf.data %.0f bytes "
              "per sample, %.1f KiB per second of measured window on %d CPUs (medians of the rounds)"
              % (PROG, median(ratios), median(per_sample), median(per_s), cpus))
    finally:
        root.cleanup()
    return 0


if __name__ == "__main__":
    cli.main(PROG, main)
