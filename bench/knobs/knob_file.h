/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * knob_file.h: the files of /proc/sys, /sys and /dev that the knobs read
 * and write, under the knobs' root (unit tests give a directory), and the
 * list of what to write back at the end.  Every function leaves errno set
 * on failure; the callers word the message.
 */
#ifndef BOOTBENCH_KNOB_FILE_H
#define BOOTBENCH_KNOB_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/knobs/knob_state.h"

/* The order in which written files are put back: SMT first (it brings
 * CPUs back), then the CPUs online, then the rest, each in the reverse
 * order of their first writes. */
enum knob_rank { RANK_SMT, RANK_ONLINE, RANK_OTHER, RANKS };

/* root + path into buf; buf. */
const char *kf_path(const struct knobs *k, const char *path, char *buf, size_t len);

bool kf_exists(const struct knobs *k, const char *path);

/* path's text, trailing white space cut, into buf.  0 or -1. */
int kf_read(const struct knobs *k, const char *path, char *buf, size_t len);

/* The word in [brackets] of a sysfs choice file ("always [madvise]
 * never"), into buf.  0 or -1 (EINVAL: no brackets). */
int kf_read_choice(const struct knobs *k, const char *path, char *buf, size_t len);

/* Whether word is one of the words of list (brackets ignored). */
bool kf_has_word(const char *list, const char *word);

/*
 * Write value to path.  The first time a path is written (restore not
 * NULL), what to write back at the end is kept: restore, or "" for the
 * file's own text as read now.  0 or -1.
 */
int kf_write(struct knobs *k, const char *path, const char *value,
	     const char *restore, enum knob_rank rank);

/* kf_read() and kf_write() with "could not read PATH: why", "could not
 * write "VALUE" to PATH: why" in err when they fail. */
int kf_read_or_say(const struct knobs *k, const char *path, char *buf, size_t len,
		   char *err, size_t elen);
int kf_write_or_say(struct knobs *k, const char *path, const char *value,
		    const char *restore, enum knob_rank rank, char *err, size_t elen);

/* Write back what kf_write() kept, in rank order; warning() for each that
 * fails.  The number that failed; the first into err. */
int kf_restore_all(struct knobs *k, char *err, size_t len);

#endif
