# SPDX-License-Identifier: GPL-2.0-only
# Tests of bootbench-bisect (host/bootbench/bisect/, doc/bisect.md): the
# search and the rule (search.test), its command line (cli.test), whole
# bisects over synthetic git histories with a stand-in for a lab (fake.test:
# known change point, skip, A/A, SIGKILL and resume, seeded ends, git
# bisect run, bad input), the built-in build on a fake kernel tree
# (tree.test) and the LAVA boot command (lava.test); no QEMU.
#
# In make check-boots (the long boots, tests/check.mk): tcg-16.test, 16
# commits bisected in QEMU under TCG in instruction time, killed with
# SIGKILL during a step and resumed, then an A/A from its own runs (its
# header says what it took over from the earlier qemu.test and
# tcg-aa.test).  CI's short real bisect of 3 commits is
# tests/lab/ci-regression.test's, which takes its ends from a gate's runs.

BISECT_KERNEL_INITRD := $(KERNEL_OUT)/$(call kernel_link,6.12)/initramfs.cpio.gz
BISECT_TESTS := tests/bisect/search.test tests/bisect/cli.test tests/bisect/fake.test \
	tests/bisect/tree.test tests/bisect/lava.test
BISECT_DEPS := $(BISECT) $(REPORT) $(BENCH) $(IMAGE) $(BISECT_KERNEL_INITRD)
CHECK_TESTS += $(BISECT_TESTS)
CHECK_DEPS  += $(BISECT_DEPS)
BOOTS_TESTS += tests/bisect/tcg-16.test
BOOTS_DEPS  += $(BISECT_DEPS)
