# SPDX-License-Identifier: GPL-2.0-only
"""schemas.py: validators for the JSON Schemas in doc/ (2020-12), with
python3-jsonschema, the schemas referring to each other by file name.

    errors(top, "run.schema.json", document)                 -> [(path, message)]
    errors(top, "results.schema.json", line, "measurement")  -> against $defs/measurement

Raises ImportError when jsonschema is missing (tests/lib/e2e.sh runs the
checkers with the first python3 that has it: the one on PATH, or Debian's).
"""
import json
import os
import warnings

import jsonschema

NAMES = ("run.schema.json", "results.schema.json", "host.schema.json")
_validators = {}


def _validator(top, name, definition):
    key = (top, name, definition)
    if key in _validators:
        return _validators[key]
    docdir = os.path.join(top, "doc")
    schemas = {}
    for n in NAMES:
        with open(os.path.join(docdir, n)) as f:
            schemas[n] = json.load(f)
    base = "file://" + docdir + "/"
    uri = base + name
    root = dict(schemas[name], **{"$id": uri})
    if definition:  # a schema of its own that refers to the definition
        uri = base + name + ".d/" + definition
        root = {"$schema": root["$schema"], "$id": uri, "$ref": base + name + "#/$defs/" + definition}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:  # jsonschema >= 4.18: the referencing registry
            from referencing import Registry, Resource
            registry = Registry().with_resources(
                [(base + n, Resource.from_contents(dict(s, **{"$id": base + n})))
                 for n, s in schemas.items()])
            v = jsonschema.Draft202012Validator(root, registry=registry)
        except ImportError:  # Debian 12's jsonschema 4.10
            resolver = jsonschema.RefResolver(uri, root,
                                              store={base + n: s for n, s in schemas.items()})
            v = jsonschema.Draft202012Validator(root, resolver=resolver)
    _validators[key] = v
    return v


def errors(top, name, document, definition=None):
    """The schema's complaints about document, first by path, as (path, message)."""
    v = _validator(top, name, definition)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        found = sorted(v.iter_errors(document), key=lambda e: list(e.absolute_path))
    return [("/".join(str(p) for p in e.absolute_path) or "(top)", e.message[:300]) for e in found]
