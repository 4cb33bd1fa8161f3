#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# include-graph.sh [--includes] ROOT DIR...: the includes of the C files
# under each DIR (relative to ROOT).
#
# Every `#include "X"` of ours names its path from the top of the tree
# ("common/json.h", "bench/suite/matrix.h"), and the programs compile with
# -I$(TOP).  X is looked up as the compiler does: beside the including file
# first, then at the top of the tree.  An X found in neither place that is
# nevertheless the path's tail of one of our headers under the DIRs (a bare
# "json.h" for common/json.h, as a -I of a folder would find it) is ours
# too, named the wrong way (of several such headers, the one of the file's
# own program, then common/'s).  Anything else (libpq-fe.h, ini.h, a header
# generated in the build directory) is not ours and is left out.
#
# Default output: the include graph as "FROM TO" lines for tsort(1).  A
# node is a file without its extension: a .c and its .h are one module.
# An edge FROM TO says a file of module FROM includes a header of module
# TO; a module's own header makes no edge.
#
# --includes: one line per include of ours, "FILE HOW HEADER X": FILE the
# including file and HEADER the header's path, both from ROOT; HOW is
# `top` (X is HEADER), `beside` (X is relative to FILE's folder) or
# `elsewhere` (X is the tail of HEADER's path).
set -eu
mode=graph
if [ "${1-}" = --includes ]; then
	mode=includes
	shift
fi
root=$1; shift
cd "$root"
headers=$(mktemp "${TMPDIR:-/tmp}/include-graph.XXXXXX")
trap 'rm -f "$headers"' EXIT
for dir; do
	find "$dir" -name '*.h'
done | sort >"$headers"
for dir; do
	find "$dir" -name '*.[ch]' | sort
done | while read -r f; do
	here=$(dirname "$f")
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
	while read -r x; do
		if [ -f "$here/$x" ] && [ "$here" != . ]; then
			how=beside to=$(realpath -m --relative-to=. "$here/$x")
			# "bench/x.h" from a file of the top folder is both.
			[ "$to" != "$x" ] || how=top
		elif [ -f "$x" ]; then
			how=top to=$(realpath -m --relative-to=. "$x")
		else
			# Of several, the one of the file's own program, then common/'s.
			to=$(awk -v x="/$x" -v p="${f%%/*}/" '
				substr($0, length($0) - length(x) + 1) != x { next }
				index($0, p) == 1 { own = own ? own : $0 }
				index($0, "common/") == 1 { com = com ? com : $0 }
				{ any = any ? any : $0 }
				END { print own ? own : com ? com : any }' "$headers")
			[ -n "$to" ] || continue
			how=elsewhere
		fi
		if [ "$mode" = includes ]; then
			echo "$f $how $to $x"
		else
			from=${f%.*} to=${to%.*}
			[ "$to" = "$from" ] || echo "$from $to"
		fi
	done
done | sort -u
