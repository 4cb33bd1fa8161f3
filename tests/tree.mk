# SPDX-License-Identifier: GPL-2.0-only
# The tree's shape: no include cycles (modules form layers), and the
# licence in every source file (SPDX).
CHECK_TESTS += tests/tree/include-cycles.test tests/tree/spdx.test
