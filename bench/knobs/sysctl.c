/* SPDX-License-Identifier: GPL-2.0-only */
/* sysctl.c: the entries of /proc/sys (sysctl.h). */
#include "bench/knobs/sysctl.h"
#include "bench/knobs/knob_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

int sysctl_entry(struct knobs *k, struct knob *kn, char *err, size_t len)
{
	char full[PATH_MAX];
	struct stat st;
	struct utsname u;

	snprintf(kn->path, sizeof(kn->path), "/proc/sys/%s", kn->param->key);
	for (char *p = kn->path + strlen("/proc/sys/"); *p; p++)
		if (*p == '.')
			*p = '/';
	if (stat(kf_path(k, kn->path, full, sizeof(full)), &st) < 0) {
		if (errno != ENOENT)
			snprintf(err, len, "could not look at %s: %s", kn->path, strerror(errno));
		else
			snprintf(err, len, "the running kernel (%s) has no %s",
				 uname(&u) == 0 ? u.release : "?", kn->path);
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		snprintf(err, len, "%s is a directory of entries, not one", kn->path);
		return -1;
	}
	/* /proc/sys gives root the owner's bits. */
	if (!(st.st_mode & S_IWUSR)) {
		snprintf(err, len, "%s is read-only", kn->path);
		return -1;
	}
	if (!(st.st_mode & S_IRUSR)) {
		snprintf(err, len, "%s cannot be read back (write-only: an action, "
			 "not a setting)", kn->path);
		return -1;
	}
	if (kf_read(k, kn->path, kn->own, sizeof(kn->own)) < 0) {
		snprintf(err, len, "could not read %s: %s", kn->path, strerror(errno));
		return -1;
	}
	return 0;
}

/* The next word of *p into w (at most n bytes); false at the end. */
static bool next_word(const char **p, char *w, size_t n)
{
	*p += strspn(*p, " \t\n");
	size_t len = strcspn(*p, " \t\n");
	if (len == 0)
		return false;
	snprintf(w, n, "%.*s", (int)len, *p);
	*p += len;
	return true;
}

static bool whole_number(const char *w, long long *v)
{
	char *end;
	errno = 0;
	*v = strtoll(w, &end, 10);
	return !errno && end != w && *end == '\0';
}

bool sysctl_same(const char *value, const char *now)
{
	const char *a = value, *b = now;
	char wa[KNOB_TEXT], wb[KNOB_TEXT];

	for (;;) {
		bool more_a = next_word(&a, wa, sizeof(wa));
		bool more_b = next_word(&b, wb, sizeof(wb));
		long long na, nb;

		if (!more_a || !more_b)
			return more_a == more_b;
		if (whole_number(wa, &na) && whole_number(wb, &nb) ? na != nb
		    : strcmp(wa, wb) != 0)
			return false;
	}
}

int sysctl_set(struct knobs *k, const struct knob *kn, const char *value,
	       bool keep, char *now, size_t nlen, char *err, size_t len)
{
	if (kf_write(k, kn->path, value, keep ? kn->own : NULL, RANK_OTHER) < 0) {
		int e = errno;
		if (e == EACCES || e == EPERM)
			snprintf(err, len, "could not write %s: %s (setting [sysctl] "
				 "needs root)", kn->path, strerror(e));
		else
			snprintf(err, len, "the kernel refuses \"%s\" (writing %s: %s)",
				 value, kn->path, strerror(e));
		return -1;
	}
	int rc = kf_read(k, kn->path, now, nlen);
	int e = errno;
	if (!keep && kf_write(k, kn->path, kn->own, NULL, RANK_OTHER) < 0) {
		snprintf(err, len, "could not write its own value \"%s\" back to %s: %s",
			 kn->own, kn->path, strerror(errno));
		return -1;
	}
	if (rc < 0) {
		snprintf(err, len, "could not read %s back: %s", kn->path, strerror(e));
		return -1;
	}
	if (!sysctl_same(value, now)) {
		snprintf(err, len, "the kernel does not keep \"%s\": %s read back \"%s\"",
			 value, kn->path, now);
		return -1;
	}
	return 0;
}
