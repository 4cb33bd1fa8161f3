# SPDX-License-Identifier: GPL-2.0-only
# host/: the host's commands on the host library.
#
# out/bin/bootbench-bisect is a link to host/bootbench-bisect (Python 3 on
# host/bootbench/; it reads suites with the suite runner built for the
# image, which runs on the host too, and compares with bootbench-report).

BISECT := $(OUT)/bin/bootbench-bisect

$(BISECT): $(TOP)/host/bootbench-bisect | $(BENCH)
	@echo "  LN      $(notdir $@)"
	$(Q)mkdir -p $(@D)
	$(Q)ln -sf $(TOP)/host/bootbench-bisect $@

all: $(BISECT)
