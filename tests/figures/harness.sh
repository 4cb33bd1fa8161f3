#!/bin/sh
# harness.sh: does the suite runner slow down what it measures?
#
# In a chroot of the image, on the host's CPU and disk, this alternates
# (5 pairs by default, in the order A B, B A, A B, ...) between
#   A  bootbench-bench run in host mode: the pgbench workload of a suite
#      (initdb, pgbench -i, then pgbench with its per-transaction log), and
#   B  plain pgbench with the same arguments against a server set up the
#      same way by hand (a fresh initdb, pgbench -i, CHECKPOINT, sync),
# and prints each pair's tps and the ratio A/B, then the median ratio.  A's
# tps is the runner's headline figure (from pgbench's per-transaction log,
# over the measured window); the one pgbench printed is shown beside it.
# Goal: >= 0.98.  Needs root (chroot).
#
#   tests/figures/harness.sh [PAIRS] [SCRIPT] [CLIENTS] [SECONDS]
set -eu
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
IMAGE=$TOP/out/bootbench.cpio.gz
pairs=${1:-5} script=${2:-select-only} clients=${3:-2} seconds=${4:-10}
[ "$(id -u)" -eq 0 ] || { echo "harness.sh: needs root (chroot)" >&2; exit 1; }
[ -f "$IMAGE" ] || { echo "harness.sh: $IMAGE missing: run make" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-harness.XXXXXX")
root=$work/root
cleanup() {
	chroot "$root" /opt/postgresql/bin/pg_ctl -D /plain/pgdata -m immediate stop \
		>/dev/null 2>&1 || true
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
run_a() {
	rm -rf "$root/hostdata" "$root/runs"
	in_root /usr/bin/bootbench-bench run --suite-file /harness.ini \
		--data-dir /hostdata --run-dir /runs/r >"$work/a.txt" 2>&1 ||
		{ cat "$work/a.txt" >&2; exit 1; }
	a=$(sed -n 's/.*"tps":\([0-9.]*\).*/\1/p' "$root/runs/r/results.jsonl")
	a_pgbench=$(sed -n 's/.*"pgbench_tps":\([0-9.]*\).*/\1/p' "$root/runs/r/results.jsonl")
}
# B: plain pgbench on the server set up by hand.
run_b() {
	plain_setup
	as_pg "pgbench -h /run/postgresql -b $script -c $clients -j $threads -T $seconds -M simple postgres" \
		>"$work/b.txt" 2>&1 || { cat "$work/b.txt" >&2; exit 1; }
	as_pg "pg_ctl -D /plain/pgdata -w stop >/dev/null"
	b=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$work/b.txt")
}
. "$TOP/tests/figures/ratios.sh"

echo "harness: $pairs pairs of pgbench -b $script -c $clients -j $threads -T $seconds (-M simple), alternated ABBA"
printf '  %-5s %12s %12s %12s %8s %8s\n' pair "bootbench" "(pgbench's)" "plain" "ratio" "(pgb's)"
ratios= pratios=
i=1
while [ "$i" -le "$pairs" ]; do
	if [ $((i % 2)) -eq 1 ]; then run_a; run_b; else run_b; run_a; fi
	r=$(ratio "$a" "$b") pr=$(ratio "$a_pgbench" "$b")
	printf '  %-5d %12.1f %12.1f %12.1f %8s %8s\n' "$i" "$a" "$a_pgbench" "$b" "$r" "$pr"
	ratios="$ratios $r" pratios="$pratios $pr"
	i=$((i + 1))
done
echo "harness: median tps ratio bootbench/plain $(echo "$ratios" | median) (goal >= 0.98);" \
	"with pgbench's own tps line $(echo "$pratios" | median)"
