#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# image.sh: figures of the base image: its size compressed and unpacked,
# each component's size, the build time of each package (measured by its
# recipe during the last build of it, or of the build that made the cache
# entry it was restored from), and the time of an unchanged make and
# of a make after touching one of our C files.
set -eu
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILD=$TOP/build
IMAGE=$TOP/out/bootbench.cpio.gz
[ -f "$IMAGE" ] || { echo "figures: $IMAGE missing: run make" >&2; exit 1; }

mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
now() { date +%s.%N; }
since() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.2f s", e - s }'; }

tree=$(mktemp -d); trap 'rm -rf "$tree"' EXIT
(cd "$tree" && gzip -dc "$IMAGE" | cpio -id --quiet --no-absolute-filenames)
compressed=$(stat -c %s "$IMAGE")
unpacked=$(find "$tree" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
echo "image $IMAGE"
printf '  compressed   %12d bytes  %s  (goal <= 30 MiB)\n' "$compressed" "$(mib "$compressed")"
printf '  unpacked     %12d bytes  %s\n' "$unpacked" "$(mib "$unpacked")"

echo "components (unpacked bytes in the image)"
for d in "$BUILD"/stage/*/; do
	[ -d "$d" ] || continue
	s=$(find "$d" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
	printf '  %-14s %12d  %s\n' "$(basename "$d")" "$s" "$(mib "$s")"
done
for f in init usr/bin/bootbench-bench; do
	[ -f "$tree/$f" ] && printf '  %-14s %12d  %s\n' "/$f" "$(stat -c %s "$tree/$f")" "$(mib "$(stat -c %s "$tree/$f")")"
done
echo "largest files"
(cd "$tree" && find . -type f -printf '%s %p\n' | sort -rn | head -n 8) |
	while read -r s p; do printf '  %-40s %10d\n' "${p#./}" "$s"; done

echo "build time per package (last build, seconds; of a package restored from the cache, the"
echo "build that made its entry)"
total=0
for t in "$BUILD"/log/*.time; do
	[ -f "$t" ] || continue
	name=$(basename "$t" .time) s=$(cat "$t") how=
	built=$(sed -n 's/^restored from .* (built in \([0-9]*\) s)$/\1/p' "$BUILD/log/$name.log")
	[ -z "$built" ] || { how="  (restored in $s s)"; s=$built; }
	total=$((total + s))
	printf '  %-14s %6d s%s\n' "$name" "$s" "$how"
done
printf '  %-14s %6d s  (%d min; goal: cold make <= 30 min on 2 cores)\n' total "$total" $((total / 60))

echo "incremental builds"
start=$(now); make -C "$TOP" -s >/dev/null; echo "  unchanged make            $(since "$start")  (goal <= 5 s)"
c=$(ls "$TOP"/init/*.c | head -n 1)
touch "$c"
start=$(now); out=$(make -C "$TOP" 2>&1)
echo "  make after touching $(basename "$c")  $(since "$start")"
echo "$out" | grep -E '^  (CC|LD|CPIO)' | sed 's/^/    /'
