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

load() { cut -d' ' -f1-3 /proc/loadavg; }
# clone_make NAME: clone into NAME, make there; prints the seconds taken.
clone_make() {
	git clone -q "$TOP" "$work/$1"
	start=$(date +%s.%N)
	if ! env -u BOOTBENCH_PACKAGE_CACHE BOOTBENCH_CACHE="$work/cache" \
		make -C "$work/$1" >"$work/$1.log" 2>&1; then
		tail -n 30 "$work/$1.log" >&2
		echo "build.sh: make in a fresh clone failed" >&2
		exit 1
	fi
	awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.0f", e - s }'
}
# steps NAME: how many packages the make in NAME built and restored.
steps() {
	printf '%d built, %d restored' "$(grep -c '^  UNPACK ' "$work/$1.log")" \
		"$(grep -c '^  RESTORE ' "$work/$1.log")"
}
minutes() { printf '%d min %02d s' $(($1 / 60)) $(($1 % 60)); }

echo "make in a fresh clone of $(git -C "$TOP" rev-parse --short HEAD), $(nproc) CPUs"
l0=$(load)
cold=$(clone_make cold)
echo "  cold (empty package cache)  $(minutes "$cold")  $(steps cold); load before $l0, after $(load)"
l0=$(load)
warm=$(clone_make warm)
echo "  warm (a second clone)       $(minutes "$warm")  $(steps warm); load before $l0, after $(load)  (goal <= 3 min)"
echo "  package cache               $(du -sh "$work/cache/packages" | cut -f1)"
