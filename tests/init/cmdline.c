/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: bootbench.* kernel parameters and device specs. */
#include <stdio.h>
#include <string.h>

#include "init/kernel/cmdline.h"
#include "init/kernel/devspec.h"
#include "tap.h"

static struct params p;
static char err[1024];

static int parse(const char *line)
{
	params_defaults(&p);
	return params_parse(&p, line, err, sizeof err);
}

/* The line must be refused with an error containing want. */
static void refused(const char *line, const char *want)
{
	int rc = parse(line);

	ok(rc == -1 && strstr(err, want), "refused: %s", line);
	if (rc != -1 || !strstr(err, want))
		printf("#   error: \"%s\"\n#   want it to contain: \"%s\"\n", err, want);
}

static void good_lines(void)
{
	ok(parse("console=ttyS0 panic=-1 bootbench.target=PARTLABEL=bootbench-target") == 0,
	   "minimal line accepted (%s)", err);
	is_str(p.suite, "quick", "default suite is quick");
	ok(p.target.kind == DEVSPEC_PARTLABEL && !strcmp(p.target.value, "bootbench-target"),
	   "target is PARTLABEL=bootbench-target");
	ok(p.results.kind == DEVSPEC_PARTLABEL && !strcmp(p.results.value, "bootbench-results"),
	   "default results is PARTLABEL=bootbench-results");
	ok(p.wal.kind == DEVSPEC_NONE, "no WAL device by default");
	ok(p.after == AFTER_POWEROFF && p.timeout == 3600 && p.disk_wait == 30 &&
	   !p.results_init && !p.id[0], "defaults: poweroff, 3600 s, 30 s, no results-init, no id");
	ok(!p.unsigned_modules, "modules load with their signatures by default");

	ok(parse("quiet bootbench.suite=oltp_rw-2 bootbench.target=PARTUUID=0FC63DAF-8483-4772-8E79-3D69D8477DE4 "
		 "bootbench.results=LABEL=bootbench-res bootbench.wal=PARTLABEL=bootbench-wal "
		 "bootbench.after=reboot bootbench.timeout=600 bootbench.disk-wait=0 "
		 "bootbench.results-init=1 bootbench.id=ci-42 root=/dev/sda") == 0,
	   "every key accepted (%s)", err);
	is_str(p.suite, "oltp_rw-2", "suite");
	ok(p.target.kind == DEVSPEC_PARTUUID, "PARTUUID target");
	ok(p.results.kind == DEVSPEC_LABEL && !strcmp(p.results.value, "bootbench-res"), "LABEL results");
	ok(p.wal.kind == DEVSPEC_PARTLABEL, "WAL partition");
	ok(p.after == AFTER_REBOOT && p.timeout == 600 && p.disk_wait == 0 && p.results_init,
	   "after, timeout, disk-wait, results-init");
	is_str(p.id, "ci-42", "id");
	ok(parse("bootbench.target=PARTLABEL=x bootbench.unsigned-modules=1") == 0 &&
	   p.unsigned_modules, "bootbench.unsigned-modules=1");
	ok(parse("bootbench.target=PARTLABEL=x bootbench.unsigned-modules=yes") == -1 &&
	   strstr(err, "bootbench.unsigned-modules=yes: expected 0 or 1"),
	   "bootbench.unsigned-modules=yes is refused (%s)", err);

	ok(parse("bootbench.target=PARTLABEL=x bootbench.next=walk/3f2a9c1b.txt") == 0 &&
	   !strcmp(p.next, "walk/3f2a9c1b.txt"), "bootbench.next: the walk file");
	ok(parse("bootbench.target=PARTLABEL=x bootbench.next=walk/../../etc/passwd") == -1 &&
	   strstr(err, "without \"..\""), "bootbench.next with \"..\" is refused (%s)", err);
	ok(parse("bootbench.target=PARTLABEL=x bootbench.next=walk/..x.txt") == 0,
	   "bootbench.next: \"..x\" is a name, as in the walk file (one rule, results_path.c)");
	ok(parse("bootbench.target=PARTLABEL=x bootbench.next=walk/a;b") == -1 &&
	   strstr(err, RESULTS_PATH_RULE), "bootbench.next with ';' is refused (%s)", err);
	ok(parse("bootbench.target=PARTLABEL=x bootbench.next=/walk.txt") == -1,
	   "bootbench.next with an absolute path is refused");
	ok(parse("bootbench.target=PARTLABEL=x") == 0 && !p.next[0], "no walk by default");
	ok(parse("bootbench.target=PARTLABEL=x bootbench.results=console") == 0 &&
	   p.results_console && p.results.kind == DEVSPEC_NONE,
	   "bootbench.results=console: no results device, the run on the console");
	ok(parse("bootbench.target=PARTLABEL=x") == 0 && !p.results_console,
	   "results on a partition by default");
	ok(parse("bootbench.target=PARTLABEL=x bootbench.results=consoles") == -1 &&
	   strstr(err, "bootbench.results=consoles"), "results=consoles is no device: refused (%s)", err);
	ok(parse("bootbench.target=\"PARTLABEL=bootbench target\" bootbench.after=shell") == 0 &&
	   !strcmp(p.target.value, "bootbench target") && p.after == AFTER_SHELL,
	   "quoted value with a blank");
	ok(parse("\"bootbench.target=LABEL=bootbench-x\"") == 0 && p.target.kind == DEVSPEC_LABEL,
	   "quoted whole parameter");

	ok(parse("bootbench.target=/dev/vdb bootbench.erase=/dev/vdb") == 0 &&
	   p.target.kind == DEVSPEC_PATH && !strcmp(p.target.value, "/dev/vdb"),
	   "raw target confirmed by erase");
	ok(parse("bootbench.target=/dev/vdb1 bootbench.wal=/dev/vdc1 bootbench.erase=/dev/vdc1,/dev/vdb1") == 0 &&
	   p.erase_count == 2, "raw target and WAL confirmed by one erase list");
	ok(parse("bootbench.target=/dev/disk/by-id/nvme-x-part3 bootbench.erase=/dev/disk/by-id/nvme-x-part3") == 0,
	   "raw path in a subdirectory of /dev");
	ok(parse("bootbench.target=PARTLABEL=x") == 0 && !p.crash[0], "no crash by default");
	ok(parse("bootbench.target=PARTLABEL=x bootbench.crash=bench") == 0 && !strcmp(p.crash, "bench"),
	   "bootbench.crash=bench (for tests): the phase to crash in");
}

static void bad_lines(void)
{
	refused("bootbench.target=PARTLABEL=x bootbench.sute=quick",
		"unknown parameter bootbench.sute (known: suite, target,");
	refused("bootbench.target=PARTLABEL=x bootbench.", "unknown parameter bootbench.");
	refused("bootbench.target=PARTLABEL=x bootbench.TARGET=PARTLABEL=y", "unknown parameter bootbench.TARGET");
	refused("console=ttyS0 bootbench.suite=quick",
		"bootbench.target= is missing: name the partition to format");
	refused("", "bootbench.target= is missing");
	refused("bootbench.target=PARTLABEL=x bootbench.timeout=abc",
		"bad value bootbench.timeout=abc: expected a number of seconds from 1 to 604800");
	refused("bootbench.target=PARTLABEL=x bootbench.timeout=0", "bootbench.timeout=0");
	refused("bootbench.target=PARTLABEL=x bootbench.timeout=-5", "bootbench.timeout=-5");
	refused("bootbench.target=PARTLABEL=x bootbench.timeout=12s", "bootbench.timeout=12s");
	refused("bootbench.target=PARTLABEL=x bootbench.timeout=604801", "bootbench.timeout=604801");
	refused("bootbench.target=PARTLABEL=x bootbench.timeout=99999999999999999999", "bootbench.timeout=9999");
	refused("bootbench.target=PARTLABEL=x bootbench.disk-wait=3601", "bootbench.disk-wait=3601");
	refused("bootbench.target=PARTLABEL=x bootbench.after=halt",
		"bad value bootbench.after=halt: expected poweroff, reboot or shell");
	refused("bootbench.target=PARTLABEL=x bootbench.crash=cmdline",
		"bad value bootbench.crash=cmdline: expected modules, devices, results, interlock, fs-modules, bench, finish");
	refused("bootbench.target=PARTLABEL=x bootbench.results-init=yes",
		"bootbench.results-init=yes: expected 0 or 1");
	refused("bootbench.target=PARTLABEL=x bootbench.id=a_b", "bootbench.id=a_b");
	refused("bootbench.target=PARTLABEL=x bootbench.id=123456789012345678901234567890123",
		"expected letters, digits and '-' (at most 32)");
	refused("bootbench.target=PARTLABEL=x bootbench.suite=../x", "bad value bootbench.suite=../x");
	refused("bootbench.target=PARTLABEL=x bootbench.suite", "bootbench.suite needs a value");
	refused("bootbench.target=PARTLABEL=x bootbench.suite=", "bootbench.suite needs a value");
	refused("bootbench.target=PARTLABEL=x bootbench.suite=a bootbench.suite=b",
		"bootbench.suite is given twice");
	refused("bootbench.target=UUID=1234", "bad value bootbench.target=UUID=1234: expected PARTLABEL=NAME");
	refused("bootbench.target=sda1", "bad value bootbench.target=sda1");
	refused("bootbench.target=PARTLABEL=", "bad value bootbench.target=PARTLABEL=: expected a name after the prefix");
	refused("bootbench.target=PARTUUID=xyz", "expected a PARTUUID of hex digits");
	refused("bootbench.target=/dev/", "bootbench.target=/dev/");
	refused("bootbench.target=/dev/../etc/shadow bootbench.erase=/dev/../etc/shadow",
		"expected a plain /dev/NAME path");
	refused("bootbench.target=/dev/vdb/ bootbench.erase=/dev/vdb/", "expected a plain /dev/NAME path");
	refused("bootbench.target=PARTLABEL=x bootbench.wal=LABEL=", "bootbench.wal=LABEL=");
}

static void erase(void)
{
	refused("bootbench.target=/dev/vdb",
		"bootbench.target=/dev/vdb is a raw device path: confirm it with bootbench.erase=/dev/vdb");
	refused("bootbench.target=/dev/vdb bootbench.erase=/dev/vdc",
		"bootbench.target=/dev/vdb is a raw device path: confirm it with bootbench.erase=/dev/vdb");
	refused("bootbench.target=/dev/vdb bootbench.erase=/dev/vdb1",
		"confirm it with bootbench.erase=/dev/vdb");
	refused("bootbench.target=PARTLABEL=bootbench-target bootbench.erase=/dev/vdb",
		"bootbench.erase=/dev/vdb does not match bootbench.target=PARTLABEL=bootbench-target");
	refused("bootbench.target=/dev/vdb bootbench.erase=/dev/vdb,/dev/vdc",
		"bootbench.erase=/dev/vdc does not match bootbench.target=/dev/vdb");
	refused("bootbench.target=/dev/vdb1 bootbench.wal=/dev/vdc1 bootbench.erase=/dev/vdb1",
		"bootbench.wal=/dev/vdc1 is a raw device path: confirm it with bootbench.erase=/dev/vdc1");
	refused("bootbench.target=/dev/vdb bootbench.erase=PARTLABEL=x", "bad value bootbench.erase=PARTLABEL=x");
	refused("bootbench.target=/dev/vdb bootbench.erase=/dev/a,/dev/b,/dev/vdb", "at most two paths");
	refused("bootbench.target=/dev/vdb bootbench.erase=,", "bootbench.erase=,");
}

static void after_errors(void)
{
	ok(parse("bootbench.results=LABEL= bootbench.target=PARTLABEL=x") == -1 &&
	   p.results.kind == DEVSPEC_NONE,
	   "a bad results value leaves no results device (no record written anywhere)");
	ok(parse("bootbench.bogus=1 bootbench.results=LABEL=lab-res bootbench.id=run7 bootbench.after=reboot") == -1 &&
	   strstr(err, "bootbench.bogus") && p.results.kind == DEVSPEC_LABEL &&
	   !strcmp(p.id, "run7") && p.after == AFTER_REBOOT,
	   "after an error the results device, id and after= are still read; the first error is kept");
	ok(parse("bootbench.timeout=x bootbench.after=y bootbench.target=PARTLABEL=x") == -1 &&
	   strstr(err, "bootbench.timeout=x") && !strstr(err, "after"),
	   "only the first error is reported");
}

static void specs(void)
{
	struct devspec s;
	char buf[300], why[128];

	ok(devspec_parse(&s, "PARTLABEL=bootbench-results", why, sizeof why) == 0 &&
	   s.kind == DEVSPEC_PARTLABEL, "PARTLABEL spec");
	ok(devspec_parse(&s, "PARTUUID=6c2a3bd1-02", why, sizeof why) == 0 &&
	   s.kind == DEVSPEC_PARTUUID, "MBR-style PARTUUID spec");
	ok(devspec_parse(&s, "LABEL=bootbench-res", why, sizeof why) == 0 && s.kind == DEVSPEC_LABEL,
	   "LABEL spec");
	ok(devspec_parse(&s, "/dev/nvme0n1p3", why, sizeof why) == 0 && s.kind == DEVSPEC_PATH &&
	   !strcmp(s.value, "/dev/nvme0n1p3"), "path spec keeps the whole path");
	is_str(devspec_str(&s, buf, sizeof buf), "/dev/nvme0n1p3", "path spec as text");
	devspec_parse(&s, "PARTUUID=AB-12", why, sizeof why);
	is_str(devspec_str(&s, buf, sizeof buf), "PARTUUID=AB-12", "PARTUUID spec as text");
	ok(devspec_parse(&s, "PARTLABEL=a\tb", why, sizeof why) == -1, "control character refused");
	memset(buf, 'x', 280);
	memcpy(buf, "LABEL=", 6);
	buf[280] = '\0';
	ok(devspec_parse(&s, buf, why, sizeof why) == -1 && strstr(why, "255"), "overlong name refused");
	ok(devspec_parse(&s, "label=x", why, sizeof why) == -1, "prefixes are case-sensitive");
	ok(devspec_parse(&s, "/dev", why, sizeof why) == -1, "/dev alone refused");
}

/* bootbench.variant=NAME: the variant's rules (tests/init/variant.c), and
 * each of its parameters on the command line. */
static void variants(void)
{
	ok(parse("bootbench.target=PARTLABEL=x pti=on nosmt bootbench.variant=pti=on+nosmt") == 0,
	   "a variant whose parameters are on the line (%s)", err);
	is_str(p.variant.name, "pti=on+nosmt", "its name");
	ok(p.variant.count == 2 && !strcmp(p.variant.param[0], "pti=on") &&
	   !strcmp(p.variant.param[1], "nosmt"), "its parameters");
	ok(parse("bootbench.target=PARTLABEL=x") == 0 && p.variant.name[0] == '\0' &&
	   p.variant.count == 0, "no variant by default");
	refused("bootbench.target=PARTLABEL=x nosmt bootbench.variant=pti=on+nosmt",
		"bootbench.variant=pti=on+nosmt: its parameter pti=on is not on the kernel command line");
	ok(parse("bootbench.target=PARTLABEL=x \"pti=on\" bootbench.variant=\"pti=on\"") == 0 &&
	   !strcmp(p.variant.name, "pti=on"), "quoted as the kernel allows (%s)", err);
	refused("bootbench.target=PARTLABEL=x a;b bootbench.variant=a;b",
		"bad value bootbench.variant=a;b: parameter 'a;b' holds ';': a parameter is made of letters, "
		"digits and _-.,:=@");
	refused("bootbench.target=PARTLABEL=x pti=on bootbench.variant=pti=on+",
		"bad value bootbench.variant=pti=on+: an empty parameter");
	refused("bootbench.target=PARTLABEL=x pti=on bootbench.variant=pti=on bootbench.variant=pti=on",
		"bootbench.variant is given twice");
}

/* A model disk is a target or a WAL device, never the results partition. */
static void models(void)
{
	ok(parse("bootbench.target=model:sata:512 bootbench.wal=model") == 0 &&
	   p.target.kind == DEVSPEC_MODEL && strcmp(p.target.value, "sata:512") == 0 &&
	   p.wal.kind == DEVSPEC_MODEL && p.wal.value[0] == '\0',
	   "bootbench.target=model:sata:512 and bootbench.wal=model (%s)", err);
	refused("bootbench.target=PARTLABEL=x bootbench.results=model:nvme",
		"bad value bootbench.results=model:nvme: expected a partition that outlives the boot, "
		"not a model disk (it is made in the guest's memory)");
	refused("bootbench.target=model:",
		"bad value bootbench.target=model:: expected model, model:NAME or model:NAME:MIB");
}

/* bootbench.clock=: the host's time by default, QEMU's instruction count
 * with its shift, and every other word refused with the rule. */
static void clocks(void)
{
	char text[CLOCK_TEXT_MAX];

	ok(parse("bootbench.target=PARTLABEL=x") == 0 && !p.clock.instructions && p.clock.shift == 0,
	   "the host's time by default");
	is_str(clock_text(&p.clock, text, sizeof text), "host", "said as host");
	ok(parse("bootbench.target=PARTLABEL=x bootbench.clock=host") == 0 && !p.clock.instructions,
	   "bootbench.clock=host (%s)", err);
	ok(parse("bootbench.target=PARTLABEL=x bootbench.clock=instructions:3") == 0 &&
	   p.clock.instructions && p.clock.shift == 3, "bootbench.clock=instructions:3 (%s)", err);
	is_str(clock_text(&p.clock, text, sizeof text), "instructions:3", "said in the same words");
	ok(parse("bootbench.target=PARTLABEL=x bootbench.clock=instructions:0") == 0 &&
	   p.clock.instructions && p.clock.shift == 0, "shift 0, the least (%s)", err);
	ok(parse("bootbench.target=PARTLABEL=x bootbench.clock=instructions:10") == 0 &&
	   p.clock.instructions && p.clock.shift == 10, "shift 10, the most (%s)", err);
	is_str(clock_text(&p.clock, text, sizeof text), "instructions:10", "instructions:10 fits its buffer");
	ok(parse("bootbench.target=PARTLABEL=x bootbench.clock=instructions:3,sleep=off") == 0 &&
	   p.clock.instructions && p.clock.shift == 3 && p.clock.idle_jumps,
	   "instructions:3,sleep=off: the idle guest's time jumps (%s)", err);
	is_str(clock_text(&p.clock, text, sizeof text), "instructions:3,sleep=off", "said in the same words");
	ok(parse("bootbench.target=PARTLABEL=x bootbench.clock=instructions:10,sleep=on") == 0 &&
	   p.clock.instructions && !p.clock.idle_jumps, "instructions:10,sleep=on, QEMU's default (%s)", err);
	ok(parse("bootbench.target=PARTLABEL=x bootbench.clock=instructions:10,sleep=off") == 0,
	   "instructions:10,sleep=off (%s)", err);
	is_str(clock_text(&p.clock, text, sizeof text), "instructions:10,sleep=off", "fits its buffer");
	const char *bad[] = { "instructions:11", "instructions:", "instructions", "instructions:-1",
			      "instructions:03", "instructions:3x", "instructions:100", "Host", "tcg",
			      "instructions: 3", "host:3", "instructions:3,sleep", "instructions:3,sleep=no",
			      "host,sleep=off", "instructions:3sleep=off" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char line[128], want[256];
		snprintf(line, sizeof line, "bootbench.target=PARTLABEL=x \"bootbench.clock=%s\"", bad[i]);
		snprintf(want, sizeof want, "bad value bootbench.clock=%s: expected " CLOCK_RULE, bad[i]);
		refused(line, want);
	}
	refused("bootbench.target=PARTLABEL=x bootbench.clock=", "bootbench.clock needs a value");
	refused("bootbench.target=PARTLABEL=x bootbench.clock=host bootbench.clock=instructions:3",
		"bootbench.clock is given twice");
}

int main(void)
{
	good_lines();
	variants();
	clocks();
	models();
	bad_lines();
	erase();
	after_errors();
	specs();
	return tap_done();
}
