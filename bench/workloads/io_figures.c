/* SPDX-License-Identifier: GPL-2.0-only */
/* io_figures.c: block I/O per unit of a measurement's work (io_figures.h). */
#include "bench/workloads/io_figures.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/sysfs.h"

#define KIB_PER_SECTOR (512.0 / 1024.0)

static const char *const prefixes[IO_ROLES] = { "io_", "wal_io_" };
static const char *const objects[IO_ROLES] = { "io", "wal_io" };
static const char *const roles[IO_ROLES] = { "target", "WAL device" };

static void device_set(struct io_device *v, const char *sysfs_block, const char *name)
{
	char path[256], fua[8];
	struct blockstat s;

	memset(v, 0, sizeof(*v));
	v->fua = -1;
	if (!name)
		return;
	snprintf(v->name, sizeof(v->name), "%s", name);
	if (blockstat_disk_of(sysfs_block, name, v->disk, sizeof(v->disk)) < 0) {
		snprintf(v->why, sizeof(v->why), "could not find the disk of \"%s/%s\": %s",
			 sysfs_block, name, strerror(errno));
		return;
	}
	snprintf(v->stat, sizeof(v->stat), "%s/%s/stat", sysfs_block, v->name);
	snprintf(v->disk_stat, sizeof(v->disk_stat), "%s/%s/stat", sysfs_block, v->disk);
	snprintf(path, sizeof(path), "%s/%s/queue/write_cache", sysfs_block, v->disk);
	if (sysfs_read(path, v->write_cache, sizeof(v->write_cache)) < 0)
		v->write_cache[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s/queue/fua", sysfs_block, v->disk);
	if (sysfs_read(path, fua, sizeof(fua)) < 0)
		fua[0] = '\0';
	v->fua = strcmp(fua, "0") == 0 ? 0 : strcmp(fua, "1") == 0 ? 1 : -1;
	if (blockstat_read(v->stat, &s) < 0)
		snprintf(v->why, sizeof(v->why), "could not read \"%s\": %s", v->stat,
			 strerror(errno));
}

const char *io_devices_set(struct io_devices *d, const char *sysfs_block,
			   const char *target, const char *wal)
{
	device_set(&d->dev[IO_TARGET], sysfs_block, target);
	device_set(&d->dev[IO_WAL], sysfs_block, wal);
	if (!target)
		snprintf(d->dev[IO_TARGET].why, sizeof(d->dev[IO_TARGET].why),
			 "host mode: the data directory is on no device of the suite's");
	return d->dev[IO_TARGET].why[0] ? d->dev[IO_TARGET].why : NULL;
}

void io_read(const struct io_devices *d, struct io_reading *r)
{
	memset(r, 0, sizeof(*r));
	for (int i = 0; d && i < IO_ROLES; i++) {
		const struct io_device *v = &d->dev[i];
		struct io_count *c = &r->c[i];
		if (!v->stat[0])
			continue;
		if (blockstat_read(v->stat, &c->dev) < 0)
			c->failed = v->stat;
		else if (strcmp(v->name, v->disk) == 0)
			c->disk = c->dev;
		else if (blockstat_read(v->disk_stat, &c->disk) < 0)
			c->failed = v->disk_stat;
		if (c->failed)
			c->err = errno;
	}
}

static void add(struct blockstat *to, const struct blockstat *d)
{
	to->fields = to->fields && to->fields < d->fields ? to->fields : d->fields;
	to->reads += d->reads;
	to->read_merges += d->read_merges;
	to->read_sectors += d->read_sectors;
	to->read_ms += d->read_ms;
	to->writes += d->writes;
	to->write_merges += d->write_merges;
	to->write_sectors += d->write_sectors;
	to->write_ms += d->write_ms;
	to->io_ms += d->io_ms;
	to->queue_ms += d->queue_ms;
	to->discards += d->discards;
	to->discard_merges += d->discard_merges;
	to->discard_sectors += d->discard_sectors;
	to->discard_ms += d->discard_ms;
	to->flushes += d->flushes;
	to->flush_ms += d->flush_ms;
}

void io_work_add(struct io_work *w, const struct io_reading *a, const struct io_reading *b)
{
	w->added = true;
	for (int i = 0; i < IO_ROLES; i++) {
		const struct io_count *ca = &a->c[i], *cb = &b->c[i];
		if (ca->failed || cb->failed) {
			if (!w->failed[i]) {
				w->failed[i] = ca->failed ? ca->failed : cb->failed;
				w->err[i] = ca->failed ? ca->err : cb->err;
			}
			continue;
		}
		struct blockstat d = blockstat_sub(&cb->dev, &ca->dev);
		struct blockstat disk = blockstat_sub(&cb->disk, &ca->disk);
		/* the flushes are the disk's, known when both files have them */
		d.fields = d.fields < disk.fields ? d.fields : disk.fields;
		d.flushes = disk.flushes;
		d.flush_ms = disk.flush_ms;
		add(&w->d[i], &d);
	}
}

void io_figures_none(struct measurement_out *m, const struct cpu_unit *unit,
		     const char *why)
{
	measure_warn(m, "no-io-counts", "no I/O per %s: %s", unit->name, why);
}

/* prefix + what + "_per_" + the unit: "io_" "writes" -> "io_writes_per_tx". */
static void per_unit(struct measurement_out *m, int role, const char *what,
		     const struct cpu_unit *u, double value)
{
	char name[48];

	snprintf(name, sizeof(name), "%s%s_per_%s", prefixes[role], what, u->metric);
	metric_set(m, name, value);
}

static void facts(struct measurement_out *m, int role, const struct io_device *v,
		  const struct io_work *w)
{
	const char *o = objects[role];
	const struct blockstat *d = &w->d[role];

	measure_fact_text(m, o, "unit", w->unit->name);
	measure_fact(m, o, "units", w->units);
	measure_fact_text(m, o, "device", v->name);
	measure_fact_text(m, o, "flush_device", v->disk);
	if (v->write_cache[0])
		measure_fact_text(m, o, "write_cache", v->write_cache);
	if (v->fua >= 0)
		measure_fact(m, o, "fua", v->fua);
	measure_fact(m, o, "reads", (double)d->reads);
	measure_fact(m, o, "read_merges", (double)d->read_merges);
	measure_fact(m, o, "read_sectors", (double)d->read_sectors);
	measure_fact(m, o, "read_ms", (double)d->read_ms);
	measure_fact(m, o, "writes", (double)d->writes);
	measure_fact(m, o, "write_merges", (double)d->write_merges);
	measure_fact(m, o, "write_sectors", (double)d->write_sectors);
	measure_fact(m, o, "write_ms", (double)d->write_ms);
	if (d->fields >= BLOCKSTAT_FIELDS_DISCARD) {
		measure_fact(m, o, "discards", (double)d->discards);
		measure_fact(m, o, "discard_sectors", (double)d->discard_sectors);
	}
	if (d->fields >= BLOCKSTAT_FIELDS_FLUSH) {
		measure_fact(m, o, "flushes", (double)d->flushes);
		measure_fact(m, o, "flush_ms", (double)d->flush_ms);
	}
	measure_fact(m, o, "io_ms", (double)d->io_ms);
}

/* One device's figures, or the warning that says why it has none. */
static void device_figures(const struct io_device *v, struct measurement_out *m,
			   int role, const struct io_work *w)
{
	const struct cpu_unit *u = w->unit;
	const struct blockstat *d = &w->d[role];
	double n = w->units;
	char why[256];

	if (v->why[0]) {
		snprintf(why, sizeof(why), "%s", v->why);
	} else if (w->failed[role]) {
		snprintf(why, sizeof(why), "could not read \"%s\": %s", w->failed[role],
			 strerror(w->err[role]));
	} else if (!w->added || !(n > 0)) {
		snprintf(why, sizeof(why), "no work was counted between the readings");
	} else {
		per_unit(m, role, "reads", u, (double)d->reads / n);
		per_unit(m, role, "writes", u, (double)d->writes / n);
		per_unit(m, role, "read_kib", u, (double)d->read_sectors * KIB_PER_SECTOR / n);
		per_unit(m, role, "write_kib", u, (double)d->write_sectors * KIB_PER_SECTOR / n);
		if (d->fields >= BLOCKSTAT_FIELDS_FLUSH)
			per_unit(m, role, "flushes", u, (double)d->flushes / n);
		else
			measure_warn(m, "no-io-counts", "no flushes per %s on the %s: \"%s\" has "
				     "%d fields, without flush counts (Linux 5.5 and later count them)",
				     u->name, roles[role], v->disk_stat, d->fields);
		facts(m, role, v, w);
		return;
	}
	if (role == IO_TARGET && !v->name[0])
		io_figures_none(m, u, why);
	else
		measure_warn(m, "no-io-counts", "no I/O per %s on the %s (%s): %s", u->name,
			     roles[role], v->name, why);
}

void io_figures_set(const struct workload_env *e, struct measurement_out *m,
		    const struct io_work *w)
{
	if (!e->io) {
		io_figures_none(m, w->unit, "no devices were set up for this environment");
		return;
	}
	for (int i = 0; i < IO_ROLES; i++)
		if (i == IO_TARGET || e->io->dev[i].name[0])
			device_figures(&e->io->dev[i], m, i, w);
}
