# SPDX-License-Identifier: GPL-2.0-only
# tests/figures/lib.sh: what the shell scripts of tests/figures share,
# sourced by them.
#   load        the host's load averages (1, 5 and 15 minutes)
#   minutes S   S seconds as "M min SS s"
load() { cut -d' ' -f1-3 /proc/loadavg; }
minutes() { awk -v s="$1" 'BEGIN { s = int(s + 0.5); printf "%d min %02d s", s / 60, s % 60 }'; }
