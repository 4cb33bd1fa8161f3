# SPDX-License-Identifier: GPL-2.0-only
# Fault tests: long QEMU runs that break things on purpose: PostgreSQL
# failing under a suite (postgres.test), power cuts (power-cut.test).
# They are not part of make check; .ci/run runs them when time allows.
#
#   make check-faults [FAULT_SEEDS=10]

FAULT_TESTS := tests/faults/postgres.test tests/faults/power-cut.test
FAULT_SEEDS ?= 10

.PHONY: check-faults
check-faults: $(IMAGE) $(BENCH) $(REPORT) $(E2E_KERNEL_INITRD) | deps
	$(Q)TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) FAULT_SEEDS=$(FAULT_SEEDS) \
		$(TOP)/tests/run-tests $(addprefix $(TOP)/,$(FAULT_TESTS))
