#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# harness.py: does the suite runner slow down what it measures?
#
# In a chroot of the image, on the host's CPU and disk (/tmp a tmpfs, as
# in the appliance), this alternates (5 rounds by default, in the order
# A B C D E F G, G F E D C B A, ...) between
#   A  bootbench-bench run in host mode: the pgbench workload of a suite
#      with its default log (log = auto: initdb, pgbench -i, then pgbench
#      -l, every transaction logged up to 10000 a second and a sample
#      above, read by the runner each second as pgbench writes it),
#   B  plain pgbench with the same arguments but -l against a server set
#      up the same way by hand (a fresh initdb, pgbench -i, CHECKPOINT,
#      sync),
#   C  the same as B with -l, which pgbench itself pays for (every
#      transaction logged),
#   D  A with the suite's log = seconds (pgbench -l --aggregate-interval=1
#      --failures-detailed: no latency percentiles),
#   E  B with those options of D,
#   F  A with bootbench-bench run --no-monitors: the machine not sampled
#      each second,
#   G  A with log = transactions: every transaction logged at any rate,
#   H  B with the environment the runner gives PostgreSQL and pgbench
#      (TZ=UTC, LC_ALL=C; not one of the default steps),
# and prints each round's tps and the ratios A/B (what the runner costs in
# all, with its default log: the goal is >= 0.98), C/B (what logging every
# transaction costs pgbench), D/B, G/B (the runner with the other logs) and
# A/F (sampling on / off), H/B and A/H (the runner's environment), then
# their medians, A/B's with its 95 %
# confidence interval (from the order statistics, 6 rounds or more), with
# the client's CPU time per transaction of B, C and E, the sampling rate
# A's log had, and the sampler's own CPU time per second of sampling in A
# (results.jsonl's monitors.sampler_cpu_s over the measurement's seconds),
# which a busy host disturbs less than the speed.  A's, D's and G's tps are
# the runner's headline figure (from pgbench's log, over the measured
# window); the one pgbench printed for A is shown beside it.  --steps
# runs some of the steps only (A and B at least): "--steps AB 30" gives
# the goal's figure from 30 rounds in the time 5 take with all the steps.
# Needs root (chroot).
#
# Usage: harness.py [--steps LETTERS] [ROUNDS [SCRIPT [CLIENTS [SECONDS]]]]
#        (defaults: ABCDEFG, 5 select-only 2 10)
#        (the goal is printed, not asserted)
# Exit: 0, 1 when a step failed, 2 for a bad command line
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.path[:0] = [os.path.dirname(os.path.realpath(__file__)), os.path.join(TOP, "host")]
from ratios import median, median_interval  # noqa: E402
from bootbench import Error, cli, jsonfile  # noqa: E402

PROG = "harness"
# What the runner adds to the environment of PostgreSQL and pgbench beside
# the connection's PG* variables (bench/pg/pg.c).
RUNNER_ENV = ("TZ=UTC", "LC_ALL=C")
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
        self.mounted, self.runners = [], []
        try:
            for argv, where in ((["mount", "--rbind", "/dev"], "dev"), (["mount", "-t", "proc", "proc"], "proc"),
                                (["mount", "-t", "sysfs", "sysfs"], "sys")):
                subprocess.run(argv + [os.path.join(self.root, where)], check=True)
                self.mounted.append(os.path.join(self.root, where))
                if where == "dev":
                    subprocess.run(["mount", "--make-rslave", self.mounted[-1]], check=True)
        except subprocess.CalledProcessError as e:
            self.cleanup()
            raise Error("could not mount %s in %s" % (e.cmd[-1], self.root)) from None

    def path(self, p):
        return os.path.join(self.root, p.lstrip("/"))

    def tmpfs(self, p):
        """A tmpfs mounted on p in the root (unmounted by cleanup)."""
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4g,mode=1777", "tmpfs", self.path(p)], check=True)
        self.mounted.append(self.path(p))

    def start_runner(self, suite, *options):
        """bootbench-bench run of suite with options, started in host mode
        on fresh directories: (its process, the file of its output)."""
        for d in ("/hostdata", "/runs"):
            shutil.rmtree(self.path(d), ignore_errors=True)
        out = os.path.join(self.work, "runner.txt")
        with open(out, "w") as f:
            proc = subprocess.Popen(["env", "-i", PATH, "chroot", self.root, "/usr/bin/bootbench-bench", "run",
                                     "--suite-file", suite, *options, "--data-dir", "/hostdata",
                                     "--run-dir", "/runs/r"], stdout=f, stderr=subprocess.STDOUT)
        self.runners.append(proc)
        return proc, out

    @staticmethod
    def runner_ended(proc, out, what="bootbench-bench run"):
        """Wait for a runner start_runner started; the Error "WHAT failed",
        its output on stderr, if it failed."""
        if proc.wait():
            sys.stderr.write(open(out, errors="replace").read())
            raise Error("%s failed" % what)

    def run(self, *argv, out=None):
        """argv in the root, as root; its output in the file out."""
        with open(out or os.devnull, "w") as f:
            return subprocess.run(["env", "-i", PATH, "chroot", self.root] + list(argv), stdout=f,
                                  stderr=subprocess.STDOUT).returncode

    def as_pg(self, script, env=()):
        """A shell script in the root as the postgres user, with the
        environment variables env (NAME=VALUE) beside PATH and HOME."""
        return subprocess.run(["env", "-i", PATH, "HOME=/"] + list(env) + ["chroot", "--userspec=postgres:postgres",
                               self.root, "/bin/sh", "-c", script]).returncode

    def still_mounted(self):
        """The mount points in the work directory (mountinfo's fifth field)."""
        with open("/proc/self/mountinfo") as f:
            points = [line.split()[4] for line in f]
        return [p for p in points if p == self.work or p.startswith(self.work + "/")]

    def cleanup(self):
        """Stop what still runs in the root, unmount, and remove the work
        directory, but only once nothing is mounted in it: /dev is the
        host's own, and removing through it would empty the host's /dev."""
        for proc in self.runners:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(60)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        # pg_ctl will not run as root: as the postgres user, as the server runs.
        if os.path.exists(self.path("/plain/pgdata/postmaster.pid")):
            self.as_pg("pg_ctl -D /plain/pgdata -m immediate -w stop >/dev/null 2>&1")
        for m in reversed(self.mounted):
            # A process still holding a file there makes it busy: then
            # detach it (-l), which the kernel finishes when it lets go.
            if subprocess.run(["umount", "-R", m], stderr=subprocess.DEVNULL).returncode:
                subprocess.run(["umount", "-R", "-l", m])
        left = self.still_mounted()
        if left:
            sys.stderr.write("%s: still mounted (%s), left in place\n" % (self.work, " ".join(left)))
            return
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
        # /tmp a tmpfs, as in the appliance: pgbench's log goes there
        root.tmpfs("/tmp")

    def runner(self, suite, *options):
        """A, D, F or G: the runner; (its headline tps, from pgbench's log
        over the measured window; pgbench's own tps line; the sampler's CPU
        time per second sampled in ms, None when it did not run; the
        measurement)."""
        self.root.runner_ended(*self.root.start_runner(suite, *options))
        with open(self.root.path("/runs/r/results.jsonl")) as f:
            m = jsonfile.parse(f.readline(), "results.jsonl")
        cpu = (m.get("monitors") or {}).get("sampler_cpu_s")
        sampler = cpu / m["seconds"] * 1000 if cpu is not None and m["seconds"] > 0 else None
        return m["metrics"]["tps"], m["metrics"].get("pgbench_tps"), sampler, m

    def start_plain(self, env=()):
        """The server of the plain steps, set up by hand as the runner sets
        up a case (a fresh initdb with its options, the same
        postgresql.conf additions, pgbench -i, a CHECKPOINT, sync) and left
        running, env beside PATH and HOME in its programs' environment."""
        shutil.rmtree(self.root.path("/plain/pgdata"), ignore_errors=True)
        self.root.as_pg("initdb -D /plain/pgdata -U postgres -A trust -E UTF8 --no-locale "
                        "--no-instructions >/plain/initdb.txt 2>&1", env)
        with open(self.root.path("/plain/pgdata/postgresql.conf"), "a") as f:
            f.write("shared_buffers = '128MB'\nlisten_addresses = ''\nport = '5432'\n"
                    "unix_socket_directories = '/run/postgresql'\n")
        if self.root.as_pg("pg_ctl -D /plain/pgdata -l /plain/log -w start >/dev/null && "
                           "pgbench -h /run/postgresql -i -q -s 1 postgres >/plain/init.txt 2>&1 && "
                           "psql -h /run/postgresql -qc CHECKPOINT postgres", env):
            raise Error("could not set up the plain server (%s)" % self.root.path("/plain/log"))
        os.sync()

    def stop_plain(self):
        self.root.as_pg("pg_ctl -D /plain/pgdata -w stop >/dev/null")

    def plain(self, options, env=()):
        """B, C, E or H: plain pgbench with options on the server of
        start_plain, env beside PATH and HOME in the environment of each of
        its programs; (tps, the client's CPU time per transaction in us)."""
        self.start_plain(env)
        # The shell's cutime and cstime (fields 16, 17) are pgbench's.
        status = self.root.as_pg(
            "cd /plain && rm -f pgbench_log.* && pgbench -h /run/postgresql -b %s -c %s -j %s -T %s "
            "-M simple %s postgres >/plain/out.txt 2>&1; s=$?; cut -d' ' -f16,17 /proc/$$/stat "
            ">/plain/cpu.txt; exit $s" % (self.script, self.clients, self.clients, self.seconds, options), env)
        with open(self.root.path("/plain/out.txt"), errors="replace") as f:
            text = f.read()
        if status:
            sys.stderr.write(text)
            raise Error("plain pgbench failed")
        self.stop_plain()
        tps = float(re.search(r"^tps = ([0-9.]+) ", text, re.M).group(1))
        n = int(re.search(r"^number of transactions actually processed: ([0-9]+)", text, re.M).group(1))
        with open(self.root.path("/plain/cpu.txt")) as f:
            ticks = sum(int(x) for x in f.read().split())
        return tps, ticks / HZ / n * 1e6

    def round(self, letters, reverse):
        """One round of the steps letters (or backwards): {letter: figures}."""
        steps = {
            "a": lambda: self.runner("/harness.ini"),
            "b": lambda: self.plain(""),
            "c": lambda: self.plain("-l"),
            "d": lambda: self.runner("/harness-seconds.ini"),
            "e": lambda: self.plain("-l --aggregate-interval=1 --failures-detailed"),
            "f": self.unsampled,
            "g": lambda: self.runner("/harness-every.ini"),
            "h": lambda: self.plain("", RUNNER_ENV),
        }
        return {k: steps[k]() for k in sorted(letters, reverse=reverse)}

    def unsampled(self):
        """F: A with the machine not sampled."""
        got = self.runner("/harness.ini", "--no-monitors")
        series = self.root.path("/runs/r/series")
        if got[3].get("monitors") is not None or \
                any(n.endswith(".sys.csv") for n in (os.listdir(series) if os.path.isdir(series) else [])):
            raise Error("F sampled the machine despite --no-monitors")
        return got


def sampling_rate(g):
    """The sampling rate of A's log in the round g."""
    return (g["a"][3].get("percentiles") or {}).get("sampling_rate", 1.0)


# Each step's columns: its letter, the heading, the figure of a round.
TPS = (("a", "A runner", lambda g: g["a"][0]), ("a", "(pgbench)", lambda g: g["a"][1]),
       ("a", "A smpl", sampling_rate),
       ("b", "B plain", lambda g: g["b"][0]), ("c", "C -l", lambda g: g["c"][0]),
       ("d", "D seconds", lambda g: g["d"][0]), ("e", "E -l agg", lambda g: g["e"][0]),
       ("f", "F no mon", lambda g: g["f"][0]), ("g", "G every", lambda g: g["g"][0]),
       ("h", "H env", lambda g: g["h"][0]))
# The ratios and costs: the steps they need, their heading, their figure.
RATIOS = (("ab", "A/B", lambda g: g["a"][0] / g["b"][0]), ("ab", "(pgb)/B", lambda g: g["a"][1] / g["b"][0]),
          ("cb", "C/B", lambda g: g["c"][0] / g["b"][0]), ("db", "D/B", lambda g: g["d"][0] / g["b"][0]),
          ("gb", "G/B", lambda g: g["g"][0] / g["b"][0]), ("af", "A/F", lambda g: g["a"][0] / g["f"][0]),
          ("hb", "H/B", lambda g: g["h"][0] / g["b"][0]), ("ah", "A/H", lambda g: g["a"][0] / g["h"][0]),
          ("b", "B us/tx", lambda g: g["b"][1]), ("cb", "C-B us", lambda g: g["c"][1] - g["b"][1]),
          ("eb", "E-B us", lambda g: g["e"][1] - g["b"][1]),
          ("a", "A smp ms/s", lambda g: g["a"][2]))


def command_line(argv, path, letters, defaults):
    """The command line of a script that takes harness.py's --steps: (the
    step letters, sorted; ROUNDS as a number; the other words, defaults
    filling those not given), or None when --help printed path's usage."""
    words = []
    for opt, val in cli.options(argv, ("--steps",), ("-h", "--help")):
        if opt in ("-h", "--help"):
            sys.stdout.write(cli.usage(path))
            return None
        if opt == "--steps":
            letters = val.lower()
            if not letters.isascii() or set(letters) - set("abcdefgh") or not {"a", "b"} <= set(letters):
                raise cli.UsageError("--steps: letters of ABCDEFGH, A and B among them: '%s'" % val)
            letters = "".join(sorted(set(letters)))
        else:
            words.append(val)
    if len(words) > len(defaults):
        raise cli.UsageError("too many arguments")
    words += defaults[len(words):]
    rounds = cli.number(words[0], "ROUNDS")
    if rounds < 1:
        raise cli.UsageError("ROUNDS: at least 1")
    return letters, rounds, words[1:]


def main(argv):
    got = command_line(argv, __file__, "abcdefg", ["5", "select-only", "2", "10"])
    if got is None:
        return 0
    letters, rounds, (script, clients, seconds) = got
    tps = [t for t in TPS if t[0] in letters]
    ratios = [r for r in RATIOS if set(r[0]) <= set(letters)]
    root = image_root()
    try:
        h = Harness(root, script, clients, seconds)
        print("harness: %d rounds of pgbench -b %s -c %s -j %s -T %s (-M simple), alternated %s %s"
              % (rounds, script, clients, clients, seconds, letters.upper(), letters[::-1].upper()))
        print("  %-5s %s  %s" % ("round", " ".join("%9s" % t[1] for t in tps),
                                 " ".join("%7s" % r[1] for r in ratios)))
        col = {r[1]: [] for r in ratios}
        col["A smpl"] = []
        for i in range(1, rounds + 1):
            g = h.round(letters, reverse=i % 2 == 0)
            got = [(r[1], r[2](g)) for r in ratios]
            for name, v in got + [("A smpl", sampling_rate(g))]:
                if v is not None:
                    col[name].append(v)
            print("  %-5d %s  %s" % (i, " ".join(("%9.4f" if t[1] == "A smpl" else "%9.1f") % t[2](g) for t in tps),
                                     " ".join("%7s" % ("-" if v is None else "%.4f" % v) for _, v in got)))
        m = {k: ("%.4f" % median(v) if v else "-") for k, v in col.items()}
        ci = median_interval(col["A/B"])
        print("harness: median tps ratio bootbench/plain %s over %d rounds%s with the default log (log = auto, "
              "sampling rate %s; goal >= 0.98; pgbench's own tps line %s)"
              % (m["A/B"], rounds, ", 95 %% interval [%.4f, %.4f]," % ci if ci else "", m["A smpl"], m["(pgb)/B"]))
        others = [(k, what) for k, what in (("D/B", "with log = seconds"), ("G/B", "with log = transactions"),
                                             ("C/B", "plain pgbench with -l (every transaction logged)"),
                                             ("A/F", "sampling the machine each second on / off"),
                                             ("H/B", "plain pgbench in the runner's environment"),
                                             ("A/H", "the runner against H"))
                  if k in col]
        if others:
            print("harness: medians: %s" % "; ".join("%s %s" % (m[k], what) for k, what in others))
        if "C-B us" in col or "E-B us" in col:
            print("harness: pgbench's client CPU per transaction: plain %s us; -l (every transaction) %s us "
                  "more; -l --aggregate-interval=1 (log = seconds) %s us more (medians of the rounds)"
                  % (m["B us/tx"], m.get("C-B us", "-"), m.get("E-B us", "-")))
        print("harness: the sampler's own CPU %s ms per second sampled (median of the rounds)" % m["A smp ms/s"])
    finally:
        root.cleanup()
    return 0


if __name__ == "__main__":
    cli.main(PROG, main)
