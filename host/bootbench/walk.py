# SPDX-License-Identifier: GPL-2.0-only
"""A walk of kernels in one QEMU process (qemu/run --walk).

The first kernel boots as usual with bootbench.next=walk/ID.txt; after each
run the init loads the next kernel of that walk file with kexec_file_load(2)
(init/walk.h).

prepare(disk, walk_id, deadline, kdirs, parameters=None) writes the walk
file walk/ID.txt on the results disk, listing the kernels of the prepared
kernel directories kdirs (vmlinuz, initramfs.cpio.gz, config) in order,
each with its variant's parameters (parameters: a list for each kernel,
the first booted with its own on its command line), the first as the one
booted (next 1), runs ID-0, ID-1, ..., no kernel loaded after the Unix time
deadline; and each kernel's files beside it.  A kernel that must load the
next one but whose config lacks CONFIG_KEXEC_FILE=y is an Error before
anything is written.

KERNELS_MAX, the most kernels a walk file may list: the init's WALK_MAX
(init/walk/walk_file.h), which refuses a longer walk at its first boot.
"""
import os
import tempfile

from bootbench import Error, disks

KERNELS_MAX = 16


def _kexec_file(config):
    try:
        with open(config, encoding="utf-8", errors="replace") as f:
            return "CONFIG_KEXEC_FILE=y" in f.read().split("\n")
    except OSError:
        return False


def text(walk_id, deadline, kdirs, parameters=None):
    """The walk file."""
    lines = ["# qemu/run --walk: %d kernels in one QEMU process" % len(kdirs),
             "id " + walk_id, "deadline %d" % deadline, "next 1"]
    for d, params in zip(kdirs, parameters or [[]] * len(kdirs)):
        rel = os.path.basename(d)
        lines.append(" ".join(["kernel", rel, "walk/%s.vmlinuz" % rel,
                               "walk/%s.initramfs.cpio.gz" % rel] + list(params)))
    return "\n".join(lines) + "\n"


def prepare(disk, walk_id, deadline, kdirs, parameters=None):
    if len(kdirs) > KERNELS_MAX:
        raise Error("--walk: %d kernels, more than the %d one walk holds" % (len(kdirs), KERNELS_MAX), 2)
    for d in kdirs[:-1]:
        config = os.path.join(d, "config")
        if not _kexec_file(config):
            raise Error("--walk: Linux %s cannot load the next kernel: its config (%s) lacks "
                        "CONFIG_KEXEC_FILE=y" % (os.path.basename(d), config))
    for d in dict.fromkeys(kdirs):
        rel = os.path.basename(d)
        disks.results_put(disk, os.path.join(d, "vmlinuz"), "walk/%s.vmlinuz" % rel)
        disks.results_put(disk, os.path.join(d, "initramfs.cpio.gz"),
                          "walk/%s.initramfs.cpio.gz" % rel)
    with tempfile.NamedTemporaryFile("w", prefix="bootbench-walk.", suffix=".txt") as f:
        f.write(text(walk_id, deadline, kdirs, parameters))
        f.flush()
        disks.results_put(disk, f.name, "walk/%s.txt" % walk_id)
