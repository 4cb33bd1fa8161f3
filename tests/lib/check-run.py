#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""check-run.py RUN_DIR: is run.json of a run valid, its provenance plausible?

Prints a TAP stream (tests/lib/pytap.py: "ok N - ..." / "not ok N - ...",
the plan "1..N" at the end; tests/lib/e2e.sh takes its results as its own):
run.json valid against doc/run.schema.json (JSON Schema 2020-12, with
python3-jsonschema, bench.json through results.schema.json), and the
provenance the init records: the image id as the image carries it
($BUILD/image-info/image.json) and equal to the tree's (its commit, git
describe --always, + sha256 of rootfs/versions.mk, as rootfs/image-info makes
it), the cluster template's digest (a run that copied the template names
the image's), the PostgreSQL build, the kernel config (the file in the run
directory, its sha256, the same bytes as $OUT/kernels/<release>/config),
CPU vulnerabilities, THP, clocksource and NUMA nodes as the kernel shows
them; host.json, where qemu/run wrote one, valid against
doc/host.schema.json.  Environment: TOP, OUT, BUILD (default TOP/build);
CHECK_RUN_KEPT set: the run was made by another build of the same image id
and kept (its cluster template is that build's).  Exit status 0 if all
passed.
"""
import hashlib
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pytap  # noqa: E402
from pytap import check  # noqa: E402

run = sys.argv[1]
top = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = os.environ.get("OUT") or os.path.join(top, "out")


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


with open(os.path.join(run, "run.json")) as f:
    rec = json.load(f)

# --- the schema ---
try:
    import schemas
except ImportError:
    check(False, "python3 jsonschema module is installed (python3-jsonschema; make deps)")
    schemas = None
if schemas:
    errors = schemas.errors(top, "run.schema.json", rec)
    for path, message in errors[:10]:
        print("# %s: %s" % (path, message))
    check(not errors, "run.json is valid against doc/run.schema.json (%d errors)" % len(errors))
    # host.json, which qemu/run writes beside a run it booted.
    host_path = os.path.join(run, "host.json")
    if os.path.exists(host_path):
        with open(host_path) as f:
            host = json.load(f)
        errors = schemas.errors(top, "host.schema.json", host)
        for path, message in errors[:10]:
            print("# host.json %s: %s" % (path, message))
        check(not errors, "host.json is valid against doc/host.schema.json (%d errors)" % len(errors))

# --- the image ---
img = rec.get("image")
check(isinstance(img, dict), "run.json records the image")
img = img if isinstance(img, dict) else {}
# The record holds the image's /etc/bootbench/image.json as built; that file
# names the tree's commit (an uncommitted edit since adds "-dirty") and the
# sha256 of its rootfs/versions.mk.
built_path = os.path.join(os.environ.get("BUILD") or os.path.join(top, "build"),
                          "image-info", "image.json")
try:
    with open(built_path) as f:
        built = json.load(f)
except (OSError, ValueError) as e:
    built = {}
    print("# %s: %s" % (built_path, e))
if os.environ.get("CHECK_RUN_KEPT"):
    # A run another build of the same tree made and kept (lab/ci's kept
    # runs, matched by the image id): each build makes its own cluster
    # template, and initdb's system identifier and times make its digest
    # that build's; everything else is the image's.
    check({k: v for k, v in img.items() if k != "cluster"} ==
          {k: v for k, v in built.items() if k != "cluster"},
          "run.json's image is the image's %s but for the cluster template (a run kept by "
          "another build of the same image id)" % built_path)
else:
    check(img == built, "run.json's image is the image's %s" % built_path)
# The cluster template (doc/fidelity.md#the-cluster-template): the image
# names its digest, and a run that copied it names the same one.
cluster = img.get("cluster") or {}
check(re.fullmatch(r"[0-9a-f]{64}", cluster.get("digest") or "") is not None
      and cluster.get("files", 0) > 0, "the image records its cluster template's digest")
used = ((rec.get("bench") or {}).get("postgresql") or {}).get("cluster") or {}
if used.get("source") == "template":
    check(used.get("digest") == cluster.get("digest"),
          "the run's cluster is the image's template (bench.json's digest is image.json's)")
# The loaded template (doc/fidelity.md#the-loaded-template), where a run
# started an environment from it: the image's, by digest and load.
if used.get("loaded"):
    check(used["loaded"].get("digest") == (cluster.get("loaded") or {}).get("digest")
          and used["loaded"].get("load") == (cluster.get("loaded") or {}).get("load"),
          "the run's loaded template is the image's (%s)" % used["loaded"].get("load"))
try:
    desc = subprocess.run(["git", "-C", top, "describe", "--always"],
                          env=dict(os.environ, GIT_OPTIONAL_LOCKS="0"), capture_output=True,
                          text=True, check=True).stdout.strip()
except (OSError, subprocess.CalledProcessError):
    desc = "unknown"
vsum = sha256_file(os.path.join(top, "rootfs", "versions.mk"))
got = img.get("git_describe", "")
got = got[:-len("-dirty")] if got.endswith("-dirty") else got
check(got == desc and img.get("versions_sha256") == vsum
      and img.get("id") == "%s+%s" % (img.get("git_describe"), vsum[:12]),
      "image id %s is the tree's (%s, versions.mk %s)" % (img.get("id"), desc, vsum[:12]))
pg = img.get("postgresql") or {}
check(bool(pg.get("cc")) and re.search(r"\d+\.\d+", pg.get("cc_version", "")) is not None,
      "PostgreSQL compiler: %s, %s" % (pg.get("cc"), pg.get("cc_version")))
check(re.search(r"(^|\s)-O[0-3s]", pg.get("cflags", "")) is not None,
      "PostgreSQL CFLAGS has an optimisation level: %r" % pg.get("cflags"))
check(bool(pg.get("allocator")), "PostgreSQL allocator: %s" % pg.get("allocator"))
check(bool(pg.get("memcpy")), "PostgreSQL memcpy: %s" % pg.get("memcpy"))

# --- the kernel ---
k = rec.get("kernel", {})
release = k.get("release", "")
cfg = k.get("config") or {}
path = os.path.join(run, cfg.get("file") or "kernel.config")
check(cfg.get("source") in ("/proc/config.gz", "/lib/modules/%s/config" % release),
      "kernel config read from %s" % cfg.get("source"))
check(cfg.get("file") == "kernel.config" and os.path.isfile(path) and cfg.get("sha256") == sha256_file(path),
      "kernel.config in the run directory, its sha256 %s as recorded" % cfg.get("sha256"))
text = open(path, errors="replace").read() if os.path.isfile(path) else ""
prepared = os.path.join(out, "kernels", release, "config")
if cfg.get("source", "").startswith("/lib/modules/") and os.path.isfile(prepared):
    check(cfg.get("sha256") == sha256_file(prepared),
          "kernel.config is the config prepared beside the kernel (%s)" % os.path.relpath(prepared, top))
check(len(re.findall(r"^CONFIG_\w+=", text, re.M)) >= 100, "kernel.config is a kernel configuration")

mit = k.get("mitigations")
known = ("Not affected", "Vulnerable", "Mitigation", "Unknown", "Processor vulnerable")
check(isinstance(mit, dict) and "spectre_v1" in mit and
      all(isinstance(v, str) and v.startswith(known) for v in mit.values()),
      "CPU vulnerabilities: %d listed, %s" % (len(mit or {}), ", ".join(
          "%s=%s" % (n, (v or "")[:24]) for n, v in sorted((mit or {}).items())[:3])))

thp = k.get("transparent_hugepage") or {}
has_thp = re.search(r"^CONFIG_TRANSPARENT_HUGEPAGE=y", text, re.M) is not None
if has_thp:
    check(thp.get("enabled") in ("always", "madvise", "never") and
          thp.get("defrag") in ("always", "defer", "defer+madvise", "madvise", "never"),
          "THP enabled %s, defrag %s" % (thp.get("enabled"), thp.get("defrag")))
else:
    check(thp.get("enabled") is None and thp.get("defrag") is None, "no THP in the kernel: null")
check(re.fullmatch(r"[a-z0-9_-]+", k.get("clocksource") or "") is not None,
      "clocksource %s" % k.get("clocksource"))
numa = k.get("numa")
if re.search(r"^CONFIG_NUMA=y", text, re.M):
    check(isinstance(numa, dict) and isinstance(numa.get("nodes"), int) and numa["nodes"] >= 1,
          "NUMA nodes: %s" % numa)
else:
    check(numa is None, "no NUMA in the kernel: null")
pytap.exit()
