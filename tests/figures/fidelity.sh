#!/bin/sh
# fidelity.sh: does the image's PostgreSQL run like a normal build of it?
#
# The image's server and tools (musl, mimalloc) against a reference build of
# the same pinned source with the host's gcc and glibc (tests/fidelity.mk),
# both on the host, on the same disk, with the same settings:
#   server rows   the same client (the reference pgbench) against each
#                 server: select-only, simple-update and tpcb-like at 1, 2
#                 and 8 clients;
#   client rows   the image's pgbench against the reference pgbench, both
#                 on the reference server: select-only at 1, 2 and 8 clients;
#   pgbench -i    its time on each server (the reference pgbench);
# each row PAIRS times, the two sides alternated (ABBA), and a CHECKPOINT on
# both servers before every run.  A row's ratio is the median of its pairs'
# image/reference ratios (for a time, reference/image): 1.00 is a faithful
# image, the goal is >= 0.95.  Then the system calls per transaction of
# each server and each client, from strace (as root): the difference
# between a run of LONG and one of SHORT transactions at 1 client, divided
# by LONG - SHORT, so connecting and starting count nothing.
#
# Settings (environment): FIDELITY_PAIRS (3), FIDELITY_SECONDS (10),
# FIDELITY_SCALE (10), FIDELITY_CLIENTS ("1 2 8"),
# FIDELITY_SCRIPTS ("select-only simple-update tpcb-like").
# Run as root, the servers run as the user nobody.
#
#   TOP=... IMAGE=... REFERENCE=... WORK=... tests/figures/fidelity.sh
set -eu
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
IMAGE=${IMAGE:-$TOP/out/bootbench.cpio.gz}
REFERENCE=${REFERENCE:-$TOP/build/fidelity/reference}
WORK=${WORK:-$TOP/build/fidelity/run}
pairs=${FIDELITY_PAIRS:-3}
seconds=${FIDELITY_SECONDS:-10}
scale=${FIDELITY_SCALE:-10}
clients_list=${FIDELITY_CLIENTS:-1 2 8}
scripts=${FIDELITY_SCRIPTS:-select-only simple-update tpcb-like}
short_txns=500 long_txns=2500

die() { echo "fidelity: $*" >&2; exit 1; }
note() { echo "fidelity: $*" >&2; }
for v in "$pairs" "$seconds" "$scale"; do
	case $v in ''|*[!0-9]*|0) die "FIDELITY_PAIRS, FIDELITY_SECONDS and FIDELITY_SCALE must be positive integers" ;; esac
done
[ -f "$IMAGE" ] || die "$IMAGE missing: run make"
[ -x "$REFERENCE/bin/postgres" ] || die "$REFERENCE/bin/postgres missing: run make fidelity"
[ -e /lib/ld-musl-x86_64.so.1 ] ||
	die "/lib/ld-musl-x86_64.so.1 missing (the image's postgres runs with it): install musl"

# Everything under WORK belongs to the user the servers run as.
rm -rf "$WORK"
mkdir -p "$WORK/image"
(cd "$WORK/image" && gzip -dc "$IMAGE" | cpio -id --quiet --no-absolute-filenames)
IMG=$WORK/image/opt/postgresql/bin REF=$REFERENCE/bin
as_user=
if [ "$(id -u)" -eq 0 ]; then
	command -v setpriv >/dev/null || die "setpriv missing: install util-linux"
	chown -R nobody:nogroup "$WORK"
	as_user="setpriv --reuid=nobody --regid=nogroup --clear-groups --"
fi
# A command as the servers' user, with a clean environment.
run() {
	env -i PATH=/usr/bin:/bin HOME="$WORK" TZ=UTC LC_ALL=C $as_user "$@"
}

now() { date +%s.%N; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
median() {
	tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 }
		END { printf "%.4f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# The two servers: SIDE is img or ref; each has its data directory, socket
# directory and port, and is set up with its own initdb and pg_ctl.
port_img=55432 port_ref=55433
bindir() { if [ "$1" = img ]; then echo "$IMG"; else echo "$REF"; fi; }
port() { if [ "$1" = img ]; then echo $port_img; else echo $port_ref; fi; }
server_up() {
	side=$1 bin=$(bindir "$1")
	mkdir -p "$WORK/$side"
	[ -z "$as_user" ] || chown nobody:nogroup "$WORK/$side"
	run "$bin/initdb" -D "$WORK/$side/data" -U postgres -A trust -E UTF8 \
		--no-locale --no-instructions >"$WORK/$side/initdb.txt" 2>&1 ||
		{ tail -n 5 "$WORK/$side/initdb.txt" >&2; die "initdb ($side) failed: $WORK/$side/initdb.txt"; }
	printf "shared_buffers = '128MB'\nlisten_addresses = ''\nport = '%s'\nunix_socket_directories = '%s'\n" \
		"$(port "$side")" "$WORK/$side" >>"$WORK/$side/data/postgresql.conf"
	run "$bin/pg_ctl" -D "$WORK/$side/data" -l "$WORK/$side/log" -w start >/dev/null ||
		{ tail -n 5 "$WORK/$side/log" >&2; die "the $side server did not start: $WORK/$side/log"; }
}
server_down() {
	run "$(bindir "$1")/pg_ctl" -D "$WORK/$1/data" -m fast -w stop >/dev/null 2>&1 || true
}
cleanup() { server_down img; server_down ref; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# sql SIDE STATEMENT: through the reference psql.
sql() { run "$REF/psql" -h "$WORK/$1" -p "$(port "$1")" -U postgres -qAtc "$2" postgres; }
checkpoint() { sql img CHECKPOINT >/dev/null && sql ref CHECKPOINT >/dev/null; }

# pgbench_tps CLIENTBIN SERVER SCRIPT CLIENTS: tps without connection time.
pgbench_tps() {
	checkpoint
	out=$WORK/pgbench.txt
	run "$1/pgbench" -h "$WORK/$2" -p "$(port "$2")" -U postgres -b "$3" \
		-c "$4" -j "$4" -T "$seconds" -M simple postgres >"$out" 2>&1 ||
		{ cat "$out" >&2; die "pgbench -b $3 -c $4 against the $2 server failed"; }
	tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$out")
	[ -n "$tps" ] || { cat "$out" >&2; die "no tps in pgbench's output"; }
	echo "$tps"
}

# init_time SERVER: seconds of pgbench -i at the scale, reference pgbench.
init_time() {
	checkpoint
	t0=$(now)
	run "$REF/pgbench" -h "$WORK/$1" -p "$(port "$1")" -U postgres -i -q -s "$scale" \
		postgres >"$WORK/init.txt" 2>&1 ||
		{ cat "$WORK/init.txt" >&2; die "pgbench -i against the $1 server failed"; }
	awk -v s="$t0" -v e="$(now)" 'BEGIN { printf "%.3f", e - s }'
}

# One table row: LABEL UNIT WHICH, where WHICH is "higher" (tps) or "lower"
# (seconds), from the pairs in $A and $B.
rows=
row() {
	label=$1 unit=$2 which=$3 rs=
	set -- $B
	for a in $A; do
		b=$1; shift
		if [ "$which" = higher ]; then rs="$rs $(ratio "$a" "$b")"; else rs="$rs $(ratio "$b" "$a")"; fi
	done
	m=$(echo "$rs" | median)
	printf '  %-27s %11.1f %-3s %11.1f %-3s %7.3f  %s\n' "$label" \
		"$(echo "$A" | median)" "$unit" "$(echo "$B" | median)" "$unit" "$m" \
		"$(echo "$rs" | awk '{ for (i = 1; i <= NF; i++) printf "%s%.3f", (i > 1 ? " " : ""), $i }')" \
		>>"$WORK/table.txt"
	rows="$rows$m $label
"
}

# pairs_of CMD_IMG CMD_REF: A and B, alternated ABBA.
pairs_of() {
	A= B= i=1
	while [ "$i" -le "$pairs" ]; do
		if [ $((i % 2)) -eq 1 ]; then
			a=$(eval "$1"); b=$(eval "$2")
		else
			b=$(eval "$2"); a=$(eval "$1")
		fi
		A="$A $a" B="$B $b"
		i=$((i + 1))
	done
}

pg_version() { "$1" --version 2>&1 | sed -n "1s/.*) //p"; }
gcc_v=$(gcc -dumpfullversion 2>/dev/null || gcc -dumpversion)
glibc_v=$(getconf GNU_LIBC_VERSION 2>/dev/null || echo "glibc ?")
note "starting both servers (initdb) in $WORK"
server_up img
server_up ref
: >"$WORK/table.txt"

note "pgbench -i -s $scale: $pairs pairs"
pairs_of "init_time img" "init_time ref"
row "pgbench -i -s $scale" s lower

for script in $scripts; do
	for c in $clients_list; do
		note "server $script c$c: $pairs pairs of $seconds s"
		pairs_of "pgbench_tps $REF img $script $c" "pgbench_tps $REF ref $script $c"
		row "server $script c$c" tps higher
	done
done
for c in $clients_list; do
	note "client select-only c$c: $pairs pairs of $seconds s"
	pairs_of "pgbench_tps $IMG ref select-only $c" "pgbench_tps $REF ref select-only $c"
	row "client select-only c$c" tps higher
done

echo "fidelity: PostgreSQL $(pg_version "$REF/postgres"), image and reference from the same pinned source"
echo "  image:     musl-gcc, as built for the image ($IMAGE)"
echo "  reference: gcc $gcc_v, $glibc_v, CFLAGS -O2 ($REFERENCE)"
echo "  scale $scale, shared_buffers 128MB, $pairs pairs of $seconds s alternated; server rows: the"
echo "  reference pgbench as client for both; client rows: both clients on the reference server"
printf '  %-27s %15s %15s %7s  %s\n' row image reference ratio pairs
cat "$WORK/table.txt"
low=$(printf '%s' "$rows" | sort -g | head -n 1)
n=$(printf '%s' "$rows" | grep -c .)
ok=$(printf '%s' "$rows" | awk '$1 >= 0.95' | grep -c . || true)
echo "fidelity: $ok of $n rows at >= 0.95 of the reference; lowest $(echo "$low" | cut -d' ' -f1) ($(echo "$low" | cut -d' ' -f2-))"

# System calls per transaction.
if [ "$(id -u)" -ne 0 ]; then
	echo "syscalls per transaction: skipped (strace -p needs root)"
	exit 0
fi
# strace_calls OUT CMD...: the "calls name" lines of strace -c.
calls_of() {
	awk '$1 ~ /^[0-9.]+$/ && $4 ~ /^[0-9]+$/ && $NF != "total" { print $4, $NF }' "$1"
}
# per_txn SHORT LONG: per-transaction calls, "name count" by count.
per_txn() {
	awk -v d=$((long_txns - short_txns)) '
		FNR == NR { s[$2] = $1; next } { l[$2] = $1 }
		END { for (k in l) { v = (l[k] - s[k]) / d; if (v >= 0.005) printf "%s %.2f\n", k, v }
		      for (k in s) if (!(k in l) && s[k] / d >= 0.005) printf "%s %.2f\n", k, -s[k] / d }' "$1" "$2" |
		sort -k2,2gr -k1,1
}
summary() {
	awk '{ t += $2; if (NR <= 6) l = l sprintf("%s%s %s", NR > 1 ? ", " : "", $1, $2) }
		END { printf "%6.2f  (%s)", t, l }' "$1"
}
# server_trace SIDE SCRIPT TXNS OUT: strace -f on the postmaster during a
# run of TXNS transactions at 1 client (reference pgbench).
server_trace() {
	pid=$(head -n 1 "$WORK/$1/data/postmaster.pid")
	strace -f -c -q -o "$4.raw" -p "$pid" & st=$!
	sleep 1
	run "$REF/pgbench" -h "$WORK/$1" -p "$(port "$1")" -U postgres -b "$2" -c 1 -t "$3" \
		-M simple postgres >/dev/null 2>&1 || die "pgbench under strace failed ($1)"
	sleep 0.5
	kill -INT "$st"; wait "$st" || true
	calls_of "$4.raw" >"$4"
}
# client_trace BIN SCRIPT TXNS OUT: strace -f of pgbench itself.
client_trace() {
	rm -f "$4.raw"     # strace runs as the servers' user here
	run strace -f -c -q -o "$4.raw" "$1/pgbench" -h "$WORK/ref" -p $port_ref -U postgres \
		-b "$2" -c 1 -t "$3" -M simple postgres >/dev/null 2>&1 ||
		die "pgbench under strace failed ($1)"
	calls_of "$4.raw" >"$4"
}
echo "syscalls per transaction (strace -f, 1 client, $long_txns less $short_txns transactions; the six most frequent):"
t=$WORK/trace
for script in $scripts; do
	for side in img ref; do
		server_trace $side "$script" $short_txns "$t.s"
		server_trace $side "$script" $long_txns "$t.l"
		per_txn "$t.s" "$t.l" >"$t.$side"
	done
	printf '  server %-13s image     %s\n' "$script" "$(summary "$t.img")"
	printf '  %-20s reference %s\n' "" "$(summary "$t.ref")"
done
for side in img ref; do
	bin=$IMG; [ $side = ref ] && bin=$REF
	client_trace "$bin" select-only $short_txns "$t.s"
	client_trace "$bin" select-only $long_txns "$t.l"
	per_txn "$t.s" "$t.l" >"$t.$side"
done
printf '  client %-13s image     %s\n' select-only "$(summary "$t.img")"
printf '  %-20s reference %s\n' "" "$(summary "$t.ref")"
