#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""profile-query.py REPORT.json WHAT COLUMN [KIND]: one figure of the
--profile part of a JSON report (bootbench-report --format json
--profile), as lines of tab-separated fields, for the shell tests; the
first row with profiles of the first table that has one, its cell of
column COLUMN (the column's value).

  movers    function, kind, change (points), exceeds_spread (true, false
            or null), one line per mover, the largest change first
  top       function, self %, total %: the top functions of KIND
  shares    kernel, postgres, other, idle: the shares in %
  change    kernel, postgres, other, idle: the change in points and
            whether it exceeds the spread
  samples   the samples
  folded    the folded stacks file
  nosym     object, why: the objects without symbols
  notread   the profiles not read
Exit status 1 when there is no such cell."""
import json
import signal
import sys


def cell(report, column):
    for table in report["tables"]:
        for row in table["rows"]:
            profile = row.get("profile")
            if not profile:
                continue
            for c in profile["cells"]:
                if c["column"] == column:
                    return c
            return None
    return None


def show(v):
    return "null" if v is None else ("true" if v is True else "false" if v is False else str(v))


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # a reader that stops early
    try:
        with open(sys.argv[1]) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("profile-query.py: %s: %s" % (sys.argv[1], e))
    what, column = sys.argv[2], sys.argv[3]
    c = cell(report, column)
    if c is None:
        sys.exit(1)
    if what == "movers":
        for m in c.get("movers", []):
            ch = m["self_change"]
            print("\t".join([m["function"], m["kind"], "%.2f" % ch["points"],
                             show(ch["exceeds_spread"])]))
    elif what == "top":
        for t in c["top"][sys.argv[4]]:
            print("\t".join([t["function"], "%.2f" % t["self_pct"], "%.2f" % t["total_pct"]]))
    elif what == "shares":
        for k in ("kernel", "postgres", "other", "idle"):
            print("%s\t%.2f" % (k, c["shares_pct"][k]))
    elif what == "change":
        for k in ("kernel", "postgres", "other", "idle"):
            ch = c["shares_change"][k]
            print("%s\t%.2f\t%s" % (k, ch["points"], show(ch["exceeds_spread"])))
    elif what == "samples":
        print(c["samples"])
    elif what == "folded":
        print(show(c["folded"]))
    elif what == "nosym":
        for o in c["no_symbols"]:
            print("%s\t%s" % (o["object"], o["why"]))
    elif what == "notread":
        for e in c["not_read"]:
            print(e)
    else:
        sys.exit("unknown query " + what)


main()
