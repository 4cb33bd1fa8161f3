/* SPDX-License-Identifier: GPL-2.0-only */
/* cputime.c: CPU time of a cgroup or of this process (cputime.h). */
#include "bench/os/cputime.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* The value of the line "name N" in text, into *v. */
static bool field(const char *text, const char *name, long long *v)
{
	size_t n = strlen(name);

	for (const char *p = text; *p; ) {
		if (strncmp(p, name, n) == 0 && p[n] == ' ') {
			char *end;
			errno = 0;
			*v = strtoll(p + n + 1, &end, 10);
			return errno == 0 && end != p + n + 1 && *v >= 0 &&
			       (*end == '\n' || *end == '\0');
		}
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		p = nl + 1;
	}
	return false;
}

int cputime_parse(const char *text, struct cputime *t)
{
	return field(text, "usage_usec", &t->usage_us) &&
	       field(text, "user_usec", &t->user_us) &&
	       field(text, "system_usec", &t->system_us) ? 0 : -1;
}

int cputime_read(int fd, struct cputime *t)
{
	char buf[1024];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n < 0)
		return -1;
	buf[n] = '\0';
	if (cputime_parse(buf, t) < 0) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

static long long us(struct timeval tv)
{
	return (long long)tv.tv_sec * 1000000 + tv.tv_usec;
}

int cputime_self(struct cputime *t)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) < 0)
		return -1;
	t->user_us = us(ru.ru_utime);
	t->system_us = us(ru.ru_stime);
	t->usage_us = t->user_us + t->system_us;
	return 0;
}

struct cputime cputime_sub(const struct cputime *b, const struct cputime *a)
{
	return (struct cputime){ b->usage_us - a->usage_us, b->user_us - a->user_us,
				 b->system_us - a->system_us };
}

struct cputime cputime_add(const struct cputime *a, const struct cputime *b)
{
	return (struct cputime){ a->usage_us + b->usage_us, a->user_us + b->user_us,
				 a->system_us + b->system_us };
}
