# SPDX-License-Identifier: GPL-2.0-only
"""bisectlib.py: what tests/bisect's Python tests share.

history(work, name, n, k, broken="", bad_kernel="6.12 pti=on", base_kernel="6.12")
    a synthetic git history (tests/bisect/lib.sh's history): n commits c0..,
    base_kernel before commit k and bad_kernel from k on, commit broken
    failing to build; its path
commit(tree, i)          the id of commit i of such a history
bisect(args, env, cwd)   (exit status, stdout, stderr) of bootbench-bisect
record(state)            a state directory's bisect.json
schema_errors(rec)       its errors against doc/bisect.schema.json (one
                         saying so without python3-jsonschema)
run_facts(run)           a run's status, kernel release, command line,
                         clock ("instructions:3", "host") and variant name
                         (None without one)
comment(text)            text as TAP comment lines
check_slub_answer(rc, out, err, state, tree)
                         the TAP checks of a bisect of history(work, name,
                         3, 2, bad_kernel="6.12 slub_debug") at 3 boots a
                         side in instruction time: commit 2 named (exit
                         0), commit 1 good, every side 3 done runs of 6.12
                         in instruction time, slub_debug on the bad end's
                         only, bisect.json valid, the report written; the
                         record
fake_kernel_tree(path, n, broken=None)
                         a tiny fake kernel git tree of n commits whose
                         Makefile answers olddefconfig, bzImage, modules and
                         modules_install as Kbuild does, by laying out
                         Debian's prepared 6.12 as if it had built it (a
                         real build takes about half an hour here); commit
                         broken does not compile; the commits' ids.  Its
                         make needs FAKE_ENV in the environment
BUILD_HOOK, FAKE_BOOT, SUITE (tests/bisect/bisect.ini), CASE (its case)
FAKE_KDIR, FAKE_RELEASE  that kernel's prepared directory and release
"""
import json
import os
import subprocess
import sys

TOP = os.environ["TOP"]
OUT = os.environ.get("OUT", os.path.join(TOP, "out"))
BISECT = os.path.join(OUT, "bin", "bootbench-bisect")
BUILD_HOOK = os.path.join(TOP, "tests/bisect/build-hook")
FAKE_BOOT = os.path.join(TOP, "tests/bisect/fake-boot")
SUITE = os.path.join(TOP, "tests/bisect/bisect.ini")
CASE = "pgbench-select-only-s1-c1"
FAKE_KDIR = os.path.realpath(os.path.join(OUT, "kernels", "6.12"))
FAKE_RELEASE = os.path.basename(FAKE_KDIR)
FAKE_ENV = {"FAKE_KDIR": FAKE_KDIR, "FAKE_RELEASE": FAKE_RELEASE}
FAKE_MAKEFILE = """\
# A fake kernel tree: Debian's 6.12, laid out as if built here.
olddefconfig:
\t@test -f .config
bzImage:
\t@if [ -e broken ]; then echo "init/main.c:1:1: error: $$(cat broken)" >&2; exit 1; fi
\tmkdir -p arch/x86/boot include/config
\tcp $(FAKE_KDIR)/vmlinuz arch/x86/boot/bzImage
\techo $(FAKE_RELEASE) >include/config/kernel.release
\techo "$(CC)" >cc.used
modules:
\t@true
modules_install:
\tmkdir -p $(INSTALL_MOD_PATH)
\tcd $(INSTALL_MOD_PATH) && zcat $(FAKE_KDIR)/modules.cpio.gz | cpio -id --quiet --no-absolute-filenames
\t@rm -f $(INSTALL_MOD_PATH)/lib/modules/$(FAKE_RELEASE)/load*.list
.PHONY: olddefconfig bzImage modules modules_install
"""


def fake_kernel_tree(path, n, broken=None):
    def git(*args):
        return subprocess.run(["git", "-C", path] + list(args), capture_output=True, text=True,
                              check=True).stdout.strip()

    os.makedirs(path)
    git("init", "-q")
    git("config", "user.email", "test@bootbench")
    git("config", "user.name", "test")
    with open(os.path.join(path, ".gitignore"), "w") as f:
        f.write(".config\narch/\ninclude/\nmod/\ncc.used\n")
    commits = []
    for i in range(n):
        with open(os.path.join(path, "Makefile"), "w") as f:
            f.write(FAKE_MAKEFILE)
        with open(os.path.join(path, "version"), "w") as f:
            f.write("%d\n" % i)
        if i == broken:
            with open(os.path.join(path, "broken"), "w") as f:
                f.write("'struct rq' has no member named 'clock'")
        elif os.path.exists(os.path.join(path, "broken")):
            os.remove(os.path.join(path, "broken"))
        git("add", "-A")
        git("commit", "-q", "-m", "commit %d" % i)
        commits.append(git("rev-parse", "HEAD"))
    return commits


def history(work, name, n, k, broken="", bad_kernel="6.12 pti=on", base_kernel="6.12"):
    d = os.path.join(work, name)
    subprocess.run(["sh", "-c", '. "$1/tests/bisect/lib.sh"; BAD_KERNEL="$6" BASE_KERNEL="$7" '
                    'history "$2" "$3" "$4" "$5"',
                    "sh", TOP, d, str(n), str(k), str(broken), bad_kernel, base_kernel], check=True)
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
        return ["python3 %s has no jsonschema module (python3-jsonschema; make deps)" % sys.executable]
    with open(os.path.join(TOP, "doc/bisect.schema.json")) as f:
        schema = json.load(f)
    v = jsonschema.Draft202012Validator(schema)
    return ["%s: %s" % ("/".join(map(str, e.absolute_path)), e.message) for e in v.iter_errors(rec)]


def run_facts(run):
    with open(os.path.join(run, "run.json")) as f:
        j = json.load(f)
    k = j.get("kernel") or {}
    clock = j.get("clock") or {"mode": "host"}
    return {"status": j.get("status"), "release": k.get("release") or "", "cmdline": k.get("cmdline") or "",
            "clock": ":".join(str(clock[x]) for x in ("mode", "shift") if x in clock),
            "variant": (j.get("variant") or {}).get("name")}


def comment(text):
    for line in text.rstrip("\n").split("\n"):
        print("# " + line)


def steps_table(out):
    """The figures of an answer: the first bad against the last good, the
    ends, the steps' table and the line of boots and wall time."""
    start = out.find("the first bad against")
    if start < 0:
        start = out.find("steps (in the order taken)")
    table = out[start if start >= 0 else out.find("no steps"):]
    return table[:table.find("\n", table.find("wall time"))]


def check_slub_answer(rc, out, err, state, tree):
    from pytap import check
    rec = record(state)
    found = (rec.get("result") or {}).get("first_bad") or {}
    check(rc == 0 and found.get("commit") == commit(tree, 2),
          "commit 2, slub_debug, is the first bad (exit %d)" % rc)
    if rc != 0:
        comment(err)
    steps = [(s["index"], s["verdict"]) for s in rec.get("steps", [])]
    check(steps == [(1, "good")], "commit 1 is good (%s)" % steps)
    facts = {lab: [run_facts(os.path.join(state, r)) for r in side["runs"]]
             for lab, side in rec.get("sides", {}).items()}
    labels = [c["label"] for c in rec.get("range", [])]
    check(labels and all(f["status"] == "done" and f["release"].startswith("6.12.") and
                         f["clock"] == "instructions:3" for fs in facts.values() for f in fs) and
          all(len(facts.get(lab, [])) == 3 for lab in labels),
          "every side has 3 done runs of 6.12 in instruction time, no more (%s)"
          % {lab: len(facts.get(lab, [])) for lab in labels})
    check(labels and all(("slub_debug" in f["cmdline"].split()) == (lab == labels[2])
                         for lab in labels for f in facts.get(lab, [])),
          "slub_debug on the command line of the bad end's runs only")
    errs = schema_errors(rec)
    check(not errs, "bisect.json is valid against doc/bisect.schema.json %s"
          % (errs or "")[:300])
    html = os.path.join(state, "report.html")
    check(os.path.isfile(html) and os.path.getsize(html) > 0 and "columns by argument" in out,
          "the report of the last good against the first bad, text and HTML")
    return rec
