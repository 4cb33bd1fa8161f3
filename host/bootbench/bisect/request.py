# SPDX-License-Identifier: GPL-2.0-only
"""bootbench-bisect's command line as a Request: parse(argv) reads the
words (a usage error is cli.UsageError: one line, exit 2), and every
check of the values that needs nothing but the words is made there too.
Checks that read the tree, the suite or runs are the range's and the
state's (ranges.py, state.py)."""
import os
import re
from dataclasses import dataclass, field

from bootbench import cli, qemu
from bootbench import walk as walks

VALUED = {"--kernel", "--tree", "--good", "--bad", "--config", "--build", "--jobs", "--case",
          "--metric", "--confidence", "--threshold", "--boots", "--max-boots", "--suite", "--good-runs",
          "--bad-runs", "--boot-cmd", "--append", "--timeout", "--memory", "--cpus", "--accel",
          "--state", "--clock", "--icount-shift", "--target"}
FLAGS = {"--walk", "--console", "--git-bisect-run", "--dry-run", "--version", "-h", "--help"}
# Options whose value is a whole number, to the field they set.
NUMBERS = {"--jobs": "jobs", "--boots": "boots", "--max-boots": "max_boots",
           "--timeout": "timeout", "--memory": "memory", "--cpus": "cpus"}
# Options whose value is kept as it is.
WORDS = {"--tree": "tree", "--good": "good", "--bad": "bad", "--config": "config",
         "--build": "build", "--case": "case", "--metric": "metric", "--suite": "suite",
         "--good-runs": "good_runs", "--bad-runs": "bad_runs", "--boot-cmd": "boot_cmd",
         "--accel": "accel", "--state": "state", "--confidence": "confidence",
         "--threshold": "threshold", "--clock": "clock", "--icount-shift": "icount_shift",
         "--target": "target"}
FLAG_FIELDS = {"--walk": "walk", "--console": "console", "--git-bisect-run": "git_bisect_run",
               "--dry-run": "dry_run"}
# The report makes a claim with at least this many boots a side
# (report/compare.h, MIN_BOOTS).
MIN_BOOTS = 3


@dataclass
class Request:
    kernels: list = field(default_factory=list)   # the ordered list, good first
    tree: str = None
    good: str = None
    bad: str = None
    config: str = None
    build: str = None
    jobs: int = None
    case: str = None
    metric: str = None
    confidence: str = "95"
    threshold: str = None     # --threshold PCT; None: the report's default
    boots: int = MIN_BOOTS
    max_boots: int = 8
    suite: str = "quick"
    good_runs: str = None
    bad_runs: str = None
    boot_cmd: str = None
    walk: bool = False
    append: str = ""
    timeout: int = qemu.GUEST.timeout
    memory: int = qemu.GUEST.memory
    cpus: int = qemu.GUEST.cpus
    accel: str = qemu.GUEST.accel
    clock: str = None               # auto, host or instructions (qemu.clock_request)
    icount_shift: int = None        # its -icount shift
    target: str = "auto"            # disk, model[:NAME] (models.request), or auto: the
                                    # suite's qemu_target under TCG
    clock_given: bool = False       # --clock or --icount-shift on the command line
    console: bool = False
    state: str = None
    git_bisect_run: bool = False
    dry_run: bool = False
    version: bool = False
    help: bool = False

    @property
    def mode(self):
        """"kernels" (an ordered list) or "commits" (a git tree)."""
        return "kernels" if self.kernels else "commits"


def parse(argv):
    r = Request()
    for opt, val in cli.options(argv, VALUED, FLAGS):
        if opt is None:
            raise cli.UsageError('unexpected argument "%s"' % val)
        if opt in ("-h", "--help"):
            r.help = True
            return r
        if opt == "--version":
            r.version = True
            return r
        if opt == "--kernel":
            r.kernels.append(val)
        elif opt == "--append":
            r.append = (r.append + " " + val).strip()
        elif opt in NUMBERS:
            setattr(r, NUMBERS[opt], cli.number(val, opt))
        elif opt in WORDS:
            setattr(r, WORDS[opt], val)
        else:
            setattr(r, FLAG_FIELDS[opt], True)
    check(r)
    return r


def check(r):
    """The usage errors the words alone show, in the order they are said."""
    commits = [o for o, v in (("--tree", r.tree), ("--good", r.good), ("--bad", r.bad),
                              ("--build", r.build), ("--config", r.config)) if v]
    if r.kernels and commits:
        raise cli.UsageError("give a list of kernels (--kernel) or a tree (%s), not both"
                             % ", ".join(commits))
    if not r.kernels and not commits:
        raise cli.UsageError("no range: give --kernel GOOD ... --kernel BAD, or --tree DIR "
                             "--good COMMIT --bad COMMIT")
    if r.kernels and len(r.kernels) < 2:
        raise cli.UsageError("--kernel: give the good kernel first and the bad one last "
                             "(two at least)")
    for k in r.kernels:
        if not k.split():
            raise cli.UsageError("--kernel: an empty kernel")
    if not r.kernels:
        for opt, val in (("--tree", r.tree), ("--good", r.good), ("--bad", r.bad)):
            if not val:
                raise cli.UsageError("%s is missing: a tree is bisected with --tree DIR "
                                     "--good COMMIT --bad COMMIT" % opt)
        if r.build and r.config:
            raise cli.UsageError("--config is the built-in build's; --build builds by itself")
    if r.git_bisect_run and r.kernels:
        raise cli.UsageError("--git-bisect-run judges the commit checked out in --tree: "
                             "no --kernel")
    if r.boots < MIN_BOOTS:
        raise cli.UsageError("--boots must be %d at least: the report makes no claim on "
                             "fewer boots" % MIN_BOOTS)
    if r.max_boots < r.boots:
        raise cli.UsageError("--max-boots %d is below --boots %d" % (r.max_boots, r.boots))
    if r.jobs is not None and r.jobs < 1:
        raise cli.UsageError("--jobs must be 1 at least")
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", r.confidence) or \
            not 0 < float(r.confidence) < 100:
        raise cli.UsageError("--confidence: not a percentage above 0 and below 100: '%s'"
                             % r.confidence)
    if r.threshold is not None and (not re.fullmatch(r"[0-9]+(\.[0-9]+)?", r.threshold) or
                                    not float(r.threshold) < 100):
        raise cli.UsageError("--threshold: not a percentage from 0 and below 100: '%s'"
                             % r.threshold)
    if r.accel not in ("auto", "kvm", "tcg"):
        raise cli.UsageError("unknown accelerator '%s' (auto, kvm or tcg)" % r.accel)
    if r.walk and r.boot_cmd:
        raise cli.UsageError("--walk is a QEMU walk: --boot-cmd boots by itself")
    if r.walk and r.boots > walks.KERNELS_MAX:
        raise cli.UsageError("--walk: --boots %d, more than the %d kernels one walk holds"
                             % (r.boots, walks.KERNELS_MAX))
    r.clock_given = r.clock is not None or r.icount_shift is not None
    if r.clock_given and r.boot_cmd:
        raise cli.UsageError("--clock and --icount-shift are QEMU's: --boot-cmd boots by itself")
    try:
        r.clock, r.icount_shift = qemu.clock_request(r.clock, r.icount_shift, r.accel)
    except ValueError as e:
        raise cli.UsageError(str(e)) from None
    if r.target not in ("disk", "auto") and r.boot_cmd:
        raise cli.UsageError("--target %s is QEMU's: --boot-cmd boots by itself" % r.target)
    if r.boot_cmd and not r.boot_cmd.strip():
        raise cli.UsageError("--boot-cmd: an empty command")
    for opt, path in (("--good-runs", r.good_runs), ("--bad-runs", r.bad_runs)):
        if path and not os.path.isdir(path):
            raise cli.UsageError("%s: %s is not a directory" % (opt, path))
