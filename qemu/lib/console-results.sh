# SPDX-License-Identifier: GPL-2.0-only
# qemu/lib/console-results.sh: rebuild run directories from a console log.
# Sourced by qemu/run; POSIX sh.
#
# The init prints each run directory as a tar.gz in base64 between
#   bootbench-results-begin: {"run": "runs/NAME", "format": "tar.gz", "bytes": N, "sha256": "H"}
#   bootbench-results-end: {"run": "runs/NAME", "lines": L, "sha256": "H"}
# (init/console_results.h).  Lines between the markers that are not base64
# (kernel messages printed meanwhile) are left out; a run whose end
# marker is missing, whose line count, size or sha256 differ, or whose
# archive holds anything outside its own directory, is named and nothing
# of it is written.

# _cr_field JSON KEY: the value of KEY in a marker's JSON (strings and
# integers; the init writes no escapes in these).
_cr_field() {
	printf '%s\n' "$1" | sed -n "s/.*\"$2\": *\"\{0,1\}\([^\",}]*\)\"\{0,1\}.*/\1/p"
}

# console_results_lines: the console's lines of a log on stdin: a plain
# console log as it is; from a LAVA job log (lava-run's output, one JSON
# object a line, or the job's YAML log, "- {...}" a line) the "msg" of each
# "target" line, its quotes unescaped.
console_results_lines() {
	sed -e '/^-\{0,1\} *{"dt": "[^"]*", "lvl": "target", "msg": "/!b' \
		-e 's/^-\{0,1\} *{"dt": "[^"]*", "lvl": "target", "msg": "//' -e 's/"}$//' \
		-e 's/\\\\\\"/"/g' -e 's/\\"/"/g'
}

# console_results_extract LOG DIR: each run printed in LOG becomes
# DIR/NAME, unless DIR/NAME exists.  Prints one line per run; returns 1 if
# no run was found or one was incomplete, altered or refused.
console_results_extract() {
	_cr_log=$1 _cr_dir=$2
	[ -r "$_cr_log" ] || { echo "console results: cannot read $_cr_log" >&2; return 1; }
	mkdir -p "$_cr_dir" || return 1
	_cr_tmp=$(mktemp -d "$_cr_dir/.console-results.XXXXXX") || return 1
	# Split the log: run N's data in N.b64, its markers in N.begin, N.end.
	tr -d '\r' <"$_cr_log" | console_results_lines | awk -v out="$_cr_tmp" '
		/bootbench-results-begin: \{/ {
			n++; inrun = 1
			sub(/.*bootbench-results-begin: /, "")
			print > (out "/" n ".begin"); close(out "/" n ".begin")
			printf "" > (out "/" n ".b64")
			next
		}
		/bootbench-results-end: \{/ && inrun {
			inrun = 0
			sub(/.*bootbench-results-end: /, "")
			print > (out "/" n ".end"); close(out "/" n ".end")
			next
		}
		inrun && /^[A-Za-z0-9+\/=]+$/ { print >> (out "/" n ".b64") }
	'
	_cr_rc=0 _cr_n=0
	for _cr_begin in "$_cr_tmp"/*.begin; do
		[ -f "$_cr_begin" ] || break
		_cr_n=$((_cr_n + 1))
		console_results_one "${_cr_begin%.begin}" "$_cr_dir" || _cr_rc=1
	done
	rm -rf "$_cr_tmp"
	if [ "$_cr_n" -eq 0 ]; then
		echo "console results: no run in $_cr_log (no bootbench-results-begin line)" >&2
		return 1
	fi
	return $_cr_rc
}

# console_results_one BASE DIR: the run of BASE.begin, BASE.b64, BASE.end.
console_results_one() {
	_co_begin=$(cat "$1.begin")
	_co_run=$(_cr_field "$_co_begin" run)
	_co_name=${_co_run#runs/}
	_co_sha=$(_cr_field "$_co_begin" sha256)
	_co_bytes=$(_cr_field "$_co_begin" bytes)
	_co_lines=$(wc -l <"$1.b64" | tr -d ' ')
	case $_co_name in ''|*/*|.*)
		echo "console results: a begin line names no run directory: $_co_begin" >&2
		return 1 ;;
	esac
	if [ ! -f "$1.end" ]; then
		echo "console results: run $_co_name is incomplete: the log ends after $_co_lines of its lines, before its end line; nothing written" >&2
		return 1
	fi
	_co_want=$(_cr_field "$(cat "$1.end")" lines)
	if [ "$_co_lines" != "$_co_want" ]; then
		echo "console results: run $_co_name is incomplete: $_co_lines lines of base64 where its end line counts $_co_want; nothing written" >&2
		return 1
	fi
	if ! base64 -d <"$1.b64" >"$1.tar.gz" 2>/dev/null; then
		echo "console results: run $_co_name: its lines are not valid base64; nothing written" >&2
		return 1
	fi
	_co_got=$(sha256sum <"$1.tar.gz" | cut -d' ' -f1)
	_co_size=$(wc -c <"$1.tar.gz" | tr -d ' ')
	if [ "$_co_got" != "$_co_sha" ] || [ "$_co_size" != "$_co_bytes" ]; then
		echo "console results: run $_co_name is altered: sha256 $_co_got, $_co_size bytes; its begin line says $_co_sha, $_co_bytes bytes; nothing written" >&2
		return 1
	fi
	if [ -e "$2/$_co_name" ]; then
		echo "console results: $2/$_co_name exists: not replacing it" >&2
		return 1
	fi
	# Only NAME/ and what is below it, no way out of it.
	if ! tar -tzf "$1.tar.gz" >"$1.list" 2>/dev/null ||
		grep -v -e "^$_co_name/" -e "^$_co_name\$" "$1.list" | grep -q . ||
		grep -q -e '\(^\|/\)\.\.\(/\|$\)' "$1.list"; then
		echo "console results: run $_co_name: the archive holds paths outside its directory; nothing written" >&2
		return 1
	fi
	mkdir "$1.x" && tar -xzf "$1.tar.gz" -C "$1.x" && mv "$1.x/$_co_name" "$2/$_co_name" || {
		echo "console results: run $_co_name: could not unpack it into $2" >&2
		return 1
	}
	echo "console results: $2/$_co_name ($_co_bytes bytes, sha256 $_co_sha)"
}
