#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# boot.sh: boot the quick suite once in QEMU and print the time from power-on
# to the first pgbench transaction, split into its phases (from the run's
# console log and run.json), the init's own overhead, and the wall time of
# the whole quick suite.
#
#   tests/figures/boot.sh [KERNEL]     (default 6.12; make run builds it)
set -eu
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$TOP/tests/lib/workloads.sh"
kernel=${1:-6.12}
results=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-figures.XXXXXX")
trap 'rm -rf "$results"' EXIT

start=$(date +%s.%N)
"$TOP/qemu/run" --quiet --kernel "$kernel" --results "$results" >"$results/run.out" 2>&1 || {
	cat "$results/run.out" >&2; exit 1; }
wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
run=$(sed -n 's/^qemu\/run: run directory //p' "$results/run.out")
accel=$(sed -n 's/^qemu\/run: booting .*, \([a-z]*\))$/\1/p' "$results/run.out")

# phases: "name seconds" for every {name, seconds} pair of run.json, the
# init's first and the runner's (embedded under "bench") after them.
awk '/"name":/ { gsub(/[",]/, "", $2); n = $2 }
     /"seconds":/ && n != "" { gsub(/,/, "", $2); print n, $2; n = "" }' \
	"$run/run.json" >"$results/phases"
first_line=$(head -n 1 "$run/logs/console.log" | sed 's/^\[ *\([0-9.]*\)\].*/\1/')

awk -v workloads="$(workloads | paste -sd'|')" \
	-v first="$first_line" -v wall="$wall" -v accel="$accel" -v run="$(basename "$run")" '
function row(label, s) { printf "  %-34s %8.3f s\n", label, s }
{ t[$1] = $2 }
/^prepare:pgbench-/ && !("pgbench-init" in t) { t["pgbench-init"] = $2 }
END {
	kernel = first - t["bringup"] - t["cmdline"]
	printf "boot to first transaction, %s (%s)\n", run, accel
	row("kernel, to the init", kernel)
	row("init: bring-up + command line", t["bringup"] + t["cmdline"])
	row("init: module load", t["modules"])
	row("init: devices + results + interlock", t["devices"] + t["results"] + t["interlock"])
	row("mkfs", t["mkfs"])
	row("mount", t["mount"])
	row("initdb", t["initdb"])
	row("postgresql.conf", t["configure"])
	row("server start", t["start"])
	row("pgbench -i", t["pgbench-init"])
	first_tx = kernel + t["bringup"] + t["cmdline"] + t["modules"] + t["devices"] + t["results"] \
		+ t["interlock"] + t["mkfs"] + t["mount"] + t["initdb"] + t["configure"] + t["start"] \
		+ t["pgbench-init"]
	row("= first transaction at", first_tx)
	own = t["bringup"] + t["cmdline"] + t["devices"] + t["results"] + t["interlock"] \
		+ t["finish"] + t["mount"] + t["configure"] + t["start"] + t["stop"] + t["unmount"]
	bench_own = t["bench"] - t["mkfs"] - t["initdb"]
	for (p in t) if (p ~ ("^(" workloads ")-") && p != "pgbench-init") bench_own -= t[p]
	printf "overhead: everything except mkfs, initdb and pgbench (goal <= 1 s)\n"
	row("init phases + mount/conf/start/stop", own)
	row("  the same plus module load", own + t["modules"])
	row("  runner time outside mkfs, initdb and the cases", bench_own)
	printf "quick suite wall time, qemu/run start to end: %s s\n", wall
}' "$results/phases"
