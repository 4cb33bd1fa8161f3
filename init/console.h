/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * console.h: the console and the log of the boot.
 *
 * Every line gets an uptime stamp "[   12.345] " and goes to the console
 * and to the log: kept in memory until console_attach() names the file
 * (logs/console.log of the run), appended to that file from then on.
 *
 * note(), warning() and fail() take printf formats; a format ending in ':'
 * gets ": " and strerror(errno) appended, so a failure names what failed
 * and why.  The first fail() of the boot is the run's reason.
 */
#ifndef BOOTBENCH_CONSOLE_H
#define BOOTBENCH_CONSOLE_H

#include <stddef.h>

#define FORMAT(a, b) __attribute__((format(printf, a, b)))

/* Fds 0-2 on /dev/console; every line also goes to the kernel's other
 * enabled consoles (e.g. the screen beside the serial line). */
void console_open(void);
void console_use_fd(int fd);
int console_attach(const char *path);
void console_detach(void);

void console_line(const char *text);
/* A line of data as it is, without a stamp, on /dev/console only: not in
 * the log, not on the other consoles. */
void console_data(const char *text);
void note(const char *fmt, ...) FORMAT(1, 2);
void warning(const char *fmt, ...) FORMAT(1, 2);
int fail(const char *fmt, ...) FORMAT(1, 2);

/* The enabled, writable consoles of /proc/consoles text other than the
 * preferred one (/dev/console); text is split in place. */
size_t console_others(char *consoles, char **names, size_t max);

/* The first failure of the boot and the phase it happened in, or NULL. */
const char *failure(void);
const char *failure_phase(void);

#endif
