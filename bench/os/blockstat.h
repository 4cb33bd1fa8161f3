/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blockstat.h: a block device's statistics as the kernel keeps them in
 * /sys/class/block/<dev>/stat (Documentation/block/stat.rst), one line of
 * counters since the device appeared:
 *
 *    1-4   read I/Os, read merges, read sectors, read ticks (ms)
 *    5-8   write I/Os, write merges, write sectors, write ticks
 *    9-11  in flight (a gauge), io_ticks (ms busy), time in queue
 *   12-15  discard I/Os, merges, sectors, ticks      (Linux 4.18 on)
 *   16-17  flush I/Os, flush ticks                    (Linux 5.5 on)
 *
 * Sectors are 512 bytes whatever the device's.  A partition has a stat
 * file of its own, but the kernel counts every flush on the whole disk
 * (block/blk-flush.c: blk_account_io_flush() adds to part0): a
 * partition's flush count stays 0, and a flush is read from its disk.
 */
#ifndef BOOTBENCH_BLOCKSTAT_H
#define BOOTBENCH_BLOCKSTAT_H

#include <stddef.h>

/* The field counts of the kernels' forms of the line. */
enum {
	BLOCKSTAT_FIELDS_BASE = 11,
	BLOCKSTAT_FIELDS_DISCARD = 15,
	BLOCKSTAT_FIELDS_FLUSH = 17,
};

struct blockstat {
	int fields;                /* 11, 15 or 17: what the kernel gave */
	unsigned long long reads, read_merges, read_sectors, read_ms;
	unsigned long long writes, write_merges, write_sectors, write_ms;
	unsigned long long in_flight, io_ms, queue_ms;
	unsigned long long discards, discard_merges, discard_sectors, discard_ms;
	unsigned long long flushes, flush_ms;   /* 0 when fields < 17 */
};

/* The text of a stat file.  0, or -1 if it is not 11, 15 or 17 numbers
 * (more, from a kernel to come, are left alone: 17 are taken). */
int blockstat_parse(const char *text, struct blockstat *s);

/* Read the stat file at path.  0, or -1 with errno set (EINVAL: not a
 * stat line). */
int blockstat_read(const char *path, struct blockstat *s);

/* b - a, counter by counter (in_flight is b's: a gauge); fields is the
 * smaller of the two. */
struct blockstat blockstat_sub(const struct blockstat *b, const struct blockstat *a);

/*
 * The whole disk of the device named name ("vdb1" -> "vdb"; a disk is
 * its own), by its sysfs entry under sysfs_block (/sys/class/block): a
 * partition's entry has a file "partition" and lives in its disk's
 * directory.  0, or -1 with errno set.
 */
int blockstat_disk_of(const char *sysfs_block, const char *name, char *disk, size_t len);

#endif
