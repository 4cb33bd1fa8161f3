# SPDX-License-Identifier: GPL-2.0-only
"""QEMU for host tools: the accelerator, and a run of QEMU with a deadline.

GUEST
    The guest every host tool boots unless told otherwise (a Guest):
    timeout, the deadline of one run inside the guest (1800 s); memory
    (2048 MiB); cpus (2); accel ("auto", else "kvm" or "tcg").  qemu/run's
    boots.Settings, bootbench-bisect's Request and a kernel tree's
    pipeline.Request take their defaults from it.

accelerator(kernel, chosen=None)
    "kvm" or "tcg": chosen, or else QEMU_ACCEL, if it is one of them;
    otherwise KVM only if /dev/kvm is usable and a short test boot of
    kernel under KVM (no initramfs) reaches the kernel's own panic in
    time: on some hosts /dev/kvm exists but guests stop with "KVM internal
    error" or hang.  The verdict is cached per host kernel, QEMU version
    and /dev/kvm in QEMU_ACCEL_CACHE (remove it to probe again).  Falling
    back to TCG says so on stderr.  The choice is exported as QEMU_ACCEL,
    which skips the probe (and the notice) from then on.
run(log, seconds, args, follow=False, accel=None, memory=None, cpus=None,
    clock=None, started=None)
    QEMU with the common arguments (-accel, -cpu host under KVM and
    TCG_CPU under TCG with the Clock's -icount, -nographic, no monitor,
    -no-reboot, -nic none, -m and -smp: memory and cpus, else QEMU_MEM and
    QEMU_SMP),
    the serial console written to log, and args; ended after seconds.
    follow streams the console to stdout meanwhile.  Returns QEMU's exit
    status, 124 on timeout, 128+N when killed by signal N.  started, some
    bytes, ends QEMU with NOT_STARTED when the console does not show them
    within INIT_SECONDS of the host's time
    (QEMU_INIT_TIMEOUT): a kernel that hangs before the init starts (an
    early-boot hang of TCG's timers, a second CPU that never comes up)
    ends in minutes, not at the run's deadline.
boot(log, seconds, kernel, initrd, cmdline, args, follow=False, ...)
    accelerator(kernel), then run() booting kernel with initrd and the
    command line "console=ttyS0 panic=-1 CMDLINE" (a panic ends QEMU at
    once, as a power-off does).
TCG_CPU
    The guest CPU under TCG: max without cmpxchg16b, which QEMU 7.2's TCG
    gets wrong (doc/models.md).
guest_cpu(accel)
    The -cpu of a guest under accel ("kvm": "host"; else TCG_CPU).
disk(path, size)
    A new sparse raw image of size (truncate(1) units, 64M) and the -drive
    argument of a virtio disk on it.

The clock (doc/clocks.md): what a boot's figures are measured in.
clock_request(clock, shift, accel, env=True)
    The clock asked for, checked: (clock, shift), clock "auto", "host" or
    "instructions" (default QEMU_CLOCK, else host), shift 0 to 10 (default
    QEMU_ICOUNT_SHIFT, else ICOUNT_SHIFT; env False: neither is read); a
    ValueError says what is wrong (an unknown clock, a shift out of range
    or given with the host clock, instructions with --accel kvm).
clock_accel(clock, accel)
    The accelerator to ask accelerator() for: TCG for instructions, with
    no probe of KVM.
clock(clock, shift, accel, sleep="on")
    The Clock of a boot under accel ("kvm" or "tcg"): the host's under KVM
    and for "host", else QEMU's instruction count (-icount shift=N,sleep=S;
    sleep "off" when the target is a model disk: nothing the guest waits
    for is timed by the host) once icount_check() found that QEMU has it
    (an Error, status 2, naming the QEMU otherwise).
version()
    The first line of QEMU's --version (what a kept run was booted by).

The environment, all optional: QEMU (qemu-system-x86_64), QEMU_MEM (1024),
QEMU_SMP (2), QEMU_ACCEL, QEMU_ACCEL_CACHE ($BUILD/qemu/accel), QEMU_CLOCK
(host), QEMU_ICOUNT_SHIFT (3), QEMU_INIT_TIMEOUT (300).
"""
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

from bootbench import Error, tree


@dataclass(frozen=True)
class Guest:
    timeout: int = 1800     # deadline of one run inside the guest, in s
    memory: int = 2048      # MiB
    cpus: int = 2
    accel: str = "auto"     # auto, kvm or tcg


GUEST = Guest()

CLOCKS = ("auto", "host", "instructions")
# QEMU's -icount shift: each guest instruction is 2^shift ns of the guest's
# time.  3 and sleep=on: doc/clocks.md says why, with the figures.
ICOUNT_SHIFT = 3
ICOUNT_SHIFT_MAX = 10
ICOUNT_SLEEP = "on"
# The fewest guest instructions TCG was seen to run in a host second here,
# on a host whose other users took 80 % of its CPUs, is about 45 million:
# a bound of 25 million keeps QEMU's deadline behind the guest's own.
ICOUNT_MIN_RATE = 25e6


# run(started=...): QEMU's status when the line never came, and how long it
# is waited for by default.  The appliance's first line comes 5 to 20 s
# after QEMU starts under TCG, a minute on a loaded host.
NOT_STARTED = 122
INIT_SECONDS = 300

def _binary():
    return os.environ.get("QEMU") or "qemu-system-x86_64"


def _cache():
    return os.environ.get("QEMU_ACCEL_CACHE") or os.path.join(tree.Tree().build, "qemu", "accel")


def version():
    """The first line of QEMU's --version, or "no <binary>" when it does not run."""
    try:
        return subprocess.run([_binary(), "--version"], capture_output=True,
                              text=True).stdout.split("\n")[0]
    except OSError:
        return "no %s" % _binary()


def _key():
    """What the verdict depends on: the host's kernel, QEMU's version and
    /dev/kvm (its mode, owner and device number)."""
    version_line = version()
    try:
        st = os.stat("/dev/kvm")
        kvm = "/dev/kvm %o %d:%d %x" % (st.st_mode, st.st_uid, st.st_gid, st.st_rdev)
    except OSError as e:
        kvm = "/dev/kvm: %s" % e.strerror
    return "%s %s %s" % (os.uname().release, version_line, kvm)


def _probe(kernel):
    """Boot kernel under KVM without an initramfs: a working guest panics
    ("VFS: Unable to mount root fs") and, with panic=-1 and -no-reboot,
    QEMU exits 0 within seconds."""
    if not os.path.exists("/dev/kvm") or not os.access("/dev/kvm", os.R_OK | os.W_OK):
        return "tcg"
    with tempfile.NamedTemporaryFile(prefix="qemu-kvm-probe.") as log:
        try:
            status = run(log.name, 30, ["-kernel", kernel, "-append", "console=ttyS0 panic=-1"],
                         accel="kvm", quiet=True)
        except Error:
            return "tcg"
        with open(log.name, "rb") as f:
            return "kvm" if status == 0 and b"Kernel panic" in f.read() else "tcg"


def accelerator(kernel, chosen=None):
    if chosen not in ("kvm", "tcg"):
        chosen = os.environ.get("QEMU_ACCEL")
    if chosen in ("kvm", "tcg"):
        return chosen
    cache, key = _cache(), _key()
    try:
        with open(cache, encoding="utf-8") as f:
            cached = f.read().split("\n")
    except OSError:
        cached = []
    if len(cached) >= 2 and cached[1] == key and cached[0] in ("kvm", "tcg"):
        chosen = cached[0]
    else:
        chosen = _probe(kernel)
        os.makedirs(os.path.dirname(cache) or ".", exist_ok=True)
        with open(cache, "w", encoding="utf-8") as f:
            f.write("%s\n%s\n" % (chosen, key))
    if chosen != "kvm":
        sys.stderr.write("qemu: KVM unavailable or not working here (cached in %s); "
                         "using -accel tcg\n" % cache)
    # Once decided, for this process and the tools it runs.
    os.environ["QEMU_ACCEL"] = chosen
    return chosen


@dataclass(frozen=True)
class Clock:
    """What a boot's figures are measured in: the host's time (mode
    "host"), or QEMU's instruction count at -icount shift=shift, with an
    idle guest's time the host's (sleep "on") or jumping to its next
    deadline (sleep "off": the deterministic machine, doc/clocks.md)."""
    mode: str = "host"
    shift: int = None
    sleep: str = ICOUNT_SLEEP

    @property
    def word(self):
        """bootbench.clock='s value, and BOOTBENCH_CLOCK's in the guest."""
        if self.mode != "instructions":
            return "host"
        return "instructions:%d%s" % (self.shift, ",sleep=off" if self.sleep == "off" else "")

    def args(self):
        """QEMU's arguments for the clock."""
        if self.mode != "instructions":
            return []
        return ["-icount", "shift=%d,sleep=%s" % (self.shift, self.sleep)]

    def host_seconds(self, seconds):
        """The host's seconds that seconds of the guest's time may take: as
        many for the host's clock; for instruction time, at the guest's
        10^9 / 2^shift instructions a second and ICOUNT_MIN_RATE a host
        second (never fewer than seconds: an idle guest's time is the
        host's)."""
        if self.mode != "instructions":
            return seconds
        return int(seconds * max(1.0, 1e9 / 2 ** self.shift / ICOUNT_MIN_RATE))

    def record(self):
        """host.json's clock object."""
        if self.mode != "instructions":
            return {"mode": "host"}
        return {"mode": "instructions", "shift": self.shift, "sleep": self.sleep}


# Linux before 6.5 waits for a second CPU in do_boot_cpu() without ever
# letting it run under QEMU 7.2's -icount round robin, and hangs: it boots
# with maxcpus=1 and the init brings the others online (doc/clocks.md).
SMP_ONLINE_BEFORE = (6, 5)


def smp_words(release, clock, cpus):
    """The kernel command-line words a boot of Linux release with cpus
    vCPUs under clock needs for its second CPU: maxcpus=1 and
    bootbench.online-cpus=1 for Linux before 6.5 in instruction time with
    more than one vCPU; none otherwise."""
    try:
        version = tuple(int(x) for x in release.split("-")[0].split("+")[0].split(".")[:2])
    except ValueError:
        return []
    if clock.mode != "instructions" or int(cpus) < 2 or version >= SMP_ONLINE_BEFORE:
        return []
    return ["maxcpus=1", "bootbench.online-cpus=1"]


def _shift(value, what):
    if not value.isdigit() or not value.isascii():
        raise ValueError("%s: not a number: '%s'" % (what, value))
    if int(value) > ICOUNT_SHIFT_MAX:
        raise ValueError("%s: %s is out of range (0 to %d)" % (what, value, ICOUNT_SHIFT_MAX))
    return int(value)


def clock_request(clock=None, shift=None, accel=None, env=True):
    env_clock, env_shift = (os.environ.get("QEMU_CLOCK"), os.environ.get("QEMU_ICOUNT_SHIFT")) \
        if env else (None, None)
    what = "" if clock is not None else "QEMU_CLOCK: "
    clock = clock if clock is not None else env_clock or "host"
    if clock not in CLOCKS:
        raise ValueError("%sunknown clock '%s' (auto, host or instructions)" % (what, clock))
    if shift is not None:
        if clock == "host":
            raise ValueError("--icount-shift goes with the instructions clock: the host's "
                             "clock has no shift")
        shift = _shift(shift, "--icount-shift")
    elif env_shift and clock != "host":
        shift = _shift(env_shift, "QEMU_ICOUNT_SHIFT")
    if clock == "instructions" and accel == "kvm":
        raise ValueError("the instructions clock counts instructions under TCG: not with --accel kvm")
    return clock, ICOUNT_SHIFT if shift is None else shift


def clock_accel(clock, accel):
    return "tcg" if clock == "instructions" else accel


_icount = {}


def icount_check(shift):
    """An Error (status 2) naming the QEMU unless it runs TCG with
    -icount: a machine with no board and no CPU, started and quit through
    QMP at once (well under a second; its verdict kept for the process)."""
    key = (_binary(), shift)
    if key not in _icount:
        argv = [_binary(), "-accel", "tcg"] + Clock("instructions", shift).args() + [
            "-machine", "none", "-display", "none", "-nodefaults", "-qmp", "stdio"]
        quit_ = '{"execute": "qmp_capabilities"}\n{"execute": "quit"}\n'
        try:
            done = subprocess.run(argv, input=quit_, capture_output=True, text=True,
                                  errors="replace", timeout=30)
            why = None if done.returncode == 0 else \
                (done.stderr.strip().split("\n") or [""])[-1] or "exit %d" % done.returncode
        except OSError as e:
            why = e.strerror
        except subprocess.TimeoutExpired:
            why = "no answer within 30 s"
        _icount[key] = why
    if _icount[key]:
        raise Error("%s cannot count instructions (-accel tcg %s): %s"
                    % (_binary(), " ".join(Clock("instructions", shift).args()), _icount[key]), 2)


def clock(mode, shift, accel, sleep=ICOUNT_SLEEP):
    if accel == "kvm" or mode == "host":
        return Clock("host")
    icount_check(shift)
    return Clock("instructions", shift, sleep)


# The guest CPU under TCG: the emulated CPU with most features (the default
# qemu64 lacks SSE4.2, so crc32c-intel would not load), without cmpxchg16b.
# QEMU 7.2's TCG (Debian 12's) computes that instruction's flags under the
# condition-code operation of an earlier block when the block that holds it
# changed the flags first: after an interrupt's iret the guest's EFLAGS get
# the bits of a general register (the trap flag, the direction flag...), and
# the kernel dies of a double fault in the slab allocator's per-CPU
# cmpxchg16b, or deadlocks.
# Without the feature the kernel takes its own fallback (doc/models.md).
TCG_CPU = "max,-cx16"


def guest_cpu(accel):
    """The -cpu of a guest under accel: the host's under KVM, else TCG_CPU."""
    return "host" if accel == "kvm" else TCG_CPU


def command(log, args, accel=None, memory=None, cpus=None, clock=None):
    """The QEMU command line of run()."""
    accel = accel or os.environ.get("QEMU_ACCEL") or "tcg"
    # TCG runs all vCPUs in one thread: with one thread per vCPU, kernels
    # that patch their own code at boot (static keys) sometimes die of a
    # stray int3 on the other vCPU.
    if accel == "kvm":
        machine = ["-accel", "kvm"]
    else:
        machine = ["-accel", "tcg,thread=single"] + (clock.args() if clock else [])
    return [_binary()] + machine + [
        "-cpu", guest_cpu(accel),
        "-nographic", "-monitor", "none", "-serial", "file:" + log, "-no-reboot",
        "-nic", "none", "-m", str(memory or os.environ.get("QEMU_MEM") or 1024),
        "-smp", str(cpus or os.environ.get("QEMU_SMP") or 2)] + list(args)


def run(log, seconds, args, follow=False, accel=None, memory=None, cpus=None, quiet=False,
        clock=None, started=None):
    open(log, "w").close()
    sys.stdout.flush()
    try:
        proc = subprocess.Popen(command(log, args, accel, memory, cpus, clock), stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL if quiet else None,
                                stderr=subprocess.DEVNULL if quiet else None)
    except OSError as e:
        raise Error("cannot run %s: %s" % (_binary(), e.strerror)) from None
    tail = None
    if follow:
        tail = subprocess.Popen(["tail", "-n", "+1", "-f", "--pid=%d" % proc.pid, log])
    try:
        if started and not _started(proc, log, started, min(seconds, init_seconds())):
            _end(proc)
            status = NOT_STARTED
        else:
            status = _wait(proc, seconds)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if tail:
            tail.wait()
    return status


def init_seconds():
    """How long run() waits for the started line (QEMU_INIT_TIMEOUT)."""
    try:
        return max(1, int(os.environ.get("QEMU_INIT_TIMEOUT") or INIT_SECONDS))
    except ValueError:
        return INIT_SECONDS


def _started(proc, log, mark, seconds):
    """Whether log shows mark before seconds pass (True too when QEMU
    ends before: its status says how)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with open(log, "rb") as f:
                if mark in f.read():
                    return True
        except OSError:
            pass
        try:
            proc.wait(timeout=1)
            return True
        except subprocess.TimeoutExpired:
            pass
    return False


def _end(proc):
    """SIGTERM, and SIGKILL 5 s later, as timeout(1) -k 5 does."""
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _wait(proc, seconds):
    """proc's exit status, as timeout(1) -k 5 would give it: SIGTERM after
    seconds, SIGKILL 5 s later, 124 then."""
    try:
        status = proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        _end(proc)
        return 124
    return 128 - status if status < 0 else status


def boot(log, seconds, kernel, initrd, cmdline, args=(), follow=False, accel=None,
         memory=None, cpus=None, clock=None, started=None):
    return run(log, seconds, ["-kernel", kernel, "-initrd", initrd,
                              "-append", "console=ttyS0 panic=-1 " + cmdline] + list(args),
               follow=follow, accel=accelerator(kernel, accel), memory=memory, cpus=cpus,
               clock=clock, started=started)


def disk(path, size):
    try:
        with open(path, "w"):
            pass
    except OSError as e:
        raise Error("cannot create %s: %s" % (path, e.strerror)) from None
    if subprocess.run(["truncate", "-s", size, path]).returncode != 0:
        raise Error("cannot make %s %s long" % (path, size))
    return "file=%s,if=virtio,format=raw" % path
