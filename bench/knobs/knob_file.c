/* SPDX-License-Identifier: GPL-2.0-only */
/* knob_file.c: read and write the knobs' files, and put them back. */
#include "bench/knobs/knob_file.h"
#include "bench/msg.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fileio.h"

const char *kf_path(const struct knobs *k, const char *path, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", k->root, path);
	return buf;
}

bool kf_exists(const struct knobs *k, const char *path)
{
	char full[PATH_MAX];
	return access(kf_path(k, path, full, sizeof(full)), F_OK) == 0;
}

int kf_read(const struct knobs *k, const char *path, char *buf, size_t len)
{
	char full[PATH_MAX];
	size_t n;
	char *text = read_text(kf_path(k, path, full, sizeof(full)), 64 * 1024, &n);

	if (!text)
		return -1;
	while (n > 0 && strchr(" \t\n", text[n - 1]))
		text[--n] = '\0';
	snprintf(buf, len, "%s", text);
	free(text);
	return 0;
}

int kf_read_choice(const struct knobs *k, const char *path, char *buf, size_t len)
{
	char text[512];

	if (kf_read(k, path, text, sizeof(text)) < 0)
		return -1;
	char *open = strchr(text, '['), *close = open ? strchr(open, ']') : NULL;
	if (!close) {
		errno = EINVAL;
		return -1;
	}
	snprintf(buf, len, "%.*s", (int)(close - open - 1), open + 1);
	return 0;
}

bool kf_has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; *p;) {
		p += strspn(p, " \t\n[]");
		size_t w = strcspn(p, " \t\n[]");
		if (w == n && strncmp(p, word, n) == 0)
			return true;
		p += w;
	}
	return false;
}

/* Keep what to write back to path, unless it is kept already. */
static int keep_undo(struct knobs *k, const char *path, const char *restore,
		     enum knob_rank rank)
{
	for (size_t i = 0; i < k->n_undo; i++)
		if (strcmp(k->undo[i].path, path) == 0)
			return 0;
	if (k->n_undo == k->cap_undo) {
		size_t cap = k->cap_undo ? 2 * k->cap_undo : 64;
		struct knob_undo *u = realloc(k->undo, cap * sizeof(*u));
		if (!u)
			return -1;
		k->undo = u;
		k->cap_undo = cap;
	}
	struct knob_undo *u = &k->undo[k->n_undo];
	snprintf(u->path, sizeof(u->path), "%s", path);
	if (restore[0])
		snprintf(u->value, sizeof(u->value), "%s", restore);
	else if (kf_read(k, path, u->value, sizeof(u->value)) < 0)
		return -1;
	u->rank = rank;
	k->n_undo++;
	return 0;
}

/* Write value to path itself.  0 or -1. */
static int write_text(const struct knobs *k, const char *path, const char *value)
{
	char full[PATH_MAX];
	int fd = open(kf_path(k, path, full, sizeof(full)),
		      O_WRONLY | O_TRUNC | O_CLOEXEC);

	if (fd < 0)
		return -1;
	/* The kernel takes the value in one write(); a newline ends it as
	 * echo(1) would. */
	char line[KNOB_TEXT + 2];
	int n = snprintf(line, sizeof(line), "%s\n", value);
	if (write_all(fd, line, (size_t)n) < 0) {
		int e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return close(fd);
}

int kf_write(struct knobs *k, const char *path, const char *value,
	     const char *restore, enum knob_rank rank)
{
	if (restore && keep_undo(k, path, restore, rank) < 0)
		return -1;
	return write_text(k, path, value);
}

int kf_read_or_say(const struct knobs *k, const char *path, char *buf, size_t len,
		   char *err, size_t elen)
{
	if (kf_read(k, path, buf, len) == 0)
		return 0;
	snprintf(err, elen, "could not read %s: %s", path, strerror(errno));
	return -1;
}

int kf_write_or_say(struct knobs *k, const char *path, const char *value,
		    const char *restore, enum knob_rank rank, char *err, size_t elen)
{
	if (kf_write(k, path, value, restore, rank) == 0)
		return 0;
	snprintf(err, elen, "could not write \"%s\" to %s: %s", value, path, strerror(errno));
	return -1;
}

int kf_restore_all(struct knobs *k, char *err, size_t len)
{
	int failed = 0;

	for (int rank = 0; rank < RANKS; rank++) {
		for (size_t i = k->n_undo; i-- > 0;) {
			const struct knob_undo *u = &k->undo[i];
			if (u->rank != rank || write_text(k, u->path, u->value) == 0)
				continue;
			char why[PATH_MAX + 256];
			snprintf(why, sizeof(why), "could not put back \"%s\" in %s: %s",
				 u->value, u->path, strerror(errno));
			warning("%s", why);
			if (failed++ == 0)
				snprintf(err, len, "%s", why);
		}
	}
	return failed;
}
