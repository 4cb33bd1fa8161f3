/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: every rule of the wrong-disk interlock, accepted and refused. */
#include <string.h>

#include "init/console.h"
#include "init/disks/interlock.h"
#include "tap.h"

#define MiB (1ULL << 20)

static const struct blockdev results = {
	.name = "vda1", .path = "/dev/vda1", .major = 254, .minor = 1, .partition = true,
	.disk = "vda", .size_bytes = 64 * MiB, .probed = true, .fstype = "ext4",
	.label = "bootbench-res", .partlabel = "bootbench-results", .in_use = "mounted",
};
static const struct blockdev good = {
	.name = "vdb1", .path = "/dev/vdb1", .major = 254, .minor = 17, .partition = true,
	.disk = "vdb", .size_bytes = 512 * MiB, .probed = true, .partlabel = "bootbench-target",
};

static void verdict(const struct blockdev *d, const struct blockdev *other,
		    unsigned long long min, bool allow, const char *want, const char *what)
{
	struct interlock_facts f = { .role = other ? "wal" : "target", .dev = d, .results = &results,
				     .other = other, .min_bytes = min, .allow_unmarked = allow };
	char why[1024] = "";
	int rc = interlock_verdict(&f, why, sizeof why);

	if (!want) {
		ok(rc == 0, "accepted: %s", what);
		if (rc)
			printf("#   %s\n", why);
		return;
	}
	ok(rc == -1 && strstr(why, want), "refused: %s", what);
	if (rc != -1 || !strstr(why, want))
		printf("#   got: \"%s\"\n#   want: \"%s\"\n", why, want);
}

int main(void)
{
	struct blockdev d;

	verdict(&good, NULL, 256 * MiB, false, NULL, "a marked partition, large enough");

	verdict(&results, NULL, 0, true,
		"refusing to format /dev/vda1 as target: rule \"results\": it is the results partition",
		"the results partition");
	d = good;
	d.major = results.major, d.minor = results.minor;
	verdict(&d, NULL, 0, true, "rule \"results\"", "the results partition by device number");

	verdict(&good, &good, 0, true,
		"refusing to format /dev/vdb1 as wal: rule \"distinct\": it is also the target",
		"WAL on the target device");
	d = good;
	d.minor = 18;
	snprintf(d.path, sizeof d.path, "/dev/vdb2");
	snprintf(d.partlabel, sizeof d.partlabel, "bootbench-wal");
	verdict(&d, &good, 0, false, NULL, "WAL on another marked partition");

	d = good;
	snprintf(d.in_use, sizeof d.in_use, "mounted");
	verdict(&d, NULL, 0, true, "rule \"in-use\": it is in use (mounted)", "a mounted partition");
	snprintf(d.in_use, sizeof d.in_use, "held by dm-0");
	verdict(&d, NULL, 0, true, "rule \"in-use\": it is in use (held by dm-0)", "a partition under device-mapper");

	d = good;
	d.partition = false;
	snprintf(d.path, sizeof d.path, "/dev/vdb");
	snprintf(d.pttype, sizeof d.pttype, "gpt");
	d.partlabel[0] = '\0';
	snprintf(d.label, sizeof d.label, "bootbench-disk");
	verdict(&d, NULL, 0, true,
		"refusing to format /dev/vdb as target: rule \"partition-table\": it is a whole disk holding a gpt partition table",
		"a whole disk with a partition table");
	d.pttype[0] = '\0';
	d.has_partitions = true;
	verdict(&d, NULL, 0, true, "rule \"partition-table\"", "a whole disk with partitions the kernel found");
	d.has_partitions = false;
	verdict(&d, NULL, 0, false, NULL, "a whole disk without a table, labelled bootbench-");

	d = good;
	d.read_only = true;
	verdict(&d, NULL, 0, true, "rule \"read-only\"", "a read-only device");

	d = good;
	d.size_bytes = 255 * MiB;
	verdict(&d, NULL, 256 * MiB, true,
		"rule \"size\": 255 MiB is less than the 256 MiB the suite needs", "a partition too small");
	d.size_bytes = 256 * MiB;
	verdict(&d, NULL, 256 * MiB, false, NULL, "a partition of exactly the minimum size");

	d = good;
	snprintf(d.partlabel, sizeof d.partlabel, "data");
	verdict(&d, NULL, 0, false,
		"rule \"marked\": neither its GPT name \"data\" nor its label \"\" starts with \"bootbench-\"",
		"an unmarked partition");
	verdict(&d, NULL, 0, true, NULL, "an unmarked partition when the suite allows it");
	snprintf(d.label, sizeof d.label, "bootbench-scratch");
	verdict(&d, NULL, 0, false, NULL, "a partition marked by its filesystem label");
	snprintf(d.partlabel, sizeof d.partlabel, "Bootbench-target");
	d.label[0] = '\0';
	verdict(&d, NULL, 0, false, "rule \"marked\"", "the mark is case-sensitive");
	snprintf(d.partlabel, sizeof d.partlabel, "bootbench");
	verdict(&d, NULL, 0, false, "rule \"marked\"", "\"bootbench\" without the dash is not a mark");

	/* interlock_check: the step over a boot's devices and its suite */
	const struct interlock_devices b = {
		.target = &good, .results = &results, .suite = "quick",
		.min_bytes = 1024 * MiB, .allow_unmarked = false, .needs_wal = false,
	};
	console_use_fd(-1);
	ok(interlock_check(&b) == -1 && failure() && strstr(failure(), "rule \"size\"") &&
	   !strcmp(failure_phase() ? failure_phase() : "", ""),
	   "interlock_check refuses a target smaller than the suite's minimum");
	return tap_done();
}
