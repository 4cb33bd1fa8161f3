#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# fidelity.sh: does the image's PostgreSQL run like a normal build of it?
#
# The image's server and tools (musl, mimalloc) against a reference build of
# the same pinned source with the host's gcc and glibc (tests/fidelity.mk),
# both on the host, on the same disk, with the same settings:
#   server rows   the same client (the reference pgbench) against each
#                 server: select-only, simple-update and tpcb-like at 1, 2
#                 and 8 clients;
#   client rows   the image's pgbench against the reference pgbench, both
#                 on a reference server (in a duet, each its own):
#                 select-only at 1, 2 and 8 clients;
#   pgbench -i    its time on each server (the reference pgbench);
# each row PAIRS times, and a CHECKPOINT on the servers before every run.
# The two sides of a pair run side by side ("duet", on a host with two CPUs
# or more): each side's server and client pinned to a CPU of its own
# (taskset), so that what the host does to both CPUs at once cancels out of
# the pair's ratio; a pair is two such runs, the CPUs swapped, each side's
# figure the geometric mean of its two.  The client rows then give each
# pgbench a reference server of its own.  Otherwise
# (FIDELITY_MODE=alternate, or one CPU) the sides take turns, ABBA, unpinned.
# A row's ratio is the median of its pairs' image/reference ratios (for a
# time, reference/image): 1.00 is a faithful image, the goal is >= 0.95.
# FIDELITY_AA=1 runs the reference against itself in the image's place: the
# ratios show what the method resolves on this host (1.00, and the spread).
# Beside the speed, the CPU time per transaction of the side compared (the
# server's, from /proc, or the client's), which a busy host disturbs less
# than the speed.  The data directories are on a tmpfs (/dev/shm) unless
# FIDELITY_DATA names a directory: the builds differ in CPU time, and a
# disk's varying fsync time would hide that (fdatasync is still called, it
# returns at once).  Then the system calls per transaction of
# each server and each client, from strace (as root): the difference
# between a run of LONG and one of SHORT transactions at 1 client, divided
# by LONG - SHORT, so connecting and starting count nothing.
#
# Settings (environment): FIDELITY_PAIRS (5), FIDELITY_SECONDS (6),
# FIDELITY_SCALE (10), FIDELITY_CLIENTS ("1 2 8"),
# FIDELITY_SCRIPTS ("select-only simple-update tpcb-like"), FIDELITY_DATA
# (a new directory on /dev/shm), FIDELITY_MODE (duet or alternate; duet
# when the host has two CPUs or more), FIDELITY_CPUS (the duet's two CPUs:
# the first two this process may use), FIDELITY_AA (0).
# Run as root, the servers run as the user nobody.
#
#   TOP=... IMAGE=... REFERENCE=... WORK=... tests/figures/fidelity.sh
set -eu
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
IMAGE=${IMAGE:-$TOP/out/bootbench.cpio.gz}
REFERENCE=${REFERENCE:-$TOP/build/fidelity/reference}
WORK=${WORK:-$TOP/build/fidelity/run}
pairs=${FIDELITY_PAIRS:-5}
seconds=${FIDELITY_SECONDS:-6}
scale=${FIDELITY_SCALE:-10}
clients_list=${FIDELITY_CLIENTS:-1 2 8}
scripts=${FIDELITY_SCRIPTS:-select-only simple-update tpcb-like}
mode=${FIDELITY_MODE:-}
aa=${FIDELITY_AA:-0}
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
case $aa in 0|1) ;; *) die "FIDELITY_AA must be 0 or 1" ;; esac
# The CPUs this process may use, as a list of numbers.
allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status | tr ',' '\n' |
	awk -F- '{ for (c = $1; c <= ($2 == "" ? $1 : $2); c++) print c }')
cpus=${FIDELITY_CPUS:-$(echo "$allowed" | head -n 2 | tr '\n' ' ')}
if [ -z "$mode" ]; then
	if [ "$(echo "$cpus" | wc -w)" -ge 2 ] && command -v taskset >/dev/null; then
		mode=duet
	else
		mode=alternate
	fi
fi
case $mode in
duet)
	command -v taskset >/dev/null || die "FIDELITY_MODE=duet needs taskset: install util-linux"
	set -- $cpus
	[ $# -eq 2 ] || die "FIDELITY_CPUS must name two CPUs (it is '$cpus')"
	for c; do
		echo "$allowed" | grep -qx "$c" || die "CPU $c (FIDELITY_CPUS) is not one this process may use"
	done
	[ "$1" != "$2" ] || die "FIDELITY_CPUS names CPU $1 twice"
	cpu_a=$1 cpu_b=$2 ;;
alternate) ;;
*) die "FIDELITY_MODE must be duet or alternate (it is '$mode')" ;;
esac

# Everything under WORK and DATA belongs to the user the servers run as.
. "$TOP/tests/figures/fidelity-setup.sh"
fidelity_unpack bootbench-fidelity
fidelity_owner

now() { date +%s.%N; }
. "$TOP/tests/figures/ratios.sh"
[ "$aa" -eq 0 ] || IMG=$REF

# The servers: SIDE is img, ref or (in a duet, for the client rows) rf2, a
# second reference server; each has its data directory, socket directory
# and port, and is set up with its own initdb and pg_ctl.
port_img=55432 port_ref=55433 port_rf2=55434
bindir() { if [ "$1" = img ]; then echo "$IMG"; else echo "$REF"; fi; }
port() { case $1 in img) echo $port_img ;; ref) echo $port_ref ;; *) echo $port_rf2 ;; esac; }
servers="img ref"
[ "$mode" = alternate ] || servers="img ref rf2"
server_up() {
	side=$1 bin=$(bindir "$1")
	mkdir -p "$WORK/$side"
	[ -z "$as_user" ] || chown nobody:nogroup "$WORK/$side"
	run "$bin/initdb" -D "$DATA/$side" -U postgres -A trust -E UTF8 \
		--no-locale --no-instructions >"$WORK/$side/initdb.txt" 2>&1 ||
		{ tail -n 5 "$WORK/$side/initdb.txt" >&2; die "initdb ($side) failed: $WORK/$side/initdb.txt"; }
	printf "shared_buffers = '128MB'\nlisten_addresses = ''\nport = '%s'\nunix_socket_directories = '%s'\n" \
		"$(port "$side")" "$WORK/$side" >>"$DATA/$side/postgresql.conf"
	run "$bin/pg_ctl" -D "$DATA/$side" -l "$WORK/$side/log" -w start >/dev/null ||
		{ tail -n 5 "$WORK/$side/log" >&2; die "the $side server did not start: $WORK/$side/log"; }
}
server_down() {
	run "$(bindir "$1")/pg_ctl" -D "$DATA/$1" -m fast -w stop >/dev/null 2>&1 || true
}
cleanup() { for side in $servers; do server_down "$side"; done; rm -rf "$DATA"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# sql SIDE STATEMENT: through the reference psql.
sql() { run "$REF/psql" -h "$WORK/$1" -p "$(port "$1")" -U postgres -qAtc "$2" postgres; }
checkpoint() { for side in $servers; do sql "$side" CHECKPOINT >/dev/null || return 1; done; }

hz=$(getconf CLK_TCK)
# server_procs SIDE: the server's processes, a line each: the postmaster
# ("pm PID TICKS", its CPU time with that of the children it has reaped)
# and its live children ("child PID TICKS"); ticks are clock ticks.
server_procs() {
	cat /proc/[0-9]*/stat 2>/dev/null | awk -v pm="$(head -n 1 "$DATA/$1/postmaster.pid")" '
		{ pid = $1; sub(/^.*\) /, "") }   # now $2 is the ppid, $12.. utime stime cutime cstime
		pid == pm { print "pm", pid, $12 + $13 + $14 + $15 }
		$2 == pm  { print "child", pid, $12 + $13 }'
}
# server_ticks SIDE: the CPU time (clock ticks) the server has used so far.
server_ticks() { server_procs "$1" | awk '{ t += $3 } END { print t + 0 }'; }
# pin SIDE CPU: the server's processes to CPU; the backends it starts later
# inherit it from the postmaster.
pin() {
	for p in $(server_procs "$1" | awk '{ print $2 }'); do
		taskset -a -p -c "$2" "$p" >/dev/null 2>&1 || [ ! -d "/proc/$p" ] ||
			die "taskset could not pin process $p of the $1 server to CPU $2"
	done
}
# measured CLIENTBIN SERVER OUT ARGS...: pgbench ARGS against SERVER, its
# output in OUT; prints the server's CPU ticks and pgbench's.  In a duet,
# pgbench runs on the CPU in $on.
measured() {
	bin=$1 side=$2 out=$3; shift 3
	s0=$(server_ticks "$side")
	# The shell's cutime and cstime (fields 16, 17) are pgbench's.
	run ${on:+taskset -c "$on"} sh -c \
		'o=$1; shift; "$@" >"$o" 2>&1; s=$?; cut -d" " -f16,17 /proc/$$/stat >"$o.cpu"; exit $s' \
		sh "$out" "$bin/pgbench" -h "$WORK/$side" -p "$(port "$side")" -U postgres "$@" postgres ||
		{ cat "$out" >&2; die "pgbench $* against the $side server failed"; }
	sleep 0.5     # the backends gone and reaped
	echo "$(($(server_ticks "$side") - s0)) $(awk '{ print $1 + $2 }' "$out.cpu")"
}

# pgbench_tps CLIENTBIN SERVER SCRIPT CLIENTS WHOSE: "tps:CPU", tps without
# connection time, CPU the microseconds per transaction of WHOSE (server or
# client).
pgbench_tps() {
	out=$WORK/pgbench.$2.txt
	set -- "$@" $(measured "$1" "$2" "$out" -b "$3" -c "$4" -j "$4" -T "$seconds" -M simple)
	tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$out")
	n=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$out")
	[ -n "$tps" ] && [ -n "$n" ] || { cat "$out" >&2; die "no tps in pgbench's output"; }
	if [ "$5" = server ]; then ticks=$6; else ticks=$7; fi
	awk -v t="$tps" -v k="$ticks" -v n="$n" -v hz="$hz" 'BEGIN { printf "%s:%.2f", t, k / hz / n * 1e6 }'
}

# init_time SERVER: "seconds:CPU" of pgbench -i at the scale (reference
# pgbench), CPU the server's in milliseconds.
init_time() {
	t0=$(now)
	set -- "$1" $(measured "$REF" "$1" "$WORK/init.$1.txt" -i -q -s "$scale")
	awk -v s="$t0" -v e="$(now)" -v k="$2" -v hz="$hz" 'BEGIN { printf "%.3f:%.0f", e - s, k / hz * 1e3 }'
}

# One table row: LABEL UNIT CPUUNIT WHICH, where WHICH is "higher" (tps) or
# "lower" (seconds), from the "figure:CPU" pairs in $A and $B.  Ratios are
# the image's speed over the reference's: tps/tps, or the inverse for
# seconds and CPU time.
rows= cpurows=
row() {
	label=$1 unit=$2 cpuunit=$3 which=$4 rs= cs= fa= fb= ca= cb=
	set -- $B
	for a in $A; do
		b=$1; shift
		x=${a%:*} y=${b%:*} xc=${a#*:} yc=${b#*:}
		fa="$fa $x" fb="$fb $y" ca="$ca $xc" cb="$cb $yc"
		if [ "$which" = higher ]; then rs="$rs $(ratio "$x" "$y")"; else rs="$rs $(ratio "$y" "$x")"; fi
		cs="$cs $(ratio "$yc" "$xc")"
	done
	m=$(echo "$rs" | median) mc=$(echo "$cs" | median)
	printf '  %-23s %9.1f %9.1f %-3s %6.3f %8.1f %8.1f %-5s %6.3f  %s\n' "$label" \
		"$(echo "$fa" | median)" "$(echo "$fb" | median)" "$unit" "$m" \
		"$(echo "$ca" | median)" "$(echo "$cb" | median)" "$cpuunit" "$mc" \
		"$(echo "$rs" | awk '{ for (i = 1; i <= NF; i++) printf "%s%.2f", (i > 1 ? " " : ""), $i }')" \
		>>"$WORK/table.txt"
	rows="$rows$m $label
" cpurows="$cpurows$mc $label
"
}

# duet CMD_IMG CMD_REF SERVER_IMG SERVER_REF CPU_IMG CPU_REF: both commands
# at once, each server with its client on its CPU; the "figure:CPU" of
# each in $WORK/duet.img and $WORK/duet.ref.
duet() {
	pin "$3" "$5" && pin "$4" "$6" && checkpoint || die "could not pin or checkpoint the servers"
	(on=$5; eval "$1") >"$WORK/duet.img" & pa=$!
	(on=$6; eval "$2") >"$WORK/duet.ref" & pb=$!
	wait "$pa" || die "the image's side of pair $i failed"
	wait "$pb" || die "the reference's side of pair $i failed"
}
# geomean X Y: the geometric mean of two "figure:CPU", field by field.
geomean() {
	awk -v x="$1" -v y="$2" 'BEGIN { split(x, p, ":"); split(y, q, ":")
		printf "%.3f:%.3f", sqrt(p[1] * q[1]), sqrt(p[2] * q[2]) }'
}

# pairs_of CMD_IMG CMD_REF [SERVER_IMG SERVER_REF]: A and B, from PAIRS
# pairs of the two commands, with a CHECKPOINT before each run.  In a duet
# a pair is two runs of both commands at once, each with the server it uses
# (SERVER_IMG and SERVER_REF, by default img and ref) and its client on one
# CPU, then on the other: a side's figure is the geometric mean of its two
# runs, so that one CPU's being faster than the other cancels out of the
# ratio.  Otherwise the two commands are alternated ABBA.
pairs_of() {
	A= B= i=1
	while [ "$i" -le "$pairs" ]; do
		if [ "$mode" = duet ]; then
			duet "$1" "$2" "${3:-img}" "${4:-ref}" "$cpu_a" "$cpu_b"
			a=$(cat "$WORK/duet.img") b=$(cat "$WORK/duet.ref")
			duet "$1" "$2" "${3:-img}" "${4:-ref}" "$cpu_b" "$cpu_a"
			a=$(geomean "$a" "$(cat "$WORK/duet.img")") b=$(geomean "$b" "$(cat "$WORK/duet.ref")")
		elif [ $((i % 2)) -eq 1 ]; then
			checkpoint; a=$(eval "$1"); checkpoint; b=$(eval "$2")
		else
			checkpoint; b=$(eval "$2"); checkpoint; a=$(eval "$1")
		fi
		A="$A $a" B="$B $b"
		i=$((i + 1))
	done
}

pg_version() { "$1" --version 2>&1 | sed -n "1s/.*) //p"; }
gcc_v=$(gcc -dumpfullversion 2>/dev/null || gcc -dumpversion)
glibc_v=$(getconf GNU_LIBC_VERSION 2>/dev/null || echo "glibc ?")
note "starting the servers ($servers; initdb) in $WORK"
for side in $servers; do server_up "$side"; done
: >"$WORK/table.txt"

note "pgbench -i -s $scale: $pairs pairs ($mode)"
pairs_of "init_time img" "init_time ref"
[ "$mode" = alternate ] || measured "$REF" rf2 "$WORK/init.rf2.txt" -i -q -s "$scale" >/dev/null
row "pgbench -i -s $scale" s ms lower

for script in $scripts; do
	for c in $clients_list; do
		note "server $script c$c: $pairs pairs of $seconds s"
		pairs_of "pgbench_tps $REF img $script $c server" "pgbench_tps $REF ref $script $c server"
		row "server $script c$c" tps us/tx higher
	done
done
client_ref=ref
[ "$mode" = alternate ] || client_ref=rf2
for c in $clients_list; do
	note "client select-only c$c: $pairs pairs of $seconds s"
	pairs_of "pgbench_tps $IMG ref select-only $c client" \
		"pgbench_tps $REF $client_ref select-only $c client" ref "$client_ref"
	row "client select-only c$c" tps us/tx higher
done
if [ "$mode" = duet ]; then
	for side in $servers; do pin "$side" "$(echo $allowed | tr ' ' ',')"; done
fi

echo "fidelity: PostgreSQL $(pg_version "$REF/postgres"), image and reference from the same pinned source"
info=$WORK/image/etc/bootbench/image.json
field() { sed -n "s/^ *\"$1\": \"\(.*\)\",\{0,1\}\$/\1/p" "$info" | head -n 1; }
if [ -f "$info" ]; then
	echo "  image:     $(field cc_version), CFLAGS $(field cflags), allocator $(field allocator), memcpy $(field memcpy) ($(field id))"
else
	echo "  image:     $IMAGE"
fi
echo "  reference: gcc $gcc_v, $glibc_v, CFLAGS -O2 ($REFERENCE)"
[ "$aa" -eq 0 ] || echo "  FIDELITY_AA=1: the reference in the image's place (A/A: what this host resolves)"
if [ "$mode" = duet ]; then
	echo "  data on $data_where; scale $scale, shared_buffers 128MB, $pairs pairs of two $seconds-s runs,"
	echo "  the sides at once, each server with its client on one CPU ($cpu_a, $cpu_b), swapped for the second"
	echo "  server rows: the reference pgbench as client for both; client rows: each on a reference server"
else
	echo "  data on $data_where; scale $scale, shared_buffers 128MB, $pairs pairs of $seconds s alternated"
	echo "  server rows: the reference pgbench as client for both; client rows: both on the reference server"
fi
echo "  CPU: the server's (server rows, pgbench -i) or the client's (client rows) CPU time per"
echo "  transaction; ratio: the image's speed over the reference's, median of the pairs (listed)"
printf '  %-23s %9s %9s %-3s %6s %8s %8s %-5s %6s  %s\n' row image ref "" ratio "CPU img" ref "" ratio \
	"pairs (ratio)"
cat "$WORK/table.txt"
verdict() {
	low=$(printf '%s' "$2" | sort -g | head -n 1)
	n=$(printf '%s' "$2" | grep -c .)
	ok=$(printf '%s' "$2" | awk '$1 >= 0.95' | grep -c . || true)
	echo "fidelity: $ok of $n rows at >= 0.95 of the reference in $1;" \
		"lowest $(echo "$low" | cut -d' ' -f1) ($(echo "$low" | cut -d' ' -f2-))"
}
verdict "speed" "$rows"
verdict "CPU time" "$cpurows"

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
	pid=$(head -n 1 "$DATA/$1/postmaster.pid")
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
