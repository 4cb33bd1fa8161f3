/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bench/monitor/sysstat.c: /proc/stat and /proc/diskstats lines as the kernel
 * writes them, the shares and deltas between two samples, MemTotal and
 * the CPU frequency governor from files.
 */
#include "bench/monitor/sysstat.h"
#include "tap.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

static char dir[] = "/tmp/bench-sysstat-XXXXXX";

static const char *file(const char *name, const char *text)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	return path;
}

static void cpu(void)
{
	struct cpu_sample a, b;
	struct cpu_shares sh;

	ok(cpu_sample_parse("cpu  10132153 290696 3084719 46828483 16683 0 25195 0 175628 0\n", &a),
	   "cpu line of a current kernel");
	ok(a.user == 10132153 && a.nice == 290696 && a.system == 3084719 &&
	   a.idle == 46828483 && a.iowait == 16683 && a.irq == 0 &&
	   a.softirq == 25195 && a.steal == 0, "its fields");
	ok(cpu_sample_parse("cpu 1 2 3 4 5 6 7\n", &a) && a.softirq == 7 && a.steal == 0,
	   "a line without steal");
	ok(!cpu_sample_parse("cpu0 1 2 3 4 5 6 7 8 0 0\n", &a), "cpu0 is not the total");
	ok(!cpu_sample_parse("intr 1 2 3\n", &a), "another line");
	ok(!cpu_sample_parse("cpu 1 2 3\n", &a), "a short line");

	/* Between: user 60+10 nice, system 10+5 irq+5 softirq, iowait 5,
	 * idle 3, steal 2: total 100 ticks. */
	ok(cpu_sample_parse("cpu 100 10 200 1000 50 20 30 5 0 0\n", &a), "sample a");
	ok(cpu_sample_parse("cpu 160 20 210 1003 55 25 35 7 0 0\n", &b), "sample b");
	cpu_shares_between(&a, &b, &sh);
	is_num(sh.user, 70, "user share (user + nice)");
	is_num(sh.system, 20, "system share (system + irq + softirq)");
	is_num(sh.iowait, 5, "iowait share");
	is_num(sh.idle, 3, "idle share");
	is_num(sh.other, 2, "other share (steal)");
	is_num(sh.user + sh.system + sh.iowait + sh.idle + sh.other, 100, "shares sum to 100");

	/* Uneven figures still sum to 100. */
	ok(cpu_sample_parse("cpu 7 1 3 11 13 0 1 0 0 0\n", &b), "sample with odd ticks");
	struct cpu_sample z = { 0 };
	cpu_shares_between(&z, &b, &sh);
	is_num(sh.user + sh.system + sh.iowait + sh.idle + sh.other, 100, "odd shares sum to 100");
	is_num(sh.user, 800.0 / 36, "user 8 of 36 ticks");
	cpu_shares_between(&b, &b, &sh);
	ok(sh.user == 0 && sh.system == 0 && sh.idle == 0 && sh.iowait == 0 && sh.other == 0,
	   "no time between: every share 0");

	const char *path = file("stat",
		"cpu  100 10 200 1000 50 20 30 5 0 0\n"
		"cpu0 50 5 100 500 25 10 15 2 0 0\n"
		"intr 12345 0 0\n");
	is_int(cpu_sample_read(path, &a), 0, "read a /proc/stat file");
	ok(a.user == 100 && a.steal == 5, "the total line is read");
	path = file("stat-none", "intr 1\n");
	errno = 0;
	ok(cpu_sample_read(path, &a) == -1 && errno == ENOENT, "no cpu line: ENOENT");
	errno = 0;
	ok(cpu_sample_read("/nonexistent/stat", &a) == -1 && errno == ENOENT,
	   "no file: ENOENT");
}

static void disk(void)
{
	struct disk_sample a, b;
	struct disk_delta d;
	const char *sda = "   8       0 sda 1366 409 84274 1116 2147 1958 137856 6036 0 4300 7153 0 0 0 0 0 0\n";
	const char *vdb1 = " 253      17 vdb1 100 0 2000 50 300 7 4096 900 1 1500 950 0 0 0 0 120 3\n";

	ok(disk_sample_parse(sda, "sda", &a), "sda line of a current kernel");
	ok(a.reads == 1366 && a.read_sectors == 84274 && a.writes == 2147 &&
	   a.write_sectors == 137856 && a.io_ms == 4300, "its fields");
	ok(!disk_sample_parse(sda, "sda1", &a), "another device's line");
	ok(!disk_sample_parse(sda, "sd", &a), "a prefix of the name is not the name");
	ok(disk_sample_parse(vdb1, "vdb1", &a), "vdb1 (with flush fields)");
	ok(disk_sample_parse("   7       0 loop0 5 0 40 1 0 0 0 0 0 4 1\n", "loop0", &b),
	   "a line of an old kernel (11 fields)");
	ok(!disk_sample_parse("   7       0 loop0 5 0 40\n", "loop0", &b), "a short line");

	/* Between: 100 -> 150 reads, 2000 -> 2400 sectors read (200 KiB),
	 * 300 -> 400 writes, 4096 -> 8192 sectors written (2 MiB),
	 * io_ms 1500 -> 2000: 500 ms busy of 2 s = 25 %. */
	ok(disk_sample_parse(" 253 17 vdb1 150 0 2400 60 400 9 8192 1000 0 2000 1000 0 0 0 0 120 3\n",
			     "vdb1", &b), "second vdb1 sample");
	disk_delta_between(&a, &b, 2.0, &d);
	is_int((long long)d.reads, 50, "reads between");
	is_int((long long)d.read_bytes, 400 * 512, "read bytes: sectors x 512");
	is_int((long long)d.writes, 100, "writes between");
	is_int((long long)d.write_bytes, 4096 * 512, "write bytes: sectors x 512");
	is_num(d.busy_pct, 25, "busy: io_ms over the interval");
	disk_delta_between(&a, &b, 0.25, &d);
	is_num(d.busy_pct, 100, "busy is at most 100");
	disk_delta_between(&a, &b, 0, &d);
	is_num(d.busy_pct, 0, "no interval: busy 0");

	const char *path = file("diskstats",
		"   8       0 sda 1366 409 84274 1116 2147 1958 137856 6036 0 4300 7153 0 0 0 0 0 0\n"
		"   8       1 sda1 1000 400 80000 1000 2000 1900 130000 6000 0 4200 7000 0 0 0 0 0 0\n"
		" 253      17 vdb1 100 0 2000 50 300 7 4096 900 1 1500 950 0 0 0 0 120 3\n");
	is_int(disk_sample_read(path, "sda1", &a), 0, "read sda1 from a diskstats file");
	ok(a.reads == 1000 && a.io_ms == 4200, "sda1's own line");
	is_int(disk_sample_read(path, "vdb1", &a), 0, "read the last line");
	ok(a.write_sectors == 4096, "vdb1's line");
	errno = 0;
	ok(disk_sample_read(path, "vdc", &a) == -1 && errno == ENOENT, "no such device: ENOENT");
	errno = 0;
	ok(disk_sample_read("/nonexistent/diskstats", "sda", &a) == -1 && errno == ENOENT,
	   "no file: -1");
}

static void facts(void)
{
	char gov[32];

	const char *path = file("meminfo",
		"MemTotal:        2032512 kB\n"
		"MemFree:         1021388 kB\n"
		"MemAvailable:    1712180 kB\n");
	is_int(mem_total_bytes(path), 2032512LL * 1024, "MemTotal in bytes");
	path = file("meminfo2", "MemFree:  1 kB\nMemTotal:   4 kB\n");
	is_int(mem_total_bytes(path), 4096, "MemTotal not on the first line");
	path = file("meminfo3", "MemFree:  1 kB\n");
	is_int(mem_total_bytes(path), 0, "no MemTotal: 0");
	is_int(mem_total_bytes("/nonexistent/meminfo"), 0, "no file: 0");

	path = file("governor", "powersave\n");
	ok(cpu_governor(path, gov, sizeof(gov)), "a governor is read");
	is_str(gov, "powersave", "without its newline");
	path = file("governor2", "performance");
	ok(cpu_governor(path, gov, sizeof(gov)), "a governor without a newline");
	is_str(gov, "performance", "performance");
	path = file("governor3", "");
	ok(!cpu_governor(path, gov, sizeof(gov)), "an empty file says nothing");
	path = file("governor4", "\n");
	ok(!cpu_governor(path, gov, sizeof(gov)), "an empty line says nothing");
	ok(!cpu_governor("/nonexistent/scaling_governor", gov, sizeof(gov)),
	   "no cpufreq: false");
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror(dir);
		return 1;
	}
	cpu();
	disk();
	facts();
	char cmd[160];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ok(system(cmd) == 0, "temporary files removed");
	return tap_done();
}
