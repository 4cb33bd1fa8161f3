/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bench/monitor/monitor_parse.c: /proc/stat, /proc/vmstat, /proc/diskstats,
 * /proc/pressure/RESOURCE and scaling_cur_freq as current and older kernels
 * write them, and files that hold something else.
 */
#include "bench/monitor/monitor_parse.h"
#include "tap.h"

static const char garbage[] = "\x7f" "ELF\x02\x01 not a proc file\n{\"a\": 1}\n";

static void stat(void)
{
	struct stat_counters s;

	ok(stat_parse("cpu  10132153 290696 3084719 46828483 16683 0 25195 0 175628 0\n"
		      "cpu0 5066076 145348 1542359 23414241 8341 0 12597 0 87814 0\n"
		      "intr 114930548 113199788 3 0 5 263 0 4\n"
		      "ctxt 1990473\nbtime 1062191376\nprocesses 2915\n"
		      "procs_running 1\nprocs_blocked 0\nsoftirq 1 2 3\n", &s),
	   "/proc/stat of a current kernel");
	ok(s.n_cpu == 8 && s.cpu[CPU_USER] == 10132153 && s.cpu[CPU_NICE] == 290696 &&
	   s.cpu[CPU_SYSTEM] == 3084719 && s.cpu[CPU_IDLE] == 46828483 &&
	   s.cpu[CPU_IOWAIT] == 16683 && s.cpu[CPU_SOFTIRQ] == 25195 &&
	   s.cpu[CPU_STEAL] == 0, "the total cpu line: 8 fields (guest is in user)");
	ok(s.has_intr && s.intr == 114930548, "intr: the total, the first number");
	ok(s.has_ctxt && s.ctxt == 1990473, "ctxt");

	ok(stat_parse("cpu  1 2 3 4 5 6 7\nctxt 9\n", &s), "a 2.6.10 kernel: no steal, no intr");
	ok(s.n_cpu == 7 && s.cpu[CPU_SOFTIRQ] == 7 && !s.has_intr && s.has_ctxt,
	   "seven cpu fields, intr absent");
	ok(stat_parse("cpu  1 2 3 4\n", &s) && s.n_cpu == 4, "a 2.4 kernel: four cpu fields");
	ok(stat_parse("cpu  1 2 3\nctxt 5\n", &s) && s.n_cpu == 0 && s.has_ctxt,
	   "a cpu line of three fields is no cpu line");
	ok(!stat_parse(garbage, &s) && s.n_cpu == 0 && !s.has_ctxt, "garbage: nothing");
	ok(!stat_parse("", &s), "an empty file: nothing");
}

static void vmstat(void)
{
	struct vm_counters v;

	ok(vmstat_parse("nr_free_pages 12345\npgfault 1000\npgmajfault 10\n"
			"pswpin 3\npswpout 4\n"
			"pgsteal_kswapd 100\npgsteal_direct 20\npgsteal_khugepaged 1\n"
			"pgsteal_anon 30\npgsteal_file 91\n"
			"pgscan_kswapd 200\npgscan_direct 40\npgscan_khugepaged 2\n"
			"pgscan_direct_throttle 7\npgscan_anon 60\npgscan_file 182\n"
			"thp_fault_alloc 5\nthp_collapse_alloc 2\nthp_fault_fallback 9\n", &v),
	   "/proc/vmstat of a 6.x kernel");
	ok(v.has[VM_PGFAULT] && v.v[VM_PGFAULT] == 1000 && v.v[VM_PGMAJFAULT] == 10,
	   "pgfault, pgmajfault");
	is_int((long long)v.v[VM_PGSCAN], 242,
	       "pgscan: kswapd + direct + khugepaged, not anon/file, not direct_throttle");
	is_int((long long)v.v[VM_PGSTEAL], 121, "pgsteal: kswapd + direct + khugepaged");
	ok(v.v[VM_PSWPIN] == 3 && v.v[VM_PSWPOUT] == 4, "pswpin, pswpout");
	ok(v.has[VM_THP_FAULT_ALLOC] && v.v[VM_THP_FAULT_ALLOC] == 5 &&
	   v.v[VM_THP_COLLAPSE_ALLOC] == 2, "thp_fault_alloc, thp_collapse_alloc");

	ok(vmstat_parse("pgfault 7\npgmajfault 1\n"
			"pgscan_kswapd_dma 1\npgscan_kswapd_dma32 2\npgscan_kswapd_normal 3\n"
			"pgscan_direct_dma 4\npgscan_direct_normal 5\n"
			"pgsteal_dma 9\npgsteal_kswapd_normal 6\n", &v),
	   "/proc/vmstat of a 3.x kernel (per zone), without THP");
	is_int((long long)v.v[VM_PGSCAN], 15, "pgscan: the zones summed");
	is_int((long long)v.v[VM_PGSTEAL], 6, "pgsteal: kswapd's zones (3.x's pgsteal_dma is no kswapd/direct)");
	ok(!v.has[VM_THP_FAULT_ALLOC] && !v.has[VM_PSWPIN], "THP and swap counters absent");
	ok(!vmstat_parse(garbage, &v), "garbage: nothing");
}

static void diskstats(void)
{
	static const char text[] =
		" 254       0 vda 1000 5 80000 400 2000 10 160000 3000 1 2500 3400 0 0 0 0 100 50\n"
		" 254       1 vda1 900 5 70000 390 1900 10 150000 2900 0 2400 3300 0 0 0 0 0 0\n"
		"   8       0 sda 10 0 100 5 20 0 200 15 0 30 20\n"
		"   3       1 hda1 35486 38030 38030 38030\n";
	struct disk_counters d;

	ok(diskstats_parse(text, "vda1", &d), "vda1 of a 5.5+ kernel (20 fields)");
	ok(d.reads == 900 && d.read_sectors == 70000 && d.read_ms == 390 &&
	   d.writes == 1900 && d.write_sectors == 150000 && d.write_ms == 2900 &&
	   d.io_ms == 2400 && d.weighted_ms == 3300 && d.has_times, "its fields");
	ok(diskstats_parse(text, "vda", &d) && d.reads == 1000, "vda is not vda1");
	ok(diskstats_parse(text, "sda", &d) && d.writes == 20 && d.io_ms == 30 &&
	   d.weighted_ms == 20 && d.has_times, "a kernel before 4.18 (14 fields)");
	ok(diskstats_parse(text, "hda1", &d) && d.reads == 35486 && d.read_sectors == 38030 &&
	   d.writes == 38030 && d.write_sectors == 38030 && !d.has_times,
	   "a partition before 2.6.25: four counters, no times");
	ok(!diskstats_parse(text, "vdb", &d), "no such device");
	ok(!diskstats_parse(" 8 0 sdz 1 2 3\n", "sdz", &d), "a line of three counters");
	ok(!diskstats_parse(garbage, "vda", &d), "garbage");
}

static void pressure(void)
{
	struct psi_values p;
	double mhz = 0;

	ok(psi_parse("some avg10=1.50 avg60=0.80 avg300=0.20 total=123456\n"
		     "full avg10=0.50 avg60=0.10 avg300=0.00 total=456\n", &p),
	   "/proc/pressure/io");
	ok(p.has_some && p.has_full, "some and full");
	is_num(p.some_avg10, 1.5, "some avg10");
	is_num(p.full_avg10, 0.5, "full avg10");
	ok(psi_parse("some avg10=12.25 avg60=0.80 avg300=0.20 total=123456\n", &p) &&
	   p.has_some && !p.has_full, "/proc/pressure/cpu before 5.13: some only");
	is_num(p.some_avg10, 12.25, "its avg10");
	ok(!psi_parse(garbage, &p) && !p.has_some && !p.has_full, "garbage");

	ok(cpufreq_parse("2400000\n", &mhz), "scaling_cur_freq");
	is_num(mhz, 2400, "kHz in MHz");
	ok(cpufreq_parse("799821", &mhz) && fabs(mhz - 799.821) < 1e-9, "without a newline");
	ok(!cpufreq_parse("<unknown>\n", &mhz), "a driver that does not know");
	ok(!cpufreq_parse("", &mhz), "an empty file");
}

int main(void)
{
	stat();
	vmstat();
	diskstats();
	pressure();
	return tap_done();
}
