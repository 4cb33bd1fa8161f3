# SPDX-License-Identifier: GPL-2.0-only
# tests/lib/e2e.sh: helpers for end-to-end tests that boot the appliance in
# QEMU through qemu/run (sourced after tap.sh).  Each test works in its own
# temporary results directory $R, removed on exit.

E2E_KERNEL=${E2E_KERNEL:-6.12}

# The host library's pieces the tests use (host/bootbench-host --help), as
# functions: disk images, run directories, prepared kernels, walks, and
# json_field KEY < FILE, the first string or number named KEY in its JSON.
e2e_host=$TOP/host/bootbench-host
for _e2e_f in gpt_disk_create=gpt-disk results_disk_create=results-disk \
	results_disk_put=results-put results_disk_extract=results-extract debugfs_w=debugfs-write \
	part_offset=part-offset part_kib=part-kib part_copy=part-copy kernel_dir=kernel-dir run_dir_of=run-dir \
	run_status=run-status walk_prepare=walk-prepare json_field=json-field; do
	eval "${_e2e_f%%=*}() { \"\$e2e_host\" ${_e2e_f#*=} \"\$@\"; }"
done

R=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-e2e.XXXXXX")
trap 'rm -rf "$R"' EXIT

# boot ARGS...: one qemu/run boot of $E2E_KERNEL into $R; its output goes to
# $R/boot.N.out; the exit status is qemu/run's.  A boot that did not end
# well also shows the last 40 timestamped lines of its console (the kernel's
# and the init's), which go with $R when the test ends.
e2e_boots=0
boot() {
	e2e_boots=$((e2e_boots + 1))
	"$TOP/qemu/run" --quiet --kernel "$E2E_KERNEL" --results "$R" "$@" \
		>"$R/boot.$e2e_boots.out" 2>&1
	rc=$?
	sed 's/^/# /' "$R/boot.$e2e_boots.out"
	if [ "$rc" -ne 0 ] && ls "$R"/console/*.log >/dev/null 2>&1; then
		echo "# the console's last lines ($(last_console)):"
		grep -a '^\[' "$(last_console)" | tail -n 40 | sed 's/^/#   /'
	fi
	return $rc
}

# last_run: the run directory of the last boot, as qemu/run named it.
last_run() { sed -n 's/^qemu\/run: run directory //p' "$R/boot.$e2e_boots.out" | tail -n 1; }

# run_count: how many run directories $R/runs holds.
run_count() { ls -d "$R"/runs/*/ 2>/dev/null | wc -l; }

# last_console: the console log of the last boot.
last_console() { ls -t "$R"/console/*.log | head -n 1; }

# tree_sums DIR: the sha256 of every file below DIR, by relative path;
# host.json, which qemu/run writes into its extracted copy of a run (it is
# never on the results disk), left out.
tree_sums() { (cd "$1" && find . -type f ! -name host.json | sort | xargs sha256sum); }

# disk_sums RUN: tree_sums of run RUN as the results disk $R/results.img
# holds it now (extracted afresh, not the copy made after its boot).
disk_sums() {
	rm -rf "$R/fresh"
	results_disk_extract "$R/results.img" "$R/fresh" && tree_sums "$R/fresh/$(basename "$1")"
}

# disk_sum IMG: the digest of a disk image's content (tests/lib/disk-sum:
# its data, holes skipped), taken before and after a run that must leave
# the disk alone.
disk_sum() { "$TOP/tests/lib/disk-sum" "$1"; }

# decoy_disk IMG NAME: a GPT disk whose partition NAME holds random data,
# large enough for any suite, so that only the rule under test refuses it.
decoy_disk() {
	gpt_disk_create "$1" 320 "$2"
	dd if=/dev/urandom of="$1" bs=1M seek=2 count=4 conv=notrunc status=none
}

# reason_has RUN TEXT: the failure reason in RUN's run.json mentions TEXT.
reason_has() { grep '"reason":' "$1/run.json" | grep -q -- "$2"; }

# schema_python: the first python3 with jsonschema, the one on PATH or Debian's.
schema_python() {
	if python3 -c 'import jsonschema' 2>/dev/null; then echo python3; else echo /usr/bin/python3; fi
}

# check_results RUN [CASES]: tests/lib/check-results.py's checks of RUN's
# results.jsonl, each as one TAP line of this test (tap_import: a checker
# that crashes or stops early is a "not ok" line, not a comment).
check_results() {
	TOP=$TOP "$(schema_python)" "$TOP/tests/lib/check-results.py" "$@" >"$R/check.out" 2>&1
	tap_import check-results.py $? "$R/check.out"
}

# check_run RUN [WHAT]: tests/lib/check-run.py's checks of RUN's run.json
# (the schema, the image and kernel provenance), each as one TAP line; the
# description of each line is prefixed with WHAT: if given.  A crash of the
# checker is a "not ok" line.
check_run() {
	TOP=$TOP OUT=${OUT:-$TOP/out} "$(schema_python)" "$TOP/tests/lib/check-run.py" "$1" >"$R/check-run.out" 2>&1
	tap_import "check-run.py $(basename "$1")" $? "$R/check-run.out" "${2:-}"
}
