/* SPDX-License-Identifier: GPL-2.0-only */
/* zeroes.c: reading a device's first and last bytes for anything not 0. */
#include "init/disks/zeroes.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/fs.h>
#include <sys/ioctl.h>

#define CHUNK (64 << 10)

/* The size of a regular file or a block device. */
static int size_of(int fd, unsigned long long *size)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -1;
	if (S_ISBLK(st.st_mode)) {
		unsigned long long bytes;

		if (ioctl(fd, BLKGETSIZE64, &bytes) < 0)
			return -1;
		*size = bytes;
		return 0;
	}
	*size = (unsigned long long)st.st_size;
	return 0;
}

/* Check [from, to) of fd; stop at the first byte that is not 0. */
static int check_range(int fd, unsigned long long from, unsigned long long to, struct zeroes *z)
{
	static unsigned char buf[CHUNK];

	while (from < to && z->all_zero) {
		size_t want = to - from < CHUNK ? (size_t)(to - from) : CHUNK;
		ssize_t got = pread(fd, buf, want, (off_t)from);

		if (got < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (got == 0) {
			errno = EIO;	/* shorter than it said it was */
			return -1;
		}
		for (ssize_t i = 0; i < got; i++)
			if (buf[i]) {
				z->all_zero = false;
				z->first_nonzero = from + (unsigned long long)i;
				break;
			}
		z->checked += (unsigned long long)got;
		from += (unsigned long long)got;
	}
	return 0;
}

int zeroes_at_ends(const char *path, unsigned long long span, struct zeroes *z)
{
	unsigned long long size;
	int fd, rc, saved;

	*z = (struct zeroes){ .all_zero = true };
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	rc = size_of(fd, &size);
	if (rc == 0) {
		if (size <= 2 * span)
			rc = check_range(fd, 0, size, z);
		else if ((rc = check_range(fd, 0, span, z)) == 0)
			rc = check_range(fd, size - span, size, z);
	}
	saved = errno;
	close(fd);
	errno = saved;
	return rc;
}
