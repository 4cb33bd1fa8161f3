# SPDX-License-Identifier: GPL-2.0-only
"""Where a bisect's boots run.  A side (the runs of one candidate) is a
directory as qemu/run --results leaves one: SIDE/runs/<run>/, and for QEMU
SIDE/results.img and SIDE/console/.

QemuBooter(request, where, prog)
    boots in QEMU with boots.Sequence, each side on its own results disk;
    with --walk a side's boots are one walk (kexec) in one QEMU process
CommandBooter(request, where, prog)
    --boot-cmd CMD, run with sh -c and this environment:
      BOOTBENCH_KERNEL      the kernel's name in out/kernels
      BOOTBENCH_KERNEL_DIR  its directory (vmlinuz, initramfs.cpio.gz, config)
      BOOTBENCH_RELEASE     its release (uname -r)
      BOOTBENCH_APPEND      the kernel parameters to boot it with
      BOOTBENCH_BOOTS       how many boots to make, one run each
      BOOTBENCH_RUNS        the directory to leave the run directories in
      BOOTBENCH_SUITE       the suite (a built-in name, or a file's path)
      BOOTBENCH_TIMEOUT     the deadline of one run, in seconds
      BOOTBENCH_TOP         the top of this tree (qemu/run, lab/, out/)
    Its exit status is said; the runs it left are what counts.

Either's boot(side, variant, count) returns the run directories the boots
left; its clock(variant) is the qemu.Clock its boots of variant are
measured in (None: --boot-cmd's own), and keep(word) makes its boots
measure in the clock of that word ("host", "instructions:3": what
bisect.json records).  Every process a boot starts has
BOOTBENCH_BISECT_SIDE=SIDE in its environment: settle(side) waits for
such processes that a killed bisect left running (a QEMU keeps booting
when its parent is killed) and takes the runs they leave, so that no two
boots share a results disk and no boot made is lost.
"""
import os
import subprocess
import sys
import time

from bootbench import Error, boots, disks, kernels, models, qemu, suites

MARK = "BOOTBENCH_BISECT_SIDE"


def side_runs(side):
    """The run directories of a side, by name."""
    d = os.path.join(side, "runs")
    if not os.path.isdir(d):
        return []
    return [os.path.join(d, n) for n in sorted(os.listdir(d))
            if not n.startswith(".") and os.path.isdir(os.path.join(d, n))]


def _marked(side):
    """The processes with MARK=side in their environment (but this one)."""
    want = ("%s=%s" % (MARK, side)).encode()
    pids = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open("/proc/%s/environ" % name, "rb") as f:
                if want in f.read().split(b"\0"):
                    pids.append(int(name))
        except OSError:
            continue
    return pids


class _Booter:
    def __init__(self, request, where, prog):
        self.r = request
        self.where = where
        self.prog = prog
        self.mode, self.shift = request.clock, request.icount_shift

    def clock(self, variant):
        return None

    def keep(self, word):
        self.mode, _, shift = word.partition(":")
        self.shift = int(shift.split(",")[0]) if shift else self.shift

    def say(self, text):
        print("%s: %s" % (self.prog, text), flush=True)

    def settle(self, side):
        """Wait for the boots of a killed bisect on this side, then take
        their runs."""
        said = False
        while True:
            pids = _marked(side)
            if not pids:
                break
            if not said:
                self.say("waiting for a boot that a killed bootbench-bisect left running "
                         "(pid %s) to end" % " ".join(map(str, pids)))
                said = True
            time.sleep(2)
        self.collect(side)

    def collect(self, side):
        """The runs a boot left on the side's own media, into SIDE/runs."""

    def boot(self, side, variant, count):
        self.settle(side)
        os.makedirs(os.path.join(side, "runs"), exist_ok=True)
        before = set(side_runs(side))
        os.environ[MARK] = side
        try:
            self._boot(side, variant, count)
        finally:
            del os.environ[MARK]
        return [r for r in side_runs(side) if r not in before]

    def suite(self):
        return os.path.abspath(self.r.suite) if "/" in self.r.suite or \
            self.r.suite.endswith(".ini") else self.r.suite


class QemuBooter(_Booter):
    def __init__(self, request, where, prog):
        super().__init__(request, where, prog)
        # --target auto is resolved by the first kernel's accelerator (clock()).
        self.model = models.request(request.target, where)

    def settings(self, side):
        return boots.Settings(results=side, suite=self.suite(), timeout=self.r.timeout,
                              memory=self.r.memory, cpus=self.r.cpus, accel=self.r.accel,
                              clock=self.mode, icount_shift=self.shift, model=self.model,
                              append=self.r.append, quiet=not self.r.console)

    def clock(self, variant):
        """As boots.Sequence resolves it for a boot of variant (KVM's
        probe, if asked for, boots its kernel)."""
        kdir = kernels.directory(variant.kernel, self.where)
        vmlinuz = os.path.join(kdir, "vmlinuz")
        accel = qemu.accelerator(vmlinuz, qemu.clock_accel(self.mode, self.r.accel))
        if self.r.target == "auto":
            self.model = models.request(models.resolve("auto", self.suite(), accel, self.where),
                                        self.where)
            if self.model:
                self.say("suite %s under TCG: the target is model disk %s (--target disk for a "
                         "disk image)" % (self.r.suite, self.model.name))
            self.r.target = "model:" + self.model.name if self.model else "disk"
        if self.model:
            models.check_fits(self.model, suites.min_target_mib(self.suite(), self.where) or 0,
                              self.r.memory, [kdir])
        return qemu.clock(self.mode, self.shift, accel, "off" if self.model else qemu.ICOUNT_SLEEP)

    def collect(self, side):
        disk = os.path.join(side, "results.img")
        if os.path.isfile(disk):
            try:
                disks.results_extract(disk, os.path.join(side, "runs"))
            except Error as e:
                sys.stderr.write("%s: %s\n" % (self.prog, e))

    def _boot(self, side, variant, count):
        sequence = boots.Sequence(self.settings(side), self.where, self.prog)
        if self.r.walk and count > 1:
            walk = sequence.walk([variant] * count)
            sequence.run(boots.plan([variant], 1), walk)
        else:
            sequence.run(boots.plan([variant], count))


class CommandBooter(_Booter):
    def _boot(self, side, variant, count):
        kdir = kernels.directory(variant.kernel, self.where)
        env = dict(os.environ, BOOTBENCH_KERNEL=variant.kernel, BOOTBENCH_KERNEL_DIR=kdir,
                   BOOTBENCH_RELEASE=os.path.basename(kdir),
                   BOOTBENCH_APPEND=" ".join(a for a in (self.r.append, variant.append) if a),
                   BOOTBENCH_BOOTS=str(count), BOOTBENCH_RUNS=os.path.join(side, "runs"),
                   BOOTBENCH_SUITE=self.suite(), BOOTBENCH_TIMEOUT=str(self.r.timeout),
                   BOOTBENCH_TOP=self.where.top)
        self.say("--boot-cmd: %d boot%s of %s%s" % (count, "s" if count > 1 else "", variant.kernel,
                                                  " [%s]" % env["BOOTBENCH_APPEND"]
                                                  if env["BOOTBENCH_APPEND"] else ""))
        sys.stdout.flush()
        try:
            done = subprocess.run(["sh", "-c", self.r.boot_cmd], env=env)
        except OSError as e:
            raise Error("cannot run sh: %s" % e.strerror) from None
        if done.returncode != 0:
            self.say("--boot-cmd exited %d" % done.returncode)


def booter(request, where, prog):
    return (CommandBooter if request.boot_cmd else QemuBooter)(request, where, prog)
