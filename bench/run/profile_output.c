/* SPDX-License-Identifier: GPL-2.0-only */
/* profile_output.c: read what perf says. */
#include "bench/run/profile_output.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAPTURED "[ perf record: Captured and wrote "

bool perf_record_captured(const char *text, long long *samples)
{
	const char *line = NULL;

	for (const char *p = strstr(text, CAPTURED); p; p = strstr(p + 1, CAPTURED))
		line = p;
	if (!line)
		return false;
	const char *end = strchr(line, '\n');
	size_t n = end ? (size_t)(end - line) : strlen(line);
	char buf[512];
	snprintf(buf, sizeof(buf), "%.*s", (int)(n < sizeof(buf) ? n : sizeof(buf) - 1), line);
	*samples = 0;
	/* the count is the last "(N samples)" of the line */
	char *open = strrchr(buf, '(');
	if (open && strstr(open, " samples)")) {
		char *stop;
		long long v = strtoll(open + 1, &stop, 10);
		if (stop != open + 1 && strncmp(stop, " samples)", 9) == 0 && v >= 0)
			*samples = v;
	}
	return true;
}

/* The line of text starting at p, without its newline and surrounding
 * blanks, into buf. */
static void take_line(const char *p, char *buf, size_t len)
{
	while (*p == ' ' || *p == '\t')
		p++;
	size_t n = strcspn(p, "\n");
	while (n > 0 && isspace((unsigned char)p[n - 1]))
		n--;
	snprintf(buf, len, "%.*s", (int)n, p);
}

/* The start of the first line of text after an "Error:" line that is not
 * empty; NULL if there is none. */
static const char *after_error(const char *text)
{
	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (strncmp(p, "Error:", 6) != 0)
			continue;
		const char *q = p + 6;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q && *q != '\n')
			return q;     /* "Error: reason" on one line */
		for (q = strchr(p, '\n'); q; q = strchr(q + 1, '\n'))
			if (q[1] && q[1] != '\n')
				return q + 1;
		return NULL;
	}
	return NULL;
}

/* The first line of text that says something failed; NULL if none. */
static const char *failed_line(const char *text)
{
	static const char *const words[] = { "failed", "Failed", "cannot", "Cannot",
					     "not supported", NULL };
	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		size_t n = strcspn(p, "\n");
		for (const char *const *w = words; *w; w++) {
			const char *hit = strstr(p, *w);
			if (hit && hit < p + n)
				return p;
		}
	}
	return NULL;
}

static const char *last_nonempty(const char *text)
{
	const char *last = NULL;

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		const char *q = p;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q && *q != '\n')
			last = p;
	}
	return last;
}

void perf_failure_line(const char *text, char *buf, size_t len)
{
	const char *p = after_error(text);

	if (!p)
		p = failed_line(text);
	if (!p)
		p = last_nonempty(text);
	if (!p) {
		snprintf(buf, len, "%s", "");
		return;
	}
	char line[400];
	take_line(p, line, sizeof(line));
	size_t n = strlen(line);
	if (n > 0 && line[n - 1] == '.')
		line[n - 1] = '\0';
	if (strstr(text, "(Function not implemented)"))
		snprintf(buf, len, "%s: the kernel has no perf events (CONFIG_PERF_EVENTS)", line);
	else
		snprintf(buf, len, "%s", line);
}

bool perf_buildid_line(const char *line)
{
	size_t n = 0;

	while (isxdigit((unsigned char)line[n]))
		n++;
	return n >= 16 && line[n] == ' ' && line[n + 1] != '\0';
}

bool perf_evlist_event(const char *line, char *buf, size_t len)
{
	while (*line == ' ' || *line == '\t')
		line++;
	size_t n = strcspn(line, ": \t\n");
	if (n == 0 || line[0] == '#')
		return false;
	snprintf(buf, len, "%.*s", (int)n, line);
	return true;
}
