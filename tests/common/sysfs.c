/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysfs.c: tests of common/sysfs.c: a value's first line read and a value
 * written into a file that exists (not one that does not), and the choice
 * lists of sysfs ("[mq-deadline] kyber none"), in full and their word in
 * force.
 */
#include "common/sysfs.h"

#include "tap.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void files(void)
{
	char path[] = "/tmp/bootbench-sysfs.XXXXXX", buf[16];
	int fd = mkstemp(path);

	if (!ok(fd >= 0 && write(fd, "write back\nmore\n", 16) == 16, "a file to read"))
		return;
	close(fd);
	ok(sysfs_read(path, buf, sizeof buf) == 0 && strcmp(buf, "write back") == 0,
	   "its first line, without the newline");
	ok(sysfs_write(path, "1\n") == 0 && sysfs_read(path, buf, sizeof buf) == 0 &&
	   strcmp(buf, "1") == 0, "a value written, read back");
	ok(sysfs_read(path, buf, 4) == 0 && strcmp(buf, "1") == 0, "cut to the buffer");
	unlink(path);
	errno = 0;
	ok(sysfs_read(path, buf, sizeof buf) < 0 && errno == ENOENT, "a file gone: -1, ENOENT");
	ok(sysfs_write(path, "1") < 0 && errno == ENOENT && access(path, F_OK) < 0,
	   "writing a file that is not there: -1, ENOENT, nothing made");
}

static void choices(void)
{
	struct sysfs_choices c;
	char buf[32];

	is_int(sysfs_choices("[mq-deadline] kyber none\n", &c), 0, "a scheduler list");
	is_int((long long)c.n, 3, "three schedulers");
	is_int(c.current, 0, "the bracketed one is current");
	is_str(c.names[0], "mq-deadline", "brackets removed");
	is_str(c.names[2], "none", "last name, newline dropped");
	is_int(sysfs_choices("none mq-deadline [bfq] kyber", &c), 0, "current in the middle");
	is_int(c.current, 2, "bfq is current");
	is_str(c.names[3], "kyber", "all names kept");
	is_int(sysfs_choices("none\n", &c), 0, "a queue without an elevator");
	ok(c.n == 1 && c.current == 0, "\"none\" alone is current");
	is_int(sysfs_choices("[none]", &c), 0, "\"[none]\" alone");
	ok(c.n == 1 && c.current == 0 && strcmp(c.names[0], "none") == 0, "none current");
	is_int(sysfs_choices("", &c), -1, "empty text");
	is_int(sysfs_choices("[mq-deadline] [bfq]", &c), -1, "two current");
	is_int(sysfs_choices("[mq-deadline kyber", &c), -1, "an unclosed bracket");
	is_int(sysfs_choices("a b c d e f g h i", &c), -1, "more names than fit");
	is_int(sysfs_choices("a-scheduler-name-longer-than-24", &c), -1, "a name too long");

	sysfs_selected("mq-deadline kyber [bfq] none\n", buf, sizeof buf);
	is_str(buf, "bfq", "in force: the bracketed one");
	sysfs_selected("always defer defer+madvise [madvise] never\n", buf, sizeof buf);
	is_str(buf, "madvise", "THP's defrag, the same format");
	sysfs_selected("none\n", buf, sizeof buf);
	is_str(buf, "none", "one word without brackets");
	sysfs_selected("[a] [b]", buf, sizeof buf);
	is_str(buf, "[a]", "not a list: its first word");
}

int main(void)
{
	files();
	choices();
	return tap_done();
}
