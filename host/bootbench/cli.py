# SPDX-License-Identifier: GPL-2.0-only
"""The command-line conventions of the host tools (qemu/run,
bootbench-prepare-disk, lab/lava/make-job), as README.md states them:

  * the usage is the script's header, from its "Usage" line to the end of
    its "Exit" paragraph, printed on stdout by -h and --help (exit 0);
  * a bad usage is one line "PROG: error: WHAT" and the hint
    'Try "PROG --help" for more information.' on stderr, exit 2, as
    bootbench-bench, bootbench-report and bootbench-gate say it
    (common/cli.h);
  * --option=VALUE is --option VALUE; a value is never empty and never
    the next option (a word beginning with --);
  * any other failure is one line "PROG: WHAT" on stderr, exit 1 (or the
    status of the Error).

main(prog, function) runs a command under these rules; options() walks
its command line.
"""
import signal
import sys

from bootbench import Error


class UsageError(Exception):
    """A bad command line: one line, the hint, exit 2."""


def usage(path):
    """The usage text of the script at path: its header comment from the
    line "# Usage" to the end of the paragraph of its line "# Exit" (the
    comment lines after it, up to an empty one), without the leading "# ";
    never more than the header comment."""
    text, inside, exiting = [], False, False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            inside = inside or line.startswith("# Usage")
            if not inside:
                continue
            if not line.startswith("#") or (exiting and line == "#"):
                break
            text.append(line[2:] if line.startswith("# ") else line[1:])
            exiting = exiting or line.startswith("# Exit")
    return "\n".join(text) + "\n"


def options(argv, valued, flags):
    """The words of argv as (option, value) pairs, in order: option is the
    option's name (its value None for a flag), or None for a word that is
    no option (its value the word).  valued and flags name the options
    that take a value and those that take none.  Raises UsageError for an
    unknown option, a missing or empty value, a value given to a flag."""
    i = 0
    while i < len(argv):
        word, i = argv[i], i + 1
        if word.startswith("--") and "=" in word:
            opt, val = word.split("=", 1)
        elif word.startswith("-") and len(word) > 1:
            opt, val = word, None
        else:
            yield None, word
            continue
        if opt in valued:
            if val is None:
                if i >= len(argv) or argv[i] == "" or argv[i].startswith("--"):
                    raise UsageError('option "%s" needs a value' % opt)
                val, i = argv[i], i + 1
            if val == "":
                raise UsageError('option "%s" needs a value' % opt)
            yield opt, val
        elif opt in flags:
            if val is not None:
                raise UsageError('option "%s" takes no value' % opt)
            yield opt, None
        else:
            raise UsageError('unknown option "%s"' % opt)


def number(value, what=None):
    """value (a word of digits) as an integer, or the UsageError
    "WHAT: not a number: 'VALUE'" (without "WHAT: " when what is None)."""
    if not value.isdigit() or not value.isascii():
        raise UsageError("%snot a number: '%s'" % (what + ": " if what else "", value))
    return int(value)


def _terminated(signum, frame):
    """SIGTERM ends the command as an exit would: the QEMU it runs, the
    files it made for a boot, go with it."""
    sys.exit(128 + signum)


def main(prog, function, argv=None):
    """Run function(argv) as the command prog and exit: with its return
    value (None is 0), 2 with the hint on a UsageError, the Error's status
    on an Error, each said in one line on stderr."""
    # Lines in order with what the tools run write to the same files.
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)
    signal.signal(signal.SIGTERM, _terminated)
    try:
        status = function(sys.argv[1:] if argv is None else argv)
    except UsageError as e:
        sys.stdout.flush()
        sys.stderr.write('%s: error: %s\nTry "%s --help" for more information.\n' % (prog, e, prog))
        status = 2
    except Error as e:
        sys.stdout.flush()
        sys.stderr.write("%s: %s\n" % (prog, e))
        status = e.status
    except KeyboardInterrupt:
        status = 130
    sys.stdout.flush()
    sys.exit(status or 0)
