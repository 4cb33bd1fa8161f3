# SPDX-License-Identifier: GPL-2.0-only
"""kerneldirs.py: the kernels a test prepares in out/kernels, and their end.

A kernel that bootbench-bisect or lab/ci/kernel-gate builds is laid out by
make kernels as out/kernels/<name> (a link to <release>@<name>), and each
make kernels gathers every prepared kernel's boot entries into
out/boot/grub.cfg, the other tests' kernels of the moment too.

forget(names)   the kernels of those names removed from out/kernels, and
                out/boot/grub.cfg gathered again without them (so no test
                leaves an entry of a kernel that is gone)
"""
import os
import shutil
import subprocess

TOP = os.environ["TOP"]
OUT = os.environ.get("OUT", os.path.join(TOP, "out"))


def forget(names):
    gone = False
    for name in names:
        link = os.path.join(OUT, "kernels", name)
        if os.path.islink(link):
            shutil.rmtree(os.path.realpath(link), ignore_errors=True)
            os.remove(link)
            gone = True
    if gone:
        subprocess.run([os.path.join(TOP, "kernel-configs", "boot-entries"), "gather",
                        os.path.join(OUT, "kernels"), os.path.join(OUT, "boot")], check=False)
