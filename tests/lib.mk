# SPDX-License-Identifier: GPL-2.0-only
# Tests of the test machinery (tests/lib/, tests/run-tests): run-tests on
# tiny generated tests -- the TAP plan rule, not ok, skips, a C test
# (tests/lib/tap.h) that stops before tap_done(), tap.sh and pytap.py;
# tap-helpers: which results of tap.sh's tap_status (an exit status) and
# tap_check (a command) and of tap.h's ok() (a truth value) pass and which
# fail, and the skips of both; check-results-io: check-results.py's checks
# of the I/O per unit of work, on one boot's lines and on faults made in them.
CHECK_TESTS += tests/lib/run-tests.test
CHECK_TESTS += tests/lib/tap-helpers.test
CHECK_TESTS += tests/lib/check-results-io.test
