# SPDX-License-Identifier: GPL-2.0-only
"""bootbench-bisect's flow: check the request (bad input: one line, exit 2,
nothing built or booted), open the state, measure the ends until the bad
end is significantly worse than the good one, then step through the range
(search.py) until the first bad candidate is found, and say it
(result.py).  Every change is saved in bisect.json at once; what is in the
state directory is never made again.

main(argv)   the command; --git-bisect-run judges one commit (judge())
"""
import os
import re
import subprocess
import sys
import time

from bootbench import Error, boots, builds, cli, run_match, tree
from bootbench.digest import file_sha256
from bootbench.bisect import booters, ranges, request, result, search, verdicts
from bootbench.bisect.state import State, identity_id

PROG = "bootbench-bisect"
USAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                     "bootbench-bisect")
# A side whose boots failed this often (no run, or a run not done) does
# not boot.
FAILED_BOOTS = 2


def now():
    return time.time()


def utc(t=None):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def suite_cases(r, where):
    """(suite name, the case names of the suite without their repeats)."""
    is_file = "/" in r.suite or r.suite.endswith(".ini")
    argv = [where.bench, "describe"] + (["--suite-file", r.suite] if is_file else ["--suite", r.suite])
    try:
        done = subprocess.run(argv, capture_output=True, text=True, errors="replace")
    except OSError as e:
        raise Error("cannot run %s: %s (run make)" % (where.bench, e.strerror), 2) from None
    if done.returncode != 0:
        said = [l for l in done.stderr.split("\n") if l.strip()]
        raise Error("--suite %s: %s" % (r.suite, said[-1] if said else "not a suite"), 2)
    keys = dict(l.split("=", 1) for l in done.stdout.split("\n") if "=" in l)
    repeats = keys.get("repeats", "1")
    cases = []
    for k, v in keys.items():
        if k.startswith("case."):
            name = re.sub(r"-r[0-9]+$", "", v) if repeats != "1" else v
            if name not in cases:
                cases.append(name)
    return keys.get("suite", r.suite), cases


class Bisect:
    def __init__(self, r, where):
        self.r = r
        self.where = where
        self.booter = booters.booter(r, where, PROG)
        self.clock_known = False

    def say(self, text):
        print("%s: %s" % (PROG, text), flush=True)

    # ---- checks: nothing is built or booted before they pass ----

    def check(self):
        r, where = self.r, self.where
        for path, what in ((where.report, "bootbench-report"), (where.bench, "bootbench-bench")):
            if not os.access(path, os.X_OK):
                raise Error("%s is not built (%s): run make" % (what, path), 2)
        if not r.boot_cmd and not os.path.isfile(where.image):
            raise Error("%s is missing: run make" % where.image, 2)
        self.suite, cases = suite_cases(r, where)
        if r.case and r.case not in cases and re.sub(r"-r[0-9]+$", "", r.case) not in cases:
            raise Error("--case: no case '%s' in suite %s (its cases: %s)"
                        % (r.case, self.suite, ", ".join(cases)), 2)
        if not r.case and len(cases) != 1:
            raise Error("--case: suite %s has %d cases; name the one to compare (%s)"
                        % (self.suite, len(cases), ", ".join(cases)), 2)
        self.case = r.case or cases[0]
        if r.metric:
            done = subprocess.run([where.report, "--metric-direction", r.metric],
                                  capture_output=True, text=True, errors="replace")
            if done.returncode != 0:
                raise Error(done.stderr.strip().split("\n")[-1].split("error: ", 1)[-1], 2)
        self.cands, self.tree = ranges.of_request(r)
        self.builder = builds.Builder(r, None, self.tree, where)
        if r.kernels:
            for k in r.kernels:
                builds.check_kernel(k.split()[0], where)
        elif not r.build and not os.path.isfile(self.builder.config_base()):
            raise Error("no base config: %s is missing; give --config FILE"
                        % self.builder.config_base(), 2)
        for opt, path, cand in (("--good-runs", r.good_runs, self.cands[0]),
                                ("--bad-runs", r.bad_runs, self.cands[-1])):
            if path and not run_match.runs_in(path):
                raise Error("%s: no run directories in %s" % (opt, path), 2)
            word = cand.kernel.split()[0] if path and cand.kernel else ""
            # A prepared kernel of the list: its runs are checked now;
            # others once built.
            if word and "=" not in word and "/" not in word and run_match.prepared(word, where):
                run_match.check_all(path, boots.Variant(word, " ".join(cand.kernel.split()[1:])),
                                r.append, where)
        self.state = State(r.state or "bisect-%s" % identity_id(self.identity()), self.identity())
        self.state.check()
        self.builder.state = self.state

    def identity(self):
        r = self.r
        ident = {"mode": r.mode, "case": self.case, "metric": r.metric, "suite": self.suite,
                 "suite_sha256": file_sha256(r.suite) if "/" in r.suite or r.suite.endswith(".ini")
                 else None, "append": r.append, "confidence": r.confidence,
                 "threshold": r.threshold,
                 "boot": ("command: " + r.boot_cmd) if r.boot_cmd else
                 "qemu%s, %d MiB, %d CPUs, accel %s%s" % (" walk" if r.walk else "", r.memory, r.cpus,
                                                           r.accel, ", target " + r.target
                                                           if r.target not in ("disk", "auto")
                                                           else "")}
        if r.kernels:
            ident["kernels"] = [c.kernel for c in self.cands]
        else:
            ident.update(tree=self.tree.path, good=self.cands[0].commit, bad=self.cands[-1].commit,
                         build=r.build, config_sha256=None if r.build else
                         file_sha256(self.builder.config_base()))
        return ident

    # ---- the record (bisect.json) ----

    def load(self):
        rec = self.state.record()
        if rec is None:
            rec = {"format": "bootbench-bisect", "format_version": 1, "identity": self.state.identity,
                   "state": "running", "case": self.case, "metric": self.r.metric,
                   "range": [c.record() for c in self.cands], "sides": {}, "endpoints": None,
                   "steps": [], "result": None, "sessions": [], "clock": None}
        rec["sessions"].append({"started_utc": utc(), "started": now(), "updated": now()})
        self.rec = rec

    def save(self):
        self.rec["sessions"][-1]["updated"] = now()
        self.rec["wall_seconds"] = round(sum(s["updated"] - s["started"] for s in self.rec["sessions"]), 1)
        self.rec["boots"] = sum(s.get("boots", 0) for s in self.rec["sides"].values())
        self.state.save(self.rec)

    def side(self, cand):
        """The record of a candidate's side, made on first use."""
        return self.rec["sides"].setdefault(cand.label, {
            "label": cand.label, "index": cand.index, "kernel": None, "parameters": None,
            "build": None, "runs": [], "seeded": [], "failed": [], "lost_boots": 0, "boots": 0})

    def refresh(self, cand):
        """The side's runs as they are on disk: done ones count."""
        s = self.side(cand)
        d = self.state.side(cand.label)
        done, failed = [], []
        for run in booters.side_runs(d):
            rel = os.path.relpath(run, self.state.path)
            (done if run_match.status(run, self.where) == "done" else failed).append(rel)
        s["runs"], s["failed"] = done, failed
        s["boots"] = len([x for x in done if os.path.basename(x) not in s["seeded"]]) + \
            len(failed) + s["lost_boots"]
        return s

    # ---- building and booting ----

    def built(self, cand):
        """The candidate's boots.Variant, built once; None when it cannot
        be (the side's build record says why)."""
        s = self.side(cand)
        if s["build"] and s["build"]["ok"] and run_match.prepared(s["kernel"], self.where):
            return run_match.variant(s)
        if s["build"] and not s["build"]["ok"]:
            return None
        self.say("building %s" % cand.describe())
        b = self.builder.build(cand)
        s["build"] = {"ok": b.ok, "seconds": round(b.seconds, 1), "reason": b.reason,
                      "log": os.path.relpath(self.state.build_log(cand.label), self.state.path)}
        if b.ok:
            s["kernel"], s["parameters"] = b.variant.kernel, b.variant.append
            self.say("%s is kernel %s%s (%d s)" % (cand.label, b.variant.kernel,
                                                   " [%s]" % b.variant.append if b.variant.append else "",
                                                   b.seconds))
        else:
            self.say("%s could not be built: %s" % (cand.label, b.reason))
        self.save()
        return b.variant

    def clock(self, variant):
        """The clock of the bisect's boots ("host", "instructions:3"),
        settled once a session, before its first boot or copy of runs:
        the one bisect.json records (a resumed bisect keeps it; another one
        asked for with --clock is refused), else the one the boots of
        variant get, recorded.  None with --boot-cmd (the command's own)."""
        recorded = self.rec.get("clock")
        if self.clock_known:
            return recorded
        if recorded and not self.r.clock_given:
            self.booter.keep(recorded)
        c = self.booter.clock(variant)
        if c and recorded and c.word != recorded:
            raise Error("the bisect in %s measures in the %s clock, not %s: resume it without "
                        "--clock, or give another --state" % (self.state.path, recorded, c.word), 2)
        if c and not recorded:
            self.rec["clock"] = c.word
            self.save()
            self.say("clock: %s" % c.word)
        self.clock_known = True
        return self.rec.get("clock")

    def boot(self, cand, count):
        """count boots of the candidate; False when it does not boot: its
        boots failed FAILED_BOOTS times (no run, or a run not done).  One
        failed boot is not enough: a first boot that failed is made again
        (an end boots one at a time, and a crash of the emulation now and
        then must not stop the bisect).  A walk that stopped lost the boot
        that failed and never made the ones after it: one failed boot."""
        variant = self.built(cand)
        if variant is not None:
            self.clock(variant)
        s = self.side(cand)
        before = self.failed_boots(cand)
        new = self.booter.boot(self.state.side(cand.label), variant, count)
        if len(new) < count:
            # A walk that stopped: the boot that failed, if it left no run.
            left_failed = any(run_match.status(r, self.where) != "done" for r in new)
            s["lost_boots"] += (0 if left_failed else 1) if self.r.walk and count > 1 \
                else count - len(new)
        s = self.refresh(cand)
        self.save()
        self.check_runs(cand, new)
        failed = self.failed_boots(cand)
        if before < failed < FAILED_BOOTS:
            self.say("%s: a boot failed (%s): it boots again (%d failed boots make it one that "
                     "does not boot)" % (cand.label, result.failures(self.state.path, s),
                                         FAILED_BOOTS))
        return failed < FAILED_BOOTS

    def check_runs(self, cand, new):
        s = self.side(cand)
        for run in new:
            why = run_match.mismatch(run, s["kernel"], self.r.append, s["parameters"], self.where,
                                 self.rec.get("clock"))
            if why:
                raise Error("run %s is not of %s: %s" % (run, cand.label, why))

    def failed_boots(self, cand):
        s = self.side(cand)
        return len(s["failed"]) + s["lost_boots"]

    def done_boots(self, cand):
        """The candidate's runs, those of boots that a killed bisect left
        running among them (waited for and taken first, so that they count
        before more are booted)."""
        side = self.state.side(cand.label)
        before = set(booters.side_runs(side))
        self.booter.settle(side)
        left = [r for r in booters.side_runs(side) if r not in before]
        s = self.refresh(cand)
        if left:
            self.save()
            self.check_runs(cand, left)
        return len(s["runs"])

    def compare(self, a, b, confidence=None):
        return verdicts.compare(self.where, os.path.join(self.state.path, "sides"), a.label, b.label,
                                self.r, self.case, confidence)

    # ---- the ends ----

    def stop(self, kind, message, status):
        """The bisect ends without a first bad candidate: recorded, and
        the Error to raise."""
        self.rec["state"] = kind
        self.rec["result"] = {"kind": kind, "first_bad": None, "last_good": None, "candidates": [],
                              "message": message, "change": None, "report": None}
        self.save()
        return Error(message, status)

    def seed(self):
        for cand, path in ((self.cands[0], self.r.good_runs), (self.cands[-1], self.r.bad_runs)):
            if not path:
                continue
            s = self.side(cand)
            variant = self.built(cand)
            if variant is None:
                raise Error("the %s end %s could not be built: %s"
                            % ("good" if cand.index == 0 else "bad", cand.describe(),
                               s["build"]["reason"]), 2)
            copied = run_match.copy(path, self.state.side(cand.label), variant, self.r.append, self.where,
                                self.clock(variant))
            s["seeded"] = sorted(set(s["seeded"]) | set(copied))
            self.refresh(cand)
            self.save()
            self.say("%s: %d runs of %s taken from %s" % (cand.label, len(s["seeded"]), variant.kernel,
                                                         path))

    def claim_confidence(self):
        """The confidence of each look at whether two sides differ (the
        ends, and the last good against the first bad): the ends are
        compared again after every boot added, up to --max-boots, and each
        look is a chance of a false difference; at 100 - (100 - C) / looks
        (Bonferroni) all the looks together keep the confidence C."""
        looks = self.r.max_boots - self.r.boots + 1
        return "%.6g" % (100 - (100 - float(self.r.confidence)) / looks)

    def differ(self, good, bad, role):
        """bad against good, booted until bad is worse (the report's marked
        verdict: significant at claim_confidence(), and at least the
        threshold): that comparison; a stop (Error) when bad is
        better, or when they do not differ at --max-boots.  role: "ends",
        or "confirm" for the last good against the first bad."""
        r = self.r
        names = {"ends": ("the good end", "the bad end"),
                 "confirm": ("the last good", "the first bad")}[role]
        while True:
            ng, nb = self.done_boots(good), self.done_boots(bad)
            if ng >= r.boots and nb >= r.boots:
                cmp = self.compare(bad, good, self.claim_confidence())
                if role == "ends":
                    self.rec["endpoints"] = result.ends_record(cmp, self.claim_confidence())
                    self.save()
                if cmp.verdict == "worse":
                    return cmp
                if role == "ends" and cmp.verdict == "better":
                    raise self.stop("swapped", "good and bad swapped: the bad end is better than "
                                    "the good one: %s" % result.ends_line(cmp), 2)
                if ng >= r.max_boots and nb >= r.max_boots or cmp.verdict == "better":
                    if role == "ends":
                        raise self.stop("no-change", "no change found: the ends do not differ "
                                        "significantly after %d boots each: %s"
                                        % (min(ng, nb), result.ends_line(cmp)), 3)
                    raise self.stop("unconfirmed", "no commit named: the first bad %s is not "
                                    "significantly worse than the last good %s after %d boots "
                                    "each (%s): the change may be spread over several, or be noise"
                                    % (bad.describe(), good.describe(), min(ng, nb),
                                       result.ends_line(cmp)), 3)
                self.say("%s and %s do not differ significantly yet (%s): one more boot each"
                         % (names[0], names[1], result.ends_line(cmp)))
                todo = [(good, 1 if ng < r.max_boots else 0), (bad, 1 if nb < r.max_boots else 0)]
            elif r.walk:
                todo = [(good, max(r.boots - ng, 0)), (bad, max(r.boots - nb, 0))]
            else:
                todo = [(good, 1 if ng < r.boots else 0), (bad, 1 if nb < r.boots else 0)]
            for cand, count in todo:
                if count == 0:
                    continue
                name = names[0] if cand is good else names[1]
                if self.built(cand) is None:
                    raise Error("%s %s could not be built: %s" % (
                        name, cand.describe(), self.side(cand)["build"]["reason"]))
                if not self.boot(cand, count):
                    raise Error("%s %s does not boot: %s" % (
                        name, cand.label, result.failures(self.state.path, self.side(cand))))

    def ends(self):
        cmp = self.differ(self.cands[0], self.cands[-1], "ends")
        self.say("the ends differ: %s" % result.ends_line(cmp))
        return cmp

    # ---- a step ----

    def step_record(self, cand):
        for st in self.rec["steps"]:
            if st["label"] == cand.label:
                return st
        st = {"label": cand.label, "index": cand.index, "commit": cand.commit,
              "subject": cand.subject, "kernel": cand.kernel, "verdict": None, "why": None,
              "boots": 0, "value": None, "against_good": None, "against_bad": None,
              "started_utc": utc()}
        self.rec["steps"].append(st)
        self.save()
        return st

    def finish(self, st, cand, verdict, why, vs_good=None, vs_bad=None):
        st["verdict"], st["why"] = verdict, why
        st["boots"] = self.side(cand)["boots"]
        st["finished_utc"] = utc()
        if vs_good:
            st["value"] = result.figures_record(vs_good.a)
            st["against_good"], st["against_bad"] = vs_good.record(), vs_bad.record()
        self.save()
        self.say("%s: %s after %d boot%s: %s" % (cand.describe(), verdict, st["boots"],
                                                 "" if st["boots"] == 1 else "s", why))
        return verdict

    def judge(self, cand):
        """Build and boot a candidate until it is good or bad, or skipped."""
        st = self.step_record(cand)
        if st["verdict"]:
            return st["verdict"]
        good, bad, r = self.cands[0], self.cands[-1], self.r
        if self.built(cand) is None:
            return self.finish(st, cand, "skip", "the build failed: %s" % self.side(cand)["build"]["reason"])
        while True:
            n = self.done_boots(cand)
            if n < r.boots:
                if not self.boot(cand, r.boots - n if r.walk or n == 0 else 1):
                    return self.finish(st, cand, "skip", "it does not boot: %s" % result.failures(
                        self.state.path, self.side(cand)))
                continue
            vs_good, vs_bad = self.compare(cand, good), self.compare(cand, bad)
            verdict, why = verdicts.classify(vs_good, vs_bad)
            if verdict != "undecided":
                return self.finish(st, cand, verdict, why, vs_good, vs_bad)
            if n >= r.max_boots:
                return self.finish(st, cand, "skip", "undecided after %d boots: %s" % (n, why),
                                   vs_good, vs_bad)
            drift = verdicts.drift(vs_good, vs_bad)
            self.say("%s undecided after %d boots (%s): one more boot%s" % (
                cand.label, n, why, ", and one of each end: %s" % drift if drift else ""))
            if drift:
                for end in (good, bad):
                    if not self.boot(end, 1):
                        raise Error("the %s end does not boot any more: %s" % (
                            end.label, result.failures(self.state.path, self.side(end))))
            if not self.boot(cand, 1):
                return self.finish(st, cand, "skip", "it does not boot: %s" % result.failures(
                    self.state.path, self.side(cand)))

    def clock_asked(self):
        """A resumed bisect given --clock (not auto) for another clock than
        its own: refused before anything is built or booted."""
        recorded, r = self.rec.get("clock"), self.r
        if recorded and r.clock_given and r.clock != "auto":
            asked = "instructions:%d%s" % (r.icount_shift, ",sleep=off" if getattr(
                self.booter, "model", None) else "") if r.clock == "instructions" else "host"
            if asked != recorded:
                raise Error("the bisect in %s measures in the %s clock, not %s: resume it without "
                            "--clock, or give another --state" % (self.state.path, recorded, asked), 2)

    # ---- the whole ----

    def run(self):
        self.check()
        if self.r.dry_run:
            return result.dry_run(self)
        self.state.open()
        self.load()
        self.clock_asked()
        self.say("state in %s (%s)" % (self.state.path, "resumed" if len(self.rec["sessions"]) > 1
                                       else "new"))
        self.rec["state"] = "running"
        self.save()
        self.seed()
        self.ends()
        verdict_of = {0: "good", len(self.cands) - 1: "bad"}
        for st in self.rec["steps"]:
            if st["verdict"] in ("good", "bad", "skip") and st["index"] >= 0:
                verdict_of[st["index"]] = st["verdict"]
        while True:
            nxt = search.next_step(len(self.cands), verdict_of)
            if nxt.kind != "step":
                break
            cand = self.cands[nxt.index]
            self.say("step: %s (%d candidates left, about %d steps)" % (
                cand.describe(), search.bounds(len(self.cands), verdict_of)[1] -
                search.bounds(len(self.cands), verdict_of)[0] - 1,
                search.steps_left(len(self.cands), verdict_of)))
            verdict_of[nxt.index] = self.judge(cand)
        change = None
        if nxt.kind == "found":
            change = self.differ(self.cands[nxt.last_good], self.cands[nxt.first_bad], "confirm")
        return result.finish(self, nxt, change)

    def judge_head(self):
        """--git-bisect-run: the commit checked out, judged: 0 good, 1 bad,
        125 skip."""
        self.check()
        cand = ranges.head(self.tree, self.cands)
        if self.r.dry_run:
            return result.dry_run(self)
        self.state.open()
        self.load()
        self.clock_asked()
        self.save()
        self.seed()
        self.ends()
        if cand.index in (0, len(self.cands) - 1):
            verdict = "good" if cand.index == 0 else "bad"
            self.say("%s is the %s end" % (cand.describe(), verdict))
        else:
            verdict = self.judge(cand)
        return {"good": 0, "bad": 1}.get(verdict, 125)


def version(where):
    image_id = where.image_id()
    if not image_id:
        raise Error("the image is not built (no id in %s): run make" % where.image_json)
    print("%s (bootbench) %s" % (PROG, image_id))
    return 0


def main(argv):
    run_mode = "--git-bisect-run" in argv
    try:
        r = request.parse(argv)
        where = tree.Tree()
        if r.help:
            sys.stdout.write(cli.usage(USAGE))
            return 0
        if r.version:
            return version(where)
        b = Bisect(r, where)
        return b.judge_head() if r.git_bisect_run else b.run()
    except (cli.UsageError, Error) as e:
        if not run_mode:
            raise
        # git bisect run takes 1-127 but 125 for "bad": anything else must
        # stop it, not mark the commit.
        sys.stdout.flush()
        sys.stderr.write("%s: %s\n" % (PROG, e))
        return 255
