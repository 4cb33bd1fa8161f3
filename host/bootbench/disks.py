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
part_copy(img, dest)         partition 1 of img as the sparse file dest
data_extents(fd, start, end) the ranges of a file that may hold data

Every write goes through debugfs -w, which neither replays a journal nor
refuses a filesystem that needs it: after a power cut (QEMU killed) the
journal still holds the guest's last transactions, and the next mount
would replay them over what debugfs wrote (bitmaps, inode tables and
directories of an older state: doc/results-format.md#power-cuts).  So a
write first replays the journal as that mount would (recover()).  And
debugfs's mkdir of a name that exists writes the new directory's inode
before it finds the name taken, then frees only its bitmap bits: a
directory is made only where none is.
"""
import errno
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
    if write:
        recover(img)
    argv = ["debugfs"] + (["-w"] if write else []) + ["-R", request]
    return _run(argv + ["%s?offset=%d" % (img, part_offset(img))])


def needs_recovery(img):
    """Whether the ext4 of partition 1 of img has a journal to replay (its
    last mount did not end: a power cut, QEMU killed)."""
    done = _run(["dumpe2fs", "-h", "%s?offset=%d" % (img, part_offset(img))],
                check="dumpe2fs cannot read partition 1 of %s" % img)
    features = re.search(r"^Filesystem features:(.*)$", done.stdout, re.M)
    return bool(features) and "needs_recovery" in features.group(1).split()


_CHUNK = 1 << 20


def data_extents(fd, start, end):
    """(from, to) byte ranges of fd between start and end that may hold
    data: those lseek's SEEK_DATA and SEEK_HOLE name (a filesystem without
    them gives the whole range)."""
    at = start
    while at < end:
        try:
            data = os.lseek(fd, at, os.SEEK_DATA)
        except OSError as e:
            if e.errno == errno.ENXIO:   # only a hole from here to the end
                return
            raise
        if data >= end:
            return
        hole = min(os.lseek(fd, data, os.SEEK_HOLE), end)
        yield data, hole
        at = hole


def part_copy(img, dest):
    """Partition 1 of img copied into the file dest (made or replaced), of
    the partition's size and sparse, for what cannot open a partition at
    an offset in an image (e2fsck): only img's data extents are read, so a
    1 GiB results partition costs what was written to it, and each chunk
    of zeros among them is left a hole."""
    offset, size = part_offset(img), part_kib(img) * 1024
    try:
        with open(img, "rb") as src, open(dest, "wb") as dst:
            if os.fstat(src.fileno()).st_size < offset + size:
                raise Error("%s ends inside partition 1" % img)
            for start, end in data_extents(src.fileno(), offset, offset + size):
                src.seek(start)
                at = start
                while at < end:
                    block = src.read(min(_CHUNK, end - at))
                    if not block:
                        raise Error("%s ends inside partition 1" % img)
                    if block.count(0) != len(block):
                        dst.seek(at - offset)
                        dst.write(block)
                    at += len(block)
            dst.truncate(size)
    except OSError as e:
        raise Error("cannot copy partition 1 of %s into %s: %s"
                    % (img, dest, e.strerror)) from None


def recover(img):
    """Replay the journal of partition 1 of img, if it has one to replay,
    as the kernel's mount would: e2fsck -E journal_only on a copy of the
    partition (part_copy), then the chunks that changed written back in
    place."""
    if not needs_recovery(img):
        return
    offset, size = part_offset(img), part_kib(img) * 1024
    with tempfile.NamedTemporaryFile(prefix="bootbench-recover.", suffix=".img") as copy:
        part_copy(img, copy.name)
        done = _run(["e2fsck", "-E", "journal_only", "-p", copy.name])
        if done.returncode > 1:
            raise Error("e2fsck cannot replay the journal of partition 1 of %s (exit %d): %s"
                        % (img, done.returncode, (done.stderr or done.stdout).strip()))
        try:
            with open(img, "r+b") as dst:
                copy.seek(0)
                for at in range(0, size, _CHUNK):
                    new = copy.read(_CHUNK)
                    dst.seek(offset + at)
                    if dst.read(len(new)) != new:
                        dst.seek(offset + at)
                        dst.write(new)
                dst.flush()
                os.fsync(dst.fileno())
        except OSError as e:
            raise Error("cannot write the replayed journal back into %s: %s"
                        % (img, e.strerror)) from None


def _exists(img, path):
    """Whether path exists on partition 1 of img."""
    done = _debugfs(img, "stat " + path, write=False)
    return done.returncode == 0 and re.search(r"^Inode: [0-9]+", done.stdout, re.M) is not None


def debugfs_write(img, request):
    """One debugfs write request on partition 1 of img (its journal
    replayed first); an Error with what debugfs said when it said more
    than its banner."""
    done = _debugfs(img, request)
    said = [l for l in (done.stdout + done.stderr).split("\n")
            if l and not re.match(r"debugfs [0-9]|Allocated inode", l)]
    if said:
        raise Error("debugfs '%s' on %s: %s" % (request, img, "\n".join(said)))


def results_put(img, path, dest):
    """path onto the results disk img as dest, replacing it; dest's
    directory is made if missing (one level deep)."""
    if "/" in dest and not _exists(img, dest.rsplit("/", 1)[0]):
        debugfs_write(img, "mkdir " + dest.rsplit("/", 1)[0])
    if _exists(img, dest):
        debugfs_write(img, "rm " + dest)
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
