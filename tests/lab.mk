# SPDX-License-Identifier: GPL-2.0-only
# lab/: bootbench-prepare-disk on image files and loop devices (every
# refusal), then a QEMU boot with a prepared image as the only disk; the
# LAVA job templates against LAVA's own schema; the CI pipelines of lab/ci/
# as a kernel tree takes them, read by their CI systems' own tools and their
# bad input run through them (ci-pipelines.test, no boot; the tools pinned
# in tests/lab/ci-tools/), and in make check-boots their script run as a
# pipeline runs it: a broken build, bad input and a cache that cannot be
# written (ci-gate.test, no boot); the jobs as gitlab-ci-local and GitHub's
# steps run them: the target branch's job, whose runs a merged results
# pipeline takes, the GitHub workflow's push job and pull requests (no
# boot), a regression, and the bisect its summary names, which takes the
# gate's runs as its ends (ci-regression.test: 3 + 3 + 3 + 3 boots).
CHECK_TESTS += tests/lab/prepare-disk.test tests/lab/prepare-disk-boot.test \
	tests/lab/lava.test tests/lab/ci-pipelines.test
CHECK_DEPS  += $(PREPARE_DISK) $(IMAGE) $(BENCH) $(E2E_KERNEL_INITRD)
BOOTS_TESTS += tests/lab/ci-gate.test tests/lab/ci-regression.test
BOOTS_DEPS  += $(GATE) $(BISECT) $(REPORT) $(IMAGE) $(BENCH) $(E2E_KERNEL_INITRD)

# make check-lava: the QEMU job run by LAVA's own dispatcher (lava-run from
# Debian's lava-dispatcher, installed by mk/host-deps lava as root: about
# 150 packages, so not in make check), with the device configuration from
# lava-server's device-type templates (the pinned package below).
LAVA_SERVER_PIN := bookworm lava-server 2023.01-2

.PHONY: check-lava
check-lava: $(PREPARE_DISK) $(IMAGE) $(BENCH) $(E2E_KERNEL_INITRD) | deps
	$(Q)PATH="$$PATH:/usr/sbin:/sbin" $(TOP)/mk/host-deps lava
	$(Q)deb=$$($(TOP)/rootfs/debian-fetch deb $(LAVA_SERVER_PIN)) && \
	TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) LAVA_SERVER_DEB=$$deb \
		$(TOP)/tests/run-tests $(TOP)/tests/lab/lava-run.test
