#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# workload-list.sh ROOT [CHECK...]: is every workload of ROOT's one list,
# bench/workloads/list.h, everywhere it must be, in its order?  The
# checks (all of them when none is named):
#
#   folders  bench/workloads/NAME/ holds NAME.c and NAME_spec.c, and no
#            folder there is outside the list
#   cost     NAME_spec.c gives its spec a cost model (.cost)
#   doc      bench/workloads/NAME/README.md, with its key table
#   suites   doc/suites.md's list of workload sections and its links to
#            the workloads' pages
#   schema   doc/results.schema.json's workload enum
#   jsonl    doc/results-jsonl.md's workload values
#
# Prints one line per missing piece, naming the workload and the file,
# and exits 1 if there is any; 0 if none.  Reads only files under ROOT,
# so that it can be shown a tree with a workload missing something.
set -u
root=$1; shift
[ $# -gt 0 ] || set -- folders cost doc suites schema jsonl
dir=$root/bench/workloads
list=$(sed -n 's/^WORKLOAD(\([a-z0-9_]*\))$/\1/p' "$dir/list.h" | tr '\n' ' ' | sed 's/ $//')
status=0

missing() {
	echo "$*"
	status=1
}

# same WHAT GOT: GOT (names, one per line) is the list, in order.
same() {
	got=$(echo "$2" | tr '\n' ' ' | sed 's/^ *//; s/ *$//')
	[ "$got" = "$list" ] && return
	named=
	for w in $list; do
		echo " $got " | grep -q " $w " && continue
		missing "$w: not in $1"
		named=yes
	done
	for w in $got; do
		echo " $list " | grep -q " $w " && continue
		missing "$w: in $1, not in bench/workloads/list.h"
		named=yes
	done
	[ -n "$named" ] || missing "$1: not in the order of bench/workloads/list.h ($got; want $list)"
}

check_folders() {
	for w in $list; do
		for f in "$w.c" "${w}_spec.c"; do
			[ -f "$dir/$w/$f" ] || missing "$w: no bench/workloads/$w/$f"
		done
	done
	for d in "$dir"/*/; do
		w=$(basename "$d")
		echo " $list " | grep -q " $w " || missing "bench/workloads/$w/: not in bench/workloads/list.h"
	done
}

check_cost() {
	for w in $list; do
		f=$dir/$w/${w}_spec.c
		[ -f "$f" ] || continue
		grep -q '^[[:space:]]*\.cost[[:space:]]*=' "$f" ||
			missing "$w: no cost model (.cost) in bench/workloads/$w/${w}_spec.c"
	done
}

check_doc() {
	for w in $list; do
		f=$dir/$w/README.md
		if [ ! -f "$f" ]; then
			missing "$w: no bench/workloads/$w/README.md"
		elif ! grep -q '^| key | default | meaning |' "$f"; then
			missing "$w: no key table in bench/workloads/$w/README.md"
		fi
	done
}

check_suites() {
	f=$root/doc/suites.md
	same "doc/suites.md's list of workload sections" "$(sed -n '/^- One section per workload/,/run in the order/p' "$f" |
		grep -o '`\[[a-z0-9_]*\]`' | tr -d '`[]')"
	same "doc/suites.md's links to the workloads' pages" "$(sed -n \
		's|^- \[`\[\([a-z0-9_]*\)\]`\](\.\./bench/workloads/\([a-z0-9_]*\)/README\.md): .*|\1 \2|p' "$f" |
		awk '$1 == $2 { print $1 }')"
}

check_schema() {
	same "doc/results.schema.json's workload enum" "$(/usr/bin/python3 - "$root/doc/results.schema.json" <<'PY'
import json, sys
def find(o):
    if isinstance(o, dict):
        if "workload" in o.get("properties", {}):
            return o["properties"]["workload"]["enum"]
        for v in o.values():
            r = find(v)
            if r: return r
    if isinstance(o, list):
        for v in o:
            r = find(v)
            if r: return r
try:
    print("\n".join(find(json.load(open(sys.argv[1]))) or []))
except (OSError, ValueError) as e:
    print("the schema could not be read: %s" % e, file=sys.stderr)
PY
)"
}

check_jsonl() {
	same "doc/results-jsonl.md's workload values" "$(sed -n \
		's/^| `workload` | string | \(.*\) |$/\1/p' "$root/doc/results-jsonl.md" |
		grep -o '`[a-z0-9_]*`' | tr -d '`')"
}

for c; do
	case $c in
	folders|cost|doc|suites|schema|jsonl) "check_$c" ;;
	*) echo "workload-list.sh: no check \"$c\"" >&2; exit 2 ;;
	esac
done
exit $status
