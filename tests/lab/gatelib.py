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
GATE, SUITE (tests/lab/gate.ini: select-only, one client, 3 s, on the
                            model disk under TCG), CACHE

The pipelines as their runners run them:
bootbench_repo(work)        a repository of bootbench as this tree is (what
                            the jobs clone: BOOTBENCH_GIT, BOOTBENCH_REF main)
clean_env(home, **more)     the environment a runner gives a job
Api(status)                 a web server that records the notes and comments
                            posted to it (.posts), answering status
gitlab_tree(tree, seed)     a kernel tree made a GitLab project that runs
                            lab/ci/gitlab-ci.yml on a shell runner, its
                            cache seeded with this host's downloads and
                            packages
gitlab_job(modules, tree, variables, home)
                            gitlab-ci-local runs its job: (the job's exit
                            status, output, wall seconds)
GITLAB_BUILD, GITLAB_CACHE  the job's folder and its cache's, relative to
                            the tree
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

TOP = os.environ["TOP"]
sys.path.insert(0, os.path.join(TOP, "tests/lib"))
import kerneldirs  # noqa: E402
from citools import gitlab_ci_local  # noqa: E402

GATE = os.path.join(TOP, "lab/ci/kernel-gate")
SUITE = os.path.join(TOP, "tests/lab/gate.ini")
CACHE_ROOT = os.environ.get("BOOTBENCH_CACHE") or \
    os.path.join(os.path.expanduser("~"), ".cache", "bootbench")
CACHE = os.path.join(CACHE_ROOT, "ci-kernels")


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


# --- the pipelines as their runners run them ----------------------------------
def bootbench_repo(work):
    """A git repository of bootbench as its working tree is (tracked files
    and new ones, not those ignored), one commit on the branch main: what
    the jobs clone (BOOTBENCH_GIT), their change included before it is
    committed."""
    repo = os.path.join(work, "bootbench.git")
    files = subprocess.run(["git", "-C", TOP, "ls-files", "-z", "--cached", "--others",
                            "--exclude-standard"], capture_output=True, text=True,
                           check=True).stdout.split("\0")
    for name in files:
        src = os.path.join(TOP, name)
        if not name or not os.path.lexists(src):
            continue
        dst = os.path.join(repo, name)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.islink(src):
            os.symlink(os.readlink(src), dst)
        else:
            shutil.copy2(src, dst)
    for args in (["init", "-q", "-b", "main"], ["add", "-A"],
                 ["-c", "user.email=test@bootbench", "-c", "user.name=test", "commit", "-q", "-m",
                  "bootbench as tested"]):
        subprocess.run(["git", "-C", repo] + args, check=True, capture_output=True)
    return repo


def clean_env(home, **more):
    """The environment a runner gives a job: none of the test's (its TOP,
    OUT or BUILD would send the job's make into this tree)."""
    os.makedirs(home, exist_ok=True)
    env = {"PATH": os.environ["PATH"], "HOME": home, "LANG": "C.UTF-8"}
    env.update(more)
    return env


class Api:
    """A web server on 127.0.0.1 that takes the POSTs of a CI system's API
    (a merge request's note, a pull request's comment): each one's path,
    headers and JSON body in posts; every answer has the status given."""

    def __init__(self, status=201):
        import http.server
        import threading
        posts = self.posts = []
        self.status = status
        api = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                posts.append((self.path, dict(self.headers), json.loads(body or b"null")))
                self.send_response(api.status)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(b"{}")

            def log_message(self, *args):
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = "http://127.0.0.1:%d" % self.server.server_port

    def close(self):
        self.server.shutdown()


GITLAB_JOB = "bootbench"
# The job's folder (CI_PROJECT_DIR) under gitlab-ci-local's shell isolation.
GITLAB_BUILD = os.path.join(".gitlab-ci-local", "builds", GITLAB_JOB)
# gitlab-ci-local's cache of the job: the key's folder in its state folder.
GITLAB_CACHE = os.path.join(".gitlab-ci-local", "cache", "bootbench", ".bootbench-cache")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def gitlab_tree(tree, seed=True):
    """tree made a project whose .gitlab-ci.yml is lab/ci/gitlab-ci.yml as
    a shell runner runs it (which ignores image:; gitlab-ci-local would
    start the image in Docker), untracked as gitlab-ci-local's own folder;
    with seed, its cache holds this host's downloads, built packages and
    ccache (links), as a runner's cache does after a first job."""
    with open(os.path.join(TOP, "lab/ci/gitlab-ci.yml")) as f:
        text = f.read()
    with open(os.path.join(tree, ".gitlab-ci.yml"), "w") as f:
        f.write(re.sub(r"(?m)^  image: .*\n", "", text))
    with open(os.path.join(tree, ".git", "info", "exclude"), "a") as f:
        f.write("/.gitlab-ci.yml\n/.gitlab-ci-local/\n")
    if seed:
        cache = os.path.join(tree, GITLAB_CACHE)
        os.makedirs(cache, exist_ok=True)
        for name in ("deb", "src", "packages", "ccache"):
            if not os.path.lexists(os.path.join(cache, name)):
                os.symlink(os.path.join(CACHE_ROOT, name), os.path.join(cache, name))


def gitlab_job(modules, tree, variables, home):
    """gitlab-ci-local runs the job in tree, with variables: (the job's exit
    status, its output); its folder is tree/.gitlab-ci-local/builds/bootbench."""
    argv = gitlab_ci_local(modules) + ["--shell-isolation", "--shell-executor-no-image"]
    for k, v in variables.items():
        argv += ["--variable", "%s=%s" % (k, v)]
    start = time.time()
    done = subprocess.run(argv + [GITLAB_JOB], cwd=tree, capture_output=True, text=True,
                          env=clean_env(home))
    out = ANSI.sub("", done.stdout + done.stderr)
    failed = re.search(r"^%s finished in .* FAIL (\d+)" % GITLAB_JOB, out, re.M)
    status = int(failed.group(1)) if failed else \
        0 if re.search(r"^ PASS +%s$" % GITLAB_JOB, out, re.M) else -1
    return status, out, time.time() - start
