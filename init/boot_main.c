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

/* What disks/ and walk/ are given of the boot. */
static struct devices_wanted wanted_devices(struct boot *b)
{
	return (struct devices_wanted){
		.params = &b->params, .params_ok = b->params_ok,
		.model_target = &b->model_target, .model_wal = &b->model_wal,
		.devs = &b->devs, .results = &b->results, .target = &b->target, .wal = &b->wal,
	};
}

static struct interlock_devices interlock_devices(const struct boot *b)
{
	return (struct interlock_devices){
		.target = b->target, .wal = b->wal, .results = b->results,
		.target_model = b->model_target.made, .wal_model = b->model_wal.made,
		.suite = b->suite.name,
		.min_bytes = (unsigned long long)b->suite.min_target_mib << 20,
		.allow_unmarked = b->suite.allow_unmarked == 1,
		.needs_wal = b->suite.needs_wal == 1,
	};
}

static struct walk_boot walk_boot(const struct boot *b)
{
	return (struct walk_boot){
		.file = b->params.next, .results_console = b->params.results_console,
		.results = RESULTS_MOUNT, .run_dir = b->run_dir, .release = b->machine.release,
		.cmdline = b->cmdline, .variant = &b->params.variant,
	};
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
	if (b.params.unsigned_modules)
		modules_skip_signatures();
	modules_load(b.machine.release, b.params.pmem);

	step(&b, "devices");
	const struct devices_wanted devices = wanted_devices(&b);
	const struct walk_boot walk = walk_boot(&b);

	devices_wait(&devices);

	step(&b, "results");
	if (results_open(&b) == 0) {
		boot_status_save(&b);
		b.walk_active = walk_check(&walk, &b.walk) == 1;
	}

	if (!failure()) {
		step(&b, "interlock");
		if (runner_describe_suite(&b) == 0 &&
		    model_make(b.machine.release, &b.params.clock, &b.params.target, &b.params.wal,
			       b.suite.min_target_mib, &b.model_target, &b.model_wal) == 0 &&
		    devices_refresh(&devices) == 0) {
			if (b.model_target.made || b.model_wal.made)
				results_disk_facts(&b);
			const struct interlock_devices found = interlock_devices(&b);

			interlock_check(&found);
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
	if (b.walk_active)
		b.kexec_loaded = walk_load_next(&walk, &b.walk, b.kexec_name,
						sizeof b.kexec_name) == 0;
	boot_status_end(&b);
	power_off(&b);
}
