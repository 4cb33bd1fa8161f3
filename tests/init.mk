# SPDX-License-Identifier: GPL-2.0-only
# Unit tests of the init's pure logic: tests/init/<name>.c against every
# init source but the ones that need libblkid (devices.c) or are the
# program (main.c) (mk/unit-tests.mk).

$(eval $(call unit_tests,init,$(filter-out $(TOP)/init/main.c $(TOP)/init/devices.c,$(INIT_SRCS)),-I$(TOP)/init))
