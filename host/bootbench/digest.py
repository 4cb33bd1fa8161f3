# SPDX-License-Identifier: GPL-2.0-only
"""The one file digest of the host side.

file_sha256(path) is the sha256 of a file's bytes in hex, read a MiB at a
time; a file that cannot be read is an Error naming it (status 2: it was
given, or made for, the request).
"""
import hashlib

from bootbench import Error


def file_sha256(path):
    """The sha256 of the file at path, in hex."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    except OSError as e:
        raise Error("cannot read %s: %s" % (path, e.strerror), 2) from None
    return h.hexdigest()
