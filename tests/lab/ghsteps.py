# SPDX-License-Identifier: GPL-2.0-only
"""ghsteps.py: a GitHub Actions job of a workflow file run here as a
runner runs it in a container job, for tests/lab's tests of
lab/ci/github-workflow.yml.

run(workflow, job, event_name, event, workspace, origin, store, vars,
    env=None) -> Run
    every step of the job in order: its if: (default success()), its env
    (the workflow's, the job's, the step's), its ${{ }} expressions; run:
    steps with bash -eo pipefail in the workspace, with the variables
    GitHub sets (GITHUB_ACTIONS, GITHUB_WORKSPACE, GITHUB_EVENT_NAME,
    GITHUB_EVENT_PATH, GITHUB_SHA, GITHUB_REF, GITHUB_REPOSITORY,
    GITHUB_STEP_SUMMARY, GITHUB_API_URL, RUNNER_TEMP, CI) and HOME in the
    workspace's temporary folder; the actions it knows played as they
    behave:
      actions/checkout        a clone of origin (a bare repository whose
                              refs/pull/N/merge is a pull request's merge
                              commit) into its path, with its fetch-depth
                              and filter, the event's commit checked out
      actions/cache/restore   store/<key> (or the newest entry of a
                              restore-keys prefix) copied to its path
      actions/cache/save      its path copied to store/<key>, unless the
                              key is there (GitHub keeps a key's first)
      actions/upload-artifact the paths it names that exist, noted
    Any other action is an error.  In a container job github.workspace is
    the host's path, not the container's (actions/runner#2058): here it is
    a path that does not exist.
Run: status (the first failed step's exit status, else 0), output (every
step's, with "## step" lines), summary (GITHUB_STEP_SUMMARY's text),
uploaded (paths), saved (keys)
evaluate(text, contexts) an expression, as GitHub evaluates its operators
"""
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field

import yaml

HOST_WORKSPACE = "/home/runner/work/linux/linux"


@dataclass
class Run:
    status: int = 0
    output: str = ""
    summary: str = ""
    uploaded: list = field(default_factory=list)
    saved: list = field(default_factory=list)


# --- expressions -------------------------------------------------------------
TOKEN = re.compile(r"\s*(?:(\|\||&&|==|!=|[!().,])|'((?:[^']|'')*)'|([A-Za-z_][\w.-]*)|(\d+))")


def _tokens(text):
    pos, out = 0, []
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            if text[pos:].strip():
                raise ValueError("cannot read expression %r at %d" % (text, pos))
            break
        op, string, name, number = m.groups()
        out.append(("op", op) if op else ("str", string.replace("''", "'")) if string is not None
                   else ("num", int(number)) if number else ("name", name))
        pos = m.end()
    return out


def evaluate(text, contexts):
    toks = _tokens(text)
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else (None, None)

    def take():
        pos[0] += 1
        return toks[pos[0] - 1]

    def primary():
        kind, val = take()
        if kind == "op" and val == "(":
            v = disjunction()
            take()
            return v
        if kind == "op" and val == "!":
            return not primary()
        if kind in ("str", "num"):
            return val
        if val in ("true", "false", "null"):
            return {"true": True, "false": False, "null": None}[val]
        if peek() == ("op", "("):
            take()
            args = []
            while peek() != ("op", ")"):
                args.append(disjunction())
                if peek() == ("op", ","):
                    take()
            take()
            return contexts["functions"][val](*args)
        v = contexts
        for part in val.split("."):
            v = v.get(part) if isinstance(v, dict) else None
        return v

    def comparison():
        v = primary()
        while peek() in (("op", "=="), ("op", "!=")):
            op = take()[1]
            w = primary()
            same = str(v).lower() == str(w).lower() if isinstance(v, str) and isinstance(w, str) \
                else v == w
            v = same if op == "==" else not same
        return v

    def conjunction():
        v = comparison()
        while peek() == ("op", "&&"):
            take()
            w = comparison()
            v = w if v else v
        return v

    def disjunction():
        v = conjunction()
        while peek() == ("op", "||"):
            take()
            w = conjunction()
            v = v if v else w
        return v

    return disjunction()


def _text(value):
    return "" if value is None else ("true" if value is True else "false" if value is False
                                     else str(value))


def expand(text, contexts):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: _text(evaluate(m.group(1), contexts)), str(text))


# --- the job ---------------------------------------------------------------------
def run(workflow, job, event_name, event, workspace, origin, store, vars, env=None):
    with open(workflow) as f:
        wf = yaml.safe_load(f)
    j = wf["jobs"][job]
    pr = event.get("pull_request")
    sha = pr["merge_commit_sha"] if pr else event["after"]
    ref = "refs/pull/%d/merge" % pr["number"] if pr else event["ref"]
    temp = os.path.join(workspace, "_temp")
    os.makedirs(temp, exist_ok=True)
    event_path = os.path.join(temp, "event.json")
    with open(event_path, "w") as f:
        json.dump(event, f)
    summary = os.path.join(temp, "step_summary")
    open(summary, "w").close()
    repository = event["repository"]["full_name"]
    github = {"event_name": event_name, "event": event, "sha": sha, "ref": ref,
              "ref_name": ref.split("/", 2)[-1] if not pr else "%d/merge" % pr["number"],
              "base_ref": pr["base"]["ref"] if pr else "", "head_ref": pr["head"]["ref"] if pr else "",
              "repository": repository, "workspace": HOST_WORKSPACE, "token": "token-of-the-job",
              "run_id": "1"}
    state = {"failed": False}
    functions = {"always": lambda: True, "success": lambda: not state["failed"],
                 "failure": lambda: state["failed"], "cancelled": lambda: False,
                 "format": lambda f, *a: re.sub(r"\{(\d+)\}", lambda m: _text(a[int(m.group(1))]), f)}
    contexts = {"github": github, "vars": vars, "secrets": {}, "functions": functions,
                "runner": {"temp": temp, "os": "Linux"}, "env": {}}
    for scope in (wf.get("env") or {}, j.get("env") or {}):
        for k, v in scope.items():
            contexts["env"][k] = expand(v, contexts)
    base_env = dict(env or {}, PATH=os.environ["PATH"], HOME=os.path.join(temp, "home"), CI="true",
                    GITHUB_ACTIONS="true", GITHUB_WORKSPACE=workspace, GITHUB_EVENT_NAME=event_name,
                    GITHUB_EVENT_PATH=event_path, GITHUB_SHA=sha, GITHUB_REF=ref,
                    GITHUB_REPOSITORY=repository, GITHUB_STEP_SUMMARY=summary,
                    GITHUB_API_URL="https://api.github.com", RUNNER_TEMP=temp)
    os.makedirs(base_env["HOME"], exist_ok=True)
    out = Run()
    for i, step in enumerate(j["steps"]):
        name = step.get("name") or step.get("uses") or "step %d" % i
        cond = str(step.get("if", "success()"))
        cond = cond[3:-2] if cond.startswith("${{") else cond
        if not evaluate(cond, contexts):
            out.output += "## %s: skipped\n" % name
            continue
        step_env = dict(contexts["env"], **{k: expand(v, contexts) for k, v in (step.get("env") or {}).items()})
        with_ = {k: expand(v, contexts) for k, v in (step.get("with") or {}).items()}
        out.output += "## %s\n" % name
        if "run" in step:
            done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                                   expand(step["run"], contexts)], cwd=workspace,
                                  env=dict(base_env, **step_env), capture_output=True, text=True)
            out.output += done.stdout + done.stderr
            status = done.returncode
        else:
            status, text = _action(step["uses"], with_, workspace, origin, store, pr, sha, out)
            out.output += text
        if status != 0 and not state["failed"]:
            state["failed"], out.status = True, status
    with open(summary) as f:
        out.summary = f.read()
    return out


def _git(*args, cwd=None):
    done = subprocess.run(["git"] + list(args), cwd=cwd, capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def _action(uses, with_, workspace, origin, store, pr, sha, out):
    action = uses.split("@")[0]
    if action == "actions/checkout":
        dest = os.path.join(workspace, with_.get("path", ""))
        args = ["clone", "-q", "--no-checkout"]
        if str(with_.get("fetch-depth", "1")) != "0":
            args += ["--depth", str(with_.get("fetch-depth", "1"))]
        if with_.get("filter"):
            args += ["--filter=" + with_["filter"]]
        rc, text = _git(*args, "file://" + origin, dest)
        if rc == 0 and pr:
            rc, more = _git("fetch", "-q", "origin", "+refs/pull/%d/merge:refs/remotes/pull/%d/merge"
                            % (pr["number"], pr["number"]), cwd=dest)
            text += more
        if rc == 0:
            rc, more = _git("checkout", "-q", "--detach", sha, cwd=dest)
            text += more
        return rc, text
    if action == "actions/cache/restore":
        dest = os.path.join(workspace, with_["path"])
        names = sorted(os.listdir(store), key=lambda n: os.path.getmtime(os.path.join(store, n)),
                       reverse=True) if os.path.isdir(store) else []
        hit = with_["key"] if with_["key"] in names else next(
            (n for p in str(with_.get("restore-keys", "")).split("\n") if p for n in names
             if n.startswith(p)), None)
        if hit:
            shutil.copytree(os.path.join(store, hit), dest, symlinks=True, dirs_exist_ok=True)
        return 0, "cache %s\n" % ("restored from key: %s" % hit if hit else "not found")
    if action == "actions/cache/save":
        if os.path.isdir(os.path.join(store, with_["key"])):
            return 0, "a cache entry of key %s exists: not saved\n" % with_["key"]
        if not os.path.isdir(os.path.join(workspace, with_["path"])):
            return 0, "nothing to save at %s\n" % with_["path"]
        shutil.copytree(os.path.join(workspace, with_["path"]), os.path.join(store, with_["key"]),
                        symlinks=True)
        out.saved.append(with_["key"])
        return 0, "cache saved with key: %s\n" % with_["key"]
    if action == "actions/upload-artifact":
        paths = [p for p in str(with_.get("path", "")).split("\n") if p.strip()]
        out.uploaded = [p for p in paths if os.path.exists(os.path.join(workspace, p.strip()))]
        return 0, "uploaded %d of %d paths\n" % (len(out.uploaded), len(paths))
    return 1, "ghsteps: no emulation of the action %s\n" % uses
