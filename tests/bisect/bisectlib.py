# SPDX-License-Identifier: GPL-2.0-only
"""bisectlib.py: what tests/bisect's Python tests share.

history(work, name, n, k, broken="", bad_kernel="6.12 pti=on")
    a synthetic git history (tests/bisect/lib.sh's history): n commits c0..,
    "6.12" before commit k and bad_kernel from k on, commit broken failing
    to build; its path
commit(tree, i)          the id of commit i of such a history
bisect(args, env, cwd)   (exit status, stdout, stderr) of bootbench-bisect
record(state)            a state directory's bisect.json
schema_errors(rec)       its errors against doc/bisect.schema.json; None
                         without python3-jsonschema
run_facts(run)           a run's status, kernel release and command line
comment(text)            text as TAP comment lines
BUILD_HOOK, FAKE_BOOT, SUITE (tests/bisect/bisect.ini), CASE (its case)
"""
import json
import os
import subprocess

TOP = os.environ["TOP"]
OUT = os.environ.get("OUT", os.path.join(TOP, "out"))
BISECT = os.path.join(OUT, "bin", "bootbench-bisect")
BUILD_HOOK = os.path.join(TOP, "tests/bisect/build-hook")
FAKE_BOOT = os.path.join(TOP, "tests/bisect/fake-boot")
SUITE = os.path.join(TOP, "tests/bisect/bisect.ini")
CASE = "pgbench-select-only-s1-c1"


def history(work, name, n, k, broken="", bad_kernel="6.12 pti=on"):
    d = os.path.join(work, name)
    subprocess.run(["sh", "-c", '. "$1/tests/bisect/lib.sh"; BAD_KERNEL="$6" history "$2" "$3" "$4" "$5"',
                    "sh", TOP, d, str(n), str(k), str(broken), bad_kernel], check=True)
    return d


def commit(tree, i):
    return subprocess.run(["git", "-C", tree, "rev-parse", "c%d" % i], capture_output=True, text=True,
                          check=True).stdout.strip()


def bisect(args, env=None, cwd=None):
    done = subprocess.run([BISECT] + list(args), capture_output=True, text=True,
                          env=dict(os.environ, **(env or {})), cwd=cwd)
    return done.returncode, done.stdout, done.stderr


def record(state):
    try:
        with open(os.path.join(state, "bisect.json")) as f:
            return json.load(f)
    except OSError:
        return {}


def schema_errors(rec):
    try:
        import jsonschema
    except ImportError:
        return None
    with open(os.path.join(TOP, "doc/bisect.schema.json")) as f:
        schema = json.load(f)
    v = jsonschema.Draft202012Validator(schema)
    return ["%s: %s" % ("/".join(map(str, e.absolute_path)), e.message) for e in v.iter_errors(rec)]


def run_facts(run):
    with open(os.path.join(run, "run.json")) as f:
        j = json.load(f)
    k = j.get("kernel") or {}
    return {"status": j.get("status"), "release": k.get("release") or "", "cmdline": k.get("cmdline") or ""}


def comment(text):
    for line in text.rstrip("\n").split("\n"):
        print("# " + line)


def steps_table(out):
    """The steps' table and the line of boots and wall time of an answer."""
    start = out.find("steps (in the order taken)")
    table = out[start if start >= 0 else out.find("no steps"):]
    return table[:table.find("\n", table.find("wall time"))]
