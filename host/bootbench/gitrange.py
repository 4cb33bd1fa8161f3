# SPDX-License-Identifier: GPL-2.0-only
"""The git side of a bisect of commits and of a kernel tree's pipeline: the
tree, its commits and the range between them, and a worktree per commit.

Tree(path)                  a git tree; an Error (status 2) if it is none
Tree.commit(name)           the full id of a commit name; Error 2 if none
Tree.line(good, bad)        the first-parent line from good to bad, good
                            first and bad last (as `git bisect --first-parent`
                            walks it); Error 2 when good is not on it
                            (swapped, or on a side branch)
Tree.subject(c), short(c)   a commit's subject, its 12-digit short id
Tree.parents(c)             its parents (a merge has two)
Tree.head()                 the commit checked out
Tree.worktree(c, path)      a detached worktree of c at path (replacing one
                            left there); Tree.remove_worktree(path)
"""
import os
import shutil
import subprocess

from bootbench import Error


class Tree:
    def __init__(self, path):
        self.path = os.path.abspath(path)
        if not os.path.isdir(self.path):
            raise Error("--tree: %s is not a directory" % path, 2)
        done = self._git("rev-parse", "--git-dir", check=False)
        if done.returncode != 0:
            raise Error("--tree: %s is not a git repository" % path, 2)

    def _git(self, *args, check=True):
        try:
            done = subprocess.run(["git", "-C", self.path] + list(args), capture_output=True,
                                  text=True, errors="replace")
        except OSError as e:
            raise Error("cannot run git: %s" % e.strerror) from None
        if check and done.returncode != 0:
            raise Error("git %s in %s: %s" % (" ".join(args), self.path,
                                              done.stderr.strip().split("\n")[-1]))
        return done

    def commit(self, name):
        done = self._git("rev-parse", "--verify", "--quiet", "--end-of-options",
                         name + "^{commit}", check=False)
        if done.returncode != 0 or not done.stdout.strip():
            raise Error("no commit '%s' in %s" % (name, self.path), 2)
        return done.stdout.strip()

    def is_ancestor(self, a, b):
        return self._git("merge-base", "--is-ancestor", a, b, check=False).returncode == 0

    def line(self, good, bad, good_name, bad_name):
        if good == bad:
            raise Error("--good and --bad are the same commit (%s)" % self.short(good), 2)
        if self.is_ancestor(bad, good):
            raise Error("good and bad swapped: the bad commit %s is an ancestor of the good "
                        "one %s (the claimed regression would be older than the good commit)"
                        % (bad_name, good_name), 2)
        if not self.is_ancestor(good, bad):
            raise Error("the good commit %s is not an ancestor of the bad one %s"
                        % (good_name, bad_name), 2)
        out = self._git("rev-list", "--first-parent", "--reverse", "%s..%s" % (good, bad)).stdout
        commits = out.split()
        first = self.parents(commits[0])[:1] if commits else []
        if first != [good]:
            raise Error("the good commit %s is not on the first-parent line of the bad one %s "
                        "(a commit of a branch merged later): give a good commit of that line, "
                        "such as the merge base" % (good_name, bad_name), 2)
        return [good] + commits

    def subject(self, c):
        return self._git("log", "-1", "--format=%s", c).stdout.strip()

    def short(self, c):
        return c[:12]

    def parents(self, c):
        return self._git("rev-list", "--parents", "-n", "1", c).stdout.split()[1:]

    def head(self):
        return self.commit("HEAD")

    def worktree(self, c, path):
        self.remove_worktree(path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self._git("worktree", "add", "--detach", "--force", path, c)

    def remove_worktree(self, path):
        if os.path.isdir(path):
            self._git("worktree", "remove", "--force", path, check=False)
            shutil.rmtree(path, ignore_errors=True)
        self._git("worktree", "prune", check=False)
