# tests/lib/tap.sh: TAP output for shell tests (sourced).
# tap_ok STATUS DESCRIPTION prints "ok N - ..." when STATUS is 0, else
# "not ok N - ..."; the test's exit status is 1 once anything failed.

tap_n=0
tap_failed=0
tap_plan() { echo "1..$1"; }
tap_ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=1
	fi
}
# tap_check DESCRIPTION COMMAND...: run COMMAND, report its status.
tap_check() {
	d=$1; shift
	"$@"
	tap_ok $? "$d"
}
tap_done() { exit $tap_failed; }
