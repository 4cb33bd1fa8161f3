# SPDX-License-Identifier: GPL-2.0-only
"""bootbench: the host side's shared library (Python 3, standard library only).

QEMU boots of the appliance, the disk images they use, prepared kernels, run
directories, runs rebuilt from a console log, walks of kernels, the host's
load during a boot, the one JSON reader of the host side and the
command-line conventions of the host tools.  host/README.md lists the
modules; qemu/run is the command line over boots.py.
"""
import os


class Error(Exception):
    """A failure to report in one line: the message names what failed and
    why.  status is the exit status a command line ends with (1, or 2 for
    a request that cannot be met as given)."""

    def __init__(self, message, status=1):
        super().__init__(message)
        self.status = status


def top():
    """The top of the tree this library is part of (host/..)."""
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
