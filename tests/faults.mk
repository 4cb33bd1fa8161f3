# SPDX-License-Identifier: GPL-2.0-only
# Fault tests: long QEMU runs that break things on purpose: PostgreSQL
# failing under a suite (postgres.test), power cuts (power-cut.test), the
# results partition full, read-only, pulled out or failing (results.test),
# a target whose I/O stops for good (hang.test).
# They are not part of make check; .ci/run runs them in make check-long
# (tests/check.mk).
# At the end it prints each test's figures (faults injected, runs lost,
# decoy disks changed) and the wall time.
#
#   make check-faults [FAULT_SEEDS=10]

FAULT_TESTS := tests/faults/postgres.test tests/faults/power-cut.test tests/faults/results.test \
	tests/faults/hang.test
FAULT_DEPS  := $(IMAGE) $(BENCH) $(REPORT) $(E2E_KERNEL_INITRD)
FAULT_SEEDS ?= 10
export FAULT_SEEDS

# $(FAULT_FIGURES): each fault test's figures, from its log.
FAULT_FIGURES = grep -h -e '^\# PostgreSQL faults:' -e '^\# power cuts:' -e '^\# the cut runs:' \
	-e '^\# runs lost' -e '^\# results-partition faults:' -e '^\# lost I/O:' \
	$(patsubst tests/faults/%.test,$(BUILD)/tests/faults-%.log,$(FAULT_TESTS)) \
	2>/dev/null | sed 's/^\# /  /'

.PHONY: check-faults
check-faults: $(FAULT_DEPS) | deps
	$(Q)start=$$(date +%s); out=$(BUILD)/tests/check-faults; mkdir -p $(BUILD)/tests; \
	{ TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) \
		$(TOP)/tests/run-tests $(addprefix $(TOP)/,$(FAULT_TESTS)); echo $$? >$$out.rc; } | \
		tee $$out.out; \
	echo "check-faults: the figures, $$(( ($$(date +%s) - start) / 60 )) min in all:"; \
	$(FAULT_FIGURES); \
	tail -n 1 $$out.out; \
	exit $$(cat $$out.rc)

# make power-cut-soak [SOAK_CUTS=200]: power-cut.test to SOAK_CUTS cuts (its
# ten kinds of moment twenty times each by default), about an hour under
# TCG on 2 CPUs; then its figures: cuts, where they fell, clean looks, runs
# lost.  The last run's figures are in doc/figures.md.
SOAK_CUTS ?= 200
.PHONY: power-cut-soak
power-cut-soak: $(FAULT_DEPS) | deps
	$(Q)start=$$(date +%s); mkdir -p $(BUILD)/tests; \
	TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) FAULT_SEEDS=$(SOAK_CUTS) \
		$(TOP)/tests/run-tests $(TOP)/tests/faults/power-cut.test; rc=$$?; \
	echo "power-cut-soak: $(SOAK_CUTS) seeds in $$(( ($$(date +%s) - start) / 60 )) min:"; \
	grep -h -e '^\# power cuts:' -e '^\# where they fell:' -e '^\# the cut runs:' -e '^\# runs lost' \
		$(BUILD)/tests/faults-power-cut.log | sed 's/^\# /  /'; \
	exit $$rc
