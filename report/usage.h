/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * usage.h: the usage errors of the command lines that link the report
 * (bootbench-report, bootbench-gate) that getopt_long finds, and their
 * values, in the convention of common/cli.h.
 */
#ifndef BOOTBENCH_REPORT_USAGE_H
#define BOOTBENCH_REPORT_USAGE_H

#include <getopt.h>
#include <stdbool.h>

/* getopt_long's '?' (unknown option, or a value given to a flag) and ':'
 * (no value) as usage errors; arg is argv[optind - 1].  Returns 2. */
int usage_option_error(const struct option *longopts, int c, const char *arg);
/* The long name of the option getopt_long returned as val, or NULL. */
const char *usage_long_name(const struct option *longopts, int val);
/* Whether the value getopt_long gave is none: empty, or the next option
 * taken as the value ("--format --by fs"). */
bool usage_no_value(const char *optarg, char **argv, int optind);
/* *out = arg, a percentage above lo (from lo when with_lo) and below 100;
 * false after an error naming the option. */
bool usage_percentage(const char *option, const char *arg, double lo, bool with_lo, double *out);

#endif
