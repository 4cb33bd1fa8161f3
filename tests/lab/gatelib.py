# SPDX-License-Identifier: GPL-2.0-only
"""gatelib.py: what tests/lab's tests of lab/ci/kernel-gate share.

gate(work, args, out, env)  lab/ci/kernel-gate --suite SUITE --accel tcg
                            ARGS --out OUT, run in work: (exit status,
                            output, wall seconds); its output also in
                            OUT.log.  The clock is left to auto, as the
                            pipelines leave it: under TCG, instruction time
text(path)                  a file's text, "" if it cannot be read
junit_failures(path)        (cases, failed) of a JUnit file by junitparser;
                            None if it is not installed
metric_samples(path)        the OpenMetrics samples of a file by
                            prometheus_client's parser; None if it is not
                            installed
forget_kernels(commits)     the kernels and runs kept for those commits
                            (in $BOOTBENCH_CACHE/ci-kernels and
                            out/kernels) removed, and out/boot/grub.cfg
                            gathered again without them
GATE, SUITE (tests/lab/one-disk.ini: select-only, one client, 3 s), CACHE
"""
import glob
import os
import shutil
import subprocess
import sys
import time

TOP = os.environ["TOP"]
sys.path.insert(0, os.path.join(TOP, "tests/lib"))
import kerneldirs  # noqa: E402

GATE = os.path.join(TOP, "lab/ci/kernel-gate")
SUITE = os.path.join(TOP, "tests/lab/one-disk.ini")
CACHE = os.path.join(os.environ.get("BOOTBENCH_CACHE") or
                     os.path.join(os.path.expanduser("~"), ".cache", "bootbench"), "ci-kernels")


def gate(work, args, out, env=None):
    start = time.time()
    done = subprocess.run([GATE, "--suite", SUITE, "--accel", "tcg", "--timeout", "600",
                           "--out", out] + args, capture_output=True, text=True, cwd=work,
                          env=dict(os.environ, **(env or {})))
    secs = time.time() - start
    with open(out + ".log", "w") as f:
        f.write(done.stdout + done.stderr)
    return done.returncode, done.stdout + done.stderr, secs


def text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def junit_failures(path):
    try:
        import junitparser
    except ImportError:
        return None
    xml = junitparser.JUnitXml.fromfile(path)
    suites = [xml] if isinstance(xml, junitparser.TestSuite) else list(xml)
    cases = [c for s in suites for c in s]
    return len(cases), sum(1 for c in cases if any(isinstance(r, junitparser.Failure) for r in c.result))


def metric_samples(path):
    try:
        from prometheus_client.openmetrics.parser import text_string_to_metric_families
    except ImportError:
        return None
    return [s for fam in text_string_to_metric_families(text(path)) for s in fam.samples]


def forget_kernels(commits):
    for c in commits:
        for kept in glob.glob(os.path.join(CACHE, c[:12] + "-*")):
            shutil.rmtree(kept, ignore_errors=True)
    kerneldirs.forget([c[:12] for c in commits])
