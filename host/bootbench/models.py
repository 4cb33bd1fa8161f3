# SPDX-License-Identifier: GPL-2.0-only
"""The modeled target disks (doc/models.md): the models of
rootfs/skeleton/etc/bootbench/models.conf, the file the image's init reads
as /etc/bootbench/models.conf to make a model disk (a null_blk device in
the guest's memory), read here to check a request before anything boots.

load(where)               {name: Model} in the file's order (the first is
                          the default); an Error naming the line of a bad one
parse(text)               the same from the file's text
choose(text, models)      the Model that "model" or "model:NAME" names; a
                          ValueError naming the models for an unknown one
resolve(text, suite, accel, where)
                          --target auto: the suite's qemu_target under TCG
request(text, where)      --target's value: None for disk, or the Model
guest_mib(model, mib)     the guest memory a model disk of mib MiB takes,
                          with what the guest keeps for itself (the init
                          checks the same before it makes the disk)
check_fits(model, mib, memory, kdirs)
                          that it fits, and that each kernel has null_blk
kernel_has_driver(config) whether a kernel's config has null_blk
"""
import os
from collections import OrderedDict
from dataclasses import dataclass

from bootbench import Error, cli, suites

# The init keeps this much of the guest's available memory for the system
# and PostgreSQL (init/disks/model.h MODEL_RESERVE_MIB); the kernel and the
# unpacked image take about BOOT_MIB before that.
RESERVE_MIB = 512
BOOT_MIB = 256
KEYS = ("latency_ns", "cache_mib", "fua", "mbps", "queue_depth", "queues", "block", "source")


@dataclass(frozen=True)
class Model:
    name: str
    latency_ns: int
    cache_mib: int
    fua: bool
    mbps: int
    queue_depth: int
    queues: int
    block: int
    source: str

    def record(self):
        """host.json's description of it."""
        return {"kind": "model", "name": self.name, "latency_ns": self.latency_ns,
                "cache_mib": self.cache_mib, "fua": self.fua, "mbps": self.mbps,
                "queue_depth": self.queue_depth, "queues": self.queues, "block": self.block,
                "source": self.source}


def path(where):
    return os.path.join(where.top, "rootfs", "skeleton", "etc", "bootbench", "models.conf")


def parse(text, name="models.conf"):
    models = OrderedDict()
    for n, line in enumerate(text.split("\n"), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        values = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        if sorted(values) != sorted(KEYS) or len(values) != len(words) - 1:
            raise Error("%s:%d: model %s: its keys are %s" % (name, n, words[0], ", ".join(KEYS)))
        try:
            numbers = {k: int(values[k]) for k in KEYS if k not in ("source", "fua")}
        except ValueError:
            raise Error("%s:%d: model %s: a value is not a number" % (name, n, words[0])) from None
        models[words[0]] = Model(words[0], fua=values["fua"] == "1", source=values["source"],
                                 **numbers)
    if not models:
        raise Error("%s: no model" % name)
    return models


def load(where):
    try:
        with open(path(where)) as f:
            return parse(f.read(), path(where))
    except OSError as e:
        raise Error("cannot read %s: %s" % (path(where), e.strerror)) from None


def choose(text, models):
    """"model" (the first model) or "model:NAME"."""
    name = text.split(":", 1)[1] if ":" in text else next(iter(models))
    if name not in models:
        raise ValueError("no model '%s' (the models: %s)" % (name, ", ".join(models)))
    return models[name]


def resolve(text, suite, accel, where):
    """--target auto: the suite's qemu_target under TCG, a disk under KVM;
    any other value as it is."""
    if text != "auto":
        return text
    return suites.qemu_target(suite, where) if accel == "tcg" else "disk"


def request(text, where):
    """--target's value: None for "disk" (and "auto" until resolved), else
    the Model "model" or "model:NAME" names; a cli.UsageError for anything
    else."""
    if text in ("disk", "auto"):
        return None
    if text != "model" and not text.startswith("model:"):
        raise cli.UsageError("--target: '%s' is neither disk nor model[:NAME]" % text)
    try:
        return choose(text, load(where))
    except ValueError as e:
        raise cli.UsageError("--target %s: %s" % (text, e)) from None


def guest_mib(model, mib):
    return mib + model.cache_mib + RESERVE_MIB + BOOT_MIB


def check_fits(model, target_mib, memory, kdirs):
    """A model disk of target_mib fits in memory MiB of the guest, and each
    kernel of kdirs (prepared directories) has its driver: else an Error,
    status 2, before anything boots."""
    need = guest_mib(model, target_mib)
    if need > memory:
        raise Error("--target model:%s: a model disk of %d MiB with its %d MiB cache needs %d MiB "
                    "of guest memory (with %d MiB for the system); --memory is %d: raise --memory "
                    "or lower --target-size" % (model.name, target_mib, model.cache_mib, need,
                                                RESERVE_MIB + BOOT_MIB, memory), 2)
    for kdir in kdirs:
        config = os.path.join(kdir, "config")
        if not kernel_has_driver(config):
            raise Error("--target model: Linux %s has no null_blk (CONFIG_BLK_DEV_NULL_BLK in %s): "
                        "it cannot make a model disk" % (os.path.basename(kdir), config), 2)


def kernel_has_driver(config):
    """Whether the kernel config at path config has null_blk, built in or
    as a module (False when it cannot be read)."""
    try:
        with open(config) as f:
            return any(line.strip() in ("CONFIG_BLK_DEV_NULL_BLK=m", "CONFIG_BLK_DEV_NULL_BLK=y")
                       for line in f)
    except OSError:
        return False
