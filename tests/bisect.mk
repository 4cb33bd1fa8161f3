# SPDX-License-Identifier: GPL-2.0-only
# Tests of bootbench-bisect (host/bootbench/bisect/, doc/bisect.md): the
# search and the rule (search.test), its command line (cli.test), whole
# bisects over synthetic git histories with a stand-in for a lab (fake.test:
# known change point, skip, A/A, SIGKILL and resume, seeded ends, git
# bisect run, bad input), the built-in build on a fake kernel tree
# (tree.test) and the LAVA boot command (lava.test); no QEMU.
#
# make check-bisect: the ones that boot the appliance in QEMU under TCG, in
# instruction time: 3 commits as one walk a side (qemu.test, 9 boots; CI's
# short real bisect is tests/lab/ci-regression.test's, in make check-boots,
# which takes its ends from a gate's runs), 16 commits bisected three
# times (one killed and resumed) and an A/A bisect (doc/bisect.md gives
# their time).

BISECT_KERNEL_INITRD := $(KERNEL_OUT)/$(call kernel_link,6.12)/initramfs.cpio.gz
BISECT_TESTS := tests/bisect/search.test tests/bisect/cli.test tests/bisect/fake.test \
	tests/bisect/tree.test tests/bisect/lava.test
BISECT_LONG_TESTS := tests/bisect/qemu.test tests/bisect/tcg-16.test tests/bisect/tcg-aa.test
BISECT_DEPS := $(BISECT) $(REPORT) $(BENCH) $(IMAGE) $(BISECT_KERNEL_INITRD)
CHECK_TESTS += $(BISECT_TESTS)
CHECK_DEPS  += $(BISECT_DEPS)

.PHONY: check-bisect
check-bisect: $(BISECT_DEPS) | deps
	$(Q)TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) \
		$(TOP)/tests/run-tests $(addprefix $(TOP)/,$(BISECT_LONG_TESTS))
