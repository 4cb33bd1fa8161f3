# SPDX-License-Identifier: GPL-2.0-only
"""Kernel variants: a kernel and extra kernel command-line parameters of its
own, booted as a column of its own (boots.Variant).

The variant's name is its parameters joined with '+' ("pti=on",
"pti=on+nosmt"); the boot says it as bootbench.variant=NAME and run.json
records it.  A parameter is made of letters, digits and _-.,:=@ (what
GRUB, iPXE, LAVA's YAML, a make variable and a file name carry as it is),
starts with a letter, a digit or '_', is not one of bootbench's own
(bootbench.*) and is not given twice.  init/kernel/variant.c keeps the
same rules; tests/lib/variant-names.txt holds both to them.

problem(name)        why the variant name is refused, or None
parameters(name)     its parameters (a name problem() accepts)
split(text)          "6.12 pti=on nosmt" (as qemu/run --kernel takes it) as
                     (kernel, [parameters]); a ValueError says what is
                     wrong with it
cmdline(name)        the words a boot of the variant adds to the kernel
                     command line: its parameters and bootbench.variant=
"""
import string

NAME_MAX = 255
PARAM_MAX = 127
PARAMS_MAX = 16
PARAM_CHARS = "_-.,:=@"
_ALLOWED = set(string.ascii_letters + string.digits + PARAM_CHARS)
_FIRST = set(string.ascii_letters + string.digits + "_")
_MADE_OF = "a parameter is made of letters, digits and " + PARAM_CHARS


def _char_problem(param):
    for c in param:
        if c in _ALLOWED:
            continue
        if c.isascii() and c.isprintable():
            return "parameter '%s' holds '%s': %s" % (param, c, _MADE_OF)
        return "parameter '%s' holds the byte 0x%02x: %s" % (param, c.encode()[0], _MADE_OF)
    return None


def problem(name):
    if name == "":
        return "an empty variant"
    if len(name.encode()) > NAME_MAX:
        return "longer than %d characters" % NAME_MAX
    seen = []
    for p in name.split("+"):
        if p == "":
            return "an empty parameter: '+' at an end or twice in a row"
        if len(p.encode()) > PARAM_MAX:
            return "a parameter longer than %d characters" % PARAM_MAX
        if p[0] not in _FIRST:
            return "parameter '%s' does not start with a letter, a digit or _" % p
        why = _char_problem(p)
        if why:
            return why
        if p.startswith("bootbench."):
            return ("parameter '%s' is bootbench's own: bootbench.* parameters go on the "
                    "command line, not in a variant" % p)
        if p in seen:
            return "parameter '%s' is given twice" % p
        if len(seen) == PARAMS_MAX:
            return "more than %d parameters" % PARAMS_MAX
        seen.append(p)
    return None


def parameters(name):
    return name.split("+") if name else []


def split(text):
    words = text.split()
    if not words:
        raise ValueError("no kernel")
    kernel, params = words[0], words[1:]
    for p in params:
        if "+" in p:
            raise ValueError("parameter '%s' holds '+': %s; give the parameters apart, "
                             "\"KERNEL %s\"" % (p, _MADE_OF, " ".join(x for x in p.split("+") if x)))
    why = problem("+".join(params)) if params else None
    if why:
        raise ValueError(why)
    return kernel, params


def cmdline(name):
    return parameters(name) + ["bootbench.variant=" + name] if name else []
