# SPDX-License-Identifier: GPL-2.0-only
"""Run directories extracted on the host (RUNS/<time>_<release>_<id>/), read
through bootbench-report, so that no host code parses a run's files itself.

find(runs, run_id)  the directory of run run_id under runs, or None
summary(run)        (exit status, text) of bootbench-report --summary: the
                    run's status and a line per measurement; the status is
                    0 only for a run that is done
status(run)         "done", "failed", "running" (never finished),
                    "interrupted" (found running by a later boot) or
                    "missing"
"""
import glob
import os
import re
import subprocess

from bootbench import Error, tree


def find(runs, run_id):
    for d in sorted(glob.glob(os.path.join(glob.escape(runs), "*_" + glob.escape(run_id)))):
        if os.path.isdir(d):
            return d
    return None


def summary(run, where=None):
    report = (where or tree.Tree()).report
    if not os.access(report, os.X_OK):
        raise Error("%s is not built: run make" % report, 2)
    done = subprocess.run([report, "--summary", run], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, errors="replace")
    return done.returncode, done.stdout


def status(run, where=None):
    first = summary(run, where)[1].split("\n")[0]
    m = re.match(r"[^:]*: ([a-z]*)", first)
    return m.group(1) if m else ""
