# SPDX-License-Identifier: GPL-2.0-only
"""Run directories rebuilt from a console log.

The init prints each run directory as a tar.gz in base64 between
  bootbench-results-begin: {"run": "runs/NAME", "format": "tar.gz", "bytes": N, "sha256": "H"}
  bootbench-results-end: {"run": "runs/NAME", "lines": L, "sha256": "H"}
(init/console_results.h).  Lines between the markers that are not base64
(kernel messages printed meanwhile) are left out.  A run whose end marker
is missing, whose line count, size or sha256 differ, or whose archive
holds anything outside its own directory, is named and nothing of it is
written.  The log may be a plain console log, or a LAVA job log (lava-run's
output, one JSON object a line, or the job's YAML log, "- {...}" a line),
whose "target" lines are the console's.

extract(log, dest) rebuilds each run of log as dest/NAME (unless it
exists), says one line per run (on stdout when rebuilt, on stderr when
not) and returns 0, or 1 if no run was found or one was refused.
"""
import base64
import hashlib
import io
import os
import re
import shutil
import sys
import tarfile
import tempfile

from bootbench import jsonfile, Error

BEGIN = "bootbench-results-begin: "
END = "bootbench-results-end: "
_BASE64 = re.compile(r"[A-Za-z0-9+/=]+")


class Refused(Exception):
    """A run not written, and why."""


def console_lines(text):
    """The console's lines of a log: a plain console log's as they are, a
    LAVA log's "msg" of each "target" line."""
    for line in text.replace("\r", "").split("\n"):
        record = line[2:] if line.startswith("- {") else line
        if record.startswith('{"dt": ') and '"lvl": "target"' in record:
            try:
                entry = jsonfile.parse(record, "a LAVA log line")
            except Error:
                entry = None
            if isinstance(entry, dict) and isinstance(entry.get("msg"), str):
                # LAVA's YAML log escapes the console's quotes once more.
                line = entry["msg"].replace('\\"', '"')
        yield line


def split_runs(lines):
    """Each run printed: a dict with "begin" (the begin marker's text),
    "data" (its base64 lines) and "end" (the end marker's text, or None
    when the log ends first)."""
    runs, current = [], None
    for line in lines:
        if BEGIN + "{" in line:
            current = {"begin": line.split(BEGIN, 1)[1], "data": [], "end": None}
            runs.append(current)
        elif END + "{" in line and current:
            current["end"] = line.split(END, 1)[1]
            current = None
        elif current and _BASE64.fullmatch(line):
            current["data"].append(line)
    return runs


def _marker(text):
    try:
        value = jsonfile.parse(text, "a marker", leading=True)
    except Error:
        return {}
    return value if isinstance(value, dict) else {}


def rebuild(run, dest):
    """Run (from split_runs) as dest/NAME; returns that path, or raises
    Refused saying why nothing was written."""
    begin = _marker(run["begin"])
    name = str(begin.get("run", ""))
    name = name[len("runs/"):] if name.startswith("runs/") else name
    if not name or "/" in name or name.startswith("."):
        raise Refused("a begin line names no run directory: %s" % run["begin"])
    lines = len(run["data"])
    if run["end"] is None:
        raise Refused("run %s is incomplete: the log ends after %d of its lines, before its "
                      "end line; nothing written" % (name, lines))
    want = _marker(run["end"]).get("lines")
    if lines != want:
        raise Refused("run %s is incomplete: %d lines of base64 where its end line counts %s; "
                      "nothing written" % (name, lines, "" if want is None else want))
    try:
        archive = base64.b64decode("".join(run["data"]), validate=True)
    except ValueError:
        raise Refused("run %s: its lines are not valid base64; nothing written" % name) from None
    sha = hashlib.sha256(archive).hexdigest()
    if sha != begin.get("sha256") or len(archive) != begin.get("bytes"):
        raise Refused("run %s is altered: sha256 %s, %d bytes; its begin line says %s, %s bytes; "
                      "nothing written" % (name, sha, len(archive), begin.get("sha256"),
                                           begin.get("bytes")))
    target = os.path.join(dest, name)
    if os.path.lexists(target):
        raise Refused("%s exists: not replacing it" % target)
    _unpack(archive, name, dest)
    return target


def _unpack(archive, name, dest):
    """The archive's NAME/ moved into dest; only NAME/ and what is below
    it, no way out of it."""
    try:
        tar = tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz")
        members = tar.getmembers()
    except (tarfile.TarError, OSError, EOFError):
        raise Refused("run %s: the archive holds paths outside its directory; nothing written"
                      % name) from None
    for m in members:
        parts = m.name.rstrip("/").split("/")
        if parts[0] != name or ".." in parts:
            raise Refused("run %s: the archive holds paths outside its directory; "
                          "nothing written" % name)
    with tempfile.TemporaryDirectory(prefix=".console-results.", dir=dest) as t:
        try:
            # The names are checked above; the filter, where this Python
            # has one, only refuses what they already exclude.
            if hasattr(tarfile, "tar_filter"):
                tar.extractall(t, filter="tar")
            else:
                tar.extractall(t)
            shutil.move(os.path.join(t, name), os.path.join(dest, name))
        except (tarfile.TarError, OSError) as e:
            raise Refused("run %s: could not unpack it into %s: %s" % (name, dest, e)) from None


def extract(log, dest):
    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        sys.stderr.write("console results: cannot read %s\n" % log)
        return 1
    try:
        os.makedirs(dest, exist_ok=True)
    except OSError as e:
        sys.stderr.write("console results: cannot make %s: %s\n" % (dest, e.strerror))
        return 1
    runs = split_runs(console_lines(text))
    if not runs:
        sys.stderr.write("console results: no run in %s (no bootbench-results-begin line)\n" % log)
        return 1
    status = 0
    for run in runs:
        try:
            path = rebuild(run, dest)
        except Refused as e:
            sys.stderr.write("console results: %s\n" % e)
            status = 1
            continue
        begin = _marker(run["begin"])
        sys.stdout.write("console results: %s (%s bytes, sha256 %s)\n"
                         % (path, begin["bytes"], begin["sha256"]))
    sys.stdout.flush()
    return status
