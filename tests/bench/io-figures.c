/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * I/O and WAL per unit of work (bench/workloads/io_figures.c,
 * wal_figures.c) on a sysfs tree made for the test: a target that is a
 * partition (its flushes read from its disk, its other counters its own),
 * a WAL device that is a whole disk; the metrics and facts of a stretch
 * against figures worked out by hand, two stretches added, a kernel
 * without flush counts, a stat file gone between the readings, host mode,
 * no units; the WAL's bytes per transaction, and without a reading.
 */
#include "bench/workloads/io_figures.h"
#include "bench/workloads/wal_figures.h"
#include "tap.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/bootbench-io-figures-XXXXXX";
static char block[64];

static void put(const char *name, const char *text)
{
	tap_put(dir, name, text);
}

/* A stat line of 17 fields: reads, read sectors, writes, write sectors, flushes. */
static void put_stat(const char *name, int reads, int rsect, int writes, int wsect, int flushes)
{
	char line[256];

	snprintf(line, sizeof(line), "%8d 0 %8d 7 %8d 0 %8d 9 0 11 13 0 0 0 0 %8d 5\n",
		 reads, rsect, writes, wsect, flushes);
	put(name, line);
}

/* devices/vdb with its partition vdb1 (the target), devices/vdc (the
 * WAL device, a disk), block/ linking to them, the queues' settings. */
static void make_tree(void)
{
	static const char *const dirs[] = { "devices", "devices/vdb", "devices/vdb/vdb1",
					    "devices/vdb/queue", "devices/vdc",
					    "devices/vdc/queue", "block" };
	static const char *const links[][2] = {
		{ "block/vdb", "../devices/vdb" },
		{ "block/vdb1", "../devices/vdb/vdb1" },
		{ "block/vdc", "../devices/vdc" },
	};
	char path[256];

	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, dirs[i]);
		if (mkdir(path, 0755) < 0)
			ok(false, "could not make %s: %s", path, strerror(errno));
	}
	for (size_t i = 0; i < sizeof(links) / sizeof(*links); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, links[i][0]);
		if (symlink(links[i][1], path) < 0)
			ok(false, "could not link %s: %s", path, strerror(errno));
	}
	put("devices/vdb/vdb1/partition", "1\n");
	put("devices/vdb/queue/write_cache", "write back\n");
	put("devices/vdb/queue/fua", "0\n");
	put("devices/vdc/queue/write_cache", "write through\n");
	put_stat("devices/vdb/vdb1/stat", 0, 0, 0, 0, 0);
	put_stat("devices/vdb/stat", 0, 0, 0, 0, 0);
	put_stat("devices/vdc/stat", 0, 0, 0, 0, 0);
	snprintf(block, sizeof(block), "%s/block", dir);
}

/* The counters at the stretch's start and at its end: on the target 4
 * reads of 32 KiB, 25 writes of 80 KiB, its disk 10 flushes (the disk's
 * own writes count another partition's too); on the WAL device 20 writes
 * of 160 KiB and 10 flushes. */
static void stretch(const struct io_devices *d, struct io_reading *a, struct io_reading *b)
{
	put_stat("devices/vdb/vdb1/stat", 0, 0, 100, 1000, 0);
	put_stat("devices/vdb/stat", 50, 400, 900, 9000, 50);
	put_stat("devices/vdc/stat", 0, 0, 7, 56, 3);
	io_read(d, a);
	put_stat("devices/vdb/vdb1/stat", 4, 64, 125, 1160, 0);
	put_stat("devices/vdb/stat", 54, 464, 1000, 9900, 60);
	put_stat("devices/vdc/stat", 0, 0, 27, 376, 13);
	io_read(d, b);
}

static const struct measure_fact *fact(const struct measurement_out *m, const char *object,
				       const char *key)
{
	for (size_t i = 0; i < m->n_facts; i++)
		if (strcmp(m->facts[i].object, object) == 0 && strcmp(m->facts[i].key, key) == 0)
			return &m->facts[i];
	return NULL;
}

static bool has(const struct measurement_out *m, const char *name)
{
	for (size_t i = 0; i < m->n_metrics; i++)
		if (strcmp(m->metrics[i].name, name) == 0)
			return true;
	return false;
}

static void figures(void)
{
	struct io_devices d;
	struct workload_env e = { .io = &d, .icount_shift = -1 };
	struct io_reading a, b;
	static struct measurement_out m;

	ok(io_devices_set(&d, block, "vdb1", "vdc") == NULL, "both devices can be counted");
	ok(strcmp(d.dev[IO_TARGET].disk, "vdb") == 0 && strcmp(d.dev[IO_WAL].disk, "vdc") == 0,
	   "their disks: vdb1's is vdb, vdc is its own");
	ok(strcmp(d.dev[IO_TARGET].write_cache, "write back") == 0 && d.dev[IO_TARGET].fua == 0 &&
	   strcmp(d.dev[IO_WAL].write_cache, "write through") == 0 && d.dev[IO_WAL].fua == -1,
	   "their write caches and FUA (vdc's not known)");

	stretch(&d, &a, &b);
	struct io_work w = { .unit = &cpu_unit_tx, .units = 10 };
	io_work_add(&w, &a, &b);
	memset(&m, 0, sizeof(m));
	io_figures_set(&e, &m, &w);
	is_num(metric_get(&m, "io_reads_per_tx"), 0.4, "io_reads_per_tx: 4 / 10");
	is_num(metric_get(&m, "io_read_kib_per_tx"), 3.2, "io_read_kib_per_tx: 64 sectors, 32 KiB / 10");
	is_num(metric_get(&m, "io_writes_per_tx"), 2.5, "io_writes_per_tx: the partition's 25 / 10");
	is_num(metric_get(&m, "io_write_kib_per_tx"), 8, "io_write_kib_per_tx: 160 sectors / 2 / 10");
	is_num(metric_get(&m, "io_flushes_per_tx"), 1, "io_flushes_per_tx: the disk's 10 / 10");
	is_num(metric_get(&m, "wal_io_writes_per_tx"), 2, "wal_io_writes_per_tx: 20 / 10");
	is_num(metric_get(&m, "wal_io_write_kib_per_tx"), 16, "wal_io_write_kib_per_tx: 320 sectors / 2 / 10");
	is_num(metric_get(&m, "wal_io_flushes_per_tx"), 1, "wal_io_flushes_per_tx: 10 / 10");
	ok(m.n_metrics == 10 && m.n_warnings == 0, "ten metrics, five a device, no warning");
	const struct measure_fact *f[] = {
		fact(&m, "io", "unit"), fact(&m, "io", "units"), fact(&m, "io", "device"),
		fact(&m, "io", "flush_device"), fact(&m, "io", "write_cache"), fact(&m, "io", "fua"),
		fact(&m, "io", "writes"), fact(&m, "io", "write_sectors"), fact(&m, "io", "flushes"),
		fact(&m, "wal_io", "device"), fact(&m, "wal_io", "write_cache"),
		fact(&m, "wal_io", "fua"), fact(&m, "io", "io_ms"),
	};
	ok(f[0] && strcmp(f[0]->text, "transaction") == 0 && f[1] && f[1]->value == 10 &&
	   f[2] && strcmp(f[2]->text, "vdb1") == 0 && f[3] && strcmp(f[3]->text, "vdb") == 0 &&
	   f[4] && strcmp(f[4]->text, "write back") == 0 && f[5] && f[5]->value == 0 &&
	   f[6] && f[6]->value == 25 && f[7] && f[7]->value == 160 && f[8] && f[8]->value == 10 &&
	   f[9] && strcmp(f[9]->text, "vdc") == 0 && f[10] &&
	   strcmp(f[10]->text, "write through") == 0 && !f[11] && f[12] && f[12]->value == 0,
	   "the facts io and wal_io: unit, units, devices, write caches, FUA where known, changes");

	/* rawio: a write and a read, two stretches, per MB of both */
	struct io_work two = { .unit = &cpu_unit_mb, .units = 20 };
	io_work_add(&two, &a, &b);
	io_work_add(&two, &a, &b);
	memset(&m, 0, sizeof(m));
	io_figures_set(&e, &m, &two);
	ok(metric_get(&m, "io_writes_per_mb") == 2.5 && metric_get(&m, "io_flushes_per_mb") == 1 &&
	   fact(&m, "io", "writes")->value == 50 && strcmp(fact(&m, "io", "unit")->text, "MB") == 0,
	   "two stretches added: their sums, per MB");

	/* A kernel before 5.5: 15 fields, no flushes */
	put("devices/vdb/stat", "54 0 464 7 1000 0 9900 9 0 11 13 0 0 0 0\n");
	io_read(&d, &b);
	struct io_work old = { .unit = &cpu_unit_tx, .units = 10 };
	io_work_add(&old, &a, &b);
	memset(&m, 0, sizeof(m));
	io_figures_set(&e, &m, &old);
	ok(!has(&m, "io_flushes_per_tx") && has(&m, "io_writes_per_tx") &&
	   has(&m, "wal_io_flushes_per_tx") && !fact(&m, "io", "flushes") &&
	   m.n_warnings == 1 && strcmp(m.warnings[0].code, "no-io-counts") == 0 &&
	   strstr(m.warnings[0].message, "no flushes per transaction on the target") &&
	   strstr(m.warnings[0].message, "15 fields, without flush counts"),
	   "a disk's stat without flushes: all but the flushes, and the warning (%s)",
	   m.n_warnings ? m.warnings[0].message : "none");

	/* The WAL device's stat file gone at the end */
	char gone[256];
	snprintf(gone, sizeof(gone), "%s/devices/vdc/stat", dir);
	unlink(gone);
	put_stat("devices/vdb/stat", 54, 464, 1000, 9900, 60);
	io_read(&d, &b);
	struct io_work lost = { .unit = &cpu_unit_tx, .units = 10 };
	io_work_add(&lost, &a, &b);
	memset(&m, 0, sizeof(m));
	io_figures_set(&e, &m, &lost);
	ok(has(&m, "io_flushes_per_tx") && !has(&m, "wal_io_writes_per_tx") && m.n_warnings == 1 &&
	   strstr(m.warnings[0].message, "no I/O per transaction on the WAL device (vdc): could "
		  "not read \"") && strstr(m.warnings[0].message, "vdc/stat\": No such file"),
	   "a stat file gone: that device's figures left out, the warning names it (%s)",
	   m.n_warnings ? m.warnings[0].message : "none");

	struct io_work none = { .unit = &cpu_unit_op };
	io_work_add(&none, &a, &a);
	memset(&m, 0, sizeof(m));
	io_figures_set(&e, &m, &none);
	ok(!has(&m, "io_writes_per_op") && m.n_warnings == 2 &&
	   strcmp(m.warnings[0].message, "no I/O per operation on the target (vdb1): no work "
		  "was counted between the readings") == 0, "no units: no figures, a warning (%s)",
	   m.n_warnings ? m.warnings[0].message : "none");
}

static void host_mode(void)
{
	struct io_devices h, x;
	struct workload_env e = { .io = &h, .icount_shift = -1 };
	struct io_reading a, b;
	static struct measurement_out m;

	const char *why = io_devices_set(&h, block, NULL, NULL);
	ok(why && strcmp(why, "host mode: the data directory is on no device of the suite's") == 0,
	   "host mode: no device, and why");
	io_read(&h, &a);
	io_read(&h, &b);
	struct io_work w = { .unit = &cpu_unit_tx, .units = 5 };
	io_work_add(&w, &a, &b);
	memset(&m, 0, sizeof(m));
	io_figures_set(&e, &m, &w);
	ok(m.n_metrics == 0 && m.n_facts == 0 && m.n_warnings == 1 &&
	   strcmp(m.warnings[0].code, "no-io-counts") == 0 &&
	   strcmp(m.warnings[0].message, "no I/O per transaction: host mode: the data directory "
		  "is on no device of the suite's") == 0, "host mode: no figures, the warning says why");

	why = io_devices_set(&x, block, "vdz", NULL);
	ok(why && strstr(why, "could not find the disk of \"") && strstr(why, "/block/vdz\": No such"),
	   "a device sysfs does not have: why (%s)", why ? why : "none");
	e.io = &x;
	memset(&m, 0, sizeof(m));
	io_figures_set(&e, &m, &w);
	ok(m.n_metrics == 0 && m.n_warnings == 1 &&
	   strstr(m.warnings[0].message, "no I/O per transaction on the target (vdz): could not find"),
	   "its figures: the warning names the target");
	e.io = NULL;
	memset(&m, 0, sizeof(m));
	io_figures_set(&e, &m, &w);
	ok(m.n_metrics == 0 && m.n_warnings == 1, "no devices set up: a warning");
}

static void wal(void)
{
	static struct measurement_out m;
	struct wal_work w = { .unit = &cpu_unit_tx, .units = 10 };

	wal_work_add(&w, 16777216, 16829106, "");
	memset(&m, 0, sizeof(m));
	wal_figures_set(&m, &w);
	is_num(metric_get(&m, "wal_bytes_per_tx"), 5189, "wal_bytes_per_tx: 51890 bytes / 10");
	ok(m.n_metrics == 1 && m.n_warnings == 0 && fact(&m, "wal", "bytes") &&
	   fact(&m, "wal", "bytes")->value == 51890 && fact(&m, "wal", "units")->value == 10 &&
	   strcmp(fact(&m, "wal", "unit")->text, "transaction") == 0,
	   "the fact wal: unit, units, bytes");

	struct wal_work u = { .unit = &cpu_unit_tx, .units = 10 };
	wal_work_add(&u, 100, WAL_UNREAD, "could not connect to the server: no socket");
	wal_work_add(&u, WAL_UNREAD, 100, "a later reason");
	memset(&m, 0, sizeof(m));
	wal_figures_set(&m, &u);
	ok(m.n_metrics == 0 && m.n_facts == 0 && m.n_warnings == 1 &&
	   strcmp(m.warnings[0].code, "no-wal-bytes") == 0 &&
	   strcmp(m.warnings[0].message, "no WAL bytes per transaction: could not connect to "
		  "the server: no socket") == 0, "a position not read: the first reason (%s)",
	   m.n_warnings ? m.warnings[0].message : "none");

	struct wal_work z = { .unit = &cpu_unit_tx };
	wal_work_add(&z, 100, 200, "");
	memset(&m, 0, sizeof(m));
	wal_figures_set(&m, &z);
	ok(m.n_metrics == 0 && m.n_warnings == 1 &&
	   strstr(m.warnings[0].message, "no work was counted"), "no transactions: a warning");
}

int main(void)
{
	if (!mkdtemp(dir)) {
		ok(false, "could not make a directory: %s", strerror(errno));
		return tap_done();
	}
	make_tree();
	figures();
	host_mode();
	wal();
	char cmd[64];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return tap_done();
}
