#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# fidelity-instructions.sh: the instructions a server backend executes per
# transaction, the image's PostgreSQL (musl, mimalloc) against the reference
# build of the same source (host gcc and glibc), counted by callgrind.
#
# Each server is set up as fidelity.sh does (its own initdb, data on a
# tmpfs, pgbench -i at the scale with the reference pgbench), then its
# postmaster runs under valgrind --tool=callgrind --trace-children=yes, so
# every backend it forks writes its own profile when it exits.  For each
# script, the reference pgbench makes two connections of 1 client, one of
# SHORT and one of LONG transactions (-n, -M simple, the same
# --random-seed, a CHECKPOINT before each); a row is the difference of the
# two backends' instruction counts (callgrind's Ir) divided by LONG - SHORT,
# so connecting and starting count nothing.  Unlike a time, the count does
# not depend on the load of the host: a faithful image executes what the
# reference does, and a ratio reference/image of 1.00 is the same work (the
# goal is >= 0.95).  The two sides run one after the other, the image first.
# For the rows where the image executes more, the functions that cost the
# most per transaction on each side (self Ir, LONG less SHORT), then the
# difference by function, string functions and allocators grouped under one
# name across the C libraries (glibc's __memmove_avx_unaligned_erms and
# musl's memcpy are both "memcpy+memmove"; LLVM libc's C++ names, which
# callgrind keeps mangled so that a name is one word, go by the function
# they are part of: its inline_memcmp is "memcmp").  The profiles stay in WORK
# (profiles.txt: side, script, transactions, file), for callgrind_annotate
# --tree=caller.  Callgrind counts each iteration of a rep-prefixed string
# instruction (musl's assembly memmove and memset) as one instruction.
#
# Settings beside fidelity.sh's (shared_buffers 128MB, no TCP): autovacuum
# off and checkpoint_timeout 1h, so no background work changes the tables
# or forces full-page images in the middle of a run; log_connections on, to
# find each run's backend.  The image's postgres is stripped: when
# FIDELITY_SYMBOLS names the unstripped postgres of the image's build and it
# strips (--strip-unneeded) to the image's file byte for byte, that file is
# run in its place, the same code with the names of its static functions.
#
# Settings (environment): FIDELITY_SCALE (10), FIDELITY_SCRIPTS
# ("select-only simple-update tpcb-like"), FIDELITY_SHORT (500),
# FIDELITY_LONG (2500), FIDELITY_TOP (15, functions listed per side),
# FIDELITY_SYMBOLS (none), FIDELITY_DATA (a new directory on /dev/shm).
# Run as root, the servers run as the user nobody.  Needs valgrind.
#
#   TOP=... IMAGE=... REFERENCE=... WORK=... tests/figures/fidelity-instructions.sh
set -eu
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
IMAGE=${IMAGE:-$TOP/out/bootbench.cpio.gz}
REFERENCE=${REFERENCE:-$TOP/build/fidelity/reference}
WORK=${WORK:-$TOP/build/fidelity/instructions}
scale=${FIDELITY_SCALE:-10}
scripts=${FIDELITY_SCRIPTS:-select-only simple-update tpcb-like}
short_txns=${FIDELITY_SHORT:-500}
long_txns=${FIDELITY_LONG:-2500}
top_n=${FIDELITY_TOP:-15}
symbols=${FIDELITY_SYMBOLS:-}
seed=1

die() { echo "fidelity-instructions: $*" >&2; exit 1; }
note() { echo "fidelity-instructions: $*" >&2; }
for v in "$scale" "$short_txns" "$long_txns" "$top_n"; do
	case $v in ''|*[!0-9]*|0) die "FIDELITY_SCALE, FIDELITY_SHORT, FIDELITY_LONG and FIDELITY_TOP must be positive integers" ;; esac
done
[ "$long_txns" -gt "$short_txns" ] || die "FIDELITY_LONG ($long_txns) must be more than FIDELITY_SHORT ($short_txns)"
[ -f "$IMAGE" ] || die "$IMAGE missing: run make"
[ -x "$REFERENCE/bin/postgres" ] || die "$REFERENCE/bin/postgres missing: run make fidelity"
[ -e /lib/ld-musl-x86_64.so.1 ] ||
	die "/lib/ld-musl-x86_64.so.1 missing (the image's postgres runs with it): install musl"
command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null ||
	die "valgrind missing: install valgrind"
started=$(date +%s)

# Everything under WORK and DATA belongs to the user the servers run as.
. "$TOP/tests/figures/fidelity-setup.sh"
fidelity_unpack bootbench-fidelity-instructions
img_names="the dynamic symbols of the stripped image binary (static functions unnamed)"
if [ -n "$symbols" ]; then
	[ -f "$symbols" ] || die "FIDELITY_SYMBOLS: $symbols missing"
	strip --strip-unneeded -o "$WORK/postgres.stripped" "$symbols" ||
		die "could not strip $symbols"
	if cmp -s "$WORK/postgres.stripped" "$IMG/postgres"; then
		cp "$symbols" "$IMG/postgres"
		img_names="$symbols (strips to the image's postgres byte for byte)"
	else
		note "$symbols does not strip to the image's postgres: naming its functions from its dynamic symbols only"
	fi
	rm -f "$WORK/postgres.stripped"
fi
fidelity_owner

port_img=55442 port_ref=55443
bindir() { if [ "$1" = img ]; then echo "$IMG"; else echo "$REF"; fi; }
port() { if [ "$1" = img ]; then echo $port_img; else echo $port_ref; fi; }
sql() { run "$REF/psql" -h "$WORK/$1" -p "$(port "$1")" -U postgres -qAtc "$2" postgres; }

# server_init SIDE: initdb, the settings, pgbench -i on a plain server.
server_init() {
	side=$1 bin=$(bindir "$1")
	mkdir -p "$WORK/$side/cg"
	[ -z "$as_user" ] || chown -R nobody:nogroup "$WORK/$side"
	run "$bin/initdb" -D "$DATA/$side" -U postgres -A trust -E UTF8 \
		--no-locale --no-instructions >"$WORK/$side/initdb.txt" 2>&1 ||
		{ tail -n 5 "$WORK/$side/initdb.txt" >&2; die "initdb ($side) failed: $WORK/$side/initdb.txt"; }
	printf "shared_buffers = '128MB'\nlisten_addresses = ''\nport = '%s'\nunix_socket_directories = '%s'\n%s\n" \
		"$(port "$side")" "$WORK/$side" \
		"autovacuum = off
checkpoint_timeout = '1h'
log_connections = on" >>"$DATA/$side/postgresql.conf"
	run "$bin/pg_ctl" -D "$DATA/$side" -l "$WORK/$side/init.log" -w start >/dev/null ||
		{ tail -n 5 "$WORK/$side/init.log" >&2; die "the $side server did not start: $WORK/$side/init.log"; }
	run "$REF/pgbench" -h "$WORK/$side" -p "$(port "$side")" -U postgres -i -q -s "$scale" \
		postgres >"$WORK/$side/pgbench-init.txt" 2>&1 ||
		{ tail -n 5 "$WORK/$side/pgbench-init.txt" >&2; die "pgbench -i ($side) failed"; }
	run "$bin/pg_ctl" -D "$DATA/$side" -m fast -w stop >/dev/null ||
		die "the $side server did not stop"
}
# server_up SIDE: the postmaster under callgrind, each process's profile
# in $WORK/SIDE/cg/callgrind.PID.
vg_pid=
server_up() {
	side=$1
	run valgrind --tool=callgrind --trace-children=yes --demangle=no \
		--callgrind-out-file="$WORK/$side/cg/callgrind.%p" \
		"$(bindir "$side")/postgres" -D "$DATA/$side" >"$WORK/$side/log" 2>&1 &
	vg_pid=$!
	i=0
	until sql "$side" 'SELECT 1' >/dev/null 2>&1; do
		kill -0 "$vg_pid" 2>/dev/null ||
			{ tail -n 5 "$WORK/$side/log" >&2; die "the $side server under callgrind did not start: $WORK/$side/log"; }
		i=$((i + 1))
		[ "$i" -le 240 ] || die "the $side server under callgrind not ready after 120 s: $WORK/$side/log"
		sleep 0.5
	done
}
server_down() {
	[ -f "$DATA/$1/postmaster.pid" ] || return 0
	run "$(bindir "$1")/pg_ctl" -D "$DATA/$1" -m fast -w stop >/dev/null 2>&1 || true
	if [ -n "$vg_pid" ]; then wait "$vg_pid" || true; vg_pid=; fi
}
cleanup() { server_down img; server_down ref; rm -rf "$DATA"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# backend_run SIDE SCRIPT TXNS: a pgbench connection of TXNS transactions;
# prints the profile of its backend once the backend has exited and
# callgrind has written it.
backend_run() {
	side=$1 log=$WORK/$1/log
	sql "$side" CHECKPOINT >/dev/null || die "CHECKPOINT ($side) failed"
	seen=$(wc -l <"$log")
	run "$REF/pgbench" -h "$WORK/$side" -p "$(port "$side")" -U postgres -n -b "$2" \
		-c 1 -t "$3" -M simple --random-seed=$seed postgres >"$WORK/$side/pgbench.txt" 2>&1 ||
		{ cat "$WORK/$side/pgbench.txt" >&2; die "pgbench -b $2 -t $3 against the $side server failed"; }
	pid=$(tail -n +"$((seen + 1))" "$log" |
		sed -n 's/.*\[\([0-9]*\)\] LOG:  connection authorized: .*application_name=pgbench.*/\1/p' | tail -n 1)
	[ -n "$pid" ] || die "no pgbench connection in $log"
	f=$WORK/$side/cg/callgrind.$pid i=0
	while [ -d "/proc/$pid" ] || ! grep -q '^totals:' "$f" 2>/dev/null; do
		i=$((i + 1))
		[ "$i" -le 600 ] || die "the backend $pid ($side) did not exit or left no profile ($f)"
		sleep 0.2
	done
	echo "$f"
}
total_ir() { sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$1"; }

# functions FILE: "Ir object function" of each function (self cost), the
# recursion levels callgrind keeps apart ('2, '3) summed.  A function
# callgrind names by its address (an assembly function of musl's libc.so
# has no size in the symbol table) gets the name of the dynamic symbol at
# that address.
functions() {
	callgrind_annotate --inclusive=no --threshold=100 "$1" |
		sed -n 's/^ *\([0-9,][0-9,]*\) ([ 0-9.]*%) *[^ ]*:\([^ ]*\) \[\(.*\)\]$/\1 \3 \2/p' >"$WORK/f.raw"
	awk '$3 ~ /^0x/ { print $2 }' "$WORK/f.raw" | sort -u | while read -r o; do
		nm -D --defined-only "$o" 2>/dev/null | awk -v o="$o" 'NF == 3 { print o, "0x" $1, $3 }'
	done >"$WORK/f.syms"
	awk 'FNR == NR { if (!(($1 " " $2) in s)) s[$1 " " $2] = $3; next }
		{ gsub(/,/, "", $1); f = $3; sub(/'"'"'[0-9]+$/, "", f)
		  if (($2 " " f) in s) f = s[$2 " " f]
		  n = split($2, p, "/"); c[p[n] " " f] += $1 }
		END { for (k in c) print c[k], k }' "$WORK/f.syms" "$WORK/f.raw"
}
# per_txn SHORT LONG: "Ir/txn object function" from the two runs' profiles.
per_txn() {
	functions "$1" >"$WORK/f.short"
	functions "$2" >"$WORK/f.long"
	awk -v d=$((long_txns - short_txns)) '
		FNR == NR { s[$2 " " $3] = $1; next } { l[$2 " " $3] = $1 }
		END { for (k in l) print (l[k] - s[k]) / d, k
		      for (k in s) if (!(k in l)) print -s[k] / d, k }' "$WORK/f.short" "$WORK/f.long" |
		sort -k1,1gr
}

note "setting up both servers (initdb, pgbench -i -s $scale) in $WORK"
server_init img
server_init ref
: >"$WORK/table.txt"
: >"$WORK/profiles.txt"
for side in img ref; do
	note "$side server under callgrind"
	server_up $side
	for script in $scripts; do
		note "$side $script: $short_txns and $long_txns transactions"
		s=$(backend_run $side "$script" "$short_txns")
		l=$(backend_run $side "$script" "$long_txns")
		echo "$side $script $(total_ir "$s") $(total_ir "$l")" >>"$WORK/table.txt"
		echo "$side $script $short_txns $s" >>"$WORK/profiles.txt"
		echo "$side $script $long_txns $l" >>"$WORK/profiles.txt"
		per_txn "$s" "$l" >"$WORK/$side/$script.functions"
	done
	server_down $side
done

pg_version() { "$1" --version 2>&1 | sed -n "1s/.*) //p"; }
gcc_v=$(gcc -dumpfullversion 2>/dev/null || gcc -dumpversion)
glibc_v=$(getconf GNU_LIBC_VERSION 2>/dev/null || echo "glibc ?")
info=$WORK/image/etc/bootbench/image.json
field() { sed -n "s/^ *\"$1\": \"\(.*\)\",\{0,1\}\$/\1/p" "$info" | head -n 1; }
echo "fidelity-instructions: PostgreSQL $(pg_version "$REF/postgres"), image and reference from the same pinned source"
if [ -f "$info" ]; then
	echo "  image:     $(field cc_version), CFLAGS $(field cflags), allocator $(field allocator), memcpy $(field memcpy) ($(field id))"
else
	echo "  image:     $IMAGE"
fi
echo "  reference: gcc $gcc_v, $glibc_v, CFLAGS -O2 ($REFERENCE)"
echo "  $(valgrind --version) --tool=callgrind; data on $data_where; scale $scale, shared_buffers 128MB,"
echo "  autovacuum off, 1 client, -M simple, --random-seed=$seed; the image's function names from"
echo "  $img_names"
echo "  Ir/txn: instructions the backend executed, ($long_txns less $short_txns transactions) / $((long_txns - short_txns));"
echo "  ratio: reference / image (1.00: the same work; below 1: the image executes more)"
printf '  %-14s %12s %12s %7s\n' script "image Ir/txn" "ref Ir/txn" ratio
rows= more=
for script in $scripts; do
	a=$(awk -v s="$script" -v d=$((long_txns - short_txns)) '$1 == "img" && $2 == s { printf "%.0f", ($4 - $3) / d }' "$WORK/table.txt")
	b=$(awk -v s="$script" -v d=$((long_txns - short_txns)) '$1 == "ref" && $2 == s { printf "%.0f", ($4 - $3) / d }' "$WORK/table.txt")
	r=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4f", b / a }')
	printf '  %-14s %12s %12s %7.3f\n' "$script" "$a" "$b" "$r"
	rows="$rows$r $script
"
	[ "$a" -le "$b" ] || more="$more $script"
done
low=$(printf '%s' "$rows" | sort -g | head -n 1)
n=$(printf '%s' "$rows" | grep -c .)
ok=$(printf '%s' "$rows" | awk '$1 >= 0.95' | grep -c . || true)
echo "fidelity-instructions: $ok of $n rows at >= 0.95 of the reference in instructions;" \
	"lowest $(echo "$low" | cut -d' ' -f1) ($(echo "$low" | cut -d' ' -f2-))"

# group: the name a function is compared under across the two C libraries.
group='
function group(o, f,   g) {
	g = f
	if (f ~ /^_?mi_/ || f ~ /^(__libc_)?(malloc|free|calloc|realloc|cfree|posix_memalign|aligned_alloc|memalign)$/ ||
	    f ~ /^(_int_malloc|_int_free|_int_realloc|malloc_consolidate|unlink_chunk|tcache_.*|sysmalloc|__malloc_.*|__libc_free)(\..*)?$/)
		return "malloc+free (mimalloc | glibc)"
	sub(/^__+/, "", g)
	if (sub(/^_ZN[0-9]+__llvm_libc_[0-9_]+_[0-9]+(inline_)?/, "", g)) sub(/E.*/, "", g)
	if (g ~ /^(memcpy|memmove|mempcpy)(_|$)/) return "memcpy+memmove"
	if (g ~ /^(memcmp|bcmp)(_|$)/) return "memcmp"
	if (g ~ /^(strncpy|stpncpy)(_|$)/) return "strncpy+stpncpy"
	if (g ~ /^(clock_gettime|gettimeofday)(_|$)/) return "clock_gettime+gettimeofday"
	if (g ~ /^(sigsetjmp|setjmp|longjmp|siglongjmp)$/) return g
	if (g ~ /^(memset|memchr|memrchr|rawmemchr|strlen|strnlen|strcmp|strncmp|strchr|strchrnul|strrchr|strcpy|stpcpy|strlcpy|strspn|strcspn|strcasecmp|strncasecmp)(_|$)/) {
		sub(/_.*/, "", g); return g
	}
	if (o ~ /^(libc\.so|libc\.so\.6|ld-linux-x86-64\.so\.2|ld-musl-x86_64\.so\.1)$/) return f " [" o "]"
	return f
}'
for script in $more; do
	echo
	echo "$script: the $top_n functions with the most self Ir per transaction (image | reference)"
	for side in img ref; do
		head -n "$top_n" "$WORK/$side/$script.functions" |
			awk '{ printf "%10.0f  %-40s %s\n", $1, $3, $2 }' >"$WORK/top.$side"
	done
	paste -d '|' "$WORK/top.img" "$WORK/top.ref" | sed 's/|/ | /; s/^/  /'
	echo "$script: the difference by function, image less reference, Ir per transaction (largest first)"
	awk "$group"'
		FNR == 1 { side++ } { k = group($2, $3); v[side, k] += $1; keys[k] = 1 }
		END { for (k in keys) { d = v[1, k] - v[2, k]; if (d >= 0.5 || d <= -0.5) printf "%.1f\t%.1f\t%.1f\t%s\n", d, v[1, k], v[2, k], k } }' \
		"$WORK/img/$script.functions" "$WORK/ref/$script.functions" |
		sort -t "$(printf '\t')" -k1,1gr >"$WORK/diff"
	total=$(awk -F '\t' '{ t += $1 } END { printf "%.0f", t }' "$WORK/diff")
	printf '  %10s %10s %10s  %s\n' "img-ref" image ref function
	{ head -n "$top_n" "$WORK/diff"; echo "..."; sort -t "$(printf '\t')" -k1,1g "$WORK/diff" | head -n 5 | sort -t "$(printf '\t')" -k1,1gr; } |
		awk -F '\t' '$0 == "..." { print "  ..."; next } { printf "  %+10.0f %10.0f %10.0f  %s\n", $1, $2, $3, $4 }'
	echo "  (sum of all differences: $total Ir per transaction)"
	for side in img ref; do
		awk '{ t[$2] += $1 } END { for (o in t) printf "%s %.0f\n", o, t[o] }' "$WORK/$side/$script.functions" |
			sort -k2,2gr | awk -v s=$side 'BEGIN { printf "  by object (%s):", s == "img" ? "image" : "reference" }
				{ printf " %s %s", $1, $2 } END { print "" }'
	done
done
echo "fidelity-instructions: done in $(($(date +%s) - started)) s"
