/* SPDX-License-Identifier: GPL-2.0-only */
/* zeroes.c: tests of init/disks/zeroes.c on sparse files with bytes set. */
#include "init/disks/zeroes.h"

#include "tap.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static char path[] = "/tmp/bootbench-zeroes.XXXXXX";

/* A sparse file of size bytes with a 1 at each offset of ones[]. */
static void make(unsigned long long size, const unsigned long long *ones, int n)
{
	int fd = open(path, O_WRONLY | O_TRUNC);

	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
		perror(path);
		exit(1);
	}
	for (int i = 0; i < n; i++)
		if (pwrite(fd, "\1", 1, (off_t)ones[i]) != 1) {
			perror(path);
			exit(1);
		}
	close(fd);
}

static void check(const char *what, unsigned long long size, const unsigned long long *ones,
		  int n, bool zero, unsigned long long at)
{
	struct zeroes z;
	int rc;

	make(size, ones, n);
	rc = zeroes_at_ends(path, ZEROES_SPAN, &z);
	if (zero)
		ok(rc == 0 && z.all_zero, "%s: zeros (read %llu bytes)", what, z.checked);
	else
		ok(rc == 0 && !z.all_zero && z.first_nonzero == at,
		   "%s: a byte at %llu (found %s %llu)", what, at,
		   z.all_zero ? "none," : "one at", z.first_nonzero);
}

int main(void)
{
	const unsigned long long mib = 1ULL << 20, big = 64 * mib, span = ZEROES_SPAN;
	int fd = mkstemp(path);
	struct zeroes z;

	if (fd < 0) {
		perror(path);
		return 1;
	}
	close(fd);
	check("an empty 64 MiB partition", big, NULL, 0, true, 0);
	check("data in the middle only", big, (unsigned long long[]){ 32 * mib }, 1, true, 0);
	check("the first byte", big, (unsigned long long[]){ 0 }, 1, false, 0);
	check("the last byte of the first span", big, (unsigned long long[]){ span - 1 }, 1,
	      false, span - 1);
	check("the first byte of the last span", big, (unsigned long long[]){ big - span }, 1,
	      false, big - span);
	check("the last byte", big, (unsigned long long[]){ big - 1 }, 1, false, big - 1);
	check("a 5 MiB partition, checked whole", 5 * mib, (unsigned long long[]){ 5 * mib / 2 },
	      1, false, 5 * mib / 2);
	check("an empty file", 0, NULL, 0, true, 0);
	unlink(path);
	errno = 0;
	ok(zeroes_at_ends(path, ZEROES_SPAN, &z) < 0 && errno == ENOENT,
	   "a missing device: -1, ENOENT");
	return tap_done();
}
