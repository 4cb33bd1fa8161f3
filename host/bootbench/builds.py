# SPDX-License-Identifier: GPL-2.0-only
"""From a candidate to a kernel to boot: a boots.Variant (the kernel's
name in out/kernels and its parameters), or the reason it could not be
made (the candidate is then skipped).

  a kernel of the list   as qemu/run takes it: a prepared name, a Debian
                         version (prepared here with make kernels), or
                         NAME=PATH / PATH (make kernels lays it out)
  --build CMD            CMD (sh -c) in a worktree of the commit; its last
                         line of output is the kernel as --kernel takes it,
                         optionally followed by kernel parameters; exit
                         status not 0 (125 as git bisect run has it): skip
  the built-in build     a worktree of the commit, the base config merged
                         with kernel-configs/bootbench.config, make
                         olddefconfig (--config allnoconfig: allnoconfig,
                         build-base.config and the fragment, as make
                         kernel-build has them), kernel-configs/check (as make kernels
                         checks a tree), make bzImage modules (ccache when
                         present), modules_install into the worktree, then
                         make kernels KERNELS=<short commit>=<worktree>:
                         the kernel <release>@<short commit>

Candidate       one kernel of a list, or one commit of a tree's line:
                index, label (its directory under a bisect's sides/ and
                its column in the report: "07-1a2b3c4d5e6f", "03-6.12+pti=on"),
                and the kernel (list) or the commit and its subject (tree)
Builder(request, state, tree, where).build(candidate) -> Built
check_kernel(word, where)  an Error (2) for a kernel make kernels cannot
                           prepare, before anything is built
"""
import os
import shlex
import shutil
import subprocess
import time
from dataclasses import dataclass

from bootbench import Error, boots, kernels, run_match


@dataclass
class Candidate:
    index: int
    label: str
    kernel: str = None      # the list's: as --kernel takes it ("6.12 pti=on")
    commit: str = None      # the tree's: the full id
    subject: str = None

    def name(self):
        """What the user calls it: the commit's short id, or the kernel."""
        return self.commit[:12] if self.commit else self.kernel

    def describe(self):
        """Its name and, for a commit, its subject."""
        return "%s %s" % (self.name(), self.subject) if self.subject else self.name()

    def record(self):
        return {"index": self.index, "label": self.label, "kernel": self.kernel,
                "commit": self.commit, "subject": self.subject}


# --config allnoconfig: the small kernel of make kernel-build.
ALLNOCONFIG = "allnoconfig"


@dataclass
class Built:
    variant: boots.Variant = None
    reason: str = None          # why there is no kernel
    seconds: float = 0.0

    @property
    def ok(self):
        return self.variant is not None


def make_env():
    """The environment of make run from here: none of a calling make's."""
    return {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}


def check_kernel(word, where):
    """A kernel as --kernel takes it (its first word) that make kernels
    cannot prepare is an Error (status 2), found without building: a path
    that does not exist, an unknown version."""
    if "=" in word or "/" in word:
        path = word.split("=", 1)[1] if "=" in word else word
        if not os.path.exists(path):
            raise Error("kernel %s: %s does not exist" % (word, path), 2)
        return
    if run_match.prepared(word, where):
        return
    done = subprocess.run(["make", "-s", "-n", "-C", where.top, "kernels", "KERNELS=" + word],
                          env=make_env(), capture_output=True, text=True, errors="replace")
    if done.returncode != 0:
        said = [l for l in done.stderr.split("\n") if l.strip()]
        raise Error("kernel %s: %s" % (word, said[0] if said else "make kernels refuses it"), 2)


def _logged(log, function, *args):
    """function(*args) with what it writes on stderr (make's output) in log."""
    with open(log, "a", encoding="utf-8") as f:
        saved = os.dup(2)
        os.dup2(f.fileno(), 2)
        try:
            return function(*args)
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def _prepare(word, where, log):
    """The name in out/kernels of the kernel word: prepared by make kernels
    if need be (a Debian version fetched, a tree or a .deb laid out)."""
    name = _logged(log, kernels.prepare, word, where)
    # A kernel prepared before the image was last built gets its
    # initramfs again (make kernels does it for Debian's by name).
    if not run_match.prepared(name, where) or kernels.stale(name, where):
        with open(log, "a", encoding="utf-8") as f:
            done = subprocess.run(["make", "-s", "-C", where.top, "kernels", "KERNELS=" + name],
                                  env=make_env(), stdout=f, stderr=f)
        if done.returncode != 0:
            raise Error("kernel %s could not be prepared (see %s)" % (word, log))
    kernels.directory(name, where)
    return name


def _tail(log, n=3):
    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            lines = [l.rstrip() for l in f if l.strip()]
    except OSError:
        return ""
    return " | ".join(lines[-n:])


def merge_config(base, fragment, out):
    """base (a kernel config) with every option of fragment set as the
    fragment sets it, at out; but an option the fragment allows as a module
    (=m) that base builds in (=y) stays built in: the fragment's =m means
    "a module will do" (kernel-configs/README.md)."""
    def option(line):
        line = line.strip()
        if line.startswith("CONFIG_") and "=" in line:
            return line.split("=", 1)[0]
        if line.startswith("# CONFIG_") and line.endswith(" is not set"):
            return line.split()[1]
        return None

    with open(fragment, encoding="utf-8") as f:
        wanted = {option(l): l.strip() for l in f if option(l)}
    with open(base, encoding="utf-8", errors="replace") as f:
        lines = [l.rstrip("\n") for l in f]
    merged = []
    for line in lines:
        name = option(line)
        if name in wanted and not (wanted[name].endswith("=m") and line.strip().endswith("=y")):
            line = wanted[name]
        wanted.pop(name, None)
        merged.append(line)
    merged += [wanted[k] for k in sorted(wanted)]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(merged) + "\n")


class Builder:
    def __init__(self, request, state, tree, where):
        self.r = request
        self.state = state
        self.tree = tree
        self.where = where

    def build(self, cand, keep=None):
        """keep: with the built-in build, a directory to keep the built
        kernel in (a built tree's layout: arch/x86/boot/bzImage, .config,
        mod/), which make kernels then prepares: a cache of builds."""
        start = time.time()
        log = self.state.build_log(cand.label)
        try:
            if cand.kernel:
                built = self._kernel(cand.kernel, log)
            elif self.r.build:
                built = self._hook(cand, log)
            else:
                built = self._tree(cand, log, keep)
        except Error as e:
            built = Built(reason=str(e))
        built.seconds = time.time() - start
        return built

    def _kernel(self, spec, log, cwd=None):
        words = spec.split()
        word = words[0]
        if cwd and ("=" in word or "/" in word):
            name, path = word.split("=", 1) if "=" in word else (None, word)
            path = os.path.join(cwd, path)
            word = "%s=%s" % (name, path) if name else path
        return Built(boots.Variant(_prepare(word, self.where, log), " ".join(words[1:])))

    def _worktree(self, cand):
        path = os.path.join(self.state.path, "worktrees", cand.label)
        self.tree.worktree(cand.commit, path)
        return path

    def _hook(self, cand, log):
        wt = self._worktree(cand)
        env = dict(make_env(), BOOTBENCH_COMMIT=cand.commit, BOOTBENCH_WORKTREE=wt,
                   BOOTBENCH_TREE=self.tree.path, BOOTBENCH_LABEL=cand.label,
                   BOOTBENCH_TOP=self.where.top, BOOTBENCH_STATE=self.state.path)
        try:
            with open(log, "w", encoding="utf-8") as f:
                f.write("$ %s   (commit %s, in %s)\n" % (self.r.build, cand.commit, wt))
                f.flush()
                done = subprocess.run(["sh", "-c", self.r.build], cwd=wt, env=env,
                                      stdout=subprocess.PIPE, stderr=f, text=True,
                                      errors="replace")
                f.write(done.stdout)
            if done.returncode != 0:
                return Built(reason="--build exited %d%s (%s)" % (
                    done.returncode, ", skip" if done.returncode == 125 else "", log))
            lines = [l for l in done.stdout.split("\n") if l.strip()]
            if not lines:
                return Built(reason="--build printed no kernel (%s)" % log)
            return self._kernel(lines[-1], log, cwd=wt)
        finally:
            self.tree.remove_worktree(wt)

    def _make(self, wt, log, *targets, extra=()):
        argv = ["make", "-C", wt, "ARCH=x86_64"] + list(extra) + list(targets)
        with open(log, "a", encoding="utf-8") as f:
            f.write("$ %s\n" % " ".join(shlex.quote(a) for a in argv))
            f.flush()
            env = make_env()
            if shutil.which("ccache"):
                # Worktrees of other paths hit the same cache.
                env.update(CCACHE_BASEDIR=os.path.dirname(wt), CCACHE_NOHASHDIR="1")
            done = subprocess.run(["nice", "-n", "19"] + argv, env=env, stdout=f, stderr=f)
        if done.returncode != 0:
            raise Error("make %s failed: %s (%s)" % (" ".join(targets), _tail(log), log))

    def allnoconfig(self):
        """Whether the base config is the word "allnoconfig": allnoconfig,
        kernel-configs/build-base.config and the fragment, as make
        kernel-build configures (a small kernel, built in minutes)."""
        return self.r.config == ALLNOCONFIG

    def config_base(self):
        """The base config of the built-in build (build-base.config for
        allnoconfig)."""
        if self.allnoconfig():
            return os.path.join(self.where.top, "kernel-configs", "build-base.config")
        return self.r.config or os.path.join(self.tree.path, ".config")

    def _configure(self, wt, log):
        """wt's .config: the base config with the fragment's options,
        olddefconfig; or allnoconfig with build-base.config and the
        fragment (the kernel's merge_config.sh -n)."""
        fragment = os.path.join(self.where.top, "kernel-configs", "bootbench.config")
        if not self.allnoconfig():
            merge_config(self.config_base(), fragment, os.path.join(wt, ".config"))
            self._make(wt, log, "olddefconfig")
            return
        argv = ["scripts/kconfig/merge_config.sh", "-n", self.config_base(), fragment]
        with open(log, "a", encoding="utf-8") as f:
            f.write("$ %s\n" % " ".join(shlex.quote(a) for a in argv))
            f.flush()
            done = subprocess.run(argv, cwd=wt, env=dict(make_env(), ARCH="x86_64"), stdout=f, stderr=f)
        if done.returncode != 0:
            raise Error("merge_config.sh failed: %s (%s)" % (_tail(log), log))

    @staticmethod
    def _keep(wt, keep):
        """The built kernel of worktree wt copied to keep, whole or not at
        all (the file "built" last)."""
        part = keep + ".part"
        shutil.rmtree(part, ignore_errors=True)
        try:
            os.makedirs(os.path.join(part, "arch", "x86", "boot"))
            shutil.copy2(os.path.join(wt, "arch", "x86", "boot", "bzImage"),
                         os.path.join(part, "arch", "x86", "boot", "bzImage"))
            shutil.copy2(os.path.join(wt, ".config"), os.path.join(part, ".config"))
            shutil.copytree(os.path.join(wt, "mod"), os.path.join(part, "mod"), symlinks=True)
            open(os.path.join(part, "built"), "w").close()
            shutil.rmtree(keep, ignore_errors=True)
            os.replace(part, keep)
        except OSError as e:
            shutil.rmtree(part, ignore_errors=True)
            raise Error("cannot keep the built kernel in %s: %s" % (keep, e.strerror)) from None
        return keep

    def _tree(self, cand, log, keep=None):
        top = self.where.top
        wt = self._worktree(cand)
        open(log, "w").close()
        try:
            self._configure(wt, log)
            with open(log, "a", encoding="utf-8") as f:
                done = subprocess.run([os.path.join(top, "kernel-configs", "check"),
                                       os.path.join(wt, ".config")], stdout=f, stderr=f)
            if done.returncode != 0:
                raise Error("kernel-configs/check refuses the config: %s (%s)" % (_tail(log, 1), log))
            jobs = "-j%d" % (self.r.jobs or os.cpu_count() or 1)
            cc = ["CC=ccache gcc"] if shutil.which("ccache") else []
            self._make(wt, log, "bzImage", "modules", extra=[jobs] + cc)
            self._make(wt, log, "modules_install", extra=["INSTALL_MOD_PATH=" + os.path.join(wt, "mod"),
                                                          "INSTALL_MOD_STRIP=1"])
            built = self._keep(wt, keep) if keep else wt
            return Built(boots.Variant(_prepare("%s=%s" % (self.tree.short(cand.commit), built),
                                                self.where, log)))
        finally:
            self.tree.remove_worktree(wt)
