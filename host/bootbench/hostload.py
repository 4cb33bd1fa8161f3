# SPDX-License-Identifier: GPL-2.0-only
"""The host's conditions during a boot, recorded beside its run (host.json,
doc/results-format.md, doc/host.schema.json).

    before = sample()                  before the boot
    ... the boot; its QEMU waited for ...
    record(before, sample(), boot, accel, clock) -> host.json's object
    write(path, record)                host.json, one key a line

Whose CPU time: /proc/stat counts the whole host's; QEMU and the tools
this process ran and waited for are ours (its children's CPU time); the
rest is the others'.  Steal is time the hypervisor under this host gave to
someone else.  The load is put in a class by the others' share of the
host's CPUs: quiet below 5 %, busy below 25 %, loaded from 25 %.  The
report flags columns whose boots ran in different classes.
"""
import json
import os
import platform
import time
from collections import namedtuple

Sample = namedtuple("Sample", "time busy steal ours loadavg")


def _jiffies(stat="/proc/stat"):
    """(busy, steal) clock ticks of the host's CPUs so far: user, nice,
    system, irq, softirq; steal."""
    with open(stat, encoding="ascii") as f:
        for line in f:
            v = line.split()
            if v and v[0] == "cpu":
                n = [int(x) for x in v[1:9]]
                return n[0] + n[1] + n[2] + n[5] + n[6], n[7]
    raise OSError("no cpu line in %s" % stat)


def sample():
    busy, steal = _jiffies()
    t = os.times()
    with open("/proc/loadavg", encoding="ascii") as f:
        loadavg = [float(x) for x in f.read().split()[:3]]
    return Sample(time.time(), busy, steal, t.children_user + t.children_system, loadavg)


def facts():
    """This host's facts: cpu_model, cpus (online), governor (cpu0's
    cpufreq governor, None without cpufreq) and hz (clock ticks a second)."""
    model = None
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            model = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), None)
    except OSError:
        pass
    try:
        with open("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", encoding="utf-8") as f:
            governor = f.read().strip()
    except OSError:
        governor = None
    return {"cpu_model": model or platform.machine(), "cpus": os.sysconf("SC_NPROCESSORS_ONLN"),
            "governor": governor, "hz": os.sysconf("SC_CLK_TCK")}


def classify(others_pct):
    return "quiet" if others_pct < 5 else "busy" if others_pct < 25 else "loaded"


def record(before, after, boot, accel, clock, target=None, host=None, guest_cpu=None):
    """host.json's object for a boot between the samples before and after;
    boot is its place in the sequence (index, count, round, order, seed);
    accel and guest_cpu the accelerator and QEMU's -cpu (None: not said);
    clock the object of the clock it was measured in (qemu.Clock.record());
    target what the target was (boots.Sequence.target_record(); None: not
    said); host the host's facts (default: facts())."""
    host = host or facts()
    hz, cpus = host["hz"], host["cpus"]
    secs = after.time - before.time
    busy = (after.busy - before.busy) / hz
    ours = after.ours - before.ours
    others = max(busy - ours, 0.0)
    pct = 100 * others / (secs * cpus) if secs > 0 else 0.0
    return {
        "recorded_by": "qemu/run",
        "boot": boot,
        "accelerator": accel,
        **({"guest_cpu": guest_cpu} if guest_cpu else {}),
        "clock": clock,
        **({"target": target} if target else {}),
        "cpu_model": host["cpu_model"],
        "cpus": cpus,
        "governor": host["governor"],
        "seconds": round(secs, 1),
        "load_average": {"start": before.loadavg, "end": after.loadavg},
        "cpu_s": {"ours": round(ours, 1), "others": round(others, 1),
                  "steal": round((after.steal - before.steal) / hz, 1)},
        "others_pct": round(pct, 1),
        "load": classify(pct),
    }


def write(path, rec):
    """rec as host.json at path: one key a line, each value on its line
    (the boot's place in the sequence on one line, which tests read)."""
    lines = ['  %s: %s' % (json.dumps(k), json.dumps(v)) for k, v in rec.items()]
    with open(path + ".part", "w", encoding="utf-8") as f:
        f.write("{\n" + ",\n".join(lines) + "\n}\n")
    os.replace(path + ".part", path)
