# SPDX-License-Identifier: GPL-2.0-only
"""The perf archive (make perf, out/bootbench-perf.cpio.gz): the second
initramfs that puts /usr/bin/perf in the appliance for a suite that asks
for profiles (doc/profiles.md).  The kernel unpacks concatenated cpio
archives in order, so a kernel's initramfs followed by the archive is the
image with perf.

archive(where)      the archive's path, made first with make perf (which
                    does nothing when it is up to date)
initrd(kernel_initrd, dest, where)
                    kernel_initrd followed by the archive, written to dest
"""
import os
import shutil
import subprocess

from bootbench import Error, tree


def archive(where=None):
    where = where or tree.Tree()
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    # make's output goes to stderr: stdout is the caller's.
    done = subprocess.run(["make", "-s", "-C", where.top, "perf"], env=env, stdout=2)
    if done.returncode != 0 or not os.path.isfile(where.perf_image):
        raise Error("the perf archive %s could not be made (make perf, see above)"
                    % where.perf_image, 2)
    return where.perf_image


def initrd(kernel_initrd, dest, where=None):
    where = where or tree.Tree()
    try:
        with open(dest, "wb") as out:
            for part in (kernel_initrd, where.perf_image):
                with open(part, "rb") as f:
                    shutil.copyfileobj(f, out)
    except OSError as e:
        raise Error("cannot write %s: %s" % (dest, e.strerror)) from None
    return dest
