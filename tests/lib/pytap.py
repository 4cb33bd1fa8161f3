"""pytap.py: the result lines of tests/lib's Python checkers.

check(ok, what) prints "ok - WHAT" or "not ok - WHAT" (tests/lib/e2e.sh
numbers them) and returns ok; exit() ends the checker with status 1 if any
check failed, else 0.
"""
import sys

failed = 0


def check(ok, what):
    global failed
    print(("ok" if ok else "not ok") + " - " + what)
    if not ok:
        failed += 1
    return ok


def exit():
    sys.exit(1 if failed else 0)
