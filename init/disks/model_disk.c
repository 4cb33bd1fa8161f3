/* SPDX-License-Identifier: GPL-2.0-only */
/* model_disk.c: the modeled disks: null_blk devices made through configfs. */
#include "init/disks/model_disk.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/fileio.h"
#include "common/meminfo.h"
#include "common/sysfs.h"
#include "init/console.h"
#include "init/files.h"
#include "init/kernel/modules.h"
#include "init/str.h"

#define NULLB_DIR MODEL_CONFIGFS "/nullb"
#define NODE_WAIT_S 5.0

void model_spec_split(const struct devspec *spec, char *name, long long *mib)
{
	const char *colon = strchr(spec->value, ':');
	size_t len = colon ? (size_t)(colon - spec->value) : strlen(spec->value);

	if (len >= MODEL_NAME_MAX)
		len = MODEL_NAME_MAX - 1;
	memcpy(name, spec->value, len);
	name[len] = '\0';
	*mib = colon ? atoll(colon + 1) : 0;
}

/* null_blk makes no device of its own: every one comes from configfs. */
static const char *module_params(const char *ko)
{
	return strcmp(ko, "null_blk.ko") == 0 ? "nr_devices=0" : "";
}

/* The profiles of models.conf; -1 after fail(). */
static int read_profiles(struct model_profile *models, size_t *count)
{
	char *text = read_text(MODELS_CONF, 1 << 16, NULL), err[256];
	int rc;

	if (!text)
		return fail("could not read \"%s\":", MODELS_CONF);
	rc = model_conf_parse(text, models, MODELS_MAX, count, err, sizeof err);
	free(text);
	return rc < 0 ? fail("%s: %s", MODELS_CONF, err) : 0;
}

/* Choose each wanted disk's profile and size; -1 after fail(). */
static int choose(const char *role, const struct devspec *spec, long long default_mib,
		  const struct model_profile *models, size_t count, struct model_disk *d)
{
	char name[MODEL_NAME_MAX], names[MODELS_MAX * MODEL_NAME_MAX] = "";
	const struct model_profile *p;

	memset(d, 0, sizeof *d);
	if (spec->kind != DEVSPEC_MODEL)
		return 0;
	d->wanted = true;
	model_spec_split(spec, name, &d->mib);
	if (!(p = model_conf_find(models, count, name))) {
		for (size_t i = 0; i < count; i++)
			str_printf(names + strlen(names), sizeof names - strlen(names), "%s%s",
				   i ? ", " : "", models[i].name);
		return fail("bootbench.%s=model:%s: no such model in %s (its models: %s)", role,
			    name, MODELS_CONF, names);
	}
	d->profile = *p;
	if (!d->mib)
		d->mib = default_mib;
	if (d->mib <= 0)
		return fail("bootbench.%s=model:%s: no size: give one (model:%s:MIB) or a suite "
			    "that says min_target_mib", role, p->name, p->name);
	return 0;
}

/* Enough memory for the disks, with MODEL_RESERVE_MIB left over. */
static int memory_check(const struct model_disk *t, const struct model_disk *w)
{
	long long avail = meminfo_read_kib("/proc/meminfo", "MemAvailable"), need = 0;

	if (avail < 0)
		return fail("could not read MemAvailable of \"/proc/meminfo\":");
	for (const struct model_disk *d = t; d; d = d == t ? w : NULL)
		if (d->wanted)
			need += d->mib + d->profile.cache_mib;
	if (need + MODEL_RESERVE_MIB > avail / 1024)
		return fail("the model disks need %lld MiB of the guest's memory and %d MiB stay for "
			    "the system; %lld MiB are available: boot with more memory (qemu/run "
			    "--memory) or a smaller target", need, MODEL_RESERVE_MIB, avail / 1024);
	return 0;
}

/* null_blk and configfs loaded, configfs mounted; -1 after fail(). */
static int driver_ready(const char *release)
{
	struct stat st;
	bool found;

	if (modules_load_named(release, "model", module_params, &found) < 0)
		return -1;
	if (!found && stat("/sys/module/null_blk", &st) < 0)
		return fail("Linux %s has no null_blk (CONFIG_BLK_DEV_NULL_BLK): it cannot make a "
			    "model disk", release);
	if (stat(NULLB_DIR, &st) < 0 &&
	    mount("configfs", MODEL_CONFIGFS, "configfs", 0, "") < 0 && errno != EBUSY)
		return fail("could not mount configfs on \"" MODEL_CONFIGFS "\":");
	if (stat(NULLB_DIR, &st) < 0)
		return fail("Linux %s's null_blk has no configfs directory \"" NULLB_DIR "\":",
			    release);
	return 0;
}

/* Write value into attribute key of the device's configfs directory; a
 * missing attribute is 1 (the kernel's null_blk lacks it), an error -1. */
static int set(const char *dir, const char *key, long long value, struct model_disk *d)
{
	char path[PATH_MAX], text[32];

	if (str_printf(path, sizeof path, "%s/%s", dir, key) < 0)
		return fail("could not name \"%s/%s\":", dir, key);
	if (access(path, F_OK) < 0)
		return 1;
	snprintf(text, sizeof text, "%lld\n", value);
	if (sysfs_write(path, text) < 0)
		return fail("could not write %lld into \"%s\":", value, path);
	str_printf(d->written + strlen(d->written), sizeof d->written - strlen(d->written),
		   "%s%s=%lld", d->written[0] ? " " : "", key, value);
	return 0;
}

/* An attribute the model needs; its absence fails. */
static int need(const char *dir, const char *key, long long value, struct model_disk *d)
{
	int rc = set(dir, key, value, d);

	return rc > 0 ? fail("\"%s/%s\" is missing: this null_blk cannot make the model", dir, key)
		      : rc;
}

/* An attribute that only some kernels' null_blk have: noted when lacking. */
static int want(const char *dir, const char *key, long long value, struct model_disk *d)
{
	int rc = set(dir, key, value, d);

	if (rc > 0)
		str_printf(d->lacking + strlen(d->lacking), sizeof d->lacking - strlen(d->lacking),
			   "%s%s", d->lacking[0] ? " " : "", key);
	return rc < 0 ? -1 : 0;
}

/* The device's node, once devtmpfs has made it. */
static int node_wait(struct model_disk *d)
{
	double until = clock_now() + NODE_WAIT_S;
	struct stat st;

	while (stat(d->path, &st) < 0 || !S_ISBLK(st.st_mode)) {
		struct timespec ts = { 0, 10 * 1000 * 1000 };

		if (clock_now() > until)
			return fail("no device node \"%s\" %.0f s after null_blk made it", d->path,
				    NODE_WAIT_S);
		nanosleep(&ts, NULL);
	}
	return 0;
}

double model_time_scale(const struct clock_mode *c)
{
	return c->instructions ? (double)(1LL << c->shift) / MODEL_REAL_NS_PER_INSTRUCTION : 1.0;
}

/* One disk: its configfs directory, its attributes, power on. */
static int make_one(const char *role, struct model_disk *d)
{
	const struct model_profile *p = &d->profile;
	long long cpus = sysconf(_SC_NPROCESSORS_ONLN), queues = p->queues;
	char dir[PATH_MAX], path[PATH_MAX], index[16], text[64];

	if (str_printf(dir, sizeof dir, NULLB_DIR "/bootbench-%s", role) < 0)
		return fail("could not name the configfs directory of the %s:", role);
	if (mkdir(dir, 0755) < 0)
		return fail("could not create \"%s\":", dir);
	if (cpus > 0 && queues > cpus)
		queues = cpus;		/* null_blk takes no more queues than CPUs */
	if (need(dir, "size", d->mib, d) < 0 || need(dir, "blocksize", p->block, d) < 0 ||
	    need(dir, "queue_mode", 2, d) < 0 ||		/* blk-mq */
	    need(dir, "irqmode", 2, d) < 0 ||			/* completions on a timer */
	    need(dir, "completion_nsec", d->latency_ns, d) < 0 ||
	    need(dir, "memory_backed", 1, d) < 0 ||
	    need(dir, "hw_queue_depth", p->queue_depth, d) < 0 ||
	    need(dir, "submit_queues", queues, d) < 0 ||
	    need(dir, "cache_size", p->cache_mib, d) < 0 ||
	    want(dir, "fua", p->fua, d) < 0 ||
	    (d->mbps && need(dir, "mbps", d->mbps, d) < 0) ||
	    want(dir, "discard", 1, d) < 0 ||
	    need(dir, "power", 1, d) < 0)
		return -1;
	if (str_printf(path, sizeof path, "%s/index", dir) < 0 ||
	    sysfs_read(path, index, sizeof index) < 0 || strspn(index, "0123456789") != strlen(index))
		return fail("could not read the index of \"%s\":", dir);
	/* Linux 6.9 and later name the disk after its configfs directory,
	 * earlier ones nullb<index>. */
	snprintf(d->name, sizeof d->name, "bootbench-%s", role);
	snprintf(path, sizeof path, "/sys/block/%s", d->name);
	if (access(path, F_OK) < 0)
		snprintf(d->name, sizeof d->name, "nullb%s", index);
	snprintf(d->path, sizeof d->path, "/dev/%s", d->name);
	if (node_wait(d) < 0)
		return -1;
	snprintf(path, sizeof path, "/sys/block/%s/queue/write_cache", d->name);
	if (sysfs_read(path, d->write_cache, sizeof d->write_cache) < 0)
		snprintf(d->write_cache, sizeof d->write_cache, "unknown");
	snprintf(path, sizeof path, "/sys/block/%s/queue/fua", d->name);
	d->fua = sysfs_read(path, text, sizeof text) == 0 && text[0] == '1';
	d->made = true;
	note("model disk %s: %s, %lld MiB, %lld ns a request, %s cache of %lld MiB%s, %lld MiB/s "
	     "(the model's times x %.2f)%s%s", d->path, p->name, d->mib, d->latency_ns,
	     d->write_cache, p->cache_mib, d->fua ? " with FUA" : ", no FUA", d->mbps, d->time_scale,
	     d->lacking[0] ? "; this null_blk lacks " : "", d->lacking);
	return 0;
}

/* The disk's latency and bandwidth at scale. */
static void scale(struct model_disk *d, double by)
{
	d->time_scale = by;
	d->latency_ns = (long long)(d->profile.latency_ns * by + 0.5);
	d->mbps = d->profile.mbps ? (long long)(d->profile.mbps / by + 0.5) : 0;
	if (d->profile.mbps && d->mbps < 1)
		d->mbps = 1;
}

int model_make(const char *release, const struct clock_mode *clock,
	       const struct devspec *target_spec, const struct devspec *wal_spec,
	       long long default_mib, struct model_disk *target, struct model_disk *wal)
{
	struct model_profile models[MODELS_MAX];
	size_t count;

	memset(target, 0, sizeof *target);
	memset(wal, 0, sizeof *wal);
	if (target_spec->kind != DEVSPEC_MODEL && wal_spec->kind != DEVSPEC_MODEL)
		return 0;
	if (read_profiles(models, &count) < 0 ||
	    choose("target", target_spec, default_mib, models, count, target) < 0 ||
	    choose("wal", wal_spec, default_mib, models, count, wal) < 0 ||
	    memory_check(target, wal) < 0 || driver_ready(release) < 0)
		return -1;
	scale(target, model_time_scale(clock));
	scale(wal, model_time_scale(clock));
	if (target->wanted && make_one("target", target) < 0)
		return -1;
	if (wal->wanted && make_one("wal", wal) < 0)
		return -1;
	return 0;
}
