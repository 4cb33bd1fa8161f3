# SPDX-License-Identifier: GPL-2.0-only
"""Suites as the suite runner describes them (bootbench-bench describe, run
on the host): a built-in suite by name, or a suite file.

is_file(suite)              a suite given as a file (a path, or NAME.ini)
name(suite)                 the name it runs under (a file's base name less .ini)
describe(suite, where)      the key=value lines of bootbench-bench describe
min_target_mib(suite, ...)  the target size the suite needs (None: unknown)
qemu_target(suite, ...)     the target it asks for under TCG ([suite] qemu_target)
profiles(suite, ...)        whether the suite asks for profiles ([suite] profile)
loaded(suite, load, ...)    whether an environment of the suite starts from the
                            loaded template whose load is load ([suite] cluster
                            and load, each environment's first load)
"""
import os
import subprocess

from bootbench import Error, tree


def is_file(suite):
    return "/" in suite or suite.endswith(".ini")


def name(suite):
    base = os.path.basename(suite)
    return base[:-len(".ini")] if is_file(suite) and base.endswith(".ini") else base


def describe(suite, where=None):
    where = where or tree.Tree()
    argv = [where.bench, "describe"] + (["--suite-file", suite] if is_file(suite) else ["--suite", suite])
    try:
        done = subprocess.run(argv, stdout=subprocess.PIPE, text=True)
    except OSError as e:
        raise Error("cannot run %s: %s (run make)" % (where.bench, e.strerror), 2) from None
    return dict(line.split("=", 1) for line in done.stdout.split("\n") if "=" in line)


def qemu_target(suite, where=None):
    """The suite's [suite] qemu_target (disk, model or model:NAME); disk
    when the runner cannot tell."""
    return describe(suite, where).get("qemu_target", "disk") or "disk"


def min_target_mib(suite, where=None):
    """The suite's min_target_mib; None when the runner cannot tell."""
    value = describe(suite, where).get("min_target_mib", "")
    return int(value) if value.isdigit() else None


def profiles(suite, where=None):
    return describe(suite, where).get("profile", "none") != "none"


def loaded(suite, load, where=None):
    d = describe(suite, where)
    firsts = [v for k, v in d.items() if k.startswith("first_load.")]
    return bool(load) and d.get("cluster") != "initdb" and d.get("load") != "run" and load in firsts
