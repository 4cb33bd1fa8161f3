#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""check-profile.py RUN_DIR [--kernel-buildid ID] [--span CASE:MIN:MAX]...

Are the profiles of a run whose suite asked for them (doc/profiles.md)
what the run directory promises?  Prints a TAP stream (tests/lib/pytap.py):
bench.json's profile (the suite's settings, the perf, the cases counted),
and for every measurement its results line's profile object (valid against
doc/results.schema.json when python3-jsonschema is there), its perf.data
(the size it says, read by the host's perf), its build ids (the kernel's,
ID when given, and for a PostgreSQL workload the image's postgres, the
build id of $OUT/symbols/opt/postgresql/bin/postgres), the run's saved
kallsyms, the host's perf naming postgres's functions from $OUT/symbols
and the kernel's from that kallsyms, and with --span the time from its
first sample to its last between MIN and MAX seconds: the measured window,
not the warm-up.  Environment: TOP, OUT (default TOP/out), PERF (the host's
perf, default perf).  Exit status 0 if all passed.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pytap  # noqa: E402
from pytap import check  # noqa: E402

top = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = os.environ.get("OUT") or os.path.join(top, "out")
perf = os.environ.get("PERF") or "perf"
POSTGRES = "/opt/postgresql/bin/postgres"
PG_WORKLOADS = ("pgbench", "oltp", "insert", "seqscan")


def args(argv):
    run, kernel, spans = None, None, {}
    i = 0
    while i < len(argv):
        if argv[i] == "--kernel-buildid":
            kernel, i = argv[i + 1], i + 2
        elif argv[i] == "--span":
            case, lo, hi = argv[i + 1].rsplit(":", 2)
            spans[case], i = (float(lo), float(hi)), i + 2
        else:
            run, i = argv[i], i + 1
    return run, kernel, spans


def build_id(path):
    text = subprocess.run(["readelf", "-nW", path], capture_output=True, text=True).stdout
    m = re.search(r"Build ID: ([0-9a-f]+)", text)
    return m.group(1) if m else None


def host_perf(*argv):
    return subprocess.run([perf, "--no-pager"] + list(argv), capture_output=True, text=True)


def span(data):
    """Seconds from the first sample of data to the last, as perf script
    gives their times; None if it gives none."""
    times = [float(t.rstrip(":")) for t in host_perf("script", "-i", data, "-F", "time").stdout.split()
             if re.fullmatch(r"[0-9]+\.[0-9]+:?", t)]
    return max(times) - min(times) if times else None


def symbols(data, run, comm):
    """The symbols the host's perf names in comm's samples of data, with the
    image's unstripped files and the run's kallsyms."""
    done = host_perf("report", "-i", data, "--stdio", "--no-children", "-g", "none", "--comm", comm,
                     "--sort", "dso,sym", "--symfs", os.path.join(out, "symbols"),
                     "--kallsyms", os.path.join(run, "profiles", "kallsyms"))
    return re.findall(r"^ +[0-9.]+% +(\S+) +\[([.k])\] (\S+)", done.stdout, re.M)


def check_line(m, run, kernel, spans, postgres_id):
    cid, p = m["id"], m.get("profile")
    if not check(isinstance(p, dict) and "error" not in p,
                 "%s: its results line has a profile%s" % (cid, "" if not isinstance(p, dict) else
                                                          ": " + p.get("error", "no error"))):
        return False
    if schemas:
        errs = schemas.errors(top, "results.schema.json", m, "measurement")
        check(not errs, "%s: the line is valid against $defs/measurement%s" % (cid, "".join(
            "; %s: %s" % e for e in errs[:3])))
    data = os.path.join(run, p["file"])
    size = os.path.getsize(data) if os.path.isfile(data) else -1
    check(size > 0 and size == p.get("bytes"), "%s: %s holds the %s bytes it says (%d)"
          % (cid, p["file"], p.get("bytes"), size))
    check(p["samples"] > 0 and p["seconds"] > 0 and p["event"] in ("cpu-clock", "cycles"),
          "%s: %d samples of %s over a window of %.2f s, %d Hz, call graphs %s"
          % (cid, p["samples"], p["event"], p["seconds"], p["frequency"], p["call_graph"]))
    ids = {}
    try:
        with open(os.path.join(run, p["buildids"])) as f:
            for line in f:
                bid, _, path = line.rstrip("\n").partition(" ")
                ids[path] = bid
    except OSError as e:
        check(False, "%s: %s: %s" % (cid, p["buildids"], e.strerror))
    want = kernel or "a build id"
    check(ids.get("[kernel.kallsyms]") and (not kernel or ids["[kernel.kallsyms]"] == kernel),
          "%s: %s names the kernel's build id (%s; want %s)"
          % (cid, p["buildids"], ids.get("[kernel.kallsyms]"), want))
    if m["workload"] in PG_WORKLOADS:
        check(postgres_id and ids.get(POSTGRES) == postgres_id,
              "%s: and postgres's, the build id of out/symbols%s (%s; want %s)"
              % (cid, POSTGRES, ids.get(POSTGRES), postgres_id))
        syms = symbols(data, run, "postgres")
        named = sorted({s for dso, kind, s in syms if dso == "postgres" and not s.startswith("0x")})
        kernel_syms = sorted({s for dso, kind, s in syms if kind == "k" and not s.startswith("0x")})
        check(named, "%s: the host's perf names postgres's functions from out/symbols (%s)"
              % (cid, " ".join(named[:5])))
        check(kernel_syms, "%s: and the kernel's from the saved kallsyms (%s)"
              % (cid, " ".join(kernel_syms[:5])))
    if cid in spans:
        lo, hi = spans[cid]
        s = span(data)
        check(s is not None and lo <= s <= hi, "%s: its samples span %s s, within [%g, %g]: the "
              "measured window alone" % (cid, "none" if s is None else "%.2f" % s, lo, hi))
    return True


run, kernel, spans = args(sys.argv[1:])
try:
    import schemas
except ImportError:
    check(False, "python3 jsonschema module is installed (python3-jsonschema; make deps)")
    schemas = None
with open(os.path.join(run, "bench.json")) as f:
    bench = json.load(f)
with open(os.path.join(run, "results.jsonl")) as f:
    lines = [json.loads(t) for t in f if t.strip()]
bp = bench.get("profile") or {}
check(bp.get("kind") == "cpu" and bp.get("perf_version"),
      "bench.json: profile %s, perf %s %s" % (bp.get("kind"), bp.get("perf"), bp.get("perf_version")))
good = sum(1 for m in lines if isinstance(m.get("profile"), dict) and "error" not in m["profile"])
check(bp.get("cases_profiled") == good, "bench.json: %s cases profiled, as results.jsonl has %d"
      % (bp.get("cases_profiled"), good))
kallsyms = os.path.join(run, "profiles", "kallsyms")
try:
    with open(kallsyms) as f:
        rows = [line.split() for line in f]
except OSError:
    rows = []
check(len(rows) > 10000 and any(r[1:3] == ["T", "do_idle"] or r[1:3] == ["t", "do_idle"] for r in rows)
      and any(int(r[0], 16) != 0 for r in rows[:100]),
      "profiles/kallsyms: /proc/kallsyms (%d symbols, do_idle among them, real addresses)" % len(rows))
symbols_postgres = os.path.join(out, "symbols", POSTGRES.lstrip("/"))
pid = build_id(symbols_postgres) if os.path.isfile(symbols_postgres) else None
check(pid, "out/symbols%s has a build id (%s)" % (POSTGRES, pid))
for m in lines:
    check_line(m, run, kernel, spans, pid)
pytap.exit()
