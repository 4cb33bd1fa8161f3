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
# gate's runs as its ends (ci-regression.test: 3 + 3 + 3 + 3 boots); and the
# QEMU job run by LAVA's own dispatcher (lava-run.test: lava-run from
# Debian's lava-dispatcher, which mk/host-deps installs, the device's
# configuration rendered from the device-type template for qemu of the
# lava-server package the test pins).
CHECK_TESTS += tests/lab/prepare-disk.test tests/lab/prepare-disk-boot.test \
	tests/lab/lava.test tests/lab/ci-pipelines.test
CHECK_DEPS  += $(PREPARE_DISK) $(IMAGE) $(BENCH) $(E2E_KERNEL_INITRD)
BOOTS_TESTS += tests/lab/ci-gate.test tests/lab/ci-regression.test tests/lab/lava-run.test
BOOTS_DEPS  += $(GATE) $(BISECT) $(REPORT) $(IMAGE) $(BENCH) $(E2E_KERNEL_INITRD)
