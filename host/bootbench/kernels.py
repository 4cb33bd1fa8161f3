# SPDX-License-Identifier: GPL-2.0-only
"""Kernels prepared by make kernels (out/kernels/NAME: vmlinuz,
initramfs.cpio.gz, config), and kernels of one's own prepared on request.

prepare(name)   the name in out/kernels of a kernel to boot: a short
                version or a release (6.12) as it is; a kernel of the
                user's, NAME=PATH or a PATH (a built kernel tree or a .deb,
                named after its file), prepared first with make kernels
directory(name) the prepared kernel's directory, its real path (its base
                name is the kernel's release)
stale(name)     why its initramfs (the base image with its modules) is
                not the image built now: older than out/bootbench.cpio.gz
                (make kernels has not run since make), or None
initrd(kdir, loaded)
                the initramfs QEMU boots from a prepared kernel's directory:
                initramfs.cpio, uncompressed, where make kernels made one
                (under TCG the kernel's unpacking is guest work), without
                the loaded template; initramfs-loaded.cpio, with it, for a
                suite that starts from it (loaded); else initramfs.cpio.gz
"""
import os
import subprocess

from bootbench import Error, tree


def directory(name, where=None):
    where = where or tree.Tree()
    d = os.path.join(where.kernels, name)
    if not os.path.isfile(os.path.join(d, "vmlinuz")) or \
            not os.path.isfile(os.path.join(d, "initramfs.cpio.gz")):
        raise Error("kernel %s is not prepared: run make kernels KERNELS=%s" % (name, name), 2)
    return os.path.realpath(d)


def stale(name, where=None):
    where = where or tree.Tree()
    initrd = os.path.join(directory(name, where), "initramfs.cpio.gz")
    try:
        if os.path.getmtime(initrd) >= os.path.getmtime(where.image):
            return None
    except OSError:
        return None
    return "%s is older than %s: run make kernels KERNELS=%s" % (
        os.path.relpath(initrd, where.top), os.path.relpath(where.image, where.top), name)


def initrd(kdir, loaded=False):
    raw = os.path.join(kdir, "initramfs-loaded.cpio" if loaded else "initramfs.cpio")
    return raw if os.path.isfile(raw) else os.path.join(kdir, "initramfs.cpio.gz")


def prepare(name, where=None):
    if "=" not in name and "/" not in name:
        return name
    where = where or tree.Tree()
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    # make's output goes to stderr: stdout is the caller's.
    done = subprocess.run(["make", "-s", "-C", where.top, "kernels", "KERNELS=" + name],
                          env=env, stdout=2)
    if done.returncode != 0:
        raise Error("kernel %s could not be prepared (see above)" % name, 2)
    if "=" in name:
        return name.split("=", 1)[0]
    base = os.path.basename(name.rstrip("/"))
    return base[:-len(".deb")] if base.endswith(".deb") else base
