/* SPDX-License-Identifier: GPL-2.0-only */
/* interlock.c: the rules that keep the init off the wrong disk. */
#include "init/disks/interlock.h"

#include <stdio.h>
#include <string.h>

#include "init/console.h"

static bool same(const struct blockdev *a, const struct blockdev *b)
{
	return a && b && a->major == b->major && a->minor == b->minor;
}

static bool marked(const char *name)
{
	return strncmp(name, MARK_PREFIX, strlen(MARK_PREFIX)) == 0;
}

static int refuse(char *why, size_t size, const struct interlock_facts *f,
		  const char *rule, const char *detail)
{
	snprintf(why, size, "refusing to format %s as %s: rule \"%s\": %s",
		 f->dev->path, f->role, rule, detail);
	return -1;
}

int interlock_verdict(const struct interlock_facts *f, char *why, size_t size)
{
	const struct blockdev *d = f->dev;
	char detail[512];

	if (same(d, f->results))
		return refuse(why, size, f, "results", "it is the results partition");
	if (same(d, f->other)) {
		snprintf(detail, sizeof detail, "it is also the %s", "target");
		return refuse(why, size, f, "distinct", detail);
	}
	if (d->in_use[0]) {
		snprintf(detail, sizeof detail, "it is in use (%s)", d->in_use);
		return refuse(why, size, f, "in-use", detail);
	}
	if (!d->partition && (d->pttype[0] || d->has_partitions)) {
		snprintf(detail, sizeof detail, "it is a whole disk holding a%s%s partition table",
			 d->pttype[0] ? " " : "", d->pttype);
		return refuse(why, size, f, "partition-table", detail);
	}
	if (d->read_only)
		return refuse(why, size, f, "read-only", "the device is read-only");
	if (d->size_bytes < f->min_bytes) {
		snprintf(detail, sizeof detail, "%llu MiB is less than the %llu MiB the suite needs",
			 d->size_bytes >> 20, f->min_bytes >> 20);
		return refuse(why, size, f, "size", detail);
	}
	if (!f->allow_unmarked && !f->model && !marked(d->partlabel) && !marked(d->label)) {
		snprintf(detail, sizeof detail, "neither its GPT name \"%s\" nor its label \"%s\" "
			 "starts with \"" MARK_PREFIX "\", and the suite does not allow unmarked devices",
			 d->partlabel, d->label);
		return refuse(why, size, f, "marked", detail);	/* a model disk needs none */
	}
	return 0;
}

int interlock_check(const struct interlock_devices *d)
{
	struct interlock_facts f = {
		.role = "target",
		.dev = d->target,
		.results = d->results,
		.min_bytes = d->min_bytes,
		.allow_unmarked = d->allow_unmarked,
		.model = d->target_model,
	};
	char why[1024];

	if (d->needs_wal && !d->wal)
		return fail("suite %s needs a WAL partition: add bootbench.wal=PARTLABEL=... "
			    "to the command line", d->suite);
	if (interlock_verdict(&f, why, sizeof why) < 0)
		return fail("%s", why);
	if (d->wal) {
		f.role = "wal";
		f.dev = d->wal;
		f.other = d->target;
		f.min_bytes = 0;
		f.model = d->wal_model;
		if (interlock_verdict(&f, why, sizeof why) < 0)
			return fail("%s", why);
	}
	note("interlock: %s may be formatted as target%s%s", d->target->path,
	     d->wal ? ", and as WAL: " : "", d->wal ? d->wal->path : "");
	return 0;
}
