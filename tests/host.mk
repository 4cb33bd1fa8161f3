# SPDX-License-Identifier: GPL-2.0-only
# Unit tests of the host library (host/bootbench/), no QEMU: the plan of a
# sequence of boots and its shuffle, the command-line conventions, runs
# rebuilt from console logs (cut short, altered, reaching outside), the
# JSON reader, host.json, the baseline's runs a pipeline keeps for the
# next (kept-runs.test).  make check-host runs them alone.  qemu/run,
# prepare-disk and the QEMU boots are tested in their own areas (cli, lab,
# e2e, kernels, faults).
HOST_TESTS  := $(patsubst $(TOP)/%,%,$(sort $(wildcard $(TOP)/tests/host/*.test)))
CHECK_TESTS += $(HOST_TESTS)

.PHONY: check-host
check-host:
	$(Q)TOP=$(TOP) BUILD=$(BUILD) $(TOP)/tests/run-tests $(addprefix $(TOP)/,$(HOST_TESTS))
