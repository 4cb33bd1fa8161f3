#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# include-graph.sh ROOT DIR...: the include graph of the C files under each
# DIR (relative to ROOT), as "FROM TO" lines for tsort(1).
#
# A node is a file without its extension: a .c and its .h are one module.
# An edge FROM TO says a file of module FROM includes a header of module
# TO.  `#include "X"` is looked up beside the including file, then in its
# program's directory (the first part of its path: bench/, init/,
# report/), then in common/, then from ROOT ("bench/suite/matrix.h"); a
# header found nowhere (libpq, inih) is not ours and makes no edge.  A
# module's own header makes no edge either.
set -eu
root=$1; shift
cd "$root"
for dir; do
	find "$dir" -name '*.[ch]' | sort
done | while read -r f; do
	from=${f%.*} here=$(dirname "$f") program=${f%%/*}
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
	while read -r h; do
		to=
		for d in "$here" "$program" common .; do
			if [ -f "$d/$h" ]; then
				to=$(realpath -m --relative-to=. "$d/$h")
				break
			fi
		done
		[ -n "$to" ] || continue
		to=${to%.*}
		[ "$to" = "$from" ] || echo "$from $to"
	done
done | sort -u
