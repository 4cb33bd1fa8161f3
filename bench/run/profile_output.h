/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * profile_output.h: what perf says, as the profiler (profiler.c) reads it:
 * the summary perf record prints as it ends, the line that says why it
 * failed, the lines of perf buildid-list and the event of perf evlist.
 */
#ifndef BOOTBENCH_PROFILE_OUTPUT_H
#define BOOTBENCH_PROFILE_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * perf record's last line, "[ perf record: Captured and wrote 0.412 MB
 * FILE (3015 samples) ]", in text: true with *samples (0 when perf gives
 * no count, as with no sample at all), false when text has no such line.
 */
bool perf_record_captured(const char *text, long long *samples);

/*
 * Why perf failed, as one line into buf, from its output text: the line
 * after its "Error:", else a line saying something failed, else the last
 * line that is not empty ("" for no output).  A perf_event_open() that the
 * kernel does not have (ENOSYS) gets the hint that it lacks
 * CONFIG_PERF_EVENTS.
 */
void perf_failure_line(const char *text, char *buf, size_t len);

/* A line of perf buildid-list: a build id (hex), a space and a path. */
bool perf_buildid_line(const char *line);

/* The event's name from a line of perf evlist ("cpu-clock", "cycles:P"),
 * without modifiers, into buf; false if the line names none. */
bool perf_evlist_event(const char *line, char *buf, size_t len);

#endif
