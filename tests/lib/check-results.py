#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""check-results.py RUN_DIR [EXPECTED_CASES]: is every measurement of a run sane?

Prints a TAP stream (tests/lib/pytap.py: "ok N - ..." / "not ok N - ...",
the plan "1..N" at the end; tests/lib/e2e.sh takes its results as its own
through tap_import of tests/lib/tap.sh) for: one
format-2 line per case, every workload's headline figure > 0, latency
percentiles ordered and how they were made, CPU shares summing to about
100 %, series files with rows, target I/O recorded, per-second system samples (series/<id>.sys.csv:
a row a second, plausible values, the disk busy during seqscan or rawio)
and their summary; the CPU time per unit of work (doc/results-jsonl.md),
required of every line where the kernel has cgroups (the run's
kernel.config), with its instructions under the instructions clock
(run.json's clock); the I/O per unit of work on every line with a target
(each figure its counter over the units; flushes read from the target's
disk) and figures only a sound reading gives: a commit a flush and its
WAL on the disk, read-only work no flush, a cold scan and rawio's transfers
read and written once, every synced operation of pg_test_fsync a flush;
every line valid against $defs/measurement of
doc/results.schema.json (python3-jsonschema).  Environment: TOP.  Exit
status 0 if all passed.
"""
import csv
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pytap  # noqa: E402
from pytap import check  # noqa: E402

run = sys.argv[1]
top = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
expected = int(sys.argv[2]) if len(sys.argv) > 2 else None

lines = []
with open(os.path.join(run, "results.jsonl")) as f:
    for n, text in enumerate(f, 1):
        try:
            lines.append(json.loads(text))
        except ValueError as e:
            check(False, "results.jsonl line %d is JSON: %s" % (n, e))
if expected is not None:
    check(len(lines) == expected, "%d measurements (expected %d)" % (len(lines), expected))
check(all(m.get("format_version") == 2 for m in lines), "every line is format_version 2")
try:
    import schemas
except ImportError:
    check(False, "python3 jsonschema module is installed (python3-jsonschema; make deps)")
    schemas = None
if schemas:
    bad = 0
    for n, m in enumerate(lines, 1):
        errors = schemas.errors(top, "results.schema.json", m, "measurement")
        for path, message in errors[:5]:
            print("# line %d %s: %s" % (n, path, message))
        bad += bool(errors)
    check(bad == 0, "every line is valid against $defs/measurement of doc/results.schema.json "
          "(%d of %d are not)" % (bad, len(lines)))
ids = [m["id"] for m in lines]
check(len(set(ids)) == len(ids), "case ids are unique")

CPU_COLUMNS = ("cpu_user_pct", "cpu_system_pct", "cpu_iowait_pct", "cpu_irq_pct",
               "cpu_softirq_pct", "cpu_steal_pct", "cpu_idle_pct")


def check_sys_csv(m):
    """series/<id>.sys.csv of m: its rows (dicts, "" for an empty field), checked."""
    mid, mon = m["id"], m.get("monitors")
    check(mon is not None, "%s: monitors summary present" % mid)
    if not mon:
        return []
    path = os.path.join(run, mon["series"])
    rows = list(csv.DictReader(open(path))) if os.path.exists(path) else []
    n, secs = len(rows), m["seconds"]
    check(n >= 1 and abs(n - secs) <= 1 and n == mon["rows"],
          "%s: sys.csv has a row a second (%d rows in %.2f s; summary says %d)" % (mid, n, secs, mon["rows"]))
    times = [float(r["t_s"]) for r in rows]
    check(times == sorted(times) and all(0 < t <= secs + 1 for t in times),
          "%s: sys.csv t_s rising, within the measurement" % mid)
    bad = []
    for r in rows:
        values = {k: float(v) for k, v in r.items() if v not in ("", None)}
        shares = [values.get(c) for c in CPU_COLUMNS if c in values]
        if any(v < 0 for v in values.values()) or any(v > 100.001 for v in shares) or \
                (shares and abs(sum(shares) - 100) > 0.1) or "cpu_user_pct" not in values or \
                "ctxt_per_s" not in values or "disk_target_w_mb_s" not in values:
            bad.append(r["t_s"])
    check(not bad, "%s: sys.csv values plausible (CPU shares sum to 100, nothing negative, "
          "CPU, ctxt, target disk known)%s" % (mid, "; not at t_s " + ", ".join(bad[:5]) if bad else ""))
    known = [k for k, v in mon.items() if isinstance(v, dict)]
    check(all(mon[k]["p99"] >= 0 and mon[k]["mean"] >= 0 for k in known) and
          all(mon.get(k) is not None for k in ("iowait_pct", "target_w_mb_s", "ctxt_per_s")),
          "%s: monitors summary has iowait, target MB/s, ctxt (%s known)" % (mid, len(known)))
    return rows


# The unit of each workload's CPU time (doc/results-jsonl.md), and the
# workloads whose figures are bootbench-bench's own time (no cgroups needed).
CPU_UNITS = {"pgbench": "tx", "oltp": "tx", "insert": "tx", "seqscan": "mb", "rawio": "mb",
             "fsync": "op", "timer": "sleep"}
RUNNER_ONLY = ("rawio", "timer")


def kernel_has_cgroups():
    """True or False by the run's kernel.config, None without one."""
    path = os.path.join(run, "kernel.config")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return "CONFIG_CGROUPS=y\n" in f.read()


def run_clock():
    """run.json's clock: its mode ("host" without one), shift, and whether it has one."""
    path = os.path.join(run, "run.json")
    clock = json.load(open(path)).get("clock") if os.path.exists(path) else None
    return (clock or {}).get("mode", "host"), (clock or {}).get("shift"), clock is not None


def check_cpu_time(m, cgroups, clock):
    """The CPU time per unit of m's work: there where it can be, consistent."""
    mid, met, unit = m["id"], m["metrics"], CPU_UNITS[m["workload"]]
    total = met.get("cpu_per_%s_us" % unit)
    why = [w["message"] for w in m["warnings"] if w["code"] == "no-cpu-time"]
    if total is None:
        required = cgroups or m["workload"] in RUNNER_ONLY
        check(not required and why, "%s: no cpu_per_%s_us, and the warning says why (%s)"
              % (mid, unit, why[0] if why else "no warning; the kernel has cgroups" if required else "none"))
        return
    ct = m.get("cpu_time") or {}
    user, kernel = met.get("cpu_user_per_%s_us" % unit), met.get("cpu_kernel_per_%s_us" % unit)
    check(total > 0 and user is not None and kernel is not None and not why and
          abs(user + kernel - total) <= 0.01 * total + 1e-3,
          "%s: cpu_per_%s_us %.1f = user %.1f + kernel %.1f" % (mid, unit, total, user or 0, kernel or 0))
    check(ct.get("units", 0) > 0 and 0 < ct.get("seconds", 0) <= m["seconds"] + 1e-6,
          "%s: cpu_time covers %.1f %s(s) in %.2f s of the measurement's %.2f s"
          % (mid, ct.get("units", 0), ct.get("unit"), ct.get("seconds", 0), m["seconds"]))
    mode, shift, recorded = clock
    ins = met.get("instructions_per_%s" % unit)
    if mode == "instructions":
        check(ins is not None and ct.get("icount_shift") == shift,
              "%s: instructions_per_%s under the instructions clock (shift %s)" % (mid, unit, shift))
    elif recorded:
        check(ins is None, "%s: no instructions_per_%s under the host clock" % (mid, unit))
    if ins is not None:
        want = total * 1000 / 2 ** ct.get("icount_shift", 0)
        check(abs(ins - want) <= 1e-6 * want, "%s: instructions_per_%s %.0f = %.1f us at 2^%s ns each"
              % (mid, unit, ins, total, ct.get("icount_shift")))


IO_WHAT = {"reads": "reads", "writes": "writes", "read_kib": "read_sectors",
           "write_kib": "write_sectors", "flushes": "flushes"}


def check_io(m):
    """The I/O per unit of m's work on the target: there on every line with a
    target, each figure its counter's change over the units; io or None."""
    mid, met, unit = m["id"], m["metrics"], CPU_UNITS[m["workload"]]
    io = m.get("io")
    why = [w["message"] for w in m["warnings"] if w["code"] == "no-io-counts"]
    if m.get("disk") is None:
        check(io is None and why, "%s: no target, no I/O figures, and the warning says why (%s)"
              % (mid, why[0] if why else "no warning"))
        return None
    names = ["io_%s_per_%s" % (w, unit) for w in IO_WHAT]
    check(io is not None and not why and all(n in met for n in names),
          "%s: I/O per %s of the target, its flushes too (%s)" % (mid, unit, why[0] if why else io and io["device"]))
    if not io or not all(n in met for n in names):
        return None
    per_sector = {"read_sectors": 0.5, "write_sectors": 0.5}
    off = [w for w, key in IO_WHAT.items()
           if abs(met["io_%s_per_%s" % (w, unit)] * io["units"] - io[key] * per_sector.get(key, 1))
           > 1e-6 * max(1.0, io[key])]
    ct = m.get("cpu_time")
    check(not off and (ct is None or abs(ct["units"] - io["units"]) <= 1e-9 * ct["units"]),
          "%s: io_*_per_%s x %.1f units = the counters of io (%s), the units those of cpu_time"
          % (mid, unit, io["units"], off or "all"))
    check(io["device"].startswith(io["flush_device"]) and io["flush_device"],
          "%s: flushes read from %s, the disk of %s" % (mid, io["flush_device"], io["device"]))
    return io


def size_bytes(text):
    """A suite's size, "16M", in bytes (binary units, as the runner reads them)."""
    text = str(text)
    scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:].upper(), 1)
    return float(text.rstrip("KMGkmg")) * scale


def check_io_plausible(m, io):
    """What a sound reading of the counters must give, where the disk has a
    write cache that flushes reach (write back, no FUA) and PostgreSQL's
    commits wait for them."""
    mid, met, w, p = m["id"], m["metrics"], m["workload"], m["params"]
    pg = m["env"].get("postgresql", {})
    if io.get("write_cache") != "write back" or io.get("fua") != 0 or \
            pg.get("fsync", "on") != "on" or pg.get("synchronous_commit", "on") != "on":
        return
    if (w == "pgbench" and p.get("script") == "tpcb-like" and not p.get("unlogged") or
            w == "oltp" and p.get("mode") == "read-write"):
        clients = p["clients"]
        check(met["io_flushes_per_tx"] >= 0.5 / clients and met.get("wal_bytes_per_tx", 0) > 100 and
              met["io_write_kib_per_tx"] * 1024 >= 0.9 * met["wal_bytes_per_tx"],
              "%s: a commit a flush (at most %d sharing one: %.3f a transaction), its WAL written to the "
              "disk (%.0f bytes inserted, %.0f written a transaction)"
              % (mid, clients, met["io_flushes_per_tx"], met.get("wal_bytes_per_tx", 0),
                 met["io_write_kib_per_tx"] * 1024))
    if w == "oltp" and p.get("mode") == "read-only":
        # A read-only transaction commits without a flush.  Its WAL is not
        # bounded: its reads prune the dead rows the read-write case left
        # (a record, and a full-page image the first time a page changes
        # after a checkpoint), and an autovacuum worker may run in its
        # window.  One CI boot's read-only case had 1150 bytes of WAL a
        # transaction, 40 % of read-write's, where others had under 10 %.
        check(met["io_flushes_per_tx"] <= 0.05 and "wal_bytes_per_tx" in met,
              "%s: read-only: %.4f flushes a transaction, its WAL measured (%.1f bytes a transaction)"
              % (mid, met["io_flushes_per_tx"], met.get("wal_bytes_per_tx", -1)))
    if w == "insert" and not p.get("unlogged"):
        rows_per_tx = met["rows"] / met["batches"]
        check(met["io_flushes_per_tx"] >= 0.9 and met.get("wal_bytes_per_tx", 0) >= 50 * rows_per_tx,
              "%s: a flush a transaction (%.2f), at least 50 bytes of WAL a row (%.0f a transaction of %.0f rows)"
              % (mid, met["io_flushes_per_tx"], met.get("wal_bytes_per_tx", 0), rows_per_tx))
    if w == "seqscan":
        table_kib = met["table_mb"] * 1e6 / 1024
        read = met["io_read_kib_per_mb"] * io["units"]
        check(0.99 * table_kib <= read <= 1.25 * table_kib,
              "%s: the cold scan read the table from the disk once (%.0f KiB of %.0f)" % (mid, read, table_kib))
    if w == "rawio":
        size_kib = size_bytes(p["size"]) / 1024
        wrote, read = met["io_write_kib_per_mb"] * io["units"], met["io_read_kib_per_mb"] * io["units"]
        check(size_kib <= wrote <= 1.1 * size_kib and size_kib <= read <= 1.1 * size_kib and
              (p.get("sync") != "end" or io["flushes"] >= 1),
              "%s: the file written once and read once (%.0f and %.0f KiB of %.0f), fdatasync a flush (%d)"
              % (mid, wrote, read, size_kib, io["flushes"]))
    if w == "fsync":
        secs = p["seconds_per_test"]
        synced = [k for k in met if k.endswith("_ops_s") and k != "nonsync_write_ops_s"]
        ops = sum(met[k] * secs for k in synced)
        check(synced and io["flushes"] >= ops - len(synced),
              "%s: a flush or more for each of the %.0f synced operations of %d tests (%d flushes)"
              % (mid, ops, len(synced), io["flushes"]))


cgroups = kernel_has_cgroups()
clock = run_clock()
disk_moved = {}
for m in lines:
    check_cpu_time(m, cgroups, clock)
    io = check_io(m)
    if io:
        check_io_plausible(m, io)
    mid, met, prim = m["id"], m["metrics"], m["primary"]
    sys_rows = check_sys_csv(m)
    if m["workload"] in ("seqscan", "rawio"):
        disk_moved[mid] = max([float(r["disk_target_r_mb_s"] or 0) + float(r["disk_target_w_mb_s"] or 0)
                               for r in sys_rows] or [0])
    value = met.get(prim["metric"])
    check(value is not None and value > 0,
          "%s: %s = %s %s > 0" % (mid, prim["metric"], value, prim["unit"]))
    ps = [met.get("latency_p%s_ms" % p) for p in ("50", "90", "99", "999")]
    if all(p is not None for p in ps):
        check(ps == sorted(ps) and ps[0] > 0, "%s: latency p50 <= p90 <= p99 <= p99.9 (%s)" % (mid, ps))
    cpu = m.get("cpu")
    total = sum(cpu[k] for k in ("user_pct", "system_pct", "iowait_pct", "idle_pct", "other_pct")) if cpu else 0
    check(cpu is not None and abs(total - 100) < 1.0, "%s: CPU shares sum to %.2f %%" % (mid, total))
    check(m.get("disk") is not None and m["disk"]["device"] != "", "%s: target I/O recorded" % mid)
    if m["workload"] in ("pgbench", "oltp"):
        check(met.get("transactions", 0) > 0, "%s: transactions > 0" % mid)
        check(m["disk"]["write_bytes"] > 0, "%s: the target was written" % mid)
        path = os.path.join(run, m["series"] or "-")
        rows = list(csv.reader(open(path))) if os.path.exists(path) else []
        check(len(rows) >= 2 and rows[0][:2] == ["second", "tps"],
              "%s: per-second series with %d rows" % (mid, max(len(rows) - 1, 0)))
        pc, lg = m.get("percentiles") or {}, m.get("log") or {}
        check(pc.get("method") in ("histogram", "none") and lg.get("lines", 0) > 0,
              "%s: how the percentiles were made (%s, sampling rate %s) and the log read (%s lines)"
              % (mid, pc.get("method"), pc.get("sampling_rate"), lg.get("lines")))
    if m["workload"] == "seqscan":
        check(met.get("raw_read_mb_s", 0) > 0 and met.get("scan_raw_ratio", 0) > 0,
              "%s: raw read MB/s and the scan/raw ratio" % mid)
    if m["workload"] == "rawio":
        check(met.get("write_mb_s", 0) > 0, "%s: write MB/s > 0" % mid)
if disk_moved:
    check(max(disk_moved.values()) > 0, "sys.csv: the target's MB/s > 0 during seqscan or rawio (%s)"
          % ", ".join("%s %.1f" % kv for kv in sorted(disk_moved.items())))
pytap.exit()
