# SPDX-License-Identifier: GPL-2.0-only
# tests/lib/cli.sh: checks of the command-line conventions (README.md)
# shared by qemu/run, bootbench-report and bootbench-bench; sourced after
# tap.sh.  Each check runs one command and makes one TAP line of its exit
# status AND of what it wrote on stdout and on stderr; on failure the
# difference is printed as "# " lines.
#
#   cli_help DESC FIRST CMD...      exit 0, stderr empty, stdout's first line
#                                   is FIRST (the rest of the usage follows)
#   cli_error DESC LINE HINT CMD... exit 2, stdout empty, stderr exactly LINE
#                                   and 'Try "HINT --help" for more information.'
#   cli_out DESC STATUS FILE CMD... exit STATUS, stderr empty, stdout exactly
#                                   the file FILE
#   cli_version DESC PROG CMD...    exit 0, stderr empty, stdout exactly
#                                   "PROG (bootbench) ID", ID that of
#                                   $BUILD/image-info/image.json
#
# cli_tmp is a directory removed at exit; $cli_tmp/out and $cli_tmp/err
# hold what the last command wrote.

cli_tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$cli_tmp"' EXIT

# image_id [FILE]: the "id" of an image.json (default the build's).
image_id() {
	"$TOP/host/bootbench-host" json-field id "${1:-$BUILD/image-info/image.json}"
}

# _cli_run CMD...: run CMD with no input; status in cli_rc.
_cli_run() {
	"$@" >"$cli_tmp/out" 2>"$cli_tmp/err" </dev/null
	cli_rc=$?
}

# _cli_report DESC STATUS WANT-OUT WANT-ERR: compare the last command's
# status, stdout and stderr with STATUS and the files WANT-OUT, WANT-ERR.
_cli_report() {
	_st=0
	[ "$cli_rc" -eq "$2" ] || { echo "#   exit status $cli_rc, want $2"; _st=1; }
	if ! cmp -s "$3" "$cli_tmp/out"; then
		echo "#   stdout differs (-want +got):"
		diff -u "$3" "$cli_tmp/out" | sed -n '3,$s/^/#   /p' | head -n 20
		_st=1
	fi
	if ! cmp -s "$4" "$cli_tmp/err"; then
		echo "#   stderr differs (-want +got):"
		diff -u "$4" "$cli_tmp/err" | sed -n '3,$s/^/#   /p' | head -n 20
		_st=1
	fi
	tap_status $_st "$1"
}

cli_help() {
	_d=$1 _first=$2; shift 2
	_cli_run "$@"
	# The usage is the test's own: stdout must begin with FIRST and go on.
	if [ "$(head -n 1 "$cli_tmp/out")" = "$_first" ] &&
		[ "$(wc -l <"$cli_tmp/out")" -ge 3 ]; then
		cp "$cli_tmp/out" "$cli_tmp/want.out"
	else
		printf '%s\n...\n' "$_first" >"$cli_tmp/want.out"
	fi
	: >"$cli_tmp/want.err"
	_cli_report "$_d" 0 "$cli_tmp/want.out" "$cli_tmp/want.err"
}

cli_error() {
	_d=$1; shift
	printf '%s\nTry "%s --help" for more information.\n' "$1" "$2" >"$cli_tmp/want.err"
	shift 2
	_cli_run "$@"
	: >"$cli_tmp/want.out"
	_cli_report "$_d" 2 "$cli_tmp/want.out" "$cli_tmp/want.err"
}

cli_out() {
	_d=$1 _rc=$2 _want=$3; shift 3
	_cli_run "$@"
	: >"$cli_tmp/want.err"
	_cli_report "$_d" "$_rc" "$_want" "$cli_tmp/want.err"
}

cli_version() {
	_d=$1; shift
	printf '%s (bootbench) %s\n' "$1" "$(image_id)" >"$cli_tmp/want.out"
	shift
	_cli_run "$@"
	: >"$cli_tmp/want.err"
	_cli_report "$_d" 0 "$cli_tmp/want.out" "$cli_tmp/want.err"
}
