# SPDX-License-Identifier: GPL-2.0-only
# Unit tests of the init's pure logic: tests/init/<name>.c against every
# init source but the ones that need libblkid (disks/devices.c) or are
# the programs (boot_main.c, pid1.c) (mk/unit-tests.mk).

init_UNIT_SOURCES := $(filter-out $(TOP)/init/boot_main.c $(TOP)/init/pid1.c \
	$(TOP)/init/disks/devices.c,$(INIT_SRCS))

$(eval $(call unit_tests,init))
