/* SPDX-License-Identifier: GPL-2.0-only */
/* fsync_output.c: read pg_test_fsync's result lines. */
#include "bench/workloads/fsync/fsync_output.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum section {
	S_NONE,
	S_ONE_WRITE,       /* Compare file sync methods using one 8kB write */
	S_TWO_WRITES,      /* ... using two 8kB writes */
	S_SIZES,           /* Compare open_sync with different write sizes */
	S_OTHER_FD,        /* Test if fsync on non-write file descriptor is honored */
	S_NONSYNC,         /* Non-sync'ed 8kB writes */
};

static const struct {
	const char *prefix;
	enum section section;
} headers[] = {
	{ "Compare file sync methods using one ", S_ONE_WRITE },
	{ "Compare file sync methods using two ", S_TWO_WRITES },
	{ "Compare open_sync with different write sizes", S_SIZES },
	{ "Test if fsync on non-write file descriptor", S_OTHER_FD },
	{ "Non-sync'ed ", S_NONSYNC },
};

void fsync_report_init(struct fsync_report *r)
{
	memset(r, 0, sizeof(*r));
}

/* text[0..len) as a name: letters and digits kept (lower case), any
 * other run of characters one '_', none at either end. */
static void name_of(char *buf, size_t size, const char *text, size_t len)
{
	size_t n = 0;
	bool gap = false;

	for (size_t i = 0; i < len && n + 2 < size; i++) {
		unsigned char ch = (unsigned char)text[i];
		if (isalnum(ch)) {
			if (gap && n > 0)
				buf[n++] = '_';
			buf[n++] = (char)tolower(ch);
			gap = false;
		} else {
			gap = true;
		}
	}
	buf[n] = '\0';
}

/* The metric's name without "_ops_s" for a label of the current section;
 * false if the label does not belong to a section we know. */
static bool metric_stem(const struct fsync_report *r, const char *label,
			size_t len, char *buf, size_t size)
{
	char name[30];             /* labels are 30 columns wide */
	int count, kb, used = 0;

	name_of(name, sizeof(name), label, len);
	if (!name[0])
		return false;
	switch (r->section) {
	case S_ONE_WRITE:
	case S_OTHER_FD:
		snprintf(buf, size, "%s", name);
		return true;
	case S_TWO_WRITES:
		snprintf(buf, size, "two_writes_%s", name);
		return true;
	case S_SIZES:
		/* "1 * 16kB open_sync write", "2 *  8kB open_sync writes" */
		if (sscanf(label, "%d * %dkB open_sync write%n", &count, &kb,
			   &used) != 2 || used == 0)
			return false;
		snprintf(buf, size, "open_sync_%dk", kb);
		return true;
	case S_NONSYNC:
		snprintf(buf, size, "nonsync_%s", name);
		return true;
	default:
		return false;
	}
}

static void add_not_available(struct fsync_report *r, const char *stem,
			      bool direct_io)
{
	size_t used = strlen(r->not_available);

	snprintf(r->not_available + used, sizeof(r->not_available) - used,
		 "%s%s", used ? " " : "", stem);
	r->n_not_available++;
	r->direct_io_refused |= direct_io;
}

/* Does s (of length len) end with suffix? */
static bool ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);
	return len >= n && memcmp(s + len - n, suffix, n) == 0;
}

const struct fsync_result *fsync_report_line(struct fsync_report *r,
					     const char *line)
{
	unsigned seconds;
	char stem[41];             /* room for "_ops_s" in a metric name */

	for (size_t i = 0; i < sizeof(headers) / sizeof(headers[0]); i++) {
		if (strncmp(line, headers[i].prefix, strlen(headers[i].prefix)) == 0) {
			r->section = headers[i].section;
			return NULL;
		}
	}
	if (sscanf(line, "%u second", &seconds) == 1 && strstr(line, " per test")) {
		r->seconds_per_test = (int)seconds;
		return NULL;
	}
	/* Result lines are indented. */
	if (line[0] != ' ' || r->section == S_NONE)
		return NULL;

	const char *label = line + strspn(line, " ");
	size_t len = strlen(label);
	while (len > 0 && isspace((unsigned char)label[len - 1]))
		len--;

	if (ends_with(label, len, " n/a") || ends_with(label, len, " n/a*")) {
		bool star = label[len - 1] == '*';
		if (metric_stem(r, label, len - (star ? 4 : 3), stem, sizeof(stem)))
			add_not_available(r, stem, star);
		return NULL;
	}

	/* "<label>   3021.773 ops/sec     331 usecs/op" */
	const char *ops = strstr(label, " ops/sec");
	if (!ops)
		return NULL;
	const char *num = ops;
	while (num > label && num[-1] != ' ')
		num--;
	char *end;
	double ops_s = strtod(num, &end);
	if (num == ops || end != ops || num == label)
		return NULL;
	double usecs = 0;
	if (sscanf(ops + strlen(" ops/sec"), " %lf usecs/op", &usecs) != 1)
		usecs = 0;
	if (!metric_stem(r, label, (size_t)(num - label), stem, sizeof(stem)) ||
	    r->n == FSYNC_MAX_RESULTS)
		return NULL;

	struct fsync_result *res = &r->results[r->n++];
	snprintf(res->metric, sizeof(res->metric), "%s_ops_s", stem);
	res->ops_s = ops_s;
	res->usecs_op = usecs;
	return res;
}

double fsync_report_get(const struct fsync_report *r, const char *metric)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->results[i].metric, metric) == 0)
			return r->results[i].ops_s;
	return -1;
}

int fsync_report_check(const struct fsync_report *r, char *err, size_t len)
{
	if (fsync_report_get(r, "fdatasync_ops_s") < 0) {
		snprintf(err, len, "pg_test_fsync printed no fdatasync rate for "
			 "one 8kB write");
		return -1;
	}
	return 0;
}
