# SPDX-License-Identifier: GPL-2.0-only
"""A kernel tree's merge request checked for a PostgreSQL regression, as a
CI job runs it (lab/ci/kernel-gate, doc/ci.md): the candidate commit and
the baseline turned into kernels by bootbench-bisect's build, booted in
QEMU interleaved on one host, then bootbench-gate, whose verdict is the
job's.

Pipeline(request, where).run() -> the exit status of the job

The steps, each said on stdout ("kernel-gate: ..." lines):
  cache     $BOOTBENCH_CACHE (default ~/.cache/bootbench) made and
            written to; one that cannot be is said in one line and a
            temporary directory stands for it (the job runs without its
            cache); the kernels' ccache is its ccache/ unless CCACHE_DIR
            says otherwise
  build     the baseline (a kernel as qemu/run takes it, or a commit: built,
            and kept in $BOOTBENCH_CACHE/ci-kernels/ by commit and base
            config, so that the next pipeline of the same target branch
            boots it without building) and the candidate commit; a kernel
            that does not build ends the job with its log (BUILD_FAILED)
  clock     --clock auto made instructions or host by the accelerator the
            baseline's kernel gets (qemu.accelerator: KVM only where it
            works), before anything is booted or looked up
  boot      both, --boots N rounds of baseline then candidate (bootbench's
            boots.Sequence), into OUT/runs/; in instruction time a baseline
            commit's runs are kept in $BOOTBENCH_CACHE/ci-kernels/ too
            (kept_runs.py), and the next pipeline against it takes them
            from there and boots the candidate alone (--fresh-baseline:
            both, always)
  gate      OUT/baseline/ and OUT/candidate/ (links to each side's runs) to
            bootbench-gate, which writes OUT/summary.md, report.html,
            junit.xml and metrics.txt
"""
import atexit
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

from bootbench import Error, boots, kept_runs, kernels, qemu
from bootbench.bisect import builds, gitrange
from bootbench.bisect.ranges import Candidate

PROG = "lab/ci/kernel-gate"
# A kernel that did not build: the job fails with its log, not a report.
BUILD_FAILED = 4
# The lines of a failed build's log shown.
LOG_LINES = 60


@dataclass
class Request:
    tree: str = None
    candidate: str = "HEAD"
    baseline: str = None          # merge-base:REF, commit:COMMIT or a kernel
    config: str = None
    build: str = None
    jobs: int = None
    suite: str = "ci"
    boots: int = 3
    clock: str = "auto"           # instructions under TCG, the host's under KVM
    icount_shift: int = None      # as qemu.clock_request() gives it
    accel: str = "auto"
    timeout: int = 1800
    memory: int = 2048
    cpus: int = 2
    out: str = "bootbench-ci"
    fresh_baseline: bool = False  # boot the baseline even when its runs are kept
    gate_args: list = field(default_factory=list)   # --case, --metric, --threshold, --confidence


class _Logs:
    """Where bisect's Builder keeps build logs and worktrees: OUT/builds/."""

    def __init__(self, path):
        self.path = path
        os.makedirs(os.path.join(path, "logs"), exist_ok=True)

    def build_log(self, label):
        return os.path.join(self.path, "logs", label + ".log")


def say(text):
    print("%s: %s" % (PROG, text), flush=True)


def cache_root():
    return os.environ.get("BOOTBENCH_CACHE") or \
        os.path.join(os.path.expanduser("~"), ".cache", "bootbench")


def cache_dir():
    return os.path.join(cache_root(), "ci-kernels")


def usable_cache():
    """$BOOTBENCH_CACHE made and written to; when it cannot be, one line
    and a temporary directory in its place (exported, for make and the
    builds; removed at exit).  The kernels' ccache goes under it unless CCACHE_DIR is set."""
    root = cache_root()
    try:
        os.makedirs(root, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=root, prefix=".probe."):
            pass
    except OSError as e:
        tmp = tempfile.mkdtemp(prefix="bootbench-cache.")
        atexit.register(shutil.rmtree, tmp, True)
        say("BOOTBENCH_CACHE: %s cannot be written (%s): running without the cache, in %s"
            % (root, e.strerror, tmp))
        os.environ["BOOTBENCH_CACHE"] = tmp
        os.environ["CCACHE_DIR"] = os.path.join(tmp, "ccache")
        return
    os.environ.setdefault("CCACHE_DIR", os.path.join(root, "ccache"))


def _sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:12]


class Pipeline:
    def __init__(self, request, where):
        self.r = request
        self.where = where
        self.out = os.path.abspath(request.out)
        self.tree = gitrange.Tree(request.tree)
        if not request.config and not request.build and \
                not os.path.isfile(os.path.join(self.tree.path, ".config")):
            # A CI checkout has no .config: the small kernel bootbench needs.
            request.config = builds.ALLNOCONFIG
        self.logs = _Logs(os.path.join(self.out, "builds"))
        self.builder = builds.Builder(request, self.logs, self.tree, where)
        self.reused = None   # where the baseline's runs were taken from

    # --- what is compared --------------------------------------------------
    def commits(self):
        """(baseline commit or None, baseline kernel or None, candidate
        commit): Error 2 for a baseline or candidate that is not there."""
        cand = self.tree.commit(self.r.candidate)
        base = self.r.baseline
        if base.startswith("merge-base:"):
            ref = base[len("merge-base:"):]
            other = self.tree.commit(ref)
            done = subprocess.run(["git", "-C", self.tree.path, "merge-base", cand, other],
                                  capture_output=True, text=True)
            if done.returncode != 0 or not done.stdout.strip():
                raise Error("--baseline %s: %s and %s have no merge base (a shallow clone? "
                            "fetch the whole history: GIT_DEPTH 0, fetch-depth: 0)"
                            % (base, self.r.candidate, ref), 2)
            return done.stdout.strip(), None, cand
        if base.startswith("commit:"):
            return self.tree.commit(base[len("commit:"):]), None, cand
        builds.check_kernel(base.split()[0], self.where)
        return None, base, cand

    # --- build ------------------------------------------------------------
    def _cached(self, commit):
        """The directory a built commit is kept in, by commit and base
        config; None for a --build hook's kernels (the hook says what they
        are) or when there is no base config yet."""
        if self.r.build:
            return None
        config = self.builder.config_base()
        if not os.path.isfile(config):
            return None
        return os.path.join(cache_dir(), "%s-%s" % (commit[:12], _sha(config)))

    def build(self, role, commit=None, kernel=None):
        """The boots.Variant of one side, or an Error after printing the log
        of a build that failed."""
        label = role if kernel else "%s-%s" % (role, commit[:12])
        cached = self._cached(commit) if commit else None
        if cached and os.path.isfile(os.path.join(cached, "built")):
            say("%s: %s, built before (%s)" % (role, commit[:12], cached))
            kernel = "%s=%s" % (commit[:12], cached)
        start = time.time()
        if kernel:
            say("%s: preparing %s" % (role, kernel))
            built = self.builder.build(Candidate(0, label, kernel=kernel))
        else:
            say("%s: building %s %s" % (role, commit[:12], self.tree.subject(commit)))
            built = self.builder.build(Candidate(0, label, commit=commit,
                                                 subject=self.tree.subject(commit)), keep=cached)
        if not built.ok:
            what = kernel or commit[:12]
            self._show_log(self.logs.build_log(label), role, what, built.reason)
            raise Error("%s %s did not build: %s" % (role, what, built.reason), BUILD_FAILED)
        say("%s: kernel %s (%d s)" % (role, built.variant, time.time() - start))
        return built.variant

    def _show_log(self, log, role, what, reason):
        """The end of a failed build's log on stdout, and in summary.md,
        which the pipelines post where they post the gate's."""
        try:
            with open(log, encoding="utf-8", errors="replace") as f:
                lines = f.read().rstrip("\n").split("\n")[-LOG_LINES:]
        except OSError:
            lines = ["(no log: %s)" % log]
        sys.stdout.write("---- the last %d lines of %s ----\n%s\n---- end of the build log ----\n"
                         % (len(lines), log, "\n".join(lines)))
        sys.stdout.flush()
        text = ("## bootbench-gate: not run\n\nThe %s (%s) did not build: %s.\n\n"
                "The end of its build log (all of it: `%s` among the job's artifacts):\n\n"
                "```\n%s\n```\n" % (role, what, reason, os.path.relpath(log, self.out),
                                      "\n".join(lines[-30:])))
        with open(os.path.join(self.out, "summary.md"), "w", encoding="utf-8") as f:
            f.write(text)

    # --- boot and gate -------------------------------------------------------
    def resolve_clock(self, base):
        """--clock auto made the clock it means (instructions under TCG, the
        host's under KVM), by the accelerator the baseline's kernel gets:
        the boots, the runs kept and those taken all go by it."""
        vmlinuz = os.path.join(kernels.directory(base.kernel, self.where), "vmlinuz")
        accel = qemu.accelerator(vmlinuz, qemu.clock_accel(self.r.clock, self.r.accel))
        clock = qemu.clock(self.r.clock, self.r.icount_shift, accel)
        self.r.accel, self.r.clock = accel, clock.mode
        say("clock: %s (%s)" % (clock.word, accel))
        return clock

    def settings(self):
        return boots.Settings(results=os.path.join(self.out, "runs"), suite=self.r.suite,
                              timeout=self.r.timeout, memory=self.r.memory, cpus=self.r.cpus,
                              accel=self.r.accel, clock=self.r.clock,
                              icount_shift=self.r.icount_shift, quiet=True)

    def kept(self, commit, base):
        """Where the baseline's runs are kept for the next pipelines: a
        commit's, in instruction time; else None.  After resolve_clock()."""
        if not commit or self.r.clock != "instructions":
            return None
        return kept_runs.where_kept(cache_dir(), commit, base, self.settings(), self.where)

    def boot(self, base, cand, kept=None):
        """Both sides, baseline first in each round, or the candidate alone
        when the baseline's runs are kept: the run directories of each
        side."""
        settings = self.settings()
        seq = boots.Sequence(settings, self.where, PROG)
        clock = "instructions:%s" % settings.icount_shift
        taken = None
        if kept and not self.r.fresh_baseline:
            try:
                taken = kept_runs.take(kept, self.r.boots, base, clock, settings.results,
                                       self.where)
            except Error as e:
                say("baseline: the runs kept in %s cannot stand for it: %s; booting it again"
                    % (kept, e))
        self.reused = kept if taken else None
        if taken:
            say("baseline: %d runs of %s taken from %s (an earlier pipeline booted them)"
                % (len(taken), base, kept))
            say("booting %d runs of the candidate (%s)" % (self.r.boots, cand))
            outcome = seq.run(boots.plan([cand], self.r.boots))
            sides = {"baseline": taken, "candidate": [run for _, run in outcome.runs if run]}
        else:
            say("booting %d rounds of the baseline (%s) and the candidate (%s)"
                % (self.r.boots, base, cand))
            outcome = seq.run(boots.plan([base, cand], self.r.boots))
            sides = {"baseline": [], "candidate": []}
            for i, (_, run) in enumerate(outcome.runs):
                if run:
                    sides["baseline" if i % 2 == 0 else "candidate"].append(run)
            if kept and len(sides["baseline"]) == self.r.boots and \
                    kept_runs.keep(kept, sides["baseline"], self.where):
                say("baseline: its runs kept in %s for the next pipelines" % kept)
        for side, runs in sides.items():
            d = os.path.join(self.out, side)
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            for run in runs:
                os.symlink(os.path.relpath(run, d), os.path.join(d, os.path.basename(run)))
        return sides

    def gate(self):
        argv = [os.path.join(self.where.out, "bin", "bootbench-gate"),
                "--baseline", os.path.join(self.out, "baseline"),
                "--candidate", os.path.join(self.out, "candidate"),
                "--summary", os.path.join(self.out, "summary.md"),
                "--html", os.path.join(self.out, "report.html"),
                "--junit", os.path.join(self.out, "junit.xml"),
                "--metrics", os.path.join(self.out, "metrics.txt"),
                "--suite", self.r.suite] + list(self.r.gate_args)
        say("bootbench-gate: %s" % " ".join(argv[1:]))
        return subprocess.run(argv).returncode

    def tools(self):
        """bootbench's image and tools, built if need be (make, as make run
        does: as root it installs the host's packages first)."""
        log = os.path.join(self.out, "builds", "logs", "bootbench.log")
        say("building bootbench (make; log %s)" % log)
        with open(log, "w", encoding="utf-8") as f:
            done = subprocess.run(["make", "-C", self.where.top, "all"], env=builds.make_env(),
                                  stdout=f, stderr=f)
        if done.returncode != 0:
            self._show_log(log, "bootbench image", "make", "make exited %d" % done.returncode)
            raise Error("bootbench did not build (%s)" % log, BUILD_FAILED)

    def run(self):
        os.makedirs(self.out, exist_ok=True)
        for name in ("summary.md", "junit.xml", "metrics.txt", "report.html"):
            if os.path.exists(os.path.join(self.out, name)):
                os.remove(os.path.join(self.out, name))
        usable_cache()
        base_commit, base_kernel, cand_commit = self.commits()
        self.tools()
        base = self.build("baseline", commit=base_commit, kernel=base_kernel)
        cand = self.build("candidate", commit=cand_commit)
        self.resolve_clock(base)
        self.boot(base, cand, self.kept(base_commit, base))
        status = self.gate()
        if self.reused:
            self.note_reused()
        return status

    def note_reused(self):
        """summary.md says where the baseline's runs came from."""
        path = os.path.join(self.out, "summary.md")
        if not os.path.isfile(path):
            return
        with open(path, "a", encoding="utf-8") as f:
            f.write("\nThe baseline's runs were booted by an earlier pipeline against the same "
                    "baseline, in instruction time, with the same kernel, image, suite and "
                    "machine, and kept in `%s`; this pipeline booted the candidate alone "
                    "(`--fresh-baseline` boots both).\n" % self.reused)
