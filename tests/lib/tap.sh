# SPDX-License-Identifier: GPL-2.0-only
# tests/lib/tap.sh: TAP output for shell tests (sourced).  One test
# executable prints one TAP stream: "ok N - WHAT" / "not ok N - WHAT" lines,
# comments ("# ..."), and exactly one plan "1..N" -- printed by tap_done at
# the end, or by tap_plan before the first result.  tests/run-tests counts
# a stream without a plan, or whose plan is not the number of results, as
# a failure (the test stopped early).
#
# The convention: in the shell, tap_status takes an exit status (0 passes)
# -- "tap_status $? WHAT" after a command, "tap_status 1 WHAT" for a
# failure -- and tap_check takes a command, runs it and passes when it
# exits 0.  The C side, tests/lib/tap.h, and the Python side,
# tests/lib/pytap.py, take a truth value instead (C ok(), Python check():
# true passes), as their languages do.  A test that runs a Python checker
# reads its TAP stream (tap_import) so that the test's own stream keeps a
# single plan.
#
#   tap_status STATUS WHAT  an exit status: "ok N - WHAT" when STATUS is 0,
#                           else "not ok N - WHAT"
#   tap_check WHAT CMD...   a command: run CMD, "ok" when it exits 0
#                           (CMD is one simple command; for a pipeline or
#                           a list, "LIST; tap_status $? WHAT")
#   tap_is GOT WANT WHAT    ok when the strings are equal; else not ok and
#                           "#   got:  GOT" / "#   want: WANT"
#   tap_skip WHAT WHY       "ok N - WHAT # SKIP WHY"
#   tap_plan N              print the plan "1..N" first (optional)
#   tap_import WHO STATUS FILE [PREFIX]
#                           the TAP stream in FILE (the output of checker
#                           WHO, which exited with STATUS) as results of
#                           this test, "PREFIX: " before each description;
#                           its plan is checked, not printed
#   tap_done                print the plan (unless tap_plan did) and exit:
#                           1 if anything failed or the planned number of
#                           results was not reached, else 0

tap_n=0
tap_failed=0
tap_planned=

tap_plan() {
	tap_planned=$1
	echo "1..$1"
}

tap_status() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ] 2>/dev/null; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=1
	fi
}

tap_check() {
	_tap_what=$1
	shift
	"$@"
	tap_status $? "$_tap_what"
}

tap_is() {
	[ "$1" = "$2" ]
	_tap_st=$?
	tap_status $_tap_st "$3"
	[ $_tap_st -eq 0 ] || printf '#   got:  %s\n#   want: %s\n' "$1" "$2"
}

tap_skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

# tap_import WHO STATUS FILE [PREFIX]: FILE holds the output of the
# checker WHO, which exited with STATUS: each "ok [N] - D"
# and "not ok [N] - D" line becomes a result of this test, other lines
# comments, and its plan is read, not printed.  A checker that stopped
# before its plan, printed another number of results than it planned, or
# exited with a status that does not match its results (a crash after the
# last line) adds one "not ok - WHO ran to its end".
tap_import() {
	_tap_who=$1 _tap_rc=$2 _tap_file=$3 _tap_prefix=${4:+$4: }
	_tap_results=0 _tap_fails=0 _tap_plan=
	while IFS= read -r _tap_line; do
		case $_tap_line in
		"ok "*|"not ok "*)
			_tap_st=0
			case $_tap_line in "not ok "*) _tap_st=1; _tap_line=${_tap_line#not } ;; esac
			_tap_line=${_tap_line#ok }
			# Drop the checker's own number.
			case $_tap_line in [0-9]*) _tap_line=$(printf '%s\n' "$_tap_line" | sed 's/^[0-9]* *//') ;; esac
			_tap_line=${_tap_line#- }
			_tap_results=$((_tap_results + 1))
			_tap_fails=$((_tap_fails + _tap_st))
			tap_status $_tap_st "$_tap_prefix$_tap_line"
			;;
		1..*) _tap_plan=${_tap_line#1..}; _tap_plan=${_tap_plan%% *} ;;
		"#"*) printf '%s\n' "$_tap_line" ;;
		*) printf '# %s\n' "$_tap_line" ;;
		esac
	done <"$_tap_file"
	_tap_want_rc=0
	[ "$_tap_fails" -eq 0 ] || _tap_want_rc=1
	if [ -z "$_tap_plan" ]; then
		tap_status 1 "$_tap_who ran to its end (exit $_tap_rc; no plan: it stopped early?)"
	elif [ "$_tap_plan" != "$_tap_results" ]; then
		tap_status 1 "$_tap_who ran to its end (exit $_tap_rc; planned $_tap_plan, ran $_tap_results)"
	elif [ "$_tap_rc" != "$_tap_want_rc" ]; then
		tap_status 1 "$_tap_who ran to its end (exit $_tap_rc after $_tap_fails failed of $_tap_results)"
	fi
}

tap_done() {
	if [ -z "$tap_planned" ]; then
		echo "1..$tap_n"
	elif [ "$tap_planned" -ne "$tap_n" ]; then
		echo "# planned $tap_planned, ran $tap_n"
		exit 1
	fi
	exit $tap_failed
}
