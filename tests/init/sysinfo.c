/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: /proc and sysfs parsers, the suite runner's describe output. */
#include <string.h>

#include "common/meminfo.h"
#include "init/kernel/modules.h"
#include "init/kernel/sysinfo.h"
#include "init/suite_info.h"
#include "tap.h"

/* A module's parameters on the kernel command line, as modprobe takes
 * them. */
static void module_params(void)
{
	const char *cmdline = "console=ttyS0 null_blk.max_sectors=8 null-blk.irqmode=2 null_blkx.a=1 "
			      "null_blk.nope xfs.x=1\n";
	char out[64];

	ok(module_cmdline_params(cmdline, "null_blk", out, sizeof out) == 0 &&
	   strcmp(out, "max_sectors=8 irqmode=2") == 0,
	   "null_blk: its two parameters, '-' and '_' alike, not another module's (%s)", out);
	ok(module_cmdline_params(cmdline, "virtio_blk", out, sizeof out) == 0 && !out[0],
	   "a module the command line names not: none");
	ok(module_cmdline_params(cmdline, "null_blk", out, 10) < 0, "out too small: -1");
}

int main(void)
{
	module_params();
	char buf[128];

	cpuinfo_model("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel\t\t: 85\n"
		      "model name\t: Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz \nflags\t: fpu\n"
		      "processor\t: 1\nmodel name\t: other\n", buf, sizeof buf);
	is_str(buf, "Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz", "x86 cpuinfo: first model name, trimmed");
	cpuinfo_model("processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\n", buf, sizeof buf);
	is_str(buf, "", "no model line: empty");
	cpuinfo_model("processor\t: 0\ncpu\t\t: POWER9 (architected)\n", buf, sizeof buf);
	is_str(buf, "POWER9 (architected)", "ppc64 cpuinfo: the cpu line");
	cpuinfo_model("model name: x", buf, sizeof buf);
	is_str(buf, "x", "last line without newline");

	const char *meminfo = "MemTotal:        2030712 kB\nMemFree:         1796084 kB\n"
			      "MemAvailable:    1784912 kB\n";
	ok(meminfo_kib(meminfo, "MemTotal") == 2030712, "MemTotal");
	ok(meminfo_kib(meminfo, "MemAvailable") == 1784912, "MemAvailable");
	ok(meminfo_kib(meminfo, "Mem") == -1, "a prefix of a field is not the field");
	ok(meminfo_kib(meminfo, "SwapTotal") == -1, "missing field");

	struct suite_info s;
	suite_info_init(&s, "quick");
	is_str(suite_info_missing(&s), "min_target_mib", "nothing described yet");
	ok(suite_info_line(&s, "name=quick") == 0 && suite_info_line(&s, "min_target_mib=256") == 0 &&
	   suite_info_line(&s, "allow_unmarked=0") == 0 && suite_info_line(&s, "needs_wal=1") == 0 &&
	   suite_info_line(&s, "some text without a key") == 0 && suite_info_line(&s, "workloads=pgbench") == 0,
	   "describe lines, unknown keys and text are taken");
	is_str(suite_info_missing(&s), "filesystems", "no filesystems= line: missing");
	ok(suite_info_line(&s, "filesystems=ext4 xfs") == 0, "filesystems=ext4 xfs");
	ok(s.min_target_mib == 256 && s.allow_unmarked == 0 && s.needs_wal == 1 && !suite_info_missing(&s),
	   "describe values");
	ok(s.n_filesystems == 2 && !strcmp(s.filesystems[0], "ext4") && !strcmp(s.filesystems[1], "xfs"),
	   "the filesystems, in order");
	ok(suite_info_line(&s, "filesystems=") == 0 && s.n_filesystems == 0 && !suite_info_missing(&s),
	   "filesystems= is an empty list: the suite formats nothing");
	ok(suite_info_line(&s, "filesystems=ext4") == 0 && s.n_filesystems == 1 &&
	   !strcmp(s.filesystems[0], "ext4"), "filesystems= with one name");
	ok(suite_info_line(&s, "min_target_mib=lots") == -1 && suite_info_line(&s, "min_target_mib=") == -1 &&
	   suite_info_line(&s, "min_target_mib=-1") == -1 && suite_info_line(&s, "allow_unmarked=yes") == -1 &&
	   suite_info_line(&s, "needs_wal=2") == -1, "bad describe values are refused");
	ok(suite_info_line(&s, "filesystems=ext4  xfs") == -1 && suite_info_line(&s, "filesystems= xfs") == -1 &&
	   suite_info_line(&s, "filesystems=xfs ") == -1 && suite_info_line(&s, "filesystems=../xfs") == -1 &&
	   suite_info_line(&s, "filesystems=ext4,xfs") == -1 &&
	   suite_info_line(&s, "filesystems=a b c d e f g h i") == -1 &&
	   suite_info_line(&s, "filesystems=a_name_longer_than_thirty_one_chars") == -1,
	   "bad filesystems= lists are refused: spaces, a path, commas, more than 8 names, a long name");
	ok(suite_info_line(&s, "filesystems=a b c d e f g h") == 0 && s.n_filesystems == 8 &&
	   suite_info_line(&s, "filesystems=a_name_of_thirty_one_characters") == 0,
	   "8 names, and a name of 31 characters, are taken");
	suite_info_init(&s, "quick");
	suite_info_line(&s, "min_target_mib=1");
	suite_info_line(&s, "allow_unmarked=1");
	is_str(suite_info_missing(&s), "needs_wal", "the first missing key is named");

	const char *proc = "nodev\tsysfs\nnodev\ttmpfs\n\text3\n\text4\nnodev\tcgroup2\n\txfs";
	ok(filesystem_listed(proc, "ext4") && filesystem_listed(proc, "xfs") && filesystem_listed(proc, "tmpfs"),
	   "/proc/filesystems: a disk filesystem, one on the last line without a newline, a nodev one");
	ok(!filesystem_listed(proc, "ext2") && !filesystem_listed(proc, "ext") && !filesystem_listed(proc, "xf") &&
	   !filesystem_listed(proc, "nodev") && !filesystem_listed("", "xfs"),
	   "/proc/filesystems: no ext2, no prefix of a name, not the nodev mark, nothing in no text");
	return tap_done();
}
