# SPDX-License-Identifier: GPL-2.0-only
# The tree's shape: no include cycles (modules form layers), which folder
# may include which and the one include style, which sources of bench/ wait
# for libpq's and inih's headers (mk/includers), the licence in every source
# file (SPDX), every link of the Markdown pages, the listing of the tree in
# doc/hacking.md, doc/figures.md's table of the scripts of make figures,
# and every host tool's --help (help.test: the tools of out/bin/ are made
# by all).
CHECK_TESTS += tests/tree/include-cycles.test tests/tree/include-rules.test \
	tests/tree/includers.test \
	tests/tree/spdx.test tests/tree/links.test tests/tree/layout.test tests/tree/figures.test \
	tests/tree/help.test
CHECK_DEPS  += all
