# SPDX-License-Identifier: GPL-2.0-only
# Tests of the command-line conventions shared by qemu/run, bootbench-report,
# bootbench-gate, bootbench-bench and bootbench-prepare-disk (README.md): --help and -h (of
# each command too) on stdout with exit 0, unknown options and missing values as one line and a
# hint on stderr with exit 2, --opt=value, --version against the image id.
# Every case checks the exit status and what went to stdout and to stderr;
# qemu/run boots nothing (--dry-run at most).

CHECK_TESTS += tests/cli/qemu-run.test tests/cli/report.test tests/cli/gate.test tests/cli/bench.test \
	tests/cli/prepare-disk.test
CHECK_DEPS  += $(REPORT) $(GATE) $(BENCH) $(IMAGE) $(PREPARE_DISK)
