# SPDX-License-Identifier: GPL-2.0-only
"""bootbench-bisect (host/bootbench-bisect): from "this kernel is slower"
to the first bad kernel or commit.  doc/bisect.md is the user's page.

request.py    the command line as a Request, and its usage errors
ranges.py     the candidates: an ordered list of kernels, or the
              first-parent line of a git tree from good to bad
booters.py    boots: QEMU (boots.Sequence, or a walk), or --boot-cmd; the
              boots a killed bisect left running
verdicts.py   a side against another through bootbench-report --format
              json, and the bisect's rule: good, bad or undecided
search.py     the next step from the verdicts so far
state.py      the state directory: identity, lock, bisect.json
result.py     the answer, the steps' table, the final report
driver.py     the flow, and main()

It shares with the CI pipeline (pipeline.py) the modules one level up:
gitrange.py (the git side: commits, the line, worktrees), builds.py (a
candidate into a kernel to boot: a list's kernel, --build, the built-in
build of a commit) and run_match.py (which runs are done, whether a run is
of a kernel and its parameters, runs made before: --good-runs, --bad-runs).
"""
