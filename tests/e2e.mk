# SPDX-License-Identifier: GPL-2.0-only
# End-to-end tests: the appliance booted in QEMU (TCG is fine) through
# qemu/run, on the default kernel (knobs.test: [sysctl] and [machine] in
# one boot; model.test: the deterministic machine's model disks under
# every filesystem and scheduler; machine-seed.test: three boots of it, the
# same seed twice making the same run); filesystems.test on the oldest and newest kernels (xfs on
# 5.10, ext3 on 7.2).
# walk.test (from 6.1 to 6.12, each a kernel variant) and rate.test
# (pgbench at a fixed rate, about 80 s) are longer boots of make
# check-boots (kernel variants as a report's columns: the gate's runs of
# tests/lab/ci-regression.test); profile.test (a suite with profiles and the perf archive,
# about 2 min of TCG) and profile-hotspot.test boots of make check-perf
# (tests/check.mk).
E2E_KERNEL_INITRD := $(KERNEL_OUT)/$(call kernel_link,6.12)/initramfs.cpio.gz
E2E_FS_INITRDS    := $(foreach k,5.10 7.2,$(KERNEL_OUT)/$(call kernel_link,$(k))/initramfs.cpio.gz)
CHECK_TESTS += tests/e2e/quick.test tests/e2e/interlock.test tests/e2e/cmdline.test \
	tests/e2e/results-init.test tests/e2e/boots.test tests/e2e/filesystems.test \
	tests/e2e/console-results.test tests/e2e/crash.test tests/e2e/knobs.test \
	tests/e2e/model.test tests/e2e/machine-seed.test
CHECK_DEPS  += $(IMAGE) $(BENCH) $(REPORT) $(E2E_KERNEL_INITRD) $(E2E_FS_INITRDS)
BOOTS_TESTS += tests/e2e/walk.test tests/e2e/rate.test
BOOTS_DEPS  += $(IMAGE) $(BENCH) $(REPORT) $(E2E_KERNEL_INITRD) $(PERF_IMAGE) \
	$(KERNEL_OUT)/$(call kernel_link,6.1)/initramfs.cpio.gz
# The known hot spot of bootbench-report --profile: clocksource=hpet moves
# read_hpet (two boots).
PERF_TESTS  += tests/e2e/profile.test tests/e2e/profile-hotspot.test
PERF_DEPS   += $(BENCH) $(REPORT)
