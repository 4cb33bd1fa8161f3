# SPDX-License-Identifier: GPL-2.0-only
"""Disk images for QEMU boots, made and read without root (sfdisk, mkfs.ext4
-E offset, debugfs on partition 1 by its offset).

gpt_create(img, mib, name)   a sparse image of mib MiB holding a GPT with one
                             Linux partition named name over the whole disk
                             (a blank target disk is one)
results_create(img, mib)     a results disk: GPT partition
                             "bootbench-results", ext4 labelled
                             "bootbench-res" (mkfs_results), runs/, suites/
mkfs_results(dev, ...)       that ext4 on partition 1 of a disk or image
results_put(img, file, path) file copied onto the results disk as path
results_extract(img, dir)    the runs of the results disk that dir lacks
part_offset(img), part_kib(img), debugfs_write(img, request)
"""
import os
import re
import shutil
import subprocess
import tempfile

from bootbench import Error, jsonfile

# The tools live in sbin on Debian.
_PATH = os.environ.get("PATH", "/usr/bin:/bin") + ":/usr/sbin:/sbin"


def _run(argv, stdin=None, check=None):
    """argv run with its output captured; an Error naming check (a
    description) when it fails and check is given."""
    try:
        done = subprocess.run(argv, input=stdin, capture_output=True, text=True, errors="replace",
                              env=dict(os.environ, PATH=_PATH))
    except OSError as e:
        raise Error("cannot run %s: %s" % (argv[0], e.strerror)) from None
    if check and done.returncode != 0:
        raise Error("%s: %s" % (check, (done.stderr or done.stdout).strip()))
    return done


def _partition1(img):
    """(start, size) of partition 1 of img, in 512-byte sectors."""
    done = _run(["sfdisk", "--json", img], check="sfdisk cannot read the partition table of %s" % img)
    table = jsonfile.parse(done.stdout, "sfdisk --json %s" % img)
    parts = table.get("partitiontable", {}).get("partitions", [])
    if not parts:
        raise Error("%s has no partition" % img)
    return parts[0]["start"], parts[0]["size"]


def part_offset(img):
    """The byte offset of partition 1 of the GPT image img."""
    return _partition1(img)[0] * 512


def part_kib(img):
    """The size of partition 1 of img in KiB."""
    return _partition1(img)[1] // 2


def gpt_create(img, mib, name):
    try:
        if os.path.lexists(img):
            os.remove(img)
        with open(img, "wb") as f:
            f.truncate(mib * 1024 * 1024)
    except OSError as e:
        raise Error("cannot create %s: %s" % (img, e.strerror)) from None
    _run(["sfdisk", "-q", img], stdin='label: gpt\ntype=L, name="%s"\n' % name,
         check="sfdisk cannot write a partition table on %s" % img)


def mkfs_results(dev, offset, kib, tree=None):
    """ext4 labelled bootbench-res on the partition of dev at offset (bytes)
    of kib KiB, with a feature set every supported kernel mounts; holding
    the files of the directory tree if given."""
    argv = ["mkfs.ext4", "-q", "-F", "-L", "bootbench-res", "-O", "^orphan_file,^metadata_csum_seed"]
    if tree:
        argv += ["-d", tree]
    _run(argv + ["-E", "offset=%d" % offset, dev, "%dk" % kib],
         check="mkfs.ext4 of partition 1 of %s failed" % dev)


def results_create(img, mib):
    part = img + ".part"
    gpt_create(part, mib, "bootbench-results")
    mkfs_results(part, part_offset(part), part_kib(part))
    debugfs_write(part, "mkdir runs")
    debugfs_write(part, "mkdir suites")
    os.replace(part, img)


def _debugfs(img, request, write=True):
    argv = ["debugfs"] + (["-w"] if write else []) + ["-R", request]
    return _run(argv + ["%s?offset=%d" % (img, part_offset(img))])


def debugfs_write(img, request):
    """One debugfs write request on partition 1 of img; an Error with what
    debugfs said when it said more than its banner."""
    done = _debugfs(img, request)
    said = [l for l in (done.stdout + done.stderr).split("\n")
            if l and not re.match(r"debugfs [0-9]|Allocated inode", l)]
    if said:
        raise Error("debugfs '%s' on %s: %s" % (request, img, "\n".join(said)))


def results_put(img, path, dest):
    """path onto the results disk img as dest, replacing it; dest's
    directory is made if missing (one level deep)."""
    if "/" in dest:
        _debugfs(img, "mkdir " + dest.rsplit("/", 1)[0])
    _debugfs(img, "rm " + dest)
    debugfs_write(img, "write %s %s" % (path, dest))


def results_extract(img, dest):
    """Copy the runs of the results disk img that dest does not hold yet
    into dest (a run is complete once its boot has ended)."""
    with tempfile.TemporaryDirectory(prefix="bootbench-extract.") as t:
        done = _debugfs(img, "rdump runs " + t, write=False)
        if done.returncode != 0:
            raise Error("debugfs cannot read the runs of %s: %s" % (img, done.stderr.strip()))
        os.makedirs(dest, exist_ok=True)
        runs = os.path.join(t, "runs")
        for name in sorted(os.listdir(runs)) if os.path.isdir(runs) else []:
            src = os.path.join(runs, name)
            if os.path.isdir(src) and not os.path.lexists(os.path.join(dest, name)):
                shutil.copytree(src, os.path.join(dest, name), symlinks=True)
