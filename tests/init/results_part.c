/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * results_part.c: tests of results_still_writable() (init/results/results_part.c):
 * a run kept in memory (bootbench.results=console) has no partition to
 * check, so a suite that fails there fails for its own reason; a results
 * partition that no longer takes writes is the run's reason, said once.
 */
#include "init/results/results_part.h"

#include "tap.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "init/boot.h"
#include "init/console.h"
#include "init/disks/devices.h"

/* devices.c needs libblkid, which the unit tests do not link; its one
 * caller here, the formatting of a blank partition, is not reached. */
int devices_probe(struct blockdev *d)
{
	(void)d;
	return -1;
}

int main(void)
{
	static struct boot b;
	static struct blockdev results = { .name = "vdz9", .path = "/dev/vdz9" };
	char dir[] = "/tmp/bootbench-results-part.XXXXXX";
	int rc;

	if (!mkdtemp(dir))
		return 1;
	b.params.results_console = true;
	ok(results_still_writable(&b, dir, "the suite stopped: x") == 0 && !failure(),
	   "results on the console: no partition to check, nothing said");
	ok(!b.results_trouble_said, "... and no trouble recorded");

	/* A partition the kernel does not know (no /sys/class/block/vdz9). */
	b.params.results_console = false;
	b.results = &results;
	rc = results_still_writable(&b, dir, "the suite stopped: x");
	ok(rc == -1 && failure() && strstr(failure(), "/dev/vdz9") &&
	   strstr(failure(), "; the suite stopped: x"),
	   "a partition that takes no writes: the run's reason, then the suite's (%s)",
	   failure() ? failure() : "");
	ok(b.results_trouble_said && b.results_health.state != RESULTS_WRITABLE,
	   "the trouble is recorded");
	ok(results_still_writable(&b, dir, NULL) == -1 && strstr(failure(), "the suite stopped"),
	   "said once: the first reason stays");
	rmdir(dir);
	return tap_done();
}
