# SPDX-License-Identifier: GPL-2.0-only
# lab/: host tools for test machines and labs.
#
# out/bin/bootbench-prepare-disk is a link to lab/prepare-disk (Python 3 on
# the host library, host/; it reads the suite's size with the suite runner
# built for the image, which runs on the host too).

PREPARE_DISK := $(OUT)/bin/bootbench-prepare-disk

$(PREPARE_DISK): $(TOP)/lab/prepare-disk | $(BENCH)
	@echo "  LN      $(notdir $@)"
	$(Q)mkdir -p $(@D)
	$(Q)ln -sf $(TOP)/lab/prepare-disk $@

all: $(PREPARE_DISK)
