#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# fidelity-instructions.py: the instructions a server backend executes per
# transaction, the image's PostgreSQL (musl, mimalloc) against the reference
# build of the same source (host gcc and glibc), counted by callgrind.
#
# Each server is set up as fidelity.py does (its own initdb, data on a
# tmpfs, pgbench -i at the scale with the reference pgbench), then its
# postmaster runs under valgrind --tool=callgrind --trace-children=yes, so
# every backend it forks writes its own profile when it exits.  For each
# script, the reference pgbench makes two connections of 1 client, one of
# SHORT and one of LONG transactions (-n, -M simple, the same
# --random-seed, a CHECKPOINT before each); a row is the difference of the
# two backends' instruction counts (callgrind's Ir) divided by LONG - SHORT,
# so connecting and starting count nothing.  Unlike a time, the count does
# not depend on the load of the host: a faithful image executes what the
# reference does, and a ratio reference/image of 1.00 is the same work (the
# goal is >= 0.95).  The two sides run one after the other, the image first.
# For the rows where the image executes more, the functions that cost the
# most per transaction on each side (self Ir, LONG less SHORT), then the
# difference by function, string functions and allocators grouped under one
# name across the C libraries (glibc's __memmove_avx_unaligned_erms and
# musl's memcpy are both "memcpy+memmove"; LLVM libc's C++ names, which
# callgrind keeps mangled so that a name is one word, go by the function
# they are part of: its inline_memcmp is "memcmp").  The profiles stay in WORK
# (profiles.txt: side, script, transactions, file), for callgrind_annotate
# --tree=caller.  Callgrind counts each iteration of a rep-prefixed string
# instruction (musl's assembly memmove and memset) as one instruction.
#
# Settings beside fidelity.py's (shared_buffers 128MB, no TCP): autovacuum
# off and checkpoint_timeout 1h, so no background work changes the tables
# or forces full-page images in the middle of a run; log_connections on, to
# find each run's backend.  The image's postgres is stripped: when
# FIDELITY_SYMBOLS names the unstripped postgres of the image's build and it
# strips (--strip-unneeded) to the image's file byte for byte, that file is
# run in its place, the same code with the names of its static functions.
#
# Settings (environment): FIDELITY_SCALE (10), FIDELITY_SCRIPTS
# ("select-only simple-update tpcb-like"), FIDELITY_SHORT (500),
# FIDELITY_LONG (2500), FIDELITY_TOP (15, functions listed per side),
# FIDELITY_SYMBOLS (none), FIDELITY_DATA (a new directory on /dev/shm).
# Run as root, the servers run as the user nobody.  Needs valgrind.
#
#   TOP=... IMAGE=... REFERENCE=... WORK=... tests/figures/fidelity-instructions.py
import os
import re
import shutil
import subprocess
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from fidelity_setup import Error, Server, Sides, header, setting, tail  # noqa: E402
from ratios import verdict  # noqa: E402
from bootbench import cli  # noqa: E402

PROG = "fidelity-instructions"
PORTS = {"img": 55442, "ref": 55443}
SEED = 1
SETTINGS = "autovacuum = off\ncheckpoint_timeout = '1h'\nlog_connections = on\n"
# A line of callgrind_annotate: "Ir (share) file:function [object]".
ANNOTATED = re.compile(r"^ *([0-9,]+) \([ 0-9.]*%\) *[^ ]*:([^ ]*) \[(.*)\]$")
ALLOCATOR = re.compile(r"_?mi_|(__libc_)?(malloc|free|calloc|realloc|cfree|posix_memalign|aligned_alloc"
                       r"|memalign)$|(_int_malloc|_int_free|_int_realloc|malloc_consolidate|unlink_chunk"
                       r"|tcache_.*|sysmalloc|__malloc_.*|__libc_free)(\..*)?$")
STRINGS = re.compile(r"(memset|memchr|memrchr|rawmemchr|strlen|strnlen|strcmp|strncmp|strchr|strchrnul"
                     r"|strrchr|strcpy|stpcpy|strlcpy|strspn|strcspn|strcasecmp|strncasecmp)(_|$)")
LIBCS = ("libc.so", "libc.so.6", "ld-linux-x86-64.so.2", "ld-musl-x86_64.so.1")


def note(text):
    sys.stderr.write("%s: %s\n" % (PROG, text))
    sys.stderr.flush()


def group(obj, function):
    """The name a function is compared under across the two C libraries."""
    if ALLOCATOR.match(function):
        return "malloc+free (mimalloc | glibc)"
    g = re.sub(r"^__+", "", function)
    g, n = re.subn(r"^_ZN[0-9]+__llvm_libc_[0-9_]+_[0-9]+(inline_)?", "", g)
    if n:
        g = re.sub(r"E.*", "", g, count=1)
    for names, name in (("memcpy|memmove|mempcpy", "memcpy+memmove"), ("memcmp|bcmp", "memcmp"),
                        ("strncpy|stpncpy", "strncpy+stpncpy"),
                        ("clock_gettime|gettimeofday", "clock_gettime+gettimeofday")):
        if re.match(r"(%s)(_|$)" % names, g):
            return name
    if re.fullmatch(r"sigsetjmp|setjmp|longjmp|siglongjmp", g):
        return g
    if STRINGS.match(g):
        return g.split("_")[0]
    return "%s [%s]" % (function, obj) if obj in LIBCS else function


def functions(profile):
    """{(object, function): self Ir} of a profile, the recursion levels
    callgrind keeps apart ('2, '3) summed.  A function callgrind names by
    its address (an assembly function of musl's libc.so has no size in
    the symbol table) gets the name of the dynamic symbol there."""
    out = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", profile],
                         capture_output=True, text=True, errors="replace").stdout
    raw = [(int(m.group(1).replace(",", "")), m.group(3), m.group(2))
           for m in map(ANNOTATED.match, out.split("\n")) if m]
    symbols = {}
    for obj in sorted({o for _, o, f in raw if f.startswith("0x")}):
        nm = subprocess.run(["nm", "-D", "--defined-only", obj], capture_output=True, text=True,
                            errors="replace").stdout
        for v in (line.split() for line in nm.split("\n")):
            if len(v) == 3:
                symbols.setdefault((obj, "0x" + v[0]), v[2])
    cost = defaultdict(int)
    for ir, obj, f in raw:
        f = re.sub(r"'[0-9]+$", "", f)
        f = symbols.get((obj, f), f)
        cost[(os.path.basename(obj), f)] += ir
    return cost


def per_txn(short, long, d):
    """[(Ir per transaction, object, function)] from the two runs' profiles,
    largest first."""
    s, l = functions(short), functions(long)
    v = [((l[k] - s.get(k, 0)) / d,) + k for k in l] + [(-s[k] / d,) + k for k in s if k not in l]
    return sorted(v, key=lambda x: -x[0])


def total_ir(profile):
    with open(profile) as f:
        for line in f:
            if line.startswith("totals:"):
                return int(line.split()[1])
    raise Error("no totals in %s" % profile)


class Instructions:
    def __init__(self, sides):
        self.sides = sides
        self.scale = setting("FIDELITY_SCALE", 10)
        self.scripts = os.environ.get("FIDELITY_SCRIPTS", "select-only simple-update tpcb-like").split()
        self.short, self.long = setting("FIDELITY_SHORT", 500), setting("FIDELITY_LONG", 2500)
        self.top = setting("FIDELITY_TOP", 15)
        if self.long <= self.short:
            raise Error("FIDELITY_LONG (%d) must be more than FIDELITY_SHORT (%d)" % (self.long, self.short))
        if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
            raise Error("valgrind missing: install valgrind")
        self.img_names = "the dynamic symbols of the stripped image binary (static functions unnamed)"
        self.servers = {}
        self.vg = None
        self.totals, self.costs = {}, {}

    def symbols(self, path):
        """The unstripped postgres of the image's build in place of the
        image's, when it strips to it byte for byte."""
        if not os.path.isfile(path):
            raise Error("FIDELITY_SYMBOLS: %s missing" % path)
        stripped = os.path.join(self.sides.work, "postgres.stripped")
        if subprocess.run(["strip", "--strip-unneeded", "-o", stripped, path]).returncode != 0:
            raise Error("could not strip %s" % path)
        image = os.path.join(self.sides.img, "postgres")
        if subprocess.run(["cmp", "-s", stripped, image]).returncode == 0:
            shutil.copy(path, image)
            self.img_names = "%s (strips to the image's postgres byte for byte)" % path
        else:
            note("%s does not strip to the image's postgres: naming its functions from its dynamic "
                 "symbols only" % path)
        os.remove(stripped)

    def init(self, side):
        """initdb, the settings, pgbench -i on a plain server."""
        server = self.servers[side]
        os.makedirs(os.path.join(server.dir, "cg"), exist_ok=True)
        self.sides.chown(server.dir)
        server.init(SETTINGS)
        server.start("init.log")
        log = os.path.join(server.dir, "pgbench-init.txt")
        if self.sides.output([os.path.join(self.sides.ref, "pgbench")] + server.connection() +
                             ["-i", "-q", "-s", str(self.scale), "postgres"], log) != 0:
            tail(log)
            raise Error("pgbench -i (%s) failed" % side)
        if server.stop() != 0:
            raise Error("the %s server did not stop" % side)

    def up(self, side):
        """The postmaster under callgrind, each process's profile in
        WORK/SIDE/cg/callgrind.PID."""
        server = self.servers[side]
        log = os.path.join(server.dir, "log")
        with open(log, "w") as f:
            self.vg = subprocess.Popen(self.sides.command(
                ["valgrind", "--tool=callgrind", "--trace-children=yes", "--demangle=no",
                 "--callgrind-out-file=" + os.path.join(server.dir, "cg", "callgrind.%p"),
                 os.path.join(server.bin, "postgres"), "-D", server.pgdata]),
                stdout=f, stderr=subprocess.STDOUT)
        for _ in range(240):
            if server.sql("SELECT 1") == 0:
                return
            if self.vg.poll() is not None:
                tail(log)
                raise Error("the %s server under callgrind did not start: %s" % (side, log))
            time.sleep(0.5)
        raise Error("the %s server under callgrind not ready after 120 s: %s" % (side, log))

    def down(self, side):
        self.servers[side].stop()
        if self.vg:
            self.vg.wait()
            self.vg = None

    def backend_run(self, side, script, txns):
        """A pgbench connection of txns transactions; the profile of its
        backend once the backend has exited and callgrind has written it."""
        server = self.servers[side]
        log = os.path.join(server.dir, "log")
        if server.sql("CHECKPOINT") != 0:
            raise Error("CHECKPOINT (%s) failed" % side)
        with open(log, errors="replace") as f:
            seen = len(f.readlines())
        out = os.path.join(server.dir, "pgbench.txt")
        if self.sides.output([os.path.join(self.sides.ref, "pgbench")] + server.connection() +
                             ["-n", "-b", script, "-c", "1", "-t", str(txns), "-M", "simple",
                              "--random-seed=%d" % SEED, "postgres"], out) != 0:
            tail(out, 100)
            raise Error("pgbench -b %s -t %d against the %s server failed" % (script, txns, side))
        with open(log, errors="replace") as f:
            pids = re.findall(r"\[([0-9]+)\] LOG:  connection authorized: .*application_name=pgbench",
                              "".join(f.readlines()[seen:]))
        if not pids:
            raise Error("no pgbench connection in %s" % log)
        profile = os.path.join(server.dir, "cg", "callgrind." + pids[-1])
        for _ in range(600):
            if not os.path.isdir("/proc/" + pids[-1]) and os.path.isfile(profile) and \
                    re.search(r"^totals:", open(profile, errors="replace").read(), re.M):
                return profile
            time.sleep(0.2)
        raise Error("the backend %s (%s) did not exit or left no profile (%s)" % (pids[-1], side, profile))

    def measure(self):
        note("setting up both servers (initdb, pgbench -i -s %d) in %s" % (self.scale, self.sides.work))
        for side in ("img", "ref"):
            self.init(side)
        with open(os.path.join(self.sides.work, "profiles.txt"), "w") as profiles:
            for side in ("img", "ref"):
                note("%s server under callgrind" % side)
                self.up(side)
                for script in self.scripts:
                    note("%s %s: %d and %d transactions" % (side, script, self.short, self.long))
                    s = self.backend_run(side, script, self.short)
                    l = self.backend_run(side, script, self.long)
                    self.totals[side, script] = (total_ir(s), total_ir(l))
                    profiles.write("%s %s %d %s\n%s %s %d %s\n" % (side, script, self.short, s,
                                                                   side, script, self.long, l))
                    self.costs[side, script] = per_txn(s, l, self.long - self.short)
                self.down(side)

    def report(self, started):
        d = self.long - self.short
        for line in header(PROG, self.sides, "image and reference from the same pinned source"):
            print(line)
        valgrind = subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()
        print("  %s --tool=callgrind; data on %s; scale %d, shared_buffers 128MB,"
              % (valgrind, self.sides.data_where, self.scale))
        print("  autovacuum off, 1 client, -M simple, --random-seed=%d; the image's function names from"
              % SEED)
        print("  " + self.img_names)
        print("  Ir/txn: instructions the backend executed, (%d less %d transactions) / %d;"
              % (self.long, self.short, d))
        print("  ratio: reference / image (1.00: the same work; below 1: the image executes more)")
        print("  %-14s %12s %12s %7s" % ("script", "image Ir/txn", "ref Ir/txn", "ratio"))
        rows, more = [], []
        for script in self.scripts:
            a, b = (round((self.totals[side, script][1] - self.totals[side, script][0]) / d)
                    for side in ("img", "ref"))
            print("  %-14s %12d %12d %7.3f" % (script, a, b, b / a))
            rows.append((b / a, script))
            if a > b:
                more.append(script)
        ok, n, low = verdict(rows)
        print("%s: %d of %d rows at >= 0.95 of the reference in instructions; lowest %.4f (%s)"
              % (PROG, ok, n, low[0], low[1]))
        for script in more:
            self.differences(script)
        print("%s: done in %d s" % (PROG, time.time() - started))

    def differences(self, script):
        """For a row where the image executes more: each side's costliest
        functions, the difference by function grouped across the C
        libraries, each side by object."""
        n = self.top
        print()
        print("%s: the %d functions with the most self Ir per transaction (image | reference)" % (script, n))
        tops = [["%10.0f  %-40s %s" % (v, f, o) for v, o, f in self.costs[side, script][:n]]
                for side in ("img", "ref")]
        for i in range(max(map(len, tops))):
            print("  " + " | ".join(t[i] if i < len(t) else "" for t in tops))
        print("%s: the difference by function, image less reference, Ir per transaction (largest first)"
              % script)
        by = [defaultdict(float), defaultdict(float)]
        for i, side in enumerate(("img", "ref")):
            for v, o, f in self.costs[side, script]:
                by[i][group(o, f)] += v
        diff = sorted(((by[0][k] - by[1][k], by[0][k], by[1][k], k) for k in set(by[0]) | set(by[1])
                       if abs(by[0][k] - by[1][k]) >= 0.5), key=lambda x: -x[0])
        print("  %10s %10s %10s  %s" % ("img-ref", "image", "ref", "function"))
        for x in diff[:n]:
            print("  %+10.0f %10.0f %10.0f  %s" % x)
        print("  ...")
        for x in sorted(diff, key=lambda x: x[0])[:5][::-1]:
            print("  %+10.0f %10.0f %10.0f  %s" % x)
        print("  (sum of all differences: %.0f Ir per transaction)" % sum(round(x[0], 1) for x in diff))
        for side, name in (("img", "image"), ("ref", "reference")):
            objects = defaultdict(float)
            for v, o, _ in self.costs[side, script]:
                objects[o] += v
            print("  by object (%s):%s" % (name, "".join(" %s %.0f" % kv for kv in
                                                          sorted(objects.items(), key=lambda kv: -kv[1]))))


def main(argv):
    started = time.time()
    work = os.environ.get("WORK") or os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.realpath(__file__)))), "build", "fidelity", "instructions")
    sides = Sides("bootbench-fidelity-instructions", work)
    x = Instructions(sides)
    if os.environ.get("FIDELITY_SYMBOLS"):
        x.symbols(os.environ["FIDELITY_SYMBOLS"])
    sides.own()
    x.servers = {side: Server(sides, side, sides.img if side == "img" else sides.ref, PORTS[side])
                 for side in ("img", "ref")}
    try:
        x.measure()
        x.report(started)
    finally:
        if x.vg:
            x.vg.terminate()
        sides.cleanup(x.servers.values())
    return 0


if __name__ == "__main__":
    cli.main(PROG, main)
