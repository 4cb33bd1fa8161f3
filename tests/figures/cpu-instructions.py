#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# cpu-instructions.py: the user-space instructions per transaction of the
# image's PostgreSQL and pgbench as the instructions clock gives them,
# against callgrind's count of the same binaries on the host.
#
# The clock's side: boots of the image under QEMU's instruction counting
# (-icount shift=SHIFT,sleep=on, 2^SHIFT ns of virtual time per instruction;
# qemu/run --clock instructions where it has the option, else a QEMU wrapper
# and BOOTBENCH_CLOCK on the kernel command line) of a suite of select-only
# and tpcb-like, scale 1, 1 client, 5 s after 1 s of warm-up, and its
# logs of every transaction as the runner takes them below 10 000 tps.
# Each case's cpu_time gives the user and system microseconds of the
# server's cgroup and of pgbench's over its stretch; times 1000 / 2^SHIFT,
# over the transactions of the stretch, they are instructions per
# transaction (the mean of the boots, and their range).
#
# callgrind's side: tests/figures/fidelity-instructions.py with
# FIDELITY_SCALE=1 (the image's backend, a connection of FIDELITY_LONG
# transactions less one of FIDELITY_SHORT; it needs the reference build,
# make fidelity) and tests/figures/pgbench-instructions.py (the image's
# pgbench logging every transaction, -l, twice TRANSACTIONS less
# TRANSACTIONS; root, a chroot of the image), both user space only.
#
# Each script's row: the clock's server and pgbench user instructions and
# their sum against callgrind's, and the ratio clock / callgrind; then the
# kernel's share that the clock counts and callgrind cannot (the system
# time).  doc/fidelity.md says what each side counts and why they differ.
#
# Settings (environment): CPU_RUNS (run directories of such boots to read,
# a directory holding runs/ or the runs themselves, instead of booting),
# CPU_BOOTS (1), CPU_SHIFT (3), CPU_KERNEL (6.12), CPU_CPUS (1, the guest's vCPUs:
# on one the count is exact),
# CPU_TRANSACTIONS (2000, pgbench-instructions.py's), FIDELITY_SHORT and
# FIDELITY_LONG (fidelity-instructions.py's).
#
#   TOP=... tests/figures/cpu-instructions.py
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

TOP = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.path.insert(0, os.path.join(TOP, "host"))
from bootbench import Error, cli  # noqa: E402

PROG = "cpu-instructions"
SCRIPTS = ("select-only", "tpcb-like")
SUITE = """# cpu-instructions: select-only then tpcb-like, scale 1, 1 client, 5 s after 1 s of warm-up.
[suite]
description = the instructions clock's instructions per transaction, against callgrind's
min_target_mib = 256

[filesystem]
type = ext4
profile = compat
mount_options = noatime

[postgresql]
shared_buffers = 128MB

[pgbench]
script = %s
scale = 1
clients = 1
duration_s = 5
warmup_s = 1
""" % ",".join(SCRIPTS)


def setting(name, default):
    value = os.environ.get(name, str(default))
    if not value.isdigit():
        raise Error("%s must be a whole number (it is '%s')" % (name, value))
    return int(value)


def boot(work, boots, shift, kernel, cpus):
    """Boot the suite under the instructions clock; the results directory."""
    suite = os.path.join(work, "cpu-instructions.ini")
    with open(suite, "w") as f:
        f.write(SUITE)
    run = os.path.join(TOP, "qemu", "run")
    argv = [run, "--quiet", "--kernel", kernel, "--suite", suite, "--boots", str(boots),
            "--cpus", str(cpus), "--results", os.path.join(work, "results")]
    env = dict(os.environ)
    helptext = subprocess.run([run, "--help"], capture_output=True, text=True).stdout
    if "--clock" in helptext:
        argv += ["--clock", "instructions", "--icount-shift", str(shift)]
    else:
        wrapper = os.path.join(work, "qemu-icount")
        with open(wrapper, "w") as f:
            f.write("#!/bin/sh\nexec %s -icount shift=%d,sleep=on \"$@\"\n"
                    % (os.environ.get("QEMU", "qemu-system-x86_64"), shift))
        os.chmod(wrapper, 0o755)
        env["QEMU"] = wrapper
        argv += ["--append", "BOOTBENCH_CLOCK=instructions:%d" % shift]
    sys.stderr.write("%s: %d boot(s) of %s under -icount shift=%d, %d CPUs\n" % (PROG, boots, kernel, shift, cpus))
    done = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          errors="replace")
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-4000:])
        raise Error("qemu/run failed")
    return os.path.join(work, "results")


def clock_side(where, shift):
    """{script: {figure: [per boot]}}: instructions per transaction of the
    server's and pgbench's user and system time, from every run found."""
    runs = sorted(set(glob.glob(os.path.join(where, "runs", "*", "results.jsonl")) +
                      glob.glob(os.path.join(where, "results.jsonl")) +
                      glob.glob(os.path.join(where, "*", "results.jsonl"))))
    got = {}
    for path in runs:
        for line in open(path):
            m = json.loads(line)
            ct, script = m.get("cpu_time"), m["params"].get("script")
            if m["workload"] != "pgbench" or not ct or script not in SCRIPTS:
                continue
            per = 1000.0 / 2 ** ct.get("icount_shift", shift) / ct["units"]
            row = got.setdefault(script, {})
            for k in ("server_user", "server_system", "client_user", "client_system"):
                row.setdefault(k, []).append(ct[k + "_us"] * per)
    if not got:
        raise Error("no pgbench case with cpu_time in %s" % where)
    return got


def run_figures(script, args, env):
    done = subprocess.run([os.path.join(TOP, "tests", "figures", script)] + args, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-4000:])
        raise Error("%s failed" % script)
    return done.stdout


def callgrind_side():
    """{script: (backend Ir/txn, pgbench Ir/txn with -l)}."""
    env = dict(os.environ, TOP=TOP, FIDELITY_SCALE="1", FIDELITY_SCRIPTS=" ".join(SCRIPTS))
    env.setdefault("FIDELITY_SYMBOLS", os.path.join(TOP, "build", "src", "postgresql", "src", "backend",
                                                    "postgres"))
    if not os.path.isfile(env["FIDELITY_SYMBOLS"]):
        del env["FIDELITY_SYMBOLS"]
    sys.stderr.write("%s: callgrind: the image's backend (fidelity-instructions.py)\n" % PROG)
    out = run_figures("fidelity-instructions.py", [], env)
    backend = {s: int(m.group(1)) for s in SCRIPTS
               for m in [re.search(r"^  %s +([0-9]+) +[0-9]+ " % re.escape(s), out, re.M)] if m}
    client = {}
    for s in SCRIPTS:
        sys.stderr.write("%s: callgrind: the image's pgbench -b %s -l (pgbench-instructions.py)\n" % (PROG, s))
        out = run_figures("pgbench-instructions.py", [str(setting("CPU_TRANSACTIONS", 2000)), "0.1", s], env)
        m = re.search(r"^  transactions +([0-9]+) ", out, re.M)
        if m:
            client[s] = int(m.group(1))
    missing = sorted(set(SCRIPTS) - (set(backend) & set(client)))
    if missing:
        raise Error("callgrind's counts are missing for %s" % ", ".join(missing))
    return {s: (backend[s], client[s]) for s in SCRIPTS}


def spread(values):
    return "%.0f" % values[0] if len(values) == 1 else "%.0f-%.0f" % (min(values), max(values))


def main(argv):
    if argv:
        raise cli.UsageError("no arguments (settings come from the environment)")
    shift, boots = setting("CPU_SHIFT", 3), setting("CPU_BOOTS", 1)
    if not 0 <= shift <= 10 or boots < 1:
        raise Error("CPU_SHIFT must be 0 to 10 and CPU_BOOTS at least 1")
    with tempfile.TemporaryDirectory(prefix="bootbench-cpu-instructions.") as work:
        where = os.environ.get("CPU_RUNS") or boot(work, boots, shift, os.environ.get("CPU_KERNEL", "6.12"),
                                                   setting("CPU_CPUS", 1))
        clock = clock_side(where, shift)
    counted = callgrind_side()
    n = len(next(iter(clock.values()))["server_user"])
    print("%s: user-space instructions per transaction, the instructions clock (%d boot(s), -icount "
          "shift=%d; the tick-sampled user time of the server's cgroup and pgbench's) against callgrind "
          "(the image's backend alone, and pgbench logging every transaction)" % (PROG, n, shift))
    print("  %-12s %-8s %12s %12s %8s   %s" % ("script", "side", "clock", "callgrind", "ratio", "clock's boots"))
    for s in SCRIPTS:
        c = clock[s]
        mean = {k: statistics.mean(v) for k, v in c.items()}
        both = [a + b for a, b in zip(c["server_user"], c["client_user"])]
        rows = (("server", mean["server_user"], counted[s][0], c["server_user"]),
                ("pgbench", mean["client_user"], counted[s][1], c["client_user"]),
                ("both", statistics.mean(both), sum(counted[s]), both))
        for side, got, want, values in rows:
            print("  %-12s %-8s %12.0f %12d %8.3f   %s" % (s, side, got, want, got / want, spread(values)))
        total = sum(mean.values())
        print("  %-12s %-8s server %.0f, pgbench %.0f: %.1f %% of all the clock counts (%.0f)"
              % (s, "kernel", mean["server_system"], mean["client_system"],
                 100 * (mean["server_system"] + mean["client_system"]) / total, total))
    return 0


if __name__ == "__main__":
    cli.main(PROG, main)
