# SPDX-License-Identifier: GPL-2.0-only
# make check: every test, through tests/run-tests.
#
# An area registers its tests in tests/<area>.mk:
#   CHECK_TESTS += tests/<area>/<name>.test     (an executable)
#   CHECK_DEPS  += what must be built first
# A test exits 0 (pass), 77 (skip) or anything else (fail).  A test may
# print TAP lines ("ok N - what", "not ok N - what"); each counts as one
# result, otherwise the exit status counts as one.  A test that prints TAP
# lines prints one plan "1..N" too, N the number of lines (a test without
# it stopped early and fails): tests/lib/tap.sh (tap_done), tests/lib/tap.h
# (tap_done()), tests/lib/pytap.py (exit()).
#
# The longer QEMU boots of features that one boot does not cover (a walk
# of kernels, kernel variants, the GRUB and iPXE entries, kernels of one's
# own, a kernel built from linux-source, another Debian flavour, a fixed
# rate, the pipeline of lab/ci/, the bisects, the LAVA job)
# register as BOOTS_TESTS and BOOTS_DEPS instead, for make check-boots;
# the boots that take profiles as PERF_TESTS and PERF_DEPS, for make
# check-perf.  Each test is in one target only.  .ci/run runs make check,
# then make check-long: the tests of check-perf, check-boots and
# check-faults (tests/faults.mk) as one run.

# Every target's tests run TEST_JOBS at a time (tests/run-tests), by
# default as many as the host has CPUs, those of tests/durations first,
# longest first.
TEST_JOBS ?= $(shell nproc)
export TEST_JOBS

CHECK_TESTS :=
CHECK_DEPS  :=
BOOTS_TESTS :=
BOOTS_DEPS  :=
PERF_TESTS  :=
PERF_DEPS   :=
include $(sort $(filter-out tests/check.mk,$(wildcard tests/*.mk)))

.PHONY: check check-boots check-perf
check: $(CHECK_DEPS) | deps
	$(Q)TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) \
		$(TOP)/tests/run-tests $(addprefix $(TOP)/,$(CHECK_TESTS))

check-boots: $(BOOTS_DEPS) | deps
	$(Q)TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) \
		$(TOP)/tests/run-tests $(addprefix $(TOP)/,$(BOOTS_TESTS))

check-perf: $(PERF_DEPS) | deps
	$(Q)TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) \
		$(TOP)/tests/run-tests $(addprefix $(TOP)/,$(PERF_TESTS))

# make check-long: the tests of check-perf, check-boots and check-faults
# as one run, LONG_JOBS at a time (default: one more than the CPUs), the
# longest first (tests/durations), as .ci/run runs them; then each target's
# line (tests/target-times) and check-faults' figures.  One more than the
# CPUs because the fault tests spend much of their time waiting on their
# guests (the kernel's hung-task detector, pgbench's timeout, the moment
# of a power cut: check-faults alone kept 2 CPUs 75 % busy), and the
# boots that compare figures do so in instruction time, which the host's
# load does not move.
# LONG_FIRST: tests that start right after the longest (run-tests'
# TEST_FIRST, to which a TEST_FIRST of the caller's is added): the kernel
# built from linux-source, a minute with ccache's cache warm but about ten
# with it empty, which would otherwise start late and end a first run alone.
LONG_JOBS ?= $(shell echo $$(($$(nproc) + 1)))
LONG_FIRST := kernels/build
.PHONY: check-long
check-long: $(PERF_DEPS) $(BOOTS_DEPS) $(FAULT_DEPS) | deps
	$(Q)out=$(BUILD)/tests/check-long; mkdir -p $(BUILD)/tests; \
	{ TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) TEST_JOBS=$(LONG_JOBS) \
		TEST_FIRST="$(strip $(LONG_FIRST) $(TEST_FIRST))" \
		$(TOP)/tests/run-tests $(addprefix $(TOP)/,$(PERF_TESTS) $(BOOTS_TESTS) $(FAULT_TESTS)); \
		echo $$? >$$out.rc; } | tee $$out.out; \
	echo "check-long: each target's tests, $(LONG_JOBS) at a time:"; \
	$(TOP)/tests/target-times $$out.out check-perf "$(PERF_TESTS)" check-boots "$(BOOTS_TESTS)" \
		check-faults "$(FAULT_TESTS)"; \
	echo "check-faults' figures:"; \
	$(FAULT_FIGURES); \
	tail -n 1 $$out.out; \
	exit $$(cat $$out.rc)

# make figures: the benchmark scripts that print figures (sizes, build and
# boot times, make in a fresh clone with and without the cache of built
# packages, a newcomer's first make run in a bare Debian 12 (root), QEMU's
# cmpxchg16b under TCG, the runner's overhead, where a transaction's CPU goes under
# it and what pgbench's logs cost pgbench, the instructions clock's
# instructions per transaction against callgrind's, the sampler's cost
# within one run, the memory pgbench's log takes, what a profile costs,
# the fidelity of the image's PostgreSQL, the A/A boots behind the
# report's default --threshold); goals are printed beside the figures,
# not asserted.
.PHONY: figures
figures: $(IMAGE) $(BENCH) $(REPORT) $(GATE) $(E2E_KERNEL_INITRD) $(PERF_IMAGE) \
		$(STAMP)/fidelity-reference | deps fidelity-instructions-deps
	$(Q)TOP=$(TOP) $(TOP)/tests/figures/image.sh
	$(Q)TOP=$(TOP) $(TOP)/tests/figures/build.sh
	$(Q)TOP=$(TOP) $(TOP)/tests/figures/first-run.sh
	$(Q)TOP=$(TOP) $(TOP)/tests/figures/boot.py
	$(Q)TOP=$(TOP) OUT=$(OUT) BUILD=$(BUILD) $(TOP)/tests/figures/tcg-flags.sh
	$(Q)TOP=$(TOP) $(TOP)/tests/figures/threshold-aa.py || \
		echo "threshold-aa: the A/A goal (passed by the gate, nothing marked) not met: above"
	$(Q)if [ "$$(id -u)" -eq 0 ]; then TOP=$(TOP) $(TOP)/tests/figures/harness.py && \
		TOP=$(TOP) $(TOP)/tests/figures/harness-profile.py && \
		TOP=$(TOP) $(TOP)/tests/figures/pgbench-instructions.py && \
		TOP=$(TOP) $(TOP)/tests/figures/cpu-instructions.py && \
		TOP=$(TOP) $(TOP)/tests/figures/profile-cost.py && \
		TOP=$(TOP) $(TOP)/tests/figures/pgbench-memory.py && \
		TOP=$(TOP) $(TOP)/tests/figures/sampler-cost.py; \
	else echo "harness, harness-profile, pgbench-instructions, cpu-instructions, profile-cost, pgbench-memory," \
		"sampler-cost: need root (chroot): skipped"; fi
	$(Q)$(FIDELITY_RUN)

# make figures-deterministic: the deterministic machine against the
# instruction clock on a virtio disk (tests/figures/deterministic.py, about
# an hour and a half: doc/clocks.md has its last figures); its part "seeds"
# boots every pinned kernel.
.PHONY: figures-deterministic
figures-deterministic: $(IMAGE) $(BENCH) $(REPORT) \
	$(foreach k,5.10 6.1 6.12 7.2,$(KERNEL_OUT)/$(call kernel_link,$(k))/initramfs.cpio.gz) | deps
	$(Q)TOP=$(TOP) $(TOP)/tests/figures/deterministic.py
