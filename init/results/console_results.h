/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * console_results.h: the run directory on the console, for machines whose
 * disk is never read back and for CI without debugfs.
 *
 * At the end of every run the init prints the run directory as a gzip'd
 * tar archive (one top directory, the run's name) in base64, 76
 * characters a line, between two marker lines:
 *
 *   bootbench-results-begin: {"run": "runs/NAME", "format": "tar.gz", "bytes": N, "sha256": "..."}
 *   H4sIAAAAAAAAA+...
 *   bootbench-results-end: {"run": "runs/NAME", "lines": L, "sha256": "..."}
 *
 * The markers carry the stamp of every console line; the data lines have
 * none, and go to /dev/console only.  qemu/run --from-console LOG DIR
 * rebuilds the run directory from a saved console log
 * (doc/results-format.md, "Results on the console").
 */
#ifndef BOOTBENCH_INIT_CONSOLE_RESULTS_H
#define BOOTBENCH_INIT_CONSOLE_RESULTS_H

#define CONSOLE_RESULTS_BEGIN "bootbench-results-begin: "
#define CONSOLE_RESULTS_END   "bootbench-results-end: "

/* Print run directory RESULTS_MOUNT/RUN_REL ("runs/NAME").  Trouble is a
 * warning: the run's record is on the disk already, or lost with it. */
void console_results_print(const char *run_rel);

#endif
