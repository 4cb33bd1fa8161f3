# SPDX-License-Identifier: GPL-2.0-only
"""Runs and the kernels they are of: which runs of a side are done, whether
a run is of the kernel and parameters a side boots (each boot's runs, and
runs made before and given with --good-runs / --bad-runs), and the copy of
such runs into a side.

A run is of a kernel when its run.json's kernel.release, with @NAME for a
kernel of one's own (kernel.build.name), is the release of the kernel's
directory in out/kernels (as the report names kernel columns); and of
parameters when its kernel command line, less the boot's own words
(bootbench.*, console=, panic=, loglevel=, BOOT_IMAGE=, initrd=, root=,
ro, rw, quiet, and qemu/run's boots.BOOT_WORDS), holds exactly those parameters; and of a clock ("host",
"instructions:3") when its run.json's clock is that one (a record without
one: the host's).
"""
import os
import shutil

from bootbench import Error, boots, jsonfile, kernels, runs

PLUMBING = ("bootbench.", "console=", "panic=", "loglevel=", "BOOT_IMAGE=", "initrd=", "root=")
PLUMBING_WORDS = {"ro", "rw", "quiet", *boots.BOOT_WORDS}
_done = set()


def status(run, where):
    """The run's status as bootbench-report --summary says it (cached once
    done: a done run does not change)."""
    if run in _done:
        return "done"
    st = runs.status(run, where)
    if st == "done":
        _done.add(run)
    return st


def prepared(name, where):
    try:
        kernels.directory(name, where)
        return True
    except Error:
        return False


def variant(side):
    return boots.Variant(side["kernel"], side["parameters"] or "")


def runs_in(path):
    """The run directories of a run or results directory (runs/*/, or run
    directories directly), as the report finds them."""
    def is_run(d):
        return os.path.isfile(os.path.join(d, "run.json")) or \
            os.path.isfile(os.path.join(d, "results.jsonl"))
    if is_run(path):
        return [path]
    base = os.path.join(path, "runs") if os.path.isdir(os.path.join(path, "runs")) else path
    try:
        names = sorted(os.listdir(base))
    except OSError:
        return []
    return [os.path.join(base, n) for n in names
            if os.path.isdir(os.path.join(base, n)) and is_run(os.path.join(base, n))]


def _words(cmdline):
    return [w for w in (cmdline or "").split()
            if w not in PLUMBING_WORDS and not w.startswith(PLUMBING)]


def clock_word(record):
    """The clock of a run.json's content, as bootbench.clock= says it."""
    c = record.get("clock") if isinstance(record, dict) else None
    if isinstance(c, dict) and c.get("mode") == "instructions":
        return "instructions:%s%s" % (c.get("shift"), ",sleep=off" if c.get("sleep") == "off" else "")
    return "host"


def mismatch(run, kernel, append, parameters, where, clock=None):
    """Why the run is not of the kernel booted with append and parameters
    (and measured in clock, unless None); None when it is."""
    path = os.path.join(run, "run.json")
    try:
        j = jsonfile.read(path)
    except Error as e:
        return str(e)
    k = j.get("kernel") if isinstance(j, dict) else None
    if not isinstance(k, dict) or not k.get("release"):
        return "%s records no kernel.release" % path
    build = k.get("build") if isinstance(k.get("build"), dict) else {}
    name = k["release"]
    if build.get("name") and build.get("kind") not in (None, "debian"):
        name += "@" + build["name"]
    want = os.path.basename(kernels.directory(kernel, where))
    if name != want:
        return "kernel %s, not %s" % (name, want)
    got, wanted = sorted(_words(k.get("cmdline"))), sorted(" ".join(
        a for a in (append, parameters) if a).split())
    if got != wanted:
        return "kernel parameters '%s', not '%s'" % (" ".join(got), " ".join(wanted))
    if clock and clock_word(j) != clock:
        return "clock %s, not %s" % (clock_word(j), clock)
    return None


def check_all(src, variant, append, where, clock=None):
    """The runs of src, each checked to be of variant booted with append
    (and measured in clock, unless None): an Error, status 2, naming the
    first that is not."""
    found = runs_in(src)
    if not found:
        raise Error("no run directories in %s" % src, 2)
    for run in found:
        why = mismatch(run, variant.kernel, append, variant.append, where, clock)
        if why:
            raise Error("%s is not a run of %s%s: %s" % (run, variant.kernel,
                                                       " [%s]" % variant.append if variant.append
                                                       else "", why), 2)
    return found


def copy(src, side, variant, append, where, clock=None):
    """The runs of src into SIDE/runs, each checked first (check_all);
    the names copied."""
    found = check_all(src, variant, append, where, clock)
    dest = os.path.join(side, "runs")
    os.makedirs(dest, exist_ok=True)
    names = []
    for run in found:
        name = os.path.basename(run.rstrip("/"))
        if not os.path.exists(os.path.join(dest, name)):
            shutil.copytree(run, os.path.join(dest, name), symlinks=True)
        names.append(name)
    return names
