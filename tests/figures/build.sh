#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# build.sh: how long `make` takes in a fresh clone of the tree's HEAD, cold
# and warm.  Cold: a clone whose cache of built packages is empty, so every
# package is built from source; the downloads come from the download cache
# ($BOOTBENCH_CACHE/src and deb), as on a machine that built once before
# (downloading them is not timed).  Warm: a second fresh clone on the cache
# the first one filled, so every package is restored.  Each is a plain
# `make`, as a user runs it; the host's load is printed beside, since the
# figures depend on it.  Takes as long as a cold build (about 8 minutes on
# 2 cores).
set -eu
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
downloads=${BOOTBENCH_CACHE:-$HOME/.cache/bootbench}
work=$(mktemp -d "${TMPDIR:-/var/tmp}/bootbench-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/cache" "$downloads/src" "$downloads/deb"
ln -s "$downloads/src" "$work/cache/src"
ln -s "$downloads/deb" "$work/cache/deb"

. "$TOP/tests/figures/lib.sh"
# clone_make NAME: clone into NAME and make there; prints the seconds it
# took and the CPU seconds make and its children used (user and system),
# which the host's load changes less.
clone_make() {
	git clone -q "$TOP" "$work/$1"
	start=$(date +%s.%N)
	# As a user runs it: not a sub-make of make figures (whose MAKELEVEL
	# and job pool would make it take one job at a time), so it runs as
	# many jobs as the host has CPUs, as the Makefile asks.
	if ! env -u BOOTBENCH_PACKAGE_CACHE -u MAKELEVEL -u MAKEFLAGS -u MFLAGS \
		BOOTBENCH_CACHE="$work/cache" make -C "$work/$1" >"$work/$1.log" 2>&1; then
		tail -n 30 "$work/$1.log" >&2
		echo "build.sh: make in a fresh clone failed" >&2
		exit 1
	fi
	end=$(date +%s.%N)
	times >"$work/$1.times"  # in this shell: a subshell's children are not make
	awk -v s="$start" -v e="$end" '
		function seconds(t, p) { split(t, p, "m"); sub(/s$/, "", p[2]); return p[1] * 60 + p[2] }
		NR == 2 { printf "%.1f %.1f\n", e - s, seconds($1) + seconds($2) }' "$work/$1.times"
}
# report NAME WHAT: its line of figures.
report() {
	set -- "$1" "$2" $(clone_make "$1")
	[ $# -eq 4 ] || exit 1
	printf '  %-28s %s (CPU %s)  %d built, %d restored; load before %s, after %s\n' "$2" \
		"$(minutes "$3")" "$(minutes "$4")" "$(grep -c '^  UNPACK ' "$work/$1.log")" \
		"$(grep -c '^  RESTORE ' "$work/$1.log")" "$l0" "$(load)"
}

echo "make in a fresh clone of $(git -C "$TOP" rev-parse --short HEAD), $(nproc) CPUs"
l0=$(load)
report cold "cold (empty package cache)"
l0=$(load)
report warm "warm (a second clone)"
echo "  goal: warm <= 3 min; package cache $(du -sh "$work/cache/packages" | cut -f1)"
