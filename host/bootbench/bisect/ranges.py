# SPDX-License-Identifier: GPL-2.0-only
"""The range a bisect searches: its candidates (builds.Candidate) in
order, the good end first and the bad end last.

of_request(r)   the candidates of a Request, each input checked (Error 2)
head(r, tree)   the candidate of --git-bisect-run: the commit checked out
"""
import re

from bootbench import gitrange
from bootbench.builds import Candidate


def _word(text):
    """A kernel as a word of a directory name: spaces become + and
    anything but [A-Za-z0-9._+=-] an underscore."""
    return re.sub(r"[^A-Za-z0-9._+=-]", "_", "+".join(text.split()))[:60]


def _width(n):
    return max(2, len(str(n - 1)))


def of_request(r):
    """(candidates, tree or None)."""
    if r.kernels:
        w = _width(len(r.kernels))
        return [Candidate(i, "%0*d-%s" % (w, i, _word(k)), kernel=" ".join(k.split()))
                for i, k in enumerate(r.kernels)], None
    tree = gitrange.Tree(r.tree)
    good, bad = tree.commit(r.good), tree.commit(r.bad)
    line = tree.line(good, bad, r.good, r.bad)
    w = _width(len(line))
    return [Candidate(i, "%0*d-%s" % (w, i, tree.short(c)), commit=c, subject=tree.subject(c))
            for i, c in enumerate(line)], tree


def head(tree, candidates):
    """The commit checked out in the tree, as a candidate: its place in the
    line if it is on it, else a label of its own."""
    c = tree.head()
    for cand in candidates:
        if cand.commit == c:
            return cand
    return Candidate(-1, "run-%s" % tree.short(c), commit=c, subject=tree.subject(c))
