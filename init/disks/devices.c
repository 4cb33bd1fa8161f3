/* SPDX-License-Identifier: GPL-2.0-only */
/* devices.c: block device facts from /sys/class/block and libblkid. */
#include "init/disks/devices.h"

#include <blkid/blkid.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/sysfs.h"
#include "init/console.h"
#include "init/files.h"
#include "init/str.h"

#define SYS_BLOCK "/sys/class/block"
#define POLL_INTERVAL_NS (50 * 1000 * 1000)

static void lookup(blkid_probe pr, const char *name, char *out, size_t size)
{
	const char *value;

	if (blkid_probe_lookup_value(pr, name, &value, NULL) == 0)
		snprintf(out, size, "%s", value);
	else
		out[0] = '\0';
}

int devices_probe(struct blockdev *d)
{
	blkid_probe pr = blkid_new_probe_from_filename(d->path);
	int rc;

	d->probed = d->ambivalent = false;
	d->fstype[0] = d->label[0] = d->pttype[0] = d->partlabel[0] = d->partuuid[0] = '\0';
	if (!pr)
		return -1;
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_LABEL);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_ENTRY_DETAILS);
	rc = blkid_do_safeprobe(pr);
	if (rc == -1) {
		blkid_free_probe(pr);
		return -1;
	}
	d->probed = true;
	d->ambivalent = rc == -2;
	if (rc == 0) {
		lookup(pr, "TYPE", d->fstype, sizeof d->fstype);
		lookup(pr, "LABEL", d->label, sizeof d->label);
		lookup(pr, "PTTYPE", d->pttype, sizeof d->pttype);
		lookup(pr, "PART_ENTRY_NAME", d->partlabel, sizeof d->partlabel);
		lookup(pr, "PART_ENTRY_UUID", d->partuuid, sizeof d->partuuid);
	}
	blkid_free_probe(pr);
	return 0;
}

static int attr(const char *name, const char *file, char *buf, size_t size)
{
	char path[PATH_MAX];

	snprintf(path, sizeof path, SYS_BLOCK "/%s/%s", name, file);
	return sysfs_read(path, buf, size);
}

/* The whole disk of a partition: the parent directory in sysfs. */
static void parent_disk(const char *name, char *disk, size_t size)
{
	char path[PATH_MAX], real[PATH_MAX], *slash;

	snprintf(path, sizeof path, SYS_BLOCK "/%s", name);
	snprintf(disk, size, "%s", name);
	if (!realpath(path, real) || !(slash = strrchr(real, '/')))
		return;
	*slash = '\0';
	if ((slash = strrchr(real, '/')))
		snprintf(disk, size, "%s", slash + 1);
}

static void holders(struct blockdev *d)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *dir;

	snprintf(path, sizeof path, SYS_BLOCK "/%s/holders", d->name);
	if (!(dir = opendir(path)))
		return;
	while ((e = readdir(dir)))
		if (e->d_name[0] != '.') {
			str_printf(d->in_use, sizeof d->in_use, "held by %s", e->d_name);
			break;
		}
	closedir(dir);
}

/* Mounted or swap devices of the running system. */
static void mark_in_use(struct blockdevs *list)
{
	char *mountinfo = read_text("/proc/self/mountinfo", 1 << 20, NULL);
	char *swaps = read_text("/proc/swaps", 1 << 16, NULL);

	for (size_t i = 0; i < list->n; i++) {
		struct blockdev *d = &list->dev[i];

		if (mountinfo && mountinfo_has(mountinfo, d->major, d->minor))
			snprintf(d->in_use, sizeof d->in_use, "mounted");
	}
	for (char *line = swaps, *save = NULL, *tok;
	     swaps && (tok = strtok_r(line, "\n", &save)); line = NULL) {
		char file[PATH_MAX];
		struct stat st;

		if (sscanf(tok, "%4095s", file) != 1 || stat(file, &st) < 0 || !S_ISBLK(st.st_mode))
			continue;
		for (size_t i = 0; i < list->n; i++)
			if (list->dev[i].major == major(st.st_rdev) &&
			    list->dev[i].minor == minor(st.st_rdev))
				snprintf(list->dev[i].in_use, sizeof list->dev[i].in_use, "swap");
	}
	free(mountinfo);
	free(swaps);
}

static int read_one(const char *name, struct blockdev *d)
{
	char buf[256], path[PATH_MAX];
	unsigned long long sectors;
	struct stat st;

	memset(d, 0, sizeof *d);
	if (strlen(name) >= sizeof d->name)
		return -1;
	snprintf(d->name, sizeof d->name, "%s", name);
	if (attr(name, "dev", buf, sizeof buf) < 0 ||
	    sscanf(buf, "%u:%u", &d->major, &d->minor) != 2)
		return -1;
	if (attr(name, "size", buf, sizeof buf) < 0 || sscanf(buf, "%llu", &sectors) != 1 ||
	    sectors == 0)
		return -1;	/* no medium, unbound loop device */
	d->size_bytes = sectors * 512;
	d->read_only = attr(name, "ro", buf, sizeof buf) == 0 && buf[0] == '1';
	snprintf(path, sizeof path, SYS_BLOCK "/%s/partition", name);
	d->partition = access(path, F_OK) == 0;
	if (d->partition)
		parent_disk(name, d->disk, sizeof d->disk);
	else
		snprintf(d->disk, sizeof d->disk, "%s", name);
	/* device node: DEVNAME from uevent ("cciss!c0d0" is "cciss/c0d0") */
	snprintf(d->path, sizeof d->path, "/dev/%s", name);
	for (char *p = d->path; *p; p++)
		if (*p == '!')
			*p = '/';
	if (stat(d->path, &st) < 0 || !S_ISBLK(st.st_mode) ||
	    major(st.st_rdev) != d->major || minor(st.st_rdev) != d->minor)
		return -1;	/* devtmpfs has not made its node yet */
	holders(d);
	devices_probe(d);
	return 0;
}

int devices_scan(struct blockdevs *list)
{
	DIR *dir = opendir(SYS_BLOCK);
	struct dirent *e;
	size_t cap = 0;

	free(list->dev);
	list->dev = NULL;
	list->n = 0;
	if (!dir)
		return fail("could not open \"" SYS_BLOCK "\":");
	while ((e = readdir(dir))) {
		if (e->d_name[0] == '.')
			continue;
		if (list->n == cap) {
			struct blockdev *p = realloc(list->dev, (cap = cap ? cap * 2 : 16) * sizeof *p);
			if (!p) {
				closedir(dir);
				return fail("could not scan block devices:");
			}
			list->dev = p;
		}
		if (read_one(e->d_name, &list->dev[list->n]) == 0)
			list->n++;
	}
	closedir(dir);
	mark_in_use(list);
	blockdev_propagate(list);
	return 0;
}

struct wanted {
	const char *role;
	const struct devspec *spec;	/* as the command line says it */
	const struct blockdev **found;
	struct devspec made;		/* a model disk: the path it was made at */
	int status;
	char err[512];
};

/* A device to find: a model disk by the path it was made at, and not
 * until it was made (model_disk.h). */
static void want(struct wanted *w, int *n, const char *role, const struct devspec *spec,
		 const struct model_disk *model, const struct blockdev **found)
{
	struct wanted *x = &w[*n];

	if (spec->kind == DEVSPEC_MODEL && !model->made)
		return;
	*x = (struct wanted){ .role = role, .spec = spec, .found = found };
	if (spec->kind == DEVSPEC_MODEL) {
		x->made.kind = DEVSPEC_PATH;
		snprintf(x->made.value, sizeof x->made.value, "%s", model->path);
	}
	(*n)++;
}

static int wanted_list(const struct devices_wanted *d, struct wanted *w)
{
	const struct params *p = d->params;
	int n = 0;

	if (p->results.kind != DEVSPEC_NONE)
		w[n++] = (struct wanted){ .role = "results partition", .spec = &p->results, .found = d->results };
	if (d->params_ok) {
		want(w, &n, "target", &p->target, d->model_target, d->target);
		if (p->wal.kind != DEVSPEC_NONE)
			want(w, &n, "WAL device", &p->wal, d->model_wal, d->wal);
	}
	return n;
}

/* Find every wanted device in a fresh scan; true if nothing is missing. */
static bool find_all(struct blockdevs *devs, struct wanted *w, int n)
{
	bool all = true;

	devices_scan(devs);
	for (int i = 0; i < n; i++) {
		const struct devspec *s = w[i].made.kind ? &w[i].made : w[i].spec;

		w[i].status = blockdev_find(devs, s, w[i].found, w[i].err, sizeof w[i].err);
		all &= w[i].status == FIND_OK;
	}
	return all;
}

static bool any_ambiguous(const struct wanted *w, int n)
{
	for (int i = 0; i < n; i++)
		if (w[i].status == FIND_MANY)
			return true;
	return false;
}

static int report(struct wanted *w, int n, const char *waited)
{
	int rc = 0;

	for (int i = 0; i < n; i++) {
		char spec[DEVSPEC_MAX + 16];

		if (w[i].status != FIND_OK) {
			rc = fail("%s: %s%s", w[i].role, w[i].err,
				  w[i].status == FIND_NONE ? waited : "");
			continue;
		}
		note("%s %s is %s (%llu MiB%s%s)", w[i].role, devspec_str(w[i].spec, spec, sizeof spec),
		     (*w[i].found)->path, (*w[i].found)->size_bytes >> 20,
		     (*w[i].found)->fstype[0] ? ", " : "", (*w[i].found)->fstype);
	}
	return rc;
}

/* One console line naming the whole disks the scan found. */
static void say_disks(const struct blockdevs *devs)
{
	char names[512] = "";
	size_t len = 0;

	for (size_t i = 0; i < devs->n && len < sizeof names; i++) {
		if (devs->dev[i].partition)
			continue;
		int w = snprintf(names + len, sizeof names - len, " %s", devs->dev[i].name);
		if (w < 0)
			break;
		len += (size_t)w;
	}
	note("disks:%s", names[0] ? names : " none");
}

int devices_wait(const struct devices_wanted *d)
{
	struct wanted w[3];
	int n = wanted_list(d, w);
	long wait = d->params->disk_wait;
	double until = clock_now() + wait;
	char waited[64];

	if (n == 0)
		return -1;
	while (!find_all(d->devs, w, n) && !any_ambiguous(w, n) && clock_now() < until) {
		struct timespec ts = { 0, POLL_INTERVAL_NS };

		nanosleep(&ts, NULL);
	}
	snprintf(waited, sizeof waited, " (waited %ld s, bootbench.disk-wait=%ld)", wait, wait);
	say_disks(d->devs);
	return report(w, n, waited);
}

int devices_refresh(const struct devices_wanted *d)
{
	struct wanted w[3];
	int n = wanted_list(d, w);

	if (find_all(d->devs, w, n))
		return 0;
	for (int i = 0; i < n; i++)
		if (w[i].status != FIND_OK)
			fail("%s: %s", w[i].role, w[i].err);
	return -1;
}
