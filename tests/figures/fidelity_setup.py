# SPDX-License-Identifier: GPL-2.0-only
"""fidelity_setup.py: the image's PostgreSQL beside the reference build on
the host, for fidelity.py and fidelity-instructions.py.

Sides(name)             WORK emptied, the image unpacked in WORK/image; img
                        and ref, the two bin directories; data, the data
                        directories' parent (FIDELITY_DATA/NAME, or a new
                        NAME.XXXXXX on /dev/shm) and data_where; as root,
                        WORK and data given to nobody, the servers' user
Sides.run(argv, ...)    argv as the servers' user, with a clean environment
                        (subprocess.run's keywords)
Server(sides, side, bindir, port)
                        one server: initdb and its settings, start, stop,
                        its postmaster's pid, SQL through the reference psql
header(prog, sides)     the lines that say what was compared
setting(name, default)  a positive integer from the environment
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__)))), "host"))
from bootbench import Error, jsonfile  # noqa: E402

TOP = os.environ.get("TOP") or os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__))))
IMAGE = os.environ.get("IMAGE") or os.path.join(TOP, "out", "bootbench.cpio.gz")
REFERENCE = os.environ.get("REFERENCE") or os.path.join(TOP, "build", "fidelity", "reference")


def setting(name, default):
    value = os.environ.get(name, str(default))
    if not value.isdigit() or int(value) == 0:
        raise Error("%s must be a positive integer (it is '%s')" % (name, value))
    return int(value)


def check_inputs():
    if not os.path.isfile(IMAGE):
        raise Error("%s missing: run make" % IMAGE)
    if not os.access(os.path.join(REFERENCE, "bin", "postgres"), os.X_OK):
        raise Error("%s/bin/postgres missing: run make fidelity" % REFERENCE)
    if not os.path.exists("/lib/ld-musl-x86_64.so.1"):
        raise Error("/lib/ld-musl-x86_64.so.1 missing (the image's postgres runs with it): "
                    "install musl")


class Sides:
    def __init__(self, name, work):
        check_inputs()
        self.work = work
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(os.path.join(work, "image"))
        if os.environ.get("FIDELITY_DATA"):
            self.data = os.path.join(os.environ["FIDELITY_DATA"], name)
            self.data_where = os.environ["FIDELITY_DATA"]
            shutil.rmtree(self.data, ignore_errors=True)
            os.makedirs(self.data)
        else:
            try:
                self.data = tempfile.mkdtemp(prefix=name + ".", dir="/dev/shm")
            except OSError:
                raise Error("could not make a directory on /dev/shm: set FIDELITY_DATA") from None
            self.data_where = "a tmpfs (/dev/shm)"
        unpack = subprocess.run("gzip -dc '%s' | cpio -id --quiet --no-absolute-filenames" % IMAGE,
                                shell=True, cwd=os.path.join(work, "image"))
        if unpack.returncode != 0:
            raise Error("could not unpack %s" % IMAGE)
        self.img = os.path.join(work, "image", "opt", "postgresql", "bin")
        self.ref = os.path.join(REFERENCE, "bin")
        self.as_user = []

    def own(self):
        """As root: everything under WORK and the data directories belongs
        to nobody, the user the servers run as."""
        if os.getuid() != 0:
            return
        if not shutil.which("setpriv"):
            raise Error("setpriv missing: install util-linux")
        self.as_user = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"]
        self.chown(self.work, self.data)

    def chown(self, *paths):
        """paths given to the servers' user, when they run as nobody."""
        if self.as_user:
            subprocess.run(["chown", "-R", "nobody:nogroup"] + list(paths), check=True)

    def command(self, argv):
        return ["env", "-i", "PATH=/usr/bin:/bin", "HOME=" + self.work, "TZ=UTC",
                "LC_ALL=C"] + self.as_user + list(argv)

    def run(self, argv, **kw):
        return subprocess.run(self.command(argv), **kw)

    def output(self, argv, path, **kw):
        """argv with its stdout and stderr in the file path; its status."""
        with open(path, "w") as out:
            return self.run(argv, stdout=out, stderr=subprocess.STDOUT, **kw).returncode

    def cleanup(self, servers):
        for s in servers:
            s.stop()
        shutil.rmtree(self.data, ignore_errors=True)


def tail(path, n=5):
    """The last n lines of a file, on stderr."""
    try:
        with open(path, errors="replace") as f:
            sys.stderr.write("".join(f.readlines()[-n:]))
    except OSError:
        pass


class Server:
    def __init__(self, sides, side, bindir, port):
        self.sides, self.side, self.bin, self.port = sides, side, bindir, port
        self.dir = os.path.join(sides.work, side)        # its socket and logs
        self.pgdata = os.path.join(sides.data, side)

    def init(self, settings=""):
        """initdb, and the settings: shared_buffers, no TCP, its socket
        and port, then settings."""
        os.makedirs(self.dir, exist_ok=True)
        self.sides.chown(self.dir)
        log = os.path.join(self.dir, "initdb.txt")
        if self.sides.output([os.path.join(self.bin, "initdb"), "-D", self.pgdata, "-U", "postgres",
                              "-A", "trust", "-E", "UTF8", "--no-locale", "--no-instructions"],
                             log) != 0:
            tail(log)
            raise Error("initdb (%s) failed: %s" % (self.side, log))
        with open(os.path.join(self.pgdata, "postgresql.conf"), "a") as f:
            f.write("shared_buffers = '128MB'\nlisten_addresses = ''\nport = '%d'\n"
                    "unix_socket_directories = '%s'\n%s" % (self.port, self.dir, settings))

    def start(self, log="log"):
        log = os.path.join(self.dir, log)
        if self.sides.run([os.path.join(self.bin, "pg_ctl"), "-D", self.pgdata, "-l", log, "-w",
                           "start"], stdout=subprocess.DEVNULL).returncode != 0:
            tail(log)
            raise Error("the %s server did not start: %s" % (self.side, log))

    def stop(self):
        """pg_ctl stop -m fast, if the server runs; its status."""
        if not os.path.exists(os.path.join(self.pgdata, "postmaster.pid")):
            return 0
        return self.sides.run([os.path.join(self.bin, "pg_ctl"), "-D", self.pgdata, "-m", "fast", "-w",
                               "stop"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode

    def pid(self):
        with open(os.path.join(self.pgdata, "postmaster.pid")) as f:
            return int(f.readline())

    def connection(self):
        """pgbench's and psql's options to reach the server."""
        return ["-h", self.dir, "-p", str(self.port), "-U", "postgres"]

    def sql(self, statement):
        return self.sides.run([os.path.join(self.sides.ref, "psql")] + self.connection() +
                              ["-qAtc", statement, "postgres"], stdout=subprocess.DEVNULL).returncode


def pg_version(postgres):
    out = subprocess.run([postgres, "--version"], capture_output=True, text=True).stdout
    first = out.split("\n")[0]
    return first.split(") ", 1)[1] if ") " in first else first


def header(prog, sides, what):
    """The lines saying what is compared: the PostgreSQL, the image's
    build (its image.json), the reference's."""
    gcc = subprocess.run("gcc -dumpfullversion 2>/dev/null || gcc -dumpversion", shell=True,
                         capture_output=True, text=True).stdout.strip()
    try:
        glibc = os.confstr("CS_GNU_LIBC_VERSION") or "glibc ?"
    except (ValueError, OSError):
        glibc = "glibc ?"
    lines = ["%s: PostgreSQL %s, %s" % (prog, pg_version(os.path.join(sides.ref, "postgres")), what)]
    info = os.path.join(sides.work, "image", "etc", "bootbench", "image.json")
    try:
        i = jsonfile.read(info)
        lines.append("  image:     %s, CFLAGS %s, allocator %s, memcpy %s (%s)" % tuple(
            jsonfile.first(i, k) for k in ("cc_version", "cflags", "allocator", "memcpy", "id")))
    except Error:
        lines.append("  image:     %s" % IMAGE)
    lines.append("  reference: gcc %s, %s, CFLAGS -O2 (%s)" % (gcc, glibc, REFERENCE))
    return lines
