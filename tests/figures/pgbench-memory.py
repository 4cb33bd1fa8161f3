#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# pgbench-memory.py: does the memory pgbench's log takes stay bounded
# however long a run lasts?
#
# In a chroot of the image with a tmpfs on /tmp (as /tmp is in the
# appliance), this runs the runner's pgbench workload in host mode
# (select-only, 2 clients, scale 1: tens of thousands of tps on a 2-CPU
# host) for each length (10, 30 and 100 s by default) with the default log
# (log = auto) and with every transaction logged (log = transactions), and
# while it runs samples every 0.1 s the bytes the tmpfs holds and the
# runner's resident memory (VmRSS; VmHWM, its peak, at the end).  Beside
# each run it prints what the earlier design would have held: the whole
# log on /tmp at the end of the run (the bytes per line read times the
# transactions pgbench ran) and 4 bytes per latency of the window in the
# runner's memory.  The bound: /tmp holds what pgbench writes between two
# of the runner's reads (a second), the runner a fixed histogram and
# a few figures per second of the window.  Needs root (chroot, mount).
#
import os
import sys
import threading
import time

TOP = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.path[:0] = [os.path.dirname(os.path.realpath(__file__)), os.path.join(TOP, "host")]
from harness import image_root  # noqa: E402
from bootbench import cli, jsonfile  # noqa: E402

PROG = "pgbench-memory"
MIB = 1 << 20


class Sampler(threading.Thread):
    """The tmpfs's used bytes and a process's VmRSS, every 0.1 s, the
    peaks kept; VmHWM (the process's own peak) as last seen."""

    def __init__(self, tmp, pid):
        super().__init__(daemon=True)
        self.tmp, self.pid = tmp, pid
        self.tmp_peak = self.rss_peak = self.hwm = 0
        self.done = threading.Event()

    def status(self):
        with open("/proc/%d/status" % self.pid) as f:
            return {k: int(v.split()[0]) * 1024 for k, v in (ln.split(":", 1) for ln in f)
                    if k in ("VmRSS", "VmHWM")}

    def run(self):
        while not self.done.wait(0.1):
            st = os.statvfs(self.tmp)
            self.tmp_peak = max(self.tmp_peak, (st.f_blocks - st.f_bfree) * st.f_frsize)
            try:
                s = self.status()
            except (OSError, ValueError):
                continue
            self.rss_peak = max(self.rss_peak, s.get("VmRSS", 0))
            self.hwm = max(self.hwm, s.get("VmHWM", 0))


def run(root, log, seconds):
    """One run of the runner: (its measurement, the sampler)."""
    suite = "/memory.ini"
    with open(root.path(suite), "w") as f:
        f.write("[postgresql]\nshared_buffers = 128MB\n[pgbench]\nscript = select-only\nscale = 1\n"
                "clients = 2\nduration_s = %d\nlog = %s\n" % (seconds, log))
    p, out = root.start_runner(suite)
    sampler = Sampler(root.path("/tmp"), p.pid)
    sampler.start()
    try:
        root.runner_ended(p, out)
    finally:
        sampler.done.set()
        sampler.join()
    with open(root.path("/runs/r/results.jsonl")) as f:
        return jsonfile.parse(f.readline(), "results.jsonl"), sampler


def main(argv):
    lengths = [int(a) for a in argv] or [10, 30, 100]
    root = image_root()
    try:
        root.tmpfs("/tmp")
        for d in ("/run/postgresql",):
            os.makedirs(root.path(d), exist_ok=True)
        root.run("chown", "postgres:postgres", "/run/postgresql")
        print("pgbench-memory: pgbench -b select-only -c 2 -j 2 through bootbench-bench in host mode, "
              "/tmp a tmpfs; MiB")
        print("  %-12s %5s %9s %10s %7s | %8s %8s %8s %8s | %9s %9s" % (
            "log", "s", "tps", "txns", "sample", "tmp peak", "(runner)", "RSS peak", "VmHWM",
            "old /tmp", "old RSS+"))
        for seconds in lengths:
            for log in ("auto", "transactions"):
                m, smp = run(root, log, seconds)
                lg, pc = m.get("log") or {}, m.get("percentiles") or {}
                txns = m["metrics"]["pgbench_tps"] * seconds
                per_line = lg["bytes"] / lg["lines"] if lg.get("lines") else 0
                print("  %-12s %5d %9.0f %10.0f %7.4f | %8.2f %8.2f %8.2f %8.2f | %9.1f %9.1f" % (
                    log, seconds, m["metrics"]["tps"], txns, pc.get("sampling_rate", 1),
                    smp.tmp_peak / MIB, lg.get("tmp_peak_bytes", 0) / MIB, smp.rss_peak / MIB,
                    smp.hwm / MIB, per_line * txns / MIB, 4 * m["metrics"]["transactions"] / MIB))
                sys.stdout.flush()
        print("pgbench-memory: tmp peak: the most the tmpfs held, sampled every 0.1 s ((runner): the most "
              "the log files held at one of its reads); RSS peak, VmHWM: bootbench-bench's resident memory; "
              "old /tmp: the whole log of every transaction at the end of the run, as the earlier design "
              "kept it; old RSS+: the 4 bytes a latency the earlier design added to the runner's memory")
    finally:
        root.cleanup()
    return 0


if __name__ == "__main__":
    cli.main(PROG, main)
