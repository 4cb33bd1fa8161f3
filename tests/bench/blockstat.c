/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A block device's stat file (bench/os/blockstat.c): the kernels'
 * three forms of the line (11 fields before Linux 4.18, 15 with discards,
 * 17 with flushes from 5.5), as the kernel prints them; lines that are
 * none of them; the difference of two; a file read, and one that is not
 * there; the whole disk of a partition in a sysfs tree made for the test.
 */
#include "bench/os/blockstat.h"
#include "tap.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* As block/genhd.c prints them: "%8lu " each, the last with a newline. */
static const char line11[] =
	"    4455      120   356224     2512    20321     6187   772456    90311"
	"        0    31596    92823\n";
static const char line15[] =
	"    4455      120   356224     2512    20321     6187   772456    90311"
	"        2    31596    92823       17        0   524288        9\n";
static const char line17[] =
	"    4455      120   356224     2512    20321     6187   772456    90311"
	"        2    31596    92823       17        0   524288        9     1180      406\n";

static void forms(void)
{
	struct blockstat s;

	ok(blockstat_parse(line11, &s) == 0 && s.fields == 11 && s.reads == 4455 &&
	   s.read_merges == 120 && s.read_sectors == 356224 && s.read_ms == 2512 &&
	   s.writes == 20321 && s.write_merges == 6187 && s.write_sectors == 772456 &&
	   s.write_ms == 90311 && s.in_flight == 0 && s.io_ms == 31596 && s.queue_ms == 92823 &&
	   s.discards == 0 && s.flushes == 0,
	   "11 fields (before Linux 4.18): reads, writes, in flight, ticks; no discards, no flushes");
	ok(blockstat_parse(line15, &s) == 0 && s.fields == 15 && s.writes == 20321 &&
	   s.in_flight == 2 && s.discards == 17 && s.discard_merges == 0 &&
	   s.discard_sectors == 524288 && s.discard_ms == 9 && s.flushes == 0 && s.flush_ms == 0,
	   "15 fields (4.18 on): the discards too, no flushes");
	ok(blockstat_parse(line17, &s) == 0 && s.fields == 17 && s.discards == 17 &&
	   s.flushes == 1180 && s.flush_ms == 406, "17 fields (5.5 on): the flushes too");

	char longer[sizeof(line17) + 16];
	snprintf(longer, sizeof(longer), "%.*s       77\n", (int)strlen(line17) - 1, line17);
	ok(blockstat_parse(longer, &s) == 0 && s.fields == 17 && s.flushes == 1180 &&
	   s.flush_ms == 406, "18 fields (a kernel to come): the 17 known taken");
	ok(blockstat_parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17", &s) == 0 &&
	   s.reads == 1 && s.flush_ms == 17, "single spaces, no newline");
	ok(blockstat_parse("18446744073709551615 0 0 0 0 0 0 0 0 0 0", &s) == 0 &&
	   s.reads == 18446744073709551615ull, "the largest counter");

	static const char *const bad[] = {
		"",
		"1 2 3 4 5 6 7 8 9 10\n",
		"1 2 3 4 5 6 7 8 9 10 11 12\n",
		"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n",
		"1 2 3 4 5 6 7 8 9 10 -11\n",
		"1 2 3 4 5 6 7 8 9 10 1x\n",
		"1 2 3 4 5 6 7 8 9 10 11 x\n",
		"18446744073709551616 0 0 0 0 0 0 0 0 0 0\n",
		"major minor name 1 2 3 4 5 6 7 8 9 10 11\n",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		ok(blockstat_parse(bad[i], &s) < 0 && s.fields == 0, "refused: \"%.*s\"",
		   (int)strcspn(bad[i], "\n"), bad[i]);
}

static void difference(void)
{
	struct blockstat a, b;

	blockstat_parse("10 1 80 5 20 2 160 9 3 40 50 1 0 8 1 7 2", &a);
	blockstat_parse("15 1 120 6 32 5 416 19 0 55 80 1 0 8 1 12 4", &b);
	struct blockstat d = blockstat_sub(&b, &a);
	ok(d.fields == 17 && d.reads == 5 && d.read_sectors == 40 && d.read_ms == 1 &&
	   d.writes == 12 && d.write_merges == 3 && d.write_sectors == 256 && d.write_ms == 10 &&
	   d.in_flight == 0 && d.io_ms == 15 && d.queue_ms == 30 && d.discards == 0 &&
	   d.flushes == 5 && d.flush_ms == 2,
	   "b - a, counter by counter; in flight is b's (a gauge)");
	blockstat_parse(line15, &b);
	ok(blockstat_sub(&b, &a).fields == 15, "one reading of 15 fields: the difference has 15");
}

static char dir[] = "/tmp/bootbench-blockstat-XXXXXX";

static void put(const char *name, const char *text)
{
	tap_put(dir, name, text);
}

static void in(const char *name, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", dir, name);
}

static void files(void)
{
	char path[256], link[256], disk[16];
	struct blockstat s;

	/* A sysfs tree: devices/vdb with its partition vdb1, devices/vdc
	 * without one, and class/block linking to them. */
	static const char *const dirs[] = { "devices", "devices/vdb", "devices/vdb/vdb1",
					    "devices/vdc", "block" };
	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++) {
		in(dirs[i], path, sizeof(path));
		if (mkdir(path, 0755) < 0)
			ok(false, "could not make %s: %s", path, strerror(errno));
	}
	put("devices/vdb/vdb1/partition", "1\n");
	put("devices/vdb/vdb1/stat", line17);
	put("devices/vdb/stat", "garbage\n");
	static const char *const links[][2] = {
		{ "block/vdb", "../devices/vdb" },
		{ "block/vdb1", "../devices/vdb/vdb1" },
		{ "block/vdc", "../devices/vdc" },
	};
	for (size_t i = 0; i < sizeof(links) / sizeof(*links); i++) {
		in(links[i][0], link, sizeof(link));
		if (symlink(links[i][1], link) < 0)
			ok(false, "could not link %s: %s", link, strerror(errno));
	}

	in("block/vdb1/stat", path, sizeof(path));
	ok(blockstat_read(path, &s) == 0 && s.fields == 17 && s.flushes == 1180,
	   "a stat file read");
	in("block/vdb/stat", path, sizeof(path));
	errno = 0;
	ok(blockstat_read(path, &s) < 0 && errno == EINVAL, "a file that is not a stat line: EINVAL");
	in("block/vdd/stat", path, sizeof(path));
	errno = 0;
	ok(blockstat_read(path, &s) < 0 && errno == ENOENT, "a file that is not there: ENOENT");

	in("block", path, sizeof(path));
	ok(blockstat_disk_of(path, "vdb1", disk, sizeof(disk)) == 0 && strcmp(disk, "vdb") == 0,
	   "a partition's disk: its parent (%s)", disk);
	ok(blockstat_disk_of(path, "vdc", disk, sizeof(disk)) == 0 && strcmp(disk, "vdc") == 0,
	   "a disk is its own (%s)", disk);
	errno = 0;
	ok(blockstat_disk_of(path, "vdd", disk, sizeof(disk)) < 0 && errno == ENOENT,
	   "a device sysfs does not have: ENOENT");
	ok(blockstat_disk_of(path, "vdb1", disk, 3) < 0 && errno == ENAMETOOLONG,
	   "a disk's name longer than the buffer");
	ok(blockstat_disk_of(path, "../devices/vdc", disk, sizeof(disk)) < 0 && errno == EINVAL,
	   "a name with a slash: refused");
}

int main(void)
{
	forms();
	difference();
	if (!mkdtemp(dir)) {
		ok(false, "could not make a directory: %s", strerror(errno));
		return tap_done();
	}
	files();
	char cmd[64];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return tap_done();
}
