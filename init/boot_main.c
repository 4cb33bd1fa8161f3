/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * boot_main.c: bootbench-boot, the boot program, started by PID 1
 * (pid1.c) as its one child.
 *
 * It brings the machine up, reads the bootbench.* parameters, finds the
 * disks, opens a run directory on the results partition, makes the model
 * disks the command line asks for, checks the wrong-disk interlock, loads the modules of the filesystems the suite
 * formats, hands the target to the suite runner, saves the record,
 * prints the end line, stops every other process, unmounts, and exits
 * with how the machine should end (power off, reboot, or, in a walk of
 * kernels, the next kernel), which PID 1 then does.  A failing
 * step reports itself once (fail()); the later steps that do work are
 * skipped, the record is still written.
 *
 * "bootbench-boot record-crash REASON" is the record of a run whose boot
 * program crashed (crash_record.h).
 */
#include <string.h>

#include "common/clock.h"
#include "init/boot.h"
#include "init/boot_status.h"
#include "init/children.h"
#include "init/console.h"
#include "init/crash_record.h"
#include "init/disks/devices.h"
#include "init/disks/interlock.h"
#include "init/disks/model_disk.h"
#include "init/handover.h"
#include "init/hang.h"
#include "init/kernel/cmdline.h"
#include "init/kernel/cpus_online.h"
#include "init/kernel/imageinfo.h"
#include "init/kernel/modules.h"
#include "init/kernel/mounts.h"
#include "init/kernel/sysinfo.h"
#include "init/phase.h"
#include "init/poweroff.h"
#include "init/results/results_part.h"
#include "init/runner.h"
#include "init/suite_info.h"
#include "init/walk/walk.h"

/* Phase NAME begins: the handover file names it, and bootbench.crash=
 * (for tests) may crash the boot program here. */
static void step(struct boot *b, const char *name)
{
	phase_begin(name);
	boot_status_save(b);
	if (strcmp(b->params.crash, name) == 0)
		crash_on_purpose(name);
}

int main(int argc, char **argv)
{
	static struct boot b;

	if (argc == 3 && strcmp(argv[1], BOOT_RECORD_CRASH) == 0)
		return crash_record(argv[2]);

	step(&b, "bringup");
	mounts_bringup();
	console_open();
	children_adopt();
	children_environment();
	sysinfo_collect(&b.machine, &b.kernel);
	b.image = image_info_read(IMAGE_INFO_PATH);
	hang_setup(&b.hang);

	step(&b, "cmdline");
	b.params_ok = cmdline_read(&b.params, &b.cmdline) == 0;
	if (b.params.online_cpus)
		cpus_online_count(CPUS_SYSFS, &b.machine.cpu_count);
	b.deadline = clock_now() + b.params.timeout;

	step(&b, "modules");
	modules_load(b.machine.release, b.params.pmem);

	step(&b, "devices");
	devices_wait(&b);

	step(&b, "results");
	if (results_open(&b) == 0) {
		boot_status_save(&b);
		walk_check(&b);
	}

	if (!failure()) {
		step(&b, "interlock");
		if (runner_describe_suite(&b) == 0 &&
		    model_make(b.machine.release, &b.params.clock, &b.params.target, &b.params.wal,
			       b.suite.min_target_mib, &b.model_target, &b.model_wal) == 0 &&
		    devices_refresh(&b) == 0) {
			if (b.model_target.made || b.model_wal.made)
				results_disk_facts(&b);
			interlock_check(&b);
		}
	}
	if (!failure()) {
		step(&b, "fs-modules");
		const char *fs[SUITE_FILESYSTEMS_MAX];

		modules_load_filesystems(b.machine.release, fs, suite_filesystem_names(&b.suite, fs));
	}
	if (!failure()) {
		step(&b, "bench");
		bench_run(&b);
	}
	step(&b, "finish");
	results_finish(&b);
	walk_load_next(&b);
	boot_status_end(&b);
	power_off(&b);
}
