# SPDX-License-Identifier: GPL-2.0-only
"""The baseline's runs kept for the next pipelines (lab/ci/kernel-gate).

In instruction time a run measures the same whatever the host and its load
(doc/clocks.md), so the runs of a baseline one pipeline booted stand for it
in the next pipelines against the same baseline, which boot only their
candidate.  Under the host's time they do not: there each pipeline boots
both, in rounds.

where_kept(cache, commit, variant, settings, where)
        the directory the baseline's runs are kept in, under cache: named
        by its commit and a digest of what its runs depend on -- the kernel
        booted (the sha256 of its vmlinuz, and of each file of its modules
        archive by name, mode and content: each clone that prepares a
        kernel writes the archive afresh, with its own times), its
        parameters, the
        image id, the suite (a file's content), the clock, the machine
        (accelerator, memory, CPUs, the run's deadline, the guest CPU), the
        target (a disk image, or the model disk's parameters) and QEMU's
        version (its CPU model and devices are the guest's machine); None
        when there is no image id to name it by
take(kept, count, variant, clock, dest, where)
        the kept runs copied into dest (its runs/), each checked first to
        be of the variant and clock (run_match.py: an Error, status 2,
        naming one that is not): their paths there; None when fewer than
        count are kept
keep(kept, runs, where)
        the runs copied into kept, when every one is done; True if kept
"""
import gzip
import hashlib
import json
import os
import shutil

from bootbench import kernels, qemu, run_match, suites
from bootbench.digest import file_sha256


def _archive_sha256(path):
    """The sha256 of a gzip'd cpio archive (newc) by the name, mode and
    content of each entry, not its times or inode numbers; of the file's
    bytes when it is not one."""
    try:
        with gzip.open(path, "rb") as f:
            data = f.read()
    except (OSError, EOFError):
        return file_sha256(path)
    h, pos = hashlib.sha256(), 0
    while pos + 110 <= len(data) and data[pos:pos + 6] in (b"070701", b"070702"):
        fields = [int(data[pos + 6 + 8 * i:pos + 14 + 8 * i], 16) for i in range(13)]
        mode, size, namesize = fields[1], fields[6], fields[11]
        name = data[pos + 110:pos + 110 + namesize - 1]
        pos = (pos + 110 + namesize + 3) & ~3
        h.update(b"%s\0%o\0%d\0" % (name, mode, size) + data[pos:pos + size])
        pos = (pos + size + 3) & ~3
        if name == b"TRAILER!!!":
            return h.hexdigest()
    return file_sha256(path)


def where_kept(cache, commit, variant, settings, where):
    image = where.image_id()
    if not image:
        return None
    kdir = kernels.directory(variant.kernel, where)
    modules = os.path.join(kdir, "modules.cpio.gz")
    suite = settings.suite
    what = {
        "kernel": [file_sha256(os.path.join(kdir, "vmlinuz"))] +
        ([_archive_sha256(modules)] if os.path.isfile(modules) else []),
        "parameters": variant.append,
        "image": image,
        "suite": file_sha256(suite) if suites.is_file(suite) else suite,
        "clock": [settings.clock, settings.icount_shift],
        # Kept runs are instruction time's: TCG's, on its guest CPU.
        "machine": [settings.accel, settings.memory, settings.cpus, settings.timeout,
                    qemu.guest_cpu("tcg")],
        "target": settings.model.record() if settings.model else "disk",
        "qemu": qemu.version(),
    }
    digest = hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()[:16]
    return os.path.join(cache, "%s-runs-%s" % (commit[:12], digest))


def take(kept, count, variant, clock, dest, where):
    found = run_match.runs_in(kept) if os.path.isdir(kept) else []
    if len(found) < count:
        return None
    names = run_match.copy(kept, dest, variant, "", where, clock)
    return [os.path.join(dest, "runs", n) for n in names]


def keep(kept, runs, where):
    if not runs or any(run_match.status(r, where) != "done" for r in runs):
        return False
    part = kept + ".part"
    shutil.rmtree(part, ignore_errors=True)
    os.makedirs(os.path.join(part, "runs"))
    for run in runs:
        shutil.copytree(run, os.path.join(part, "runs", os.path.basename(run.rstrip("/"))),
                        symlinks=True)
    shutil.rmtree(kept, ignore_errors=True)
    os.rename(part, kept)
    return True
