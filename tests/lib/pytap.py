# SPDX-License-Identifier: GPL-2.0-only
"""pytap.py: TAP output for tests/lib's Python checkers.

The Python side of the convention of tests/lib/tap.sh (the shell side) and
tests/lib/tap.h (C): one "ok N - WHAT" / "not ok N - WHAT" line per check
and the plan "1..N" at the end, printed by exit().  check() takes a truth
value (true passes, false fails), as tap.h's ok() does; the shell's
tap_status takes an exit status instead (0 passes), and its tap_check a
command (it passes when the command exits 0).

check(ok, what): ok is a truth value; prints "ok N - what" when it is
true, "not ok N - what" when it is false, and returns ok.  exit() prints
the plan and ends the checker with status 1 if any check failed, else 0.
A checker that dies before exit() prints no plan: the test that runs it
(tap_import of tests/lib/tap.sh, through tests/lib/e2e.sh) reads its
stream, takes its results as its own, checks the plan and the exit status,
and reports a crash as a failure; the test's own stream keeps its single
plan.
"""
import sys

count = 0
failed = 0


def check(ok, what):
    global count, failed
    count += 1
    print(("ok" if ok else "not ok") + " %d - %s" % (count, what))
    if not ok:
        failed += 1
    return ok


def exit():
    print("1..%d" % count)
    sys.stdout.flush()
    sys.exit(1 if failed else 0)
