/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * boot_main.c: the bootbench init, PID 1 of the appliance.
 *
 * It brings the machine up, reads the bootbench.* parameters, finds the
 * disks, opens a run directory on the results partition, checks the
 * wrong-disk interlock, hands the target to the suite runner, saves the
 * record, prints the end line and powers off (or, in a walk of kernels,
 * jumps into the next one).  A failing step reports
 * itself once (fail()); the later steps that do work are skipped, the
 * record is still written.
 */
#include <stdlib.h>

#include "common/clock.h"
#include "init/boot.h"
#include "init/console.h"
#include "init/disks/devices.h"
#include "init/disks/interlock.h"
#include "init/kernel/cmdline.h"
#include "init/kernel/imageinfo.h"
#include "init/kernel/modules.h"
#include "init/kernel/mounts.h"
#include "init/kernel/sysinfo.h"
#include "init/phase.h"
#include "init/poweroff.h"
#include "init/results/endline.h"
#include "init/results/results_part.h"
#include "init/runner.h"
#include "init/walk/walk.h"

int main(void)
{
	static struct boot b;

	phase_begin("bringup");
	mounts_bringup();
	console_open();
	setenv("PATH", "/usr/bin:/bin:/usr/sbin:/sbin:/opt/postgresql/bin", 1);
	setenv("TZ", "UTC", 1);
	sysinfo_collect(&b.machine, &b.kernel);
	b.image = image_info_read(IMAGE_INFO_PATH);

	phase_begin("cmdline");
	b.params_ok = cmdline_read(&b.params, &b.cmdline) == 0;
	b.deadline = clock_now() + b.params.timeout;
	watchdog_arm(b.params.timeout + WATCHDOG_EXTRA, b.params.after);

	phase_begin("modules");
	modules_load(&b);

	phase_begin("devices");
	devices_wait(&b);

	phase_begin("results");
	if (results_open(&b) == 0)
		walk_check(&b);

	if (!failure()) {
		phase_begin("interlock");
		if (runner_describe_suite(&b) == 0 && devices_refresh(&b) == 0)
			interlock_check(&b);
	}
	if (!failure()) {
		phase_begin("bench");
		bench_run(&b);
	}
	results_finish(&b);
	walk_load_next(&b);
	end_line(&b);
	power_off(&b);
}
