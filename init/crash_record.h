/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * crash_record.h: the record of a run whose boot program did not end it.
 *
 * When the boot program crashed, left without ending the run or passed
 * the deadline, PID 1 stops what it left running and starts it again as
 * "bootbench-boot record-crash REASON".  This mode reads the handover
 * file (handover.h) and, if the run directory was made, goes on with the
 * run's logs/console.log, marks its run.json (still "running") failed
 * with REASON, the phase and the finish time, saves dmesg and prints the
 * run on the console, as a finish does.  Then it prints the end line,
 * unmounts the disks and exits BOOT_EXIT_RECORDED; PID 1 powers off.
 */
#ifndef BOOTBENCH_INIT_CRASH_RECORD_H
#define BOOTBENCH_INIT_CRASH_RECORD_H

/* The record-crash mode; returns the boot program's exit status. */
int crash_record(const char *reason);

/* bootbench.crash=PHASE, for tests only: die of SIGSEGV now, in phase. */
_Noreturn void crash_on_purpose(const char *phase);

#endif
