/* SPDX-License-Identifier: GPL-2.0-only */
/* blockstat.c: /sys/class/block/<dev>/stat, read and parsed (blockstat.h). */
#include "bench/os/blockstat.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Up to 17 numbers separated by blanks, and nothing else. */
static int numbers(const char *text, unsigned long long *v, int max)
{
	const char *p = text;
	int n = 0;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			return n;
		if (!isdigit((unsigned char)*p))
			return -1;
		char *end;
		errno = 0;
		unsigned long long x = strtoull(p, &end, 10);
		if (errno == ERANGE || (*end && *end != ' ' && *end != '\t' && *end != '\n'))
			return -1;
		if (n < max)
			v[n] = x;
		n++;
		p = end;
	}
}

int blockstat_parse(const char *text, struct blockstat *s)
{
	unsigned long long v[BLOCKSTAT_FIELDS_FLUSH] = { 0 };
	int n = numbers(text, v, BLOCKSTAT_FIELDS_FLUSH);

	memset(s, 0, sizeof(*s));
	if (n != BLOCKSTAT_FIELDS_BASE && n != BLOCKSTAT_FIELDS_DISCARD &&
	    n < BLOCKSTAT_FIELDS_FLUSH)
		return -1;
	s->fields = n < BLOCKSTAT_FIELDS_FLUSH ? n : BLOCKSTAT_FIELDS_FLUSH;
	s->reads = v[0];
	s->read_merges = v[1];
	s->read_sectors = v[2];
	s->read_ms = v[3];
	s->writes = v[4];
	s->write_merges = v[5];
	s->write_sectors = v[6];
	s->write_ms = v[7];
	s->in_flight = v[8];
	s->io_ms = v[9];
	s->queue_ms = v[10];
	s->discards = v[11];
	s->discard_merges = v[12];
	s->discard_sectors = v[13];
	s->discard_ms = v[14];
	s->flushes = v[15];
	s->flush_ms = v[16];
	return 0;
}

int blockstat_read(const char *path, struct blockstat *s)
{
	char text[512];
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	ssize_t n = read(fd, text, sizeof(text) - 1);
	int saved = errno;
	close(fd);
	if (n < 0) {
		errno = saved;
		return -1;
	}
	text[n] = '\0';
	if (blockstat_parse(text, s) < 0) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

struct blockstat blockstat_sub(const struct blockstat *b, const struct blockstat *a)
{
	return (struct blockstat){
		.fields = a->fields < b->fields ? a->fields : b->fields,
		.reads = b->reads - a->reads,
		.read_merges = b->read_merges - a->read_merges,
		.read_sectors = b->read_sectors - a->read_sectors,
		.read_ms = b->read_ms - a->read_ms,
		.writes = b->writes - a->writes,
		.write_merges = b->write_merges - a->write_merges,
		.write_sectors = b->write_sectors - a->write_sectors,
		.write_ms = b->write_ms - a->write_ms,
		.in_flight = b->in_flight,
		.io_ms = b->io_ms - a->io_ms,
		.queue_ms = b->queue_ms - a->queue_ms,
		.discards = b->discards - a->discards,
		.discard_merges = b->discard_merges - a->discard_merges,
		.discard_sectors = b->discard_sectors - a->discard_sectors,
		.discard_ms = b->discard_ms - a->discard_ms,
		.flushes = b->flushes - a->flushes,
		.flush_ms = b->flush_ms - a->flush_ms,
	};
}

int blockstat_disk_of(const char *sysfs_block, const char *name, char *disk, size_t len)
{
	char path[PATH_MAX + 16], real[PATH_MAX];
	struct stat st;

	if (!name[0] || strchr(name, '/') ||
	    (size_t)snprintf(path, sizeof(path), "%s/%s", sysfs_block, name) >= sizeof(path)) {
		errno = EINVAL;
		return -1;
	}
	if (!realpath(path, real))
		return -1;
	snprintf(path, sizeof(path), "%s/partition", real);
	if (stat(path, &st) == 0)
		*strrchr(real, '/') = '\0';
	else if (errno != ENOENT)
		return -1;
	const char *base = strrchr(real, '/') ? strrchr(real, '/') + 1 : real;
	if (strlen(base) >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(disk, base, strlen(base) + 1);
	return 0;
}
