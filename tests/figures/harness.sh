#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# harness.sh: does the suite runner slow down what it measures?
#
# In a chroot of the image, on the host's CPU and disk, this alternates
# (5 rounds by default, in the order A B C D E F, F E D C B A, ...) between
#   A  bootbench-bench run in host mode: the pgbench workload of a suite
#      (initdb, pgbench -i, then pgbench -P 1 -l: progress every second and
#      the per-transaction log the runner reads its figures from),
#   B  plain pgbench with the same arguments but those two against a server
#      set up the same way by hand (a fresh initdb, pgbench -i, CHECKPOINT,
#      sync),
#   C  the same as B with -P 1 -l, which pgbench itself pays for, and
#   D  A with the suite's log = seconds (pgbench -P 1 -l
#      --aggregate-interval=1 --failures-detailed: no latency percentiles),
#   E  B with those options of D,
#   F  D with bootbench-bench run --no-monitors: the machine not sampled
#      each second,
# and prints each round's tps and the ratios A/B (what the runner costs in
# all), A/C (what the runner costs beyond pgbench's logging), D/B (what
# the runner costs when pgbench logs seconds) and D/F (sampling on / off),
# then their medians, with C/B (the logging alone), the client's CPU time
# per transaction of B, C and E, and the sampler's own CPU time per second
# of sampling in D (results.jsonl's monitors.sampler_cpu_s over the
# measurement's seconds), which a busy host disturbs less than the speed:
# C less B is what -l costs pgbench, E less B what a log of seconds costs it.
# A's and D's tps are the runner's headline figure (from pgbench's log,
# over the measured window); the one pgbench printed for A is shown beside
# it.  Goal: D/B >= 0.98 (A/B pays pgbench's -l).  Needs root (chroot).
#
#   tests/figures/harness.sh [ROUNDS] [SCRIPT] [CLIENTS] [SECONDS]
set -eu
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
IMAGE=$TOP/out/bootbench.cpio.gz
pairs=${1:-5} script=${2:-select-only} clients=${3:-2} seconds=${4:-10}
[ "$(id -u)" -eq 0 ] || { echo "harness.sh: needs root (chroot)" >&2; exit 1; }
[ -f "$IMAGE" ] || { echo "harness.sh: $IMAGE missing: run make" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-harness.XXXXXX")
root=$work/root
cleanup() {
	# pg_ctl will not run as root: as the postgres user, as the server runs.
	[ ! -f "$root/plain/pgdata/postmaster.pid" ] ||
		chroot --userspec=postgres:postgres "$root" /opt/postgresql/bin/pg_ctl \
			-D /plain/pgdata -m immediate -w stop >/dev/null 2>&1 || true
	for m in "$root/proc" "$root/sys" "$root/dev"; do
		mountpoint -q "$m" && umount -R "$m"
	done
	rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$root"
gzip -dc "$IMAGE" | (cd "$root" && cpio -id --quiet)
mount --rbind /dev "$root/dev" && mount --make-rslave "$root/dev"
mount -t proc proc "$root/proc" && mount -t sysfs sysfs "$root/sys"

in_root() { env -i PATH=/usr/bin:/bin:/sbin:/opt/postgresql/bin chroot "$root" "$@"; }
as_pg() {
	env -i PATH=/usr/bin:/bin:/sbin:/opt/postgresql/bin HOME=/ \
		chroot --userspec=postgres:postgres "$root" /bin/sh -c "$*"
}

cat >"$root/harness.ini" <<EOF
[postgresql]
shared_buffers = 128MB
[pgbench]
script = $script
scale = 1
clients = $clients
duration_s = $seconds
EOF
sed 's/^\[pgbench\]$/[pgbench]\nlog = seconds/' "$root/harness.ini" >"$root/harness-seconds.ini"
grep -q '^log = seconds$' "$root/harness-seconds.ini" || { echo "harness.sh: could not write harness-seconds.ini" >&2; exit 1; }

# B: what the runner does for a case, by hand: a fresh initdb with the
# runner's options, the same postgresql.conf additions, pgbench -i, a
# CHECKPOINT and sync, then pgbench.
mkdir -p "$root/plain" "$root/run/postgresql"
in_root chown postgres:postgres /plain /run/postgresql
plain_setup() {
	rm -rf "$root/plain/pgdata"
	as_pg "initdb -D /plain/pgdata -U postgres -A trust -E UTF8 --no-locale --no-instructions >/plain/initdb.txt 2>&1"
	printf "shared_buffers = '128MB'\nlisten_addresses = ''\nport = '5432'\nunix_socket_directories = '/run/postgresql'\n" \
		>>"$root/plain/pgdata/postgresql.conf"
	as_pg "pg_ctl -D /plain/pgdata -l /plain/log -w start >/dev/null &&
	       pgbench -h /run/postgresql -i -q -s 1 postgres >/plain/init.txt 2>&1 &&
	       psql -h /run/postgresql -qc CHECKPOINT postgres" && sync
}

threads=$clients
# A: the runner; its headline tps (from pgbench's per-transaction log, over
# the measured window) and pgbench's own tps line.
# run_runner SUITE [OPTION]: sets tps (the runner's), tps_pgbench
# (pgbench's line) and sampler (the sampler's CPU time per second sampled,
# in ms; "-" when it did not run).
run_runner() {
	rm -rf "$root/hostdata" "$root/runs"
	in_root /usr/bin/bootbench-bench run --suite-file "$1" ${2:-} \
		--data-dir /hostdata --run-dir /runs/r >"$work/a.txt" 2>&1 ||
		{ cat "$work/a.txt" >&2; exit 1; }
	results=$root/runs/r/results.jsonl
	tps=$(sed -n 's/.*"tps":\([0-9.]*\).*/\1/p' "$results")
	tps_pgbench=$(sed -n 's/.*"pgbench_tps":\([0-9.]*\).*/\1/p' "$results")
	cpu_s=$(sed -n 's/.*"sampler_cpu_s":\([0-9.eE+-]*\).*/\1/p' "$results")
	secs=$(sed -n 's/.*"seconds":\([0-9.eE+-]*\)}$/\1/p' "$results")
	sampler=$(awk -v c="$cpu_s" -v s="$secs" 'BEGIN { if (c == "" || s <= 0) print "-";
		else printf "%.3f", c / s * 1000 }')
}
run_a() { run_runner /harness.ini; a=$tps a_pgbench=$tps_pgbench; }
run_d() { run_runner /harness-seconds.ini; d=$tps d_sampler=$sampler; }
run_f() {
	run_runner /harness-seconds.ini --no-monitors; f=$tps
	grep -q '"monitors":null' "$results" && ! ls "$root"/runs/r/series/*.sys.csv >/dev/null 2>&1 ||
		{ echo "harness.sh: F sampled the machine despite --no-monitors" >&2; exit 1; }
}
# B, or C with OPTIONS "-P 1 -l": plain pgbench on the server set up by
# hand; sets tps and cpu (the client's CPU time per transaction, in us).
run_plain() {
	plain_setup
	as_pg "cd /plain && rm -f pgbench_log.* && pgbench -h /run/postgresql -b $script -c $clients -j $threads -T $seconds -M simple $1 postgres >/plain/out.txt 2>&1; s=\$?; cut -d' ' -f16,17 /proc/\$\$/stat >/plain/cpu.txt; exit \$s" ||
		{ cat "$root/plain/out.txt" >&2; exit 1; }
	as_pg "pg_ctl -D /plain/pgdata -w stop >/dev/null"
	tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$root/plain/out.txt")
	n=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$root/plain/out.txt")
	cpu=$(awk -v n="$n" -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($1 + $2) / hz / n * 1e6 }' "$root/plain/cpu.txt")
}
run_b() { run_plain ""; b=$tps b_cpu=$cpu; }
run_c() { run_plain "-P 1 -l"; c=$tps c_cpu=$cpu; }
run_e() { run_plain "-P 1 -l --aggregate-interval=1 --failures-detailed"; e=$tps e_cpu=$cpu; }
. "$TOP/tests/figures/ratios.sh"

echo "harness: $pairs rounds of pgbench -b $script -c $clients -j $threads -T $seconds (-M simple), alternated ABCDEF FEDCBA"
printf '  %-5s %9s %9s %9s %9s %9s %9s %9s %6s %6s %6s %6s %6s %7s %7s %7s %7s\n' round "A runner" "(pgbench)" \
	"B plain" "C -P1 -l" "D seconds" "E -l agg" "F no mon" "A/B" "A/C" "C/B" "D/B" "D/F" \
	"B us/tx" "C us/tx" "E us/tx" "D smp ms/s"
ratios= pratios= cratios= lratios= dratios= mratios= bcpus= ccpus= ecpus= ccosts= ecosts= samplers=
i=1
while [ "$i" -le "$pairs" ]; do
	if [ $((i % 2)) -eq 1 ]; then run_a; run_b; run_c; run_d; run_e; run_f
	else run_f; run_e; run_d; run_c; run_b; run_a; fi
	r=$(ratio "$a" "$b") pr=$(ratio "$a_pgbench" "$b") cr=$(ratio "$a" "$c") lr=$(ratio "$c" "$b")
	dr=$(ratio "$d" "$b") mr=$(ratio "$d" "$f")
	printf '  %-5d %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %6s %6s %6s %6s %6s %7s %7s %7s %7s\n' "$i" "$a" \
		"$a_pgbench" "$b" "$c" "$d" "$e" "$f" "$r" "$cr" "$lr" "$dr" "$mr" "$b_cpu" "$c_cpu" "$e_cpu" \
		"$d_sampler"
	ratios="$ratios $r" pratios="$pratios $pr" cratios="$cratios $cr" lratios="$lratios $lr"
	dratios="$dratios $dr" mratios="$mratios $mr" bcpus="$bcpus $b_cpu" ccpus="$ccpus $c_cpu"
	ecpus="$ecpus $e_cpu" samplers="$samplers $d_sampler"
	ccosts="$ccosts $(awk -v x="$c_cpu" -v y="$b_cpu" 'BEGIN { printf "%.2f", x - y }')"
	ecosts="$ecosts $(awk -v x="$e_cpu" -v y="$b_cpu" 'BEGIN { printf "%.2f", x - y }')"
	i=$((i + 1))
done
echo "harness: median tps ratio bootbench/plain $(echo "$dratios" | median) with log = seconds" \
	"(goal >= 0.98), $(echo "$ratios" | median) with log = transactions" \
	"(pgbench's own tps line $(echo "$pratios" | median));" \
	"bootbench/plain with -P 1 -l $(echo "$cratios" | median);" \
	"-P 1 -l alone $(echo "$lratios" | median)"
echo "harness: pgbench's client CPU per transaction: plain $(echo "$bcpus" | median) us;" \
	"-l (log = transactions) $(echo "$ccosts" | median) us more;" \
	"-l --aggregate-interval=1 (log = seconds) $(echo "$ecosts" | median) us more (medians of the rounds)"
echo "harness: sampling each second: tps ratio on/off (D/F) $(echo "$mratios" | median);" \
	"the sampler's own CPU $(echo "$samplers" | median) ms per second sampled (medians of the rounds)"
