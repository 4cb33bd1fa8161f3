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
            works), and --target auto the suite's qemu_target under TCG (the
            ci suite's: the model disk, doc/models.md) or a disk image,
            before anything is booted or looked up
  boot      both, --boots N rounds of baseline then candidate (bootbench's
            boots.Sequence), into OUT/runs/; in instruction time a
            commit's runs are kept in $BOOTBENCH_CACHE/ci-kernels/ too
            (kept_runs.py), and the next pipeline that boots that commit,
            on either side, takes them from there and boots only what is
            not kept (--fresh-baseline: both, always)
  gate      OUT/baseline/ and OUT/candidate/ (links to each side's runs) to
            bootbench-gate, which writes OUT/summary.md, report.html and
            junit.xml; OUT/metrics.txt holds the candidate's figures named
            by metric and case alone (figures())
With --baseline-only (a target branch's job) there is no candidate and no
gate: the baseline is built and, in instruction time, booted and kept
unless it is kept already; OUT/metrics.txt holds its figures under the
same names, for GitLab's metrics report to compare merge requests with.
"""
import atexit
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

from bootbench import Error, boots, kept_runs, kernels, models, qemu, run_match, suites
from bootbench import builds, gitrange
from bootbench.builds import Candidate
from bootbench.digest import file_sha256

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
    accel: str = qemu.GUEST.accel
    target: str = "auto"          # disk, model[:NAME], or auto: the suite's qemu_target under TCG
    timeout: int = qemu.GUEST.timeout
    memory: int = qemu.GUEST.memory
    cpus: int = qemu.GUEST.cpus
    out: str = "bootbench-ci"
    fresh_baseline: bool = False  # boot both sides even when their runs are kept
    baseline_only: bool = False   # a target branch's job: the baseline built, booted, kept
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
        self.reused = {}     # the sides whose runs were taken, and from where
        self.model = None    # the model disk --target resolved to (resolve_clock)

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
        return os.path.join(cache_dir(), "%s-%s" % (commit[:12], file_sha256(config)[:12]))

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
        target = models.resolve(self.r.target, self.r.suite, accel, self.where)
        self.model = models.request(target, self.where)
        clock = qemu.clock(self.r.clock, self.r.icount_shift, accel,
                           "off" if self.model else qemu.ICOUNT_SLEEP)
        self.r.accel, self.r.clock = accel, clock.mode
        say("clock: %s (%s); target: %s" % (clock.word, accel, "model disk %s" % self.model.name
                                              if self.model else "a disk image"))
        if self.model:
            models.check_fits(self.model, suites.min_target_mib(self.r.suite, self.where),
                              self.r.memory, [os.path.dirname(vmlinuz)])
        return clock

    def settings(self):
        return boots.Settings(results=os.path.join(self.out, "runs"), suite=self.r.suite,
                              timeout=self.r.timeout, memory=self.r.memory, cpus=self.r.cpus,
                              accel=self.r.accel, clock=self.r.clock,
                              icount_shift=self.r.icount_shift, model=self.model, quiet=True)

    def kept(self, commit, variant):
        """Where a commit's runs are kept for the next pipelines, in
        instruction time; else None.  After resolve_clock()."""
        if not commit or self.r.clock != "instructions":
            return None
        return kept_runs.where_kept(cache_dir(), commit, variant, self.settings(), self.where)

    def boot(self, sides):
        """sides: (role, variant, kept) of each side, baseline first.  The
        runs kept of a side are taken unless --fresh-baseline; the others
        boot in rounds (baseline then candidate) and are kept when every
        run of the side is done.  The run directories of each role."""
        settings = self.settings()
        seq = boots.Sequence(settings, self.where, PROG)
        clock = qemu.clock(self.r.clock, self.r.icount_shift, self.r.accel,
                           "off" if self.model else qemu.ICOUNT_SLEEP).word
        found, booting = {}, []
        for role, variant, kept in sides:
            taken = None
            if kept and not self.r.fresh_baseline:
                try:
                    taken = kept_runs.take(kept, self.r.boots, variant, clock, settings.results,
                                           self.where)
                except Error as e:
                    say("%s: the runs kept in %s cannot stand for it: %s; booting it again"
                        % (role, kept, e))
            if taken:
                found[role] = taken
                self.reused[role] = kept
                say("%s: %d runs of %s taken from %s (an earlier pipeline booted them)"
                    % (role, len(taken), variant, kept))
            else:
                found[role] = []
                booting.append((role, variant, kept))
        if booting:
            say("booting %d rounds of %s" % (self.r.boots, " and ".join(
                "the %s (%s)" % (role, variant) for role, variant, _ in booting)))
            of = {id(variant): role for role, variant, _ in booting}
            outcome = seq.run(boots.plan([v for _, v, _ in booting], self.r.boots))
            for b, run in outcome.runs:
                if run:
                    found[of[id(b.variant)]].append(run)
            self.boot_failed_again(seq, booting, found)
            for role, variant, kept in booting:
                if kept and len(found[role]) == self.r.boots and \
                        kept_runs.keep(kept, found[role], self.where):
                    say("%s: its runs kept in %s for the next pipelines" % (role, kept))
        else:
            say("nothing to boot: every side's runs were kept")
        for role, runs in found.items():
            d = os.path.join(self.out, role)
            _links(d, runs)
        return found

    def boot_failed_again(self, seq, booting, found):
        """A side with fewer runs done than --boots boots the missing ones
        once more: a boot that failed (a kernel's panic, or now and then a
        crash of the emulation: doc/models.md) is said, its run stays in
        OUT/runs/ and the gate gets the runs done.  A boot that fails again
        leaves its run to the gate, which cannot decide on it."""
        for role, variant, _ in booting:
            done = [r for r in found[role] if run_match.status(r, self.where) == "done"]
            missing = self.r.boots - len(done)
            if missing <= 0:
                continue
            failed = [os.path.basename(r) for r in found[role] if r not in done]
            say("%s: %d of its %d boots failed (%s): booting %d more" % (
                role, missing, self.r.boots, ", ".join(failed) or "no run left", missing))
            found[role] = done + [run for _, run in seq.run(boots.plan([variant], missing)).runs
                                  if run]

    def gate(self):
        argv = [os.path.join(self.where.out, "bin", "bootbench-gate"),
                "--baseline", os.path.join(self.out, "baseline"),
                "--candidate", os.path.join(self.out, "candidate"),
                "--summary", os.path.join(self.out, "summary.md"),
                "--html", os.path.join(self.out, "report.html"),
                "--junit", os.path.join(self.out, "junit.xml"),
                "--suite", self.r.suite] + list(self.r.gate_args)
        say("bootbench-gate: %s" % " ".join(argv[1:]))
        return subprocess.run(argv).returncode

    def figures(self, runs):
        """OUT/metrics.txt: the OpenMetrics text of the runs' figures, each
        case's median by bootbench-report (the gate's metrics, --metric, or
        each case's primary one) under the name bootbench_METRIC{case=...}:
        a name every pipeline gives the same figure, whichever side it
        measured, so that GitLab's metrics report pairs a merge request's
        with its target branch's."""
        pairs = list(zip(self.r.gate_args[::2], self.r.gate_args[1::2]))
        patterns = [v for o, v in pairs if o == "--case"]
        metrics = [v for o, v in pairs if o == "--metric"] or [None]
        cases = set()
        for run in runs:
            try:
                with open(os.path.join(run, "results.jsonl"), encoding="utf-8") as f:
                    lines = [json.loads(ln) for ln in f if ln.strip()]
            except (OSError, ValueError):
                continue
            cases |= {m.get("group") or m.get("id") for m in lines if isinstance(m, dict)
                      and (not patterns or any(fnmatch.fnmatch(m.get(k) or "", p)
                                               for p in patterns for k in ("id", "group")))}
        families = {}
        for case in sorted(c for c in cases if c):
            for metric in metrics:
                argv = [self.where.report, "--format", "json", "--case", case] + \
                    (["--metric", metric] if metric else []) + list(runs)
                done = subprocess.run(argv, capture_output=True, text=True)
                try:
                    tables = json.loads(done.stdout)["tables"]
                except (ValueError, KeyError):
                    continue
                for t in tables:
                    cells = [c for row in t["rows"] for c in row["cells"][:1]
                             if c.get("n") and isinstance(c.get("median"), (int, float))]
                    fam = families.setdefault(t["metric"], (t.get("higher_is_better"), []))
                    fam[1].extend((case, c["median"]) for c in cells[:1])
        lines = []
        for metric, (higher, samples) in families.items():
            name = "bootbench_" + re.sub(r"[^A-Za-z0-9_]", "_", metric)
            lines += ["# TYPE %s gauge" % name,
                      "# HELP %s %s of each case, the median of its boots' values (%s is better)"
                      % (name, metric, "higher" if higher else "lower")]
            lines += ['%s{case="%s"} %.10g' % (name, c.replace("\\", "\\\\").replace('"', '\\"'), v)
                      for c, v in samples]
        with open(os.path.join(self.out, "metrics.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines + ["# EOF"]) + "\n")

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
        if self.r.baseline_only:
            return self.keep_baseline(base_commit, base)
        cand = self.build("candidate", commit=cand_commit)
        self.resolve_clock(base)
        sides = self.boot([("baseline", base, self.kept(base_commit, base)),
                           ("candidate", cand, self.kept(cand_commit, cand))])
        status = self.gate()
        self.figures(sides["candidate"])
        self.note_reused()
        return status

    def keep_baseline(self, commit, base):
        """--baseline-only: the baseline's runs kept (booted unless they are
        kept already) and its figures in OUT/metrics.txt; summary.md says
        what was done.  0, or 3 when its boots did not all end done."""
        clock = self.resolve_clock(base)
        kept = self.kept(commit, base)
        if not kept:
            why = "under the %s clock its runs are not kept (each pipeline boots both sides)" \
                % clock.word if clock.mode != "instructions" else "the image has no id to keep runs by"
            text = "built and kept for the merge requests to come; %s, so it was not booted" % why
            status = 0
        else:
            runs = self.boot([("baseline", base, kept)])["baseline"]
            self.figures(runs)
            status = 0 if os.path.isdir(kept) else 3
            if status:
                text = "not kept: its runs did not all end done (%d runs, of %d boots)" \
                    % (len(runs), self.r.boots)
            elif "baseline" in self.reused:
                text = "kept already in `%s`" % kept
            else:
                text = "booted %d times in %s and kept in `%s`" % (self.r.boots, clock.word, kept)
        say("baseline: %s" % text.replace("`", ""))
        with open(os.path.join(self.out, "summary.md"), "w", encoding="utf-8") as f:
            f.write("## bootbench: the baseline %s\n\nThe baseline %s (%s): %s.\n"
                    % ("kept" if status == 0 else "not kept", commit[:12], base, text))
        return status

    def note_reused(self):
        """summary.md says which side's runs came from an earlier pipeline."""
        path = os.path.join(self.out, "summary.md")
        if not self.reused or not os.path.isfile(path):
            return
        with open(path, "a", encoding="utf-8") as f:
            for role, kept in self.reused.items():
                f.write("\nThe %s's runs were booted by an earlier pipeline, in instruction time, "
                        "with the same kernel, image, suite and machine, and kept in `%s`; this "
                        "pipeline did not boot it again (`--fresh-baseline` boots both sides).\n"
                        % (role, kept))


def _links(d, runs):
    """d made afresh, a symbolic link to each run in it."""
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for run in runs:
        os.symlink(os.path.relpath(run, d), os.path.join(d, os.path.basename(run)))
