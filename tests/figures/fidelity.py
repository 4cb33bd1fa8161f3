#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# fidelity.py: does the image's PostgreSQL run like a normal build of it?
#
# The image's server and tools (musl, mimalloc) against a reference build of
# the same pinned source with the host's gcc and glibc (tests/fidelity.mk),
# both on the host, on the same disk, with the same settings:
#   server rows   the same client (the reference pgbench) against each
#                 server: select-only, simple-update and tpcb-like at 1, 2
#                 and 8 clients;
#   client rows   the image's pgbench against the reference pgbench, both
#                 on a reference server (in a duet, each its own):
#                 select-only at 1, 2 and 8 clients;
#   pgbench -i    its time on each server (the reference pgbench);
# each row PAIRS times, and a CHECKPOINT on the servers before every run.
# The two sides of a pair run side by side ("duet", on a host with two CPUs
# or more): each side's server and client pinned to a CPU of its own
# (taskset), so that what the host does to both CPUs at once cancels out of
# the pair's ratio; a pair is two such runs, the CPUs swapped, each side's
# figure the geometric mean of its two.  The client rows then give each
# pgbench a reference server of its own.  Otherwise
# (FIDELITY_MODE=alternate, or one CPU) the sides take turns, ABBA, unpinned.
# A row's ratio is the median of its pairs' image/reference ratios (for a
# time, reference/image): 1.00 is a faithful image, the goal is >= 0.95.
# FIDELITY_AA=1 runs the reference against itself in the image's place: the
# ratios show what the method resolves on this host (1.00, and the spread).
# Beside the speed, the CPU time per transaction of the side compared (the
# server's, from /proc, or the client's), which a busy host disturbs less
# than the speed.  The data directories are on a tmpfs (/dev/shm) unless
# FIDELITY_DATA names a directory: the builds differ in CPU time, and a
# disk's varying fsync time would hide that (fdatasync is still called, it
# returns at once).  Then the system calls per transaction of
# each server and each client, from strace (as root): the difference
# between a run of LONG and one of SHORT transactions at 1 client, divided
# by LONG - SHORT, so connecting and starting count nothing.
# The statistics are ratios.py's, the servers fidelity_setup.py's.
#
# Settings (environment): FIDELITY_PAIRS (5), FIDELITY_SECONDS (6),
# FIDELITY_SCALE (10), FIDELITY_CLIENTS ("1 2 8"),
# FIDELITY_SCRIPTS ("select-only simple-update tpcb-like"), FIDELITY_DATA
# (a new directory on /dev/shm), FIDELITY_MODE (duet or alternate; duet
# when the host has two CPUs or more), FIDELITY_CPUS (the duet's two CPUs:
# the first two this process may use), FIDELITY_AA (0).
# Run as root, the servers run as the user nobody.
#
#   TOP=... IMAGE=... REFERENCE=... WORK=... tests/figures/fidelity.py
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from fidelity_setup import Error, Server, Sides, header, setting  # noqa: E402
from ratios import geomean, median, verdict  # noqa: E402
from bootbench import cli  # noqa: E402

PROG = "fidelity"
SHORT, LONG = 500, 2500
HZ = os.sysconf("SC_CLK_TCK")
PORTS = {"img": 55432, "ref": 55433, "rf2": 55434}


def note(text):
    sys.stderr.write("%s: %s\n" % (PROG, text))
    sys.stderr.flush()


class Settings:
    def __init__(self):
        self.pairs = setting("FIDELITY_PAIRS", 5)
        self.seconds = setting("FIDELITY_SECONDS", 6)
        self.scale = setting("FIDELITY_SCALE", 10)
        self.clients = os.environ.get("FIDELITY_CLIENTS", "1 2 8").split()
        self.scripts = os.environ.get("FIDELITY_SCRIPTS", "select-only simple-update tpcb-like").split()
        self.aa = os.environ.get("FIDELITY_AA", "0")
        if self.aa not in ("0", "1"):
            raise Error("FIDELITY_AA must be 0 or 1")
        self.allowed = sorted(os.sched_getaffinity(0))
        cpus = os.environ.get("FIDELITY_CPUS")
        cpus = cpus.split() if cpus else [str(c) for c in self.allowed[:2]]
        taskset = shutil.which("taskset")
        self.mode = os.environ.get("FIDELITY_MODE") or ("duet" if len(cpus) >= 2 and taskset
                                                        else "alternate")
        if self.mode == "duet":
            if not taskset:
                raise Error("FIDELITY_MODE=duet needs taskset: install util-linux")
            if len(cpus) != 2 or not all(c.isdigit() for c in cpus):
                raise Error("FIDELITY_CPUS must name two CPUs (it is '%s')" % " ".join(cpus))
            for c in cpus:
                if int(c) not in self.allowed:
                    raise Error("CPU %s (FIDELITY_CPUS) is not one this process may use" % c)
            if cpus[0] == cpus[1]:
                raise Error("FIDELITY_CPUS names CPU %s twice" % cpus[0])
            self.cpus = [int(c) for c in cpus]
        elif self.mode != "alternate":
            raise Error("FIDELITY_MODE must be duet or alternate (it is '%s')" % self.mode)


def server_procs(server):
    """The server's processes: {pid: CPU ticks}, the postmaster's with those
    of the children it has reaped, its live children's their own."""
    pm, found = server.pid(), {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/stat" % pid) as f:
                v = f.read().rsplit(") ", 1)[1].split()
        except (OSError, IndexError):
            continue
        # v[1] is the ppid; v[11:15] utime stime cutime cstime.
        if int(pid) == pm:
            found[pm] = sum(int(x) for x in v[11:15])
        elif int(v[1]) == pm:
            found[int(pid)] = int(v[11]) + int(v[12])
    return found


def server_ticks(server):
    return sum(server_procs(server).values())


def pin(server, cpus):
    """The server's processes (each of their threads) to cpus; the backends
    it starts later inherit it from the postmaster."""
    for pid in server_procs(server):
        try:
            for tid in os.listdir("/proc/%d/task" % pid):
                os.sched_setaffinity(int(tid), cpus)
        except ProcessLookupError:
            pass
        except OSError as e:
            if os.path.isdir("/proc/%d" % pid):
                raise Error("could not pin process %d of the %s server to CPUs %s: %s"
                            % (pid, server.side, cpus, e.strerror)) from None


class Fidelity:
    def __init__(self, s, sides):
        self.s, self.sides = s, sides
        names = ["img", "ref"] + (["rf2"] if s.mode == "duet" else [])
        img = sides.ref if s.aa == "1" else sides.img
        self.servers = {n: Server(sides, n, img if n == "img" else sides.ref, PORTS[n]) for n in names}
        self.table, self.rows, self.cpurows = [], [], []

    def checkpoint(self):
        for server in self.servers.values():
            if server.sql("CHECKPOINT") != 0:
                raise Error("CHECKPOINT on the %s server failed" % server.side)

    def measured(self, bindir, side, out, args, cpu=None):
        """pgbench args against the server side, its output in the file
        out: (the server's CPU ticks, pgbench's CPU seconds).  On cpu
        when given."""
        server = self.servers[side]
        s0 = server_ticks(server)
        on = ["taskset", "-c", str(cpu)] if cpu is not None else []
        with open(out, "w") as f:
            proc = subprocess.Popen(self.sides.command(on + [os.path.join(bindir, "pgbench")] +
                                                       server.connection() + args + ["postgres"]),
                                    stdout=f, stderr=subprocess.STDOUT)
            # pgbench's own CPU time: the rusage of the process, which
            # env, setpriv and taskset became.
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            with open(out, errors="replace") as f:
                sys.stderr.write(f.read())
            raise Error("pgbench %s against the %s server failed" % (" ".join(args), side))
        time.sleep(0.5)     # the backends gone and reaped
        return server_ticks(server) - s0, usage.ru_utime + usage.ru_stime

    def pgbench_tps(self, bindir, side, script, clients, whose, cpu=None):
        """(tps without connection time, CPU microseconds per transaction
        of whose: the server's or the client's)."""
        out = os.path.join(self.sides.work, "pgbench.%s.txt" % side)
        server, client = self.measured(bindir, side, out, ["-b", script, "-c", clients, "-j", clients,
                                                           "-T", str(self.s.seconds), "-M", "simple"], cpu)
        with open(out, errors="replace") as f:
            text = f.read()
        tps = re.search(r"^tps = ([0-9.]+) ", text, re.M)
        n = re.search(r"^number of transactions actually processed: ([0-9]+)", text, re.M)
        if not tps or not n:
            sys.stderr.write(text)
            raise Error("no tps in pgbench's output")
        secs = server / HZ if whose == "server" else client
        return float(tps.group(1)), secs / int(n.group(1)) * 1e6

    def init_time(self, side, cpu=None):
        """(seconds, the server's CPU milliseconds) of pgbench -i at the scale."""
        t0 = time.time()
        server, _ = self.measured(self.sides.ref, side, os.path.join(self.sides.work, "init.%s.txt" % side),
                                  ["-i", "-q", "-s", str(self.s.scale)], cpu)
        return time.time() - t0, server / HZ * 1e3

    def duet(self, img, ref, servers, cpus):
        """Both measurements at once, each server with its client on its
        CPU: (the image's, the reference's)."""
        for side, cpu in zip(servers, cpus):
            pin(self.servers[side], [cpu])
        self.checkpoint()
        got, failed = [None, None], []

        def side(i, measure):
            try:
                got[i] = measure(cpus[i])
            except Error as e:
                failed.append(e)
        threads = [threading.Thread(target=side, args=(i, m)) for i, m in enumerate((img, ref))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if failed:
            raise failed[0]
        return got

    def pairs_of(self, img, ref, servers=("img", "ref")):
        """The image's and the reference's figures, a pair at a time, a
        CHECKPOINT before each run.  In a duet a pair is two runs of both
        at once, the CPUs swapped for the second: a side's figure is the
        geometric mean of its two, so that one CPU's being faster cancels
        out of the ratio.  Otherwise the two take turns, ABBA."""
        a, b = [], []
        for i in range(1, self.s.pairs + 1):
            if self.s.mode == "duet":
                a1, b1 = self.duet(img, ref, servers, self.s.cpus)
                a2, b2 = self.duet(img, ref, servers, self.s.cpus[::-1])
                x = tuple(geomean(v) for v in zip(a1, a2))
                y = tuple(geomean(v) for v in zip(b1, b2))
            elif i % 2:
                self.checkpoint()
                x = img(None)
                self.checkpoint()
                y = ref(None)
            else:
                self.checkpoint()
                y = ref(None)
                self.checkpoint()
                x = img(None)
            a.append(x)
            b.append(y)
        return a, b

    def row(self, label, unit, cpuunit, higher, a, b):
        """A table row from the pairs: the ratio is the image's speed over
        the reference's (tps/tps, or the inverse for times and CPU)."""
        rs = [x[0] / y[0] if higher else y[0] / x[0] for x, y in zip(a, b)]
        cs = [y[1] / x[1] for x, y in zip(a, b)]
        m, mc = median(rs), median(cs)
        self.table.append("  %-23s %9.1f %9.1f %-3s %6.3f %8.1f %8.1f %-5s %6.3f  %s" % (
            label, median([x[0] for x in a]), median([y[0] for y in b]), unit, m,
            median([x[1] for x in a]), median([y[1] for y in b]), cpuunit, mc,
            " ".join("%.2f" % r for r in rs)))
        self.rows.append((m, label))
        self.cpurows.append((mc, label))

    def measure(self):
        s = self.s
        note("pgbench -i -s %d: %d pairs (%s)" % (s.scale, s.pairs, s.mode))
        a, b = self.pairs_of(lambda cpu: self.init_time("img", cpu), lambda cpu: self.init_time("ref", cpu))
        if s.mode == "duet":
            self.measured(self.sides.ref, "rf2", os.path.join(self.sides.work, "init.rf2.txt"),
                          ["-i", "-q", "-s", str(s.scale)])
        self.row("pgbench -i -s %d" % s.scale, "s", "ms", False, a, b)
        ref = self.sides.ref
        for script in s.scripts:
            for c in s.clients:
                note("server %s c%s: %d pairs of %d s" % (script, c, s.pairs, s.seconds))
                a, b = self.pairs_of(
                    lambda cpu: self.pgbench_tps(ref, "img", script, c, "server", cpu),
                    lambda cpu: self.pgbench_tps(ref, "ref", script, c, "server", cpu))
                self.row("server %s c%s" % (script, c), "tps", "us/tx", True, a, b)
        client_ref = "rf2" if s.mode == "duet" else "ref"
        for c in s.clients:
            note("client select-only c%s: %d pairs of %d s" % (c, s.pairs, s.seconds))
            a, b = self.pairs_of(
                lambda cpu: self.pgbench_tps(self.servers["img"].bin, "ref", "select-only", c, "client", cpu),
                lambda cpu: self.pgbench_tps(ref, client_ref, "select-only", c, "client", cpu),
                ("ref", client_ref))
            self.row("client select-only c%s" % c, "tps", "us/tx", True, a, b)
        if s.mode == "duet":
            for server in self.servers.values():
                pin(server, s.allowed)

    def report(self):
        s = self.s
        for line in header(PROG, self.sides, "image and reference from the same pinned source"):
            print(line)
        if s.aa == "1":
            print("  FIDELITY_AA=1: the reference in the image's place (A/A: what this host resolves)")
        if s.mode == "duet":
            print("  data on %s; scale %d, shared_buffers 128MB, %d pairs of two %d-s runs,"
                  % (self.sides.data_where, s.scale, s.pairs, s.seconds))
            print("  the sides at once, each server with its client on one CPU (%d, %d), swapped for "
                  "the second" % tuple(s.cpus))
            print("  server rows: the reference pgbench as client for both; client rows: each on a "
                  "reference server")
        else:
            print("  data on %s; scale %d, shared_buffers 128MB, %d pairs of %d s alternated"
                  % (self.sides.data_where, s.scale, s.pairs, s.seconds))
            print("  server rows: the reference pgbench as client for both; client rows: both on the "
                  "reference server")
        print("  CPU: the server's (server rows, pgbench -i) or the client's (client rows) CPU time per")
        print("  transaction; ratio: the image's speed over the reference's, median of the pairs (listed)")
        print("  %-23s %9s %9s %-3s %6s %8s %8s %-5s %6s  %s" % ("row", "image", "ref", "", "ratio",
                                                                "CPU img", "ref", "", "ratio",
                                                                "pairs (ratio)"))
        for line in self.table:
            print(line)
        for what, rows in (("speed", self.rows), ("CPU time", self.cpurows)):
            ok, n, low = verdict(rows)
            print("%s: %d of %d rows at >= 0.95 of the reference in %s; lowest %.4f (%s)"
                  % (PROG, ok, n, what, low[0], low[1]))


def calls_of(path):
    """{system call: calls} from strace -c's table."""
    calls = {}
    with open(path, errors="replace") as f:
        for line in f:
            v = line.split()
            if len(v) >= 5 and re.fullmatch(r"[0-9.]+", v[0]) and v[3].isdigit() and v[-1] != "total":
                calls[v[-1]] = int(v[3])
    return calls


def per_txn(short, long):
    """Calls per transaction, the difference of the two runs, by count."""
    d = LONG - SHORT
    v = {k: (long.get(k, 0) - short.get(k, 0)) / d for k in set(short) | set(long)}
    v = {k: x for k, x in v.items() if x >= 0.005 or (k not in long and -x >= 0.005)}
    return sorted(v.items(), key=lambda kv: (-round(kv[1], 2), kv[0]))


def summary(calls):
    return "%6.2f  (%s)" % (sum(round(x, 2) for _, x in calls),
                            ", ".join("%s %.2f" % kv for kv in calls[:6]))


class Syscalls:
    """System calls per transaction, from strace (as root): the difference
    between a run of LONG and one of SHORT transactions at 1 client,
    divided by LONG - SHORT."""

    def __init__(self, f):
        self.f, self.raw = f, os.path.join(f.sides.work, "trace.raw")

    def pgbench(self, bindir, server, script, txns):
        return [os.path.join(bindir, "pgbench")] + server.connection() + [
            "-b", script, "-c", "1", "-t", str(txns), "-M", "simple", "postgres"]

    def server(self, side, script, txns):
        """strace -f on the postmaster during a run (reference pgbench)."""
        server = self.f.servers[side]
        st = subprocess.Popen(["strace", "-f", "-c", "-q", "-o", self.raw, "-p", str(server.pid())])
        time.sleep(1)
        if self.f.sides.run(self.pgbench(self.f.sides.ref, server, script, txns),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
            raise Error("pgbench under strace failed (%s)" % side)
        time.sleep(0.5)
        st.send_signal(signal.SIGINT)
        st.wait()
        return calls_of(self.raw)

    def client(self, bindir, script, txns):
        """strace -f of pgbench itself, against the reference server."""
        if os.path.exists(self.raw):
            os.remove(self.raw)     # strace runs as the servers' user here
        if self.f.sides.run(["strace", "-f", "-c", "-q", "-o", self.raw] +
                            self.pgbench(bindir, self.f.servers["ref"], script, txns),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
            raise Error("pgbench under strace failed (%s)" % bindir)
        return calls_of(self.raw)

    def report(self):
        f = self.f
        print("syscalls per transaction (strace -f, 1 client, %d less %d transactions; the six most "
              "frequent):" % (LONG, SHORT))
        for script in f.s.scripts:
            got = {side: per_txn(self.server(side, script, SHORT), self.server(side, script, LONG))
                   for side in ("img", "ref")}
            print("  server %-13s image     %s" % (script, summary(got["img"])))
            print("  %-20s reference %s" % ("", summary(got["ref"])))
        got = {side: per_txn(self.client(b, "select-only", SHORT), self.client(b, "select-only", LONG))
               for side, b in (("img", f.servers["img"].bin), ("ref", f.sides.ref))}
        print("  client %-13s image     %s" % ("select-only", summary(got["img"])))
        print("  %-20s reference %s" % ("", summary(got["ref"])))


def main(argv):
    s = Settings()
    work = os.environ.get("WORK") or os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.realpath(__file__)))), "build", "fidelity", "run")
    sides = Sides("bootbench-fidelity", work)
    sides.own()
    f = Fidelity(s, sides)
    try:
        note("starting the servers (%s; initdb) in %s" % (" ".join(f.servers), work))
        for server in f.servers.values():
            server.init()
            server.start()
        f.measure()
        f.report()
        if os.getuid() != 0:
            print("syscalls per transaction: skipped (strace -p needs root)")
        else:
            Syscalls(f).report()
    finally:
        sides.cleanup(f.servers.values())
    return 0


if __name__ == "__main__":
    cli.main(PROG, main)
