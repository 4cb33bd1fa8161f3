# SPDX-License-Identifier: GPL-2.0-only
"""The one JSON reader of the host side: Python's json module.

read(path) is the parsed file, parse(text, what) the parsed text (what
names it in an error; with leading=True only the value text begins with,
whatever follows it); first(value, key) finds a key anywhere in a value, at(value, path) the value
at a dotted path ("kernel.build.kind").
What cannot be read or parsed is an Error naming it.
"""
import json

from bootbench import Error


def parse(text, what, leading=False):
    """The JSON value of text, which came from what."""
    try:
        if leading:
            return json.JSONDecoder().raw_decode(text.lstrip())[0]
        return json.loads(text)
    except ValueError as e:
        raise Error("%s is not valid JSON: %s" % (what, e)) from None


def read(path):
    """The JSON value of the file at path."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise Error("cannot read %s: %s" % (path, getattr(e, "strerror", None) or e)) from None
    return parse(text, path)


def first(value, key):
    """The first value of key, in the order of the document, that is a
    string or a number (not an object, an array, a boolean or null); None
    if there is none."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == key and isinstance(v, (str, int, float)) and not isinstance(v, bool):
                return v
            found = first(v, key)
            if found is not None:
                return found
    elif isinstance(value, list):
        for v in value:
            found = first(v, key)
            if found is not None:
                return found
    return None


def at(value, path):
    """The value at the dotted path ("kernel.build.kind": keys of nested
    objects), or None where the path leads nowhere."""
    for key in path.split("."):
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value
