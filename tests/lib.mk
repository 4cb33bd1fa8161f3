# SPDX-License-Identifier: GPL-2.0-only
# Tests of the test machinery (tests/lib/, tests/run-tests): run-tests on
# tiny generated tests -- the TAP plan rule, not ok, skips, a C test
# (tests/lib/tap.h) that stops before tap_done(), tap.sh and pytap.py.
CHECK_TESTS += tests/lib/run-tests.test
