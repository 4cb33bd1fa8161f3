#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# pgbench-instructions.py: what the logs the runner asks of pgbench cost
# pgbench itself, in instructions per transaction counted by callgrind.
#
# In a chroot of the image (/tmp a tmpfs), against a server set up as
# harness.py sets up its plain steps, the image's pgbench runs on the host
# under valgrind --tool=callgrind with each set of options below, once for
# TRANSACTIONS and once for twice as many (-c 1 -j 1 -M simple -n, one
# client and one thread); a row is the difference of the two counts
# (callgrind's Ir) divided by TRANSACTIONS, so starting and connecting
# count nothing, and the same for the lines pgbench logged.  Unlike
# harness.py's speed, the count does not depend on the load of the host,
# so it shows what a time cannot show on a busy one: what each log adds
# to the client's own work in user space (the kernel's is not counted).
# The rows:
#   plain        no log
#   auto         -l --sampling-rate=RATE: the runner's default log
#                (log = auto) where the first second ran 10 000 / RATE tps
#   seconds      -l --aggregate-interval=1 --failures-detailed
#                (log = seconds)
#   transactions -l: every transaction logged (log = transactions)
# The server's own work per transaction is the same in every row (the same
# SQL on the same server); tests/figures/fidelity-instructions.py counts
# it.  Needs root (chroot) and valgrind.
#
# Usage: pgbench-instructions.py [TRANSACTIONS [RATE [SCRIPT]]]
#        (defaults: 20000 0.1 select-only)
# Exit: 0, 1 when a run failed, 2 for a bad command line
import glob
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from harness import RUNNER_ENV, Harness, image_root  # noqa: E402
from bootbench import Error, cli  # noqa: E402

PROG = "pgbench-instructions"


def rows(rate):
    """(name, the options, what they are) of each row."""
    return (("plain", [], "no log"),
            ("auto", ["-l", "--sampling-rate=%g" % rate],
             "log = auto, a sample of %g (first second at %.0f tps)" % (rate, 10000 / rate)),
            ("seconds", ["-l", "--aggregate-interval=1", "--failures-detailed"], "log = seconds"),
            ("transactions", ["-l"], "log = transactions, every one"))


class Counter:
    def __init__(self, root, script):
        self.root, self.script = root, script
        self.dir = os.path.join(root.work, "instructions")
        os.makedirs(self.dir)

    def count(self, options, transactions):
        """(callgrind's instruction count, the lines logged) of one run."""
        for f in glob.glob(os.path.join(self.dir, "*")):
            os.remove(f)
        out = os.path.join(self.dir, "callgrind.out")
        argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
                self.root.path("/opt/postgresql/bin/pgbench"), "-h", self.root.path("/run/postgresql"),
                "-U", "postgres", "-b", self.script, "-c", "1", "-j", "1", "-t", str(transactions), "-n",
                "-M", "simple"] + options + ["postgres"]
        env = dict(e.split("=", 1) for e in RUNNER_ENV)
        env["PATH"] = os.environ.get("PATH", "/usr/bin:/bin")
        got = subprocess.run(argv, cwd=self.dir, capture_output=True, text=True, env=env)
        m = re.search(r"Collected : ([0-9]+)", got.stderr)
        if got.returncode or not m:
            sys.stderr.write(got.stdout + got.stderr)
            raise Error("pgbench %s under callgrind failed" % " ".join(options))
        lines = 0
        for log in glob.glob(os.path.join(self.dir, "pgbench_log.*")):
            with open(log, "rb") as f:
                lines += sum(1 for _ in f)
        return int(m.group(1)), lines

    def per_transaction(self, options, transactions):
        """(instructions, lines logged) per transaction: the run of twice
        transactions less the run of transactions."""
        ir1, lines1 = self.count(options, transactions)
        ir2, lines2 = self.count(options, 2 * transactions)
        return (ir2 - ir1) / transactions, (lines2 - lines1) / transactions


def main(argv):
    words = []
    for opt, val in cli.options(argv, (), ("-h", "--help")):
        if opt:
            sys.stdout.write(cli.usage(__file__))
            return 0
        words.append(val)
    if len(words) > 3:
        raise cli.UsageError("too many arguments")
    transactions, rate, script = (words + ["20000", "0.1", "select-only"][len(words):])[:3]
    transactions = cli.number(transactions, "TRANSACTIONS")
    if transactions < 100:
        raise cli.UsageError("TRANSACTIONS: at least 100")
    try:
        rate = float(rate)
    except ValueError:
        raise cli.UsageError("RATE: a number, not '%s'" % rate) from None
    if not 0 < rate < 1:
        raise cli.UsageError("RATE: between 0 and 1, not %g" % rate)
    if not shutil.which("valgrind"):
        raise Error("valgrind missing: install valgrind")
    root = image_root()
    try:
        h = Harness(root, script, "1", "0")
        h.start_plain(RUNNER_ENV)
        c = Counter(root, script)
        print("pgbench-instructions: the image's pgbench -b %s -c 1 -j 1 -n -M simple, %d and %d transactions "
              "under callgrind; per transaction:" % (script, transactions, 2 * transactions))
        print("  %-13s %9s %8s %7s %7s  %s" % ("row", "instr", "more", "more %", "lines", "options"))
        got = {}
        for name, options, what in rows(rate):
            ir, lines = got[name] = c.per_transaction(options, transactions)
            base = got["plain"][0]
            print("  %-13s %9.0f %8.0f %7.1f %7.4f  %s (%s)" % (name, ir, ir - base, (ir - base) / base * 100, lines,
                                                             " ".join(options) or "-", what), flush=True)
        h.stop_plain()
        line = (got["transactions"][0] - got["plain"][0]) / got["transactions"][1]
        auto = got["auto"][0] - got["plain"][0]
        print("pgbench-instructions: a line of the log costs pgbench %.0f instructions; log = auto adds %.0f a "
              "transaction to plain pgbench (%.0f for the lines it writes, %.0f for the clock read and the random "
              "draw of every transaction), log = transactions %.0f"
              % (line, auto, line * got["auto"][1], auto - line * got["auto"][1],
                 got["transactions"][0] - got["plain"][0]))
    finally:
        root.cleanup()
    return 0


if __name__ == "__main__":
    cli.main(PROG, main)
