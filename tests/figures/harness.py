#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# harness.py: does the suite runner slow down what it measures?
#
# In a chroot of the image, on the host's CPU and disk, this alternates
# (5 rounds by default, in the order A B C D E F G, G F E D C B A, ...) between
#   A  bootbench-bench run in host mode: the pgbench workload of a suite
#      with its default log (log = auto: initdb, pgbench -i, then pgbench
#      -P 1 -l, every transaction logged up to 10000 a second and a sample
#      above, read by the runner as pgbench writes it),
#   B  plain pgbench with the same arguments but -P 1 -l against a server
#      set up the same way by hand (a fresh initdb, pgbench -i, CHECKPOINT,
#      sync),
#   C  the same as B with -P 1 -l, which pgbench itself pays for (every
#      transaction logged),
#   D  A with the suite's log = seconds (pgbench -P 1 -l
#      --aggregate-interval=1 --failures-detailed: no latency percentiles),
#   E  B with those options of D,
#   F  A with bootbench-bench run --no-monitors: the machine not sampled
#      each second,
#   G  A with log = transactions: every transaction logged at any rate,
# and prints each round's tps and the ratios A/B (what the runner costs in
# all, with its default log: the goal is >= 0.98), C/B (what logging every
# transaction costs pgbench), D/B, G/B (the runner with the other logs) and
# A/F (sampling on / off), then their medians, with the client's CPU time
# per transaction of B, C and E, the sampling rate A's log had, and the
# sampler's own CPU time per second of sampling in A (results.jsonl's
# monitors.sampler_cpu_s over the measurement's seconds), which a busy host
# disturbs less than the speed.  A's, D's and G's tps are the runner's
# headline figure (from pgbench's log, over the measured window); the one
# pgbench printed for A is shown beside it.  Needs root (chroot).
#
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.path[:0] = [os.path.dirname(os.path.realpath(__file__)), os.path.join(TOP, "host")]
from ratios import median  # noqa: E402
from bootbench import Error, cli, jsonfile  # noqa: E402

PROG = "harness"
PATH = "PATH=/usr/bin:/bin:/sbin:/opt/postgresql/bin"
HZ = os.sysconf("SC_CLK_TCK")


class Chroot:
    """The image unpacked in a directory, then each archive of layers over
    it (the perf archive), /dev, /proc and /sys mounted."""

    def __init__(self, image, *layers):
        self.work = tempfile.mkdtemp(prefix="bootbench-harness.")
        self.root = os.path.join(self.work, "root")
        os.makedirs(self.root)
        for archive in (image,) + layers:
            if subprocess.run("gzip -dc '%s' | cpio -idu --quiet" % archive, shell=True,
                              cwd=self.root).returncode:
                raise Error("could not unpack %s" % archive)
        self.mounted = []
        for argv, where in ((["mount", "--rbind", "/dev"], "dev"), (["mount", "-t", "proc", "proc"], "proc"),
                            (["mount", "-t", "sysfs", "sysfs"], "sys")):
            subprocess.run(argv + [os.path.join(self.root, where)], check=True)
            self.mounted.append(os.path.join(self.root, where))
            if where == "dev":
                subprocess.run(["mount", "--make-rslave", self.mounted[-1]], check=True)

    def path(self, p):
        return os.path.join(self.root, p.lstrip("/"))

    def run(self, *argv, out=None):
        """argv in the root, as root; its output in the file out."""
        with open(out or os.devnull, "w") as f:
            return subprocess.run(["env", "-i", PATH, "chroot", self.root] + list(argv), stdout=f,
                                  stderr=subprocess.STDOUT).returncode

    def as_pg(self, script):
        """A shell script in the root as the postgres user."""
        return subprocess.run(["env", "-i", PATH, "HOME=/", "chroot", "--userspec=postgres:postgres",
                               self.root, "/bin/sh", "-c", script]).returncode

    def cleanup(self):
        # pg_ctl will not run as root: as the postgres user, as the server runs.
        if os.path.exists(self.path("/plain/pgdata/postmaster.pid")):
            self.as_pg("pg_ctl -D /plain/pgdata -m immediate -w stop >/dev/null 2>&1")
        for m in reversed(self.mounted):
            subprocess.run(["umount", "-R", m])
        shutil.rmtree(self.work, ignore_errors=True)


def image_root():
    """out/bootbench.cpio.gz unpacked as a Chroot; needs root."""
    image = os.path.join(TOP, "out", "bootbench.cpio.gz")
    if os.getuid() != 0:
        raise Error("needs root (chroot, mount)")
    if not os.path.isfile(image):
        raise Error("%s missing: run make" % image)
    return Chroot(image)


class Harness:
    def __init__(self, root, script, clients, seconds):
        self.root, self.script, self.clients, self.seconds = root, script, clients, seconds
        ini = ("[postgresql]\nshared_buffers = 128MB\n[pgbench]\nscript = %s\nscale = 1\nclients = %s\n"
               "duration_s = %s\n" % (script, clients, seconds))
        with open(root.path("/harness.ini"), "w") as f:
            f.write(ini)
        for name, log in (("seconds", "seconds"), ("every", "transactions")):
            with open(root.path("/harness-%s.ini" % name), "w") as f:
                f.write(ini.replace("[pgbench]\n", "[pgbench]\nlog = %s\n" % log))
        for d in ("/plain", "/run/postgresql"):
            os.makedirs(root.path(d), exist_ok=True)
        root.run("chown", "postgres:postgres", "/plain", "/run/postgresql")

    def runner(self, suite, *options):
        """A, D, F or G: the runner; (its headline tps, from pgbench's log
        over the measured window; pgbench's own tps line; the sampler's CPU
        time per second sampled in ms, None when it did not run; the
        measurement)."""
        for d in ("/hostdata", "/runs"):
            shutil.rmtree(self.root.path(d), ignore_errors=True)
        out = os.path.join(self.root.work, "a.txt")
        if self.root.run("/usr/bin/bootbench-bench", "run", "--suite-file", suite, *options,
                         "--data-dir", "/hostdata", "--run-dir", "/runs/r", out=out):
            sys.stderr.write(open(out, errors="replace").read())
            raise Error("bootbench-bench run failed")
        with open(self.root.path("/runs/r/results.jsonl")) as f:
            m = jsonfile.parse(f.readline(), "results.jsonl")
        cpu = (m.get("monitors") or {}).get("sampler_cpu_s")
        sampler = cpu / m["seconds"] * 1000 if cpu is not None and m["seconds"] > 0 else None
        return m["metrics"]["tps"], m["metrics"].get("pgbench_tps"), sampler, m

    def plain(self, options):
        """B, C or E: plain pgbench with options on a server set up by hand
        as the runner sets up a case (a fresh initdb with its options, the
        same postgresql.conf additions, pgbench -i, a CHECKPOINT, sync);
        (tps, the client's CPU time per transaction in us)."""
        shutil.rmtree(self.root.path("/plain/pgdata"), ignore_errors=True)
        self.root.as_pg("initdb -D /plain/pgdata -U postgres -A trust -E UTF8 --no-locale "
                        "--no-instructions >/plain/initdb.txt 2>&1")
        with open(self.root.path("/plain/pgdata/postgresql.conf"), "a") as f:
            f.write("shared_buffers = '128MB'\nlisten_addresses = ''\nport = '5432'\n"
                    "unix_socket_directories = '/run/postgresql'\n")
        if self.root.as_pg("pg_ctl -D /plain/pgdata -l /plain/log -w start >/dev/null && "
                           "pgbench -h /run/postgresql -i -q -s 1 postgres >/plain/init.txt 2>&1 && "
                           "psql -h /run/postgresql -qc CHECKPOINT postgres"):
            raise Error("could not set up the plain server (%s)" % self.root.path("/plain/log"))
        os.sync()
        # The shell's cutime and cstime (fields 16, 17) are pgbench's.
        status = self.root.as_pg(
            "cd /plain && rm -f pgbench_log.* && pgbench -h /run/postgresql -b %s -c %s -j %s -T %s "
            "-M simple %s postgres >/plain/out.txt 2>&1; s=$?; cut -d' ' -f16,17 /proc/$$/stat "
            ">/plain/cpu.txt; exit $s" % (self.script, self.clients, self.clients, self.seconds, options))
        with open(self.root.path("/plain/out.txt"), errors="replace") as f:
            text = f.read()
        if status:
            sys.stderr.write(text)
            raise Error("plain pgbench failed")
        self.root.as_pg("pg_ctl -D /plain/pgdata -w stop >/dev/null")
        tps = float(re.search(r"^tps = ([0-9.]+) ", text, re.M).group(1))
        n = int(re.search(r"^number of transactions actually processed: ([0-9]+)", text, re.M).group(1))
        with open(self.root.path("/plain/cpu.txt")) as f:
            ticks = sum(int(x) for x in f.read().split())
        return tps, ticks / HZ / n * 1e6

    def round(self, reverse):
        """One round, A B C D E F G (or backwards): {letter: figures}."""
        steps = {
            "a": lambda: self.runner("/harness.ini"),
            "b": lambda: self.plain(""),
            "c": lambda: self.plain("-P 1 -l"),
            "d": lambda: self.runner("/harness-seconds.ini"),
            "e": lambda: self.plain("-P 1 -l --aggregate-interval=1 --failures-detailed"),
            "f": self.unsampled,
            "g": lambda: self.runner("/harness-every.ini"),
        }
        return {k: steps[k]() for k in sorted(steps, reverse=reverse)}

    def unsampled(self):
        """F: A with the machine not sampled."""
        got = self.runner("/harness.ini", "--no-monitors")
        series = self.root.path("/runs/r/series")
        if got[3].get("monitors") is not None or \
                any(n.endswith(".sys.csv") for n in (os.listdir(series) if os.path.isdir(series) else [])):
            raise Error("F sampled the machine despite --no-monitors")
        return got


def main(argv):
    rounds, script, clients, seconds = (argv + ["5", "select-only", "2", "10"][len(argv):])[:4]
    root = image_root()
    try:
        h = Harness(root, script, clients, seconds)
        print("harness: %s rounds of pgbench -b %s -c %s -j %s -T %s (-M simple), alternated ABCDEFG GFEDCBA"
              % (rounds, script, clients, clients, seconds))
        print("  %-5s %9s %9s %7s %9s %9s %9s %9s %9s %9s %6s %6s %6s %6s %6s %7s %7s %7s %7s" % (
            "round", "A runner", "(pgbench)", "A smpl", "B plain", "C -P1 -l", "D seconds", "E -l agg",
            "F no mon", "G every", "A/B", "C/B", "D/B", "G/B", "A/F", "B us/tx", "C us/tx", "E us/tx",
            "A smp ms/s"))
        col = {k: [] for k in ("ab", "pb", "cb", "db", "gb", "af", "bcpu", "ccost", "ecost", "smp", "rate")}
        for i in range(1, int(rounds) + 1):
            g = h.round(reverse=i % 2 == 0)
            a, b, c, d, e, f, gg = (g[k][0] for k in "abcdefg")
            rate = (g["a"][3].get("percentiles") or {}).get("sampling_rate", 1.0)
            r = {"ab": a / b, "pb": g["a"][1] / b, "cb": c / b, "db": d / b, "gb": gg / b, "af": a / f,
                 "bcpu": g["b"][1], "ccost": g["c"][1] - g["b"][1], "ecost": g["e"][1] - g["b"][1],
                 "rate": rate}
            for k, v in r.items():
                col[k].append(v)
            if g["a"][2] is not None:
                col["smp"].append(g["a"][2])
            print("  %-5d %9.1f %9.1f %7.4f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %6.4f %6.4f %6.4f %6.4f %6.4f "
                  "%7.2f %7.2f %7.2f %7s" % (i, a, g["a"][1], rate, b, c, d, e, f, gg, r["ab"], r["cb"],
                                             r["db"], r["gb"], r["af"], g["b"][1], g["c"][1], g["e"][1],
                                             "-" if g["a"][2] is None else "%.3f" % g["a"][2]))
        m = {k: ("%.4f" % median(v) if v else "-") for k, v in col.items()}
        print("harness: median tps ratio bootbench/plain %s with the default log (log = auto, sampling rate %s; "
              "goal >= 0.98; pgbench's own tps line %s), %s with log = seconds, %s with log = transactions; "
              "-P 1 -l alone %s" % (m["ab"], m["rate"], m["pb"], m["db"], m["gb"], m["cb"]))
        print("harness: pgbench's client CPU per transaction: plain %s us; -l (every transaction) %s us "
              "more; -l --aggregate-interval=1 (log = seconds) %s us more (medians of the rounds)"
              % (m["bcpu"], m["ccost"], m["ecost"]))
        print("harness: sampling each second: tps ratio on/off (A/F) %s; the sampler's own CPU %s ms per "
              "second sampled (medians of the rounds)" % (m["af"], m["smp"]))
    finally:
        root.cleanup()
    return 0


if __name__ == "__main__":
    cli.main(PROG, main)
