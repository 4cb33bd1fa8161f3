# SPDX-License-Identifier: GPL-2.0-only
"""Sequences of QEMU boots of the appliance: each boot on a fresh target
disk, the runs accumulated on one results disk (or rebuilt from the console
log), extracted on the host with the host's conditions beside each
(host.json).  qemu/run is the command line over this; a tool that boots
kernels itself does the same:

    settings = boots.Settings(results="results", suite="quick")
    sequence = boots.Sequence(settings)
    outcome = sequence.run(boots.plan([boots.Variant("6.12"),
                                       boots.Variant("6.12", "pti=on")], boots=4))
    outcome.runs      # (boot, run directory or None), in the order of the boots

Variant(kernel, append)   a prepared kernel (its name in out/kernels, as
                          kernels.prepare() gives it) and kernel command-line
                          parameters of its own (variants.py: their rules,
                          the variant's name); Variant.parse("6.12 pti=on")
                          reads one as qemu/run --kernel takes it
plan(variants, boots, order, seed)
                          the boots in rounds that boot every variant once:
                          as given (interleaved) or shuffled afresh per
                          round, reproducibly for a seed
Settings                  what every boot of a sequence shares
Sequence(settings).run(plan, walk=None)
                          prepares the results disk, boots the plan, says
                          each step on stdout ("qemu/run: ..." lines that
                          scripts read) and returns an Outcome
Sequence.walk(variants)   a walk of kernels (and variants) in one QEMU
                          process (walk.py)
machine_run_id(seed, release, parameters)
                          the run id of a boot with a machine seed
                          (Settings.machine_seed)
"""
import hashlib
import os
import random
import secrets
import sys
import time
from dataclasses import dataclass, field

from bootbench import Error, console_results, disks, hostload, kernels, perf, qemu, runs, suites, tree
from bootbench import variants
from bootbench import walk as walks

# Beyond the run's own deadline: the kernel's boot, the init's finish and
# the power-off.
GRACE_S = 300
# What the console shows once the init runs ("[ 5.1] bootbench: Linux ..."):
# a boot without it after qemu.INIT_SECONDS is ended (qemu.run).
INIT_LINE = b"bootbench: "
# The date at which the real-time clock of a boot with a machine seed
# starts; it then runs in the guest's time (-rtc clock=vm).
MACHINE_DATE = "2026-01-01T00:00:00"
# Boot-time work of the kernel's that a boot leaves out, as qemu/run's own
# words on the command line (doc/figures.md): cryptomgr.notests, the crypto
# self-tests Debian's kernels run at boot and at each new algorithm a module
# signature needs (no algorithm chosen differs; about 10 s of instruction
# time a boot); and the jitter entropy source's start (jent_mod_init times
# loops of memory accesses, about 1 s): its generator is the crypto API's
# DRBG's alone, which outside FIPS mode goes on without it, seeded from the
# kernel's random numbers; neither is anything a run measures.  The init's
# bootbench.unsigned-modules=1 (UNSIGNED_MODULES) loads each module without
# its signature, whose check took about 0.4 s of instruction time a module
# (the same code loaded; the kernel taints itself E).
BOOT_WORDS = ("cryptomgr.notests", "initcall_blacklist=jent_mod_init")
UNSIGNED_MODULES = "bootbench.unsigned-modules=1"


def not_started(release, clock, console):
    """Why a boot ended before the init: one line."""
    return "Linux %s did not reach the init within %d s: QEMU was stopped (console: %s)" \
        % (release, qemu.init_seconds(), console)


@dataclass(frozen=True)
class Variant:
    kernel: str
    append: str = ""

    @classmethod
    def parse(cls, text):
        """"KERNEL [PARAMETER...]"; a ValueError says what is wrong."""
        kernel, params = variants.split(text)
        return cls(kernel, " ".join(params))

    @property
    def parameters(self):
        return self.append.split()

    @property
    def name(self):
        """The variant's name, its parameters joined with '+'; "" for the
        kernel as it is."""
        return "+".join(self.parameters)

    def same(self, other):
        """Whether other boots the same: its kernel, its parameters in any
        order."""
        return self.kernel == other.kernel and sorted(self.parameters) == sorted(other.parameters)

    def __str__(self):
        return " ".join([self.kernel] + self.parameters)


@dataclass(frozen=True)
class Boot:
    round: int
    variant: Variant


@dataclass
class Plan:
    boots: list
    order: str = "interleaved"
    seed: int = None

    def __iter__(self):
        return iter(self.boots)

    def __len__(self):
        return len(self.boots)


def machine_run_id(seed, release, parameters=()):
    """The run id of a boot with machine seed seed of kernel release (and
    variant parameters): the same for the same three, another for another.
    The id is on the kernel's command line, which the kernel mixes into its
    random numbers, so it is part of what the seed fixes."""
    text = " ".join(["%d" % seed, release] + list(parameters))
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def random_seed():
    return secrets.randbelow(2 ** 31)


def plan(variants, boots=1, order="interleaved", seed=None):
    """Round r (from 1) boots every variant once: in the order given, or,
    shuffled, in an order drawn afresh for each round from seed (a random
    one when None; the plan records it)."""
    if order not in ("interleaved", "shuffled"):
        raise ValueError("order %r is neither interleaved nor shuffled" % order)
    variants = [v if isinstance(v, Variant) else Variant(v) for v in variants]
    if order == "shuffled" and seed is None:
        seed = random_seed()
    rng = random.Random(seed)
    out = []
    for r in range(1, boots + 1):
        this = list(variants)
        if order == "shuffled":
            rng.shuffle(this)
        out += [Boot(r, v) for v in this]
    return Plan(out, order, seed if order == "shuffled" else None)


@dataclass
class Settings:
    """What every boot of a sequence shares (qemu/run's options)."""
    results: str                     # where runs are extracted (RESULTS/runs/)
    suite: str = "quick"             # a built-in suite name, or a suite file
    disk: str = None                 # the results disk (default RESULTS/results.img)
    target_mib: int = None           # target disk size (default: what the suite needs)
    timeout: int = qemu.GUEST.timeout    # deadline of one run inside the guest
    memory: int = qemu.GUEST.memory
    cpus: int = qemu.GUEST.cpus
    accel: str = qemu.GUEST.accel    # auto, kvm or tcg
    clock: str = "host"              # auto, host or instructions (qemu.clock_request)
    icount_shift: int = qemu.ICOUNT_SHIFT    # -icount shift of the instructions clock
    append: str = ""                 # extra kernel command line of every boot
    extra_disks: list = field(default_factory=list)
    target: bool = True              # attach a target disk
    model: object = None             # a models.Model: the target is that model disk,
                                     # made by the init in the guest's memory (no disk)
    target_name: str = "bootbench-target"
    target_spec: str = None          # bootbench.target= (default PARTLABEL=<target_name>; "none")
    keep_target: bool = False
    results_console: bool = False    # no results disk: the run comes back on the console
    machine_seed: int = None         # every input of the deterministic machine from this
                                     # seed (round r: seed + r - 1); results_console too
    results_readonly: bool = False
    qmp: str = None                  # a QMP socket
    quiet: bool = False              # do not stream the console
    perf: bool = False               # the perf archive as a second initramfs (perf.py)


@dataclass
class Outcome:
    status: int = 0                  # 0 when every run is done, else 1
    runs: list = field(default_factory=list)       # (Boot, run directory or None)
    summaries: str = ""              # bootbench-report --summary of each run

    def measured(self):
        """The run directories whose results.jsonl holds a measurement."""
        jsonl = [(run, os.path.join(run, "results.jsonl")) for _, run in self.runs if run]
        return [run for run, f in jsonl if os.path.isfile(f) and os.path.getsize(f) > 0]


class Walk:
    """A walk of kernels in one QEMU process: its id, its kernels' prepared
    directories, its deadline."""

    def __init__(self, kdirs, timeout):
        self.id = secrets.token_hex(4)
        self.kdirs = kdirs
        self.seconds = len(kdirs) * (timeout + GRACE_S)
        self.deadline = int(time.time()) + self.seconds


class Sequence:
    """Boots that share settings and one results directory; each line it
    says begins with prog."""

    def __init__(self, settings, where=None, prog="qemu/run"):
        self.s = settings
        self.tree = where or tree.Tree()
        self.prog = prog
        self.disk = settings.disk or os.path.join(settings.results, "results.img")
        self.suite_name = suites.name(settings.suite)
        self.prepared = False
        self.loaded = None

    def say(self, text):
        print("%s: %s" % (self.prog, text), flush=True)

    def warn(self, text):
        sys.stdout.flush()
        sys.stderr.write("%s: %s\n" % (self.prog, text))

    def uses_loaded(self):
        """Whether the suite starts an environment from the image's loaded
        template, whose initramfs then holds it (kernels.initrd())."""
        if self.loaded is None:
            self.loaded = suites.loaded(self.s.suite, self.tree.loaded_load(), self.tree)
        return self.loaded

    def target_mib(self):
        if self.s.target_mib is None:
            self.s.target_mib = suites.min_target_mib(self.s.suite, self.tree)
            if self.s.target_mib is None:
                raise Error("cannot tell the target size suite %s needs" % self.suite_name, 2)
        return self.s.target_mib

    def prepare(self):
        """The results directory, the results disk (created if missing) and
        the suite file on it; done once, before the first boot."""
        if self.prepared:
            return
        if self.s.results_console and suites.is_file(self.s.suite):
            raise Error("a suite file needs a results disk to go on", 2)
        self.target_mib()
        os.makedirs(os.path.join(self.s.results, "runs"), exist_ok=True)
        os.makedirs(os.path.join(self.s.results, "console"), exist_ok=True)
        if not self.s.results_console and not os.path.isfile(self.disk):
            self.say("creating results disk %s" % self.disk)
            disks.results_create(self.disk, 1024)
        if suites.is_file(self.s.suite):
            disks.results_put(self.disk, self.s.suite, "suites/%s.ini" % self.suite_name)
        self.prepared = True

    def walk(self, the_variants):
        """The walk file and the kernels on the results disk, for a walk of
        the_variants (Variants: the first boots, the others follow it with
        kexec, each with its variant's parameters; a kernel's name alone
        would lose them, so it is refused)."""
        self.prepare()
        vs = list(the_variants)
        if not all(isinstance(v, Variant) for v in vs):
            raise TypeError("Sequence.walk takes Variants, not kernel names")
        for v in vs:
            why = kernels.stale(v.kernel, self.tree)
            if why:
                raise Error(why, 2)
        w = Walk([kernels.directory(v.kernel, self.tree) for v in vs], self.s.timeout)
        walks.prepare(self.disk, w.id, w.deadline, w.kdirs, [v.parameters for v in vs])
        self.say("walk %s: %d kernels in one QEMU process: %s"
                 % (w.id, len(w.kdirs), ", ".join(map(str, vs))))
        return w

    def target_record(self):
        """host.json's target: the model disk and its parameters, or the
        disk image attached (or none)."""
        if self.s.model:
            return dict(self.s.model.record(), size_mib=self.target_mib())
        if not self.s.target:
            return {"kind": "none"}
        return {"kind": "disk", "size_mib": self.target_mib(), "drive": "virtio-blk-pci",
                "image": "raw, cache=writeback, aio=threads"}

    def clock(self, accel):
        """The boot's Clock: under instruction time with a model target, an
        idle guest's time jumps (sleep=off): nothing it waits for in a
        measured window is the host's."""
        return qemu.clock(self.s.clock, self.s.icount_shift, accel,
                          "off" if self.s.model else qemu.ICOUNT_SLEEP)

    def cmdline(self, run_id, variant, walk, clock, release):
        words = ["loglevel=4", *BOOT_WORDS, UNSIGNED_MODULES, "bootbench.suite=" + self.suite_name,
                 "bootbench.clock=" + clock.word]
        # A walk's kernels keep the first one's command line (but its
        # variant): the words one of them needs for its second CPU go to all.
        releases = [os.path.basename(d) for d in walk.kdirs] if walk else [release]
        words += max((qemu.smp_words(r, clock, self.s.cpus) for r in releases), key=len)
        spec = self.s.target_spec or "PARTLABEL=" + self.s.target_name
        if self.s.model:
            spec = "model:%s:%d" % (self.s.model.name, self.target_mib())
        if spec != "none":
            words.append("bootbench.target=" + spec)
        words.append("bootbench.results=" + ("console" if self.s.results_console
                                             else "PARTLABEL=bootbench-results"))
        words += ["bootbench.timeout=%d" % self.s.timeout, "bootbench.id=" + run_id]
        if walk:
            words.append("bootbench.next=walk/%s.txt" % walk.id)
        if self.pmem(clock):
            words.append("bootbench.pmem=1")
        if self.s.append:
            words.append(self.s.append)
        return " ".join(words + variants.cmdline(variant.name))

    def pmem(self, clock):
        """Whether the results disk is mapped as an NVDIMM (qemu_args)."""
        return not self.s.results_console and clock.sleep == "off"

    def machine_args(self, seed):
        """QEMU's arguments for machine seed seed: the guest's random
        numbers (RDRAND, RDSEED) from it, the real-time clock from
        MACHINE_DATE in the guest's time."""
        if seed is None:
            return []
        return ["-seed", "%d" % seed, "-rtc", "base=%s,clock=vm" % MACHINE_DATE]

    def machine_seed(self, boot):
        """The machine seed of a boot (None: the machine's own inputs)."""
        return None if self.s.machine_seed is None else self.s.machine_seed + boot.round - 1

    def machine_runs(self, the_plan):
        """Refuses, before anything boots, a boot whose machine seed already
        made its run in RESULTS/runs: the same seed would make it again."""
        for b in the_plan:
            seed = self.machine_seed(b)
            if seed is None:
                continue
            release = os.path.basename(kernels.directory(b.variant.kernel, self.tree))
            there = runs.find(os.path.join(self.s.results, "runs"),
                              machine_run_id(seed, release, b.variant.parameters))
            if there:
                raise Error("%s is the run of machine seed %d of %s already, and the same seed "
                            "makes the same run: give another --machine-seed or --results"
                            % (there, seed, " ".join([release] + b.variant.parameters)), 2)

    def qemu_args(self, target, clock):
        """The disks: the results disk first (/dev/vda), then the target,
        then the extra disks.  The results disk is the drive "results" of
        the device "results-disk", the target the drive "target" of
        "target-disk" (names for QMP).  When an idle guest's time jumps
        (a model target under instruction time), the results disk is
        instead the image mapped as an NVDIMM (/dev/pmem0): its reads and
        writes are the guest's own memory accesses, with nothing the host
        times for the guest to wait on (a virtio disk's completions would
        let the guest's clock race through every wait, doc/models.md)."""
        args = []
        if self.pmem(clock):
            size = os.path.getsize(self.disk)
            args += ["-machine", "pc,nvdimm=on",
                     "-m", "%dM,slots=1,maxmem=%dM" % (self.s.memory, self.s.memory + size // (1 << 20)),
                     "-object", "memory-backend-file,id=results,share=on,mem-path=%s,size=%d"
                     % (self.disk, size),
                     "-device", "nvdimm,memdev=results,id=results-disk"]
        elif not self.s.results_console:
            ro = ",readonly=on" if self.s.results_readonly else ""
            args += ["-drive", "file=%s,if=none,id=results,format=raw%s" % (self.disk, ro),
                     "-device", "virtio-blk-pci,drive=results,id=results-disk"]
        if self.s.qmp:
            args += ["-qmp", "unix:%s,server=on,wait=off" % self.s.qmp]
        if target:
            args += ["-drive", "file=%s,if=none,id=target,format=raw" % target,
                     "-device", "virtio-blk-pci,drive=target,id=target-disk"]
        for d in self.s.extra_disks:
            args += ["-drive", "file=%s,if=virtio,format=raw" % d]
        return args

    def boot(self, boot, index, count, order="interleaved", shuffle_seed=None, walk=None):
        """One boot: returns (status, [run directory or None for each run
        it was to make], summaries)."""
        self.prepare()
        kdir = kernels.directory(boot.variant.kernel, self.tree)
        release = os.path.basename(kdir)
        why = kernels.stale(boot.variant.kernel, self.tree)
        if why:
            raise Error(why, 2)
        seed = self.machine_seed(boot)
        if walk:
            run_id, seconds = walk.id + "-0", walk.seconds
            ids = ["%s-%d" % (walk.id, i) for i in range(len(walk.kdirs))]
        elif seed is not None:
            run_id, seconds = machine_run_id(seed, release, boot.variant.parameters), \
                self.s.timeout + GRACE_S
            ids = [run_id]
        else:
            run_id, seconds = secrets.token_hex(4), self.s.timeout + GRACE_S
            ids = [run_id]
        target = os.path.join(self.s.results, "target-%s.img" % run_id) \
            if self.s.target and not self.s.model else None
        console = os.path.join(self.s.results, "console", "%s_%s.log" % (release, run_id))
        initrd = kernels.initrd(kdir, self.uses_loaded())
        if self.s.perf:
            initrd = os.path.join(self.s.results, "initrd-%s.cpio" % run_id)
        try:
            if self.s.perf:
                # The gzip archive, the smallest to copy, with perf's after
                # it (the kernel unpacks concatenated archives in order).
                perf.initrd(os.path.join(kdir, "initramfs.cpio.gz"), initrd, self.tree)
            if target:
                # 2 MiB more for the partition table and the alignment.
                disks.gpt_create(target, self.target_mib() + 2, self.s.target_name)
            vmlinuz = os.path.join(kdir, "vmlinuz")
            accel = qemu.accelerator(vmlinuz, qemu.clock_accel(self.s.clock, self.s.accel))
            clock = self.clock(accel)
            self.say("booting %s (run %s, suite %s, %s, clock %s%s, boot %d of %d)"
                     % (" ".join([release] + boot.variant.parameters), run_id, self.suite_name,
                        accel, clock.word, "" if seed is None else ", machine seed %d" % seed,
                        index, count))
            before = hostload.sample()
            start = time.time()
            # QEMU's deadline in the host's time, behind the guest's own.
            seconds = clock.host_seconds(seconds)
            rc = qemu.boot(console, seconds, vmlinuz, initrd,
                           self.cmdline(run_id, boot.variant, walk, clock, release),
                           self.qemu_args(target, clock) + self.machine_args(seed),
                           follow=not self.s.quiet, accel=accel, memory=self.s.memory,
                           cpus=self.s.cpus, clock=clock, started=INIT_LINE)
            place = {"index": index, "count": count, "round": boot.round, "order": order,
                     "seed": shuffle_seed}
            if seed is not None:
                place["machine_seed"] = seed
            host = hostload.record(before, hostload.sample(), place, accel, clock.record(),
                                   self.target_record(), guest_cpu=qemu.guest_cpu(accel))
            self.say("%s finished in %d s (qemu exit %d)" % (release, time.time() - start, rc))
            if rc == qemu.NOT_STARTED:
                self.warn(not_started(release, clock, console))
        finally:
            if target and not self.s.keep_target and os.path.exists(target):
                os.remove(target)
            if self.s.perf and os.path.exists(initrd):
                os.remove(initrd)
        self.extract(console)
        return self.collect(ids, host, console)

    def extract(self, console):
        """The boot's runs into RESULTS/runs; a failure is said, and the
        runs missing are found missing."""
        dest = os.path.join(self.s.results, "runs")
        if self.s.results_console:
            console_results.extract(console, dest)
            return
        try:
            disks.results_extract(self.disk, dest)
        except Error as e:
            self.warn(str(e))

    def collect(self, ids, host, console):
        """The run directories of runs ids, host.json in each: (0, or 1 if
        one is missing or not done; the directories; their summaries)."""
        status, found, text = 0, [], ""
        for rid in ids:
            run = runs.find(os.path.join(self.s.results, "runs"), rid)
            found.append(run)
            if not run:
                self.warn("no run record for run %s (console: %s)" % (rid, console))
                status = 1
                continue
            hostload.write(os.path.join(run, "host.json"), host)
            self.say("run directory %s" % run)
            self.say("the host was %s during the boot: others used %.1f %% of its CPUs"
                     % (host["load"], host["others_pct"]))
            try:
                rc, summary = runs.summary(run, self.tree)
            except Error as e:
                self.warn(str(e))
                rc, summary = 1, ""
            text += summary
            status = status or (1 if rc != 0 else 0)
        return status, found, text

    def run(self, the_plan, walk=None):
        """Every boot of the plan (a walk: its one boot); an Outcome."""
        outcome = Outcome()
        self.machine_runs(the_plan)
        count = len(the_plan)
        for index, b in enumerate(the_plan, 1):
            status, found, text = self.boot(b, index, count, the_plan.order, the_plan.seed, walk)
            outcome.status = outcome.status or status
            outcome.runs += [(b, run) for run in found]
            outcome.summaries += text
        return outcome
