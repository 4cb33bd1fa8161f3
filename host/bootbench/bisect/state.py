# SPDX-License-Identifier: GPL-2.0-only
"""A bisect's state directory: everything a bisect knows, so that a bisect
of days survives a host's reboot or a killed process, and running the same
command again resumes it.

    DIR/identity.json    what the bisect is (its range, case, metric, suite,
                         how it boots): another bisect is refused here
    DIR/bisect.json      the range, the steps and their verdicts, the boots,
                         the result (doc/bisect.schema.json); rewritten
                         whole (write, fsync, rename) after every change
    DIR/sides/LABEL/     the runs of one candidate (runs/), as qemu/run's
                         --results leaves them (results.img, console/)
    DIR/builds/LABEL.log the build of one candidate
    DIR/report.txt, report.html
                         the report of the last good against the first bad
    DIR/lock             held while a bisect runs in DIR

identity_id(identity)    the 12 hex digits that name the default DIR,
                         bisect-<id>, of a bisect
State(path, identity)    open() checks DIR's identity (Error 2 for another
                         bisect's directory, or one that is no bisect's),
                         writes it and takes the lock (Error 2 if another
                         process holds it); record() is bisect.json's
                         content, save() writes it
"""
import errno
import fcntl
import hashlib
import json
import os
import time

from bootbench import Error, jsonfile


def identity_id(identity):
    text = json.dumps(identity, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def write_json(path, value):
    """value as JSON at path, whole or not at all (a crash leaves the old
    file)."""
    part = path + ".part"
    try:
        with open(part, "w", encoding="utf-8") as f:
            json.dump(value, f, indent=1, sort_keys=False)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(part, path)
        fd = os.open(os.path.dirname(path) or ".", os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as e:
        raise Error("cannot write %s: %s" % (path, e.strerror)) from None


class State:
    def __init__(self, path, identity):
        self.path = os.path.abspath(path)
        self.identity = identity
        self.json = os.path.join(self.path, "bisect.json")
        self._lock = None

    def differences(self):
        """The keys whose values differ from the identity already in the
        directory, as "key: there, here" texts; None if it has none."""
        ident = os.path.join(self.path, "identity.json")
        if not os.path.exists(ident):
            return None
        there = jsonfile.read(ident)
        if not isinstance(there, dict):
            raise Error("%s is not a bisect's identity" % ident, 2)
        keys = sorted(set(there) | set(self.identity))
        return ["%s: %s there, %s here" % (k, json.dumps(there.get(k)), json.dumps(self.identity.get(k)))
                for k in keys if there.get(k) != self.identity.get(k)]

    def check(self):
        """An Error (status 2) if the directory is another bisect's, or is
        no bisect's and not empty."""
        if os.path.exists(self.path) and not os.path.isdir(self.path):
            raise Error("--state: %s is not a directory" % self.path, 2)
        diff = self.differences()
        if diff:
            raise Error("the state directory %s holds another bisect (%s): give another --state"
                        % (self.path, "; ".join(diff)), 2)
        if diff is None and os.path.isdir(self.path) and os.listdir(self.path):
            raise Error("the state directory %s is not empty and holds no bisect "
                        "(no identity.json): give another --state" % self.path, 2)

    def open(self):
        self.check()
        try:
            os.makedirs(self.path, exist_ok=True)
            fd = os.open(os.path.join(self.path, "lock"), os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise Error("cannot create the state directory %s: %s" % (self.path, e.strerror)) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            os.close(fd)
            if e.errno in (errno.EWOULDBLOCK, errno.EACCES):
                raise Error("the state directory %s is in use by another bootbench-bisect"
                            % self.path, 2) from None
            raise Error("cannot lock %s/lock: %s" % (self.path, e.strerror)) from None
        self._lock = fd
        os.ftruncate(fd, 0)
        os.write(fd, b"%d\n" % os.getpid())
        ident = os.path.join(self.path, "identity.json")
        if not os.path.exists(ident):
            write_json(ident, self.identity)
        for d in ("sides", "builds"):
            os.makedirs(os.path.join(self.path, d), exist_ok=True)

    def record(self):
        """bisect.json's content, or None before the first save."""
        if not os.path.exists(self.json):
            return None
        rec = jsonfile.read(self.json)
        if not isinstance(rec, dict) or rec.get("format") != "bootbench-bisect":
            raise Error("%s is not a bisect's record" % self.json, 2)
        return rec

    def save(self, rec):
        rec["updated_utc"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        write_json(self.json, rec)

    def side(self, label):
        """The directory of a candidate's runs (DIR/sides/LABEL)."""
        return os.path.join(self.path, "sides", label)

    def build_log(self, label):
        return os.path.join(self.path, "builds", label + ".log")
