/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bench/monitor/monitor.c and monitor_source.c: the sampler process on
 * files made to look like /proc -- a row a second, the files read again
 * each time, a missing or garbled file warned about once and its columns
 * left empty, the last part of a second, the summary read back.
 */
#include "bench/monitor/monitor.h"
#include "bench/os/proc.h"
#include "common/fileio.h"
#include "tap.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char dir[] = "/tmp/bench-monitor-XXXXXX";

static void put(const char *name, const char *text)
{
	tap_put(dir, name, text);
}

static void proc_files(int second)
{
	char text[512];

	snprintf(text, sizeof(text), "cpu  %d 0 %d %d %d 0 0 0 0 0\nintr %d 1 2\nctxt %d\n",
		 100 + 50 * second, 200 + 20 * second, 1000 + 20 * second,
		 10 + 10 * second, 500 + 300 * second, 700 + 1000 * second);
	put("proc/stat", text);
	snprintf(text, sizeof(text), "pgfault %d\npgmajfault %d\npgscan_kswapd 0\n",
		 100 + 40 * second, 5 + 3 * second);
	put("proc/vmstat", text);
	snprintf(text, sizeof(text),
		 " 254 16 vdb 9 0 9 9 9 0 9 9 0 9 9\n"
		 " 254 17 vdb1 %d 0 %d 0 %d 0 %d 0 0 %d %d\n",
		 100 + 10 * second, 1000 + 2000 * second, 50 + 5 * second,
		 800 + 4000 * second, 10 + 500 * second, 20 + 900 * second);
	put("proc/diskstats", text);
	put("proc/pressure/cpu", "some avg10=4.00 avg60=0.00 avg300=0.00 total=1\n");
	put("proc/pressure/io", "garbled\n");
	put("cpufreq", "1800000\n");
}

static char *csv_of(const struct monitor *m)
{
	char *text = read_text(m->path, 1 << 20, NULL);
	return text ? text : strdup("");
}

static size_t rows_of(const char *csv)
{
	size_t n = 0;
	for (; *csv; csv++)
		n += *csv == '\n';
	return n ? n - 1 : 0;
}

static void sleep_s(double s)
{
	struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };
	while (nanosleep(&ts, &ts) < 0)
		;
}

int main(void)
{
	char path[256];
	struct monitor m;
	monitor_warned warned = 0;
	const char *devices[MONITOR_DEVICES] = { "vdb1", "vdc1" };

	/* As in the runner: stop signals blocked, SIGCHLD wakes a wait. */
	if (proc_init() < 0 || !mkdtemp(dir)) {
		printf("Bail out! mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	const char *const subdirs[] = { "proc", "proc/pressure", "series" };
	for (size_t i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, subdirs[i]);
		mkdir(path, 0755);
	}
	snprintf(path, sizeof(path), "%s/proc", dir);
	char cpufreq[256];
	snprintf(cpufreq, sizeof(cpufreq), "%s/cpufreq", dir);
	const struct monitor_paths paths = { path, cpufreq };
	proc_files(0);

	is_int(monitor_start(&m, dir, "case-1", &paths, devices, &warned), 0,
	       "the sampler starts");
	ok(m.pid > 0, "as a process of its own");
	ok(warned == ((1u << SRC_PSI_IO) | (1u << SRC_PSI_MEMORY) | (1u << (SRC_N + 1))),
	   "warned: io pressure garbled, memory pressure missing, no line for the WAL device");
	sleep_s(0.5);
	proc_files(1);          /* what the second row reads */
	sleep_s(0.8);           /* stopped 1.3 s in: the last 0.3 s is no row */
	is_int(monitor_stop(&m), 0, "it stops");
	char *csv = csv_of(&m);
	is_int((long long)rows_of(csv), 1, "one row: the first second");
	is_str(m.summary.series, "series/case-1.sys.csv", "the series' name in the run directory");
	is_int((long long)m.summary.rows, 1, "the summary has the row");
	ok(m.summary.sampler_cpu_s >= 0 && m.summary.sampler_cpu_s < 1.3,
	   "the sampler's own CPU time is known, below its 1.3 s (%.4f s)",
	   m.summary.sampler_cpu_s);
	const char *row = strchr(csv, '\n');
	double t = row ? strtod(row + 1, NULL) : 0;
	ok(t >= 0.99 && t < 1.2, "its t_s is about 1 (%.3f)", t);
	const char *shares = ",50.000,20.000,10.000,0.000,0.000,0.000,20.000,";
	ok(row && strncmp(strchr(row + 1, ','), shares, strlen(shares)) == 0,
	   "CPU shares of that second");
	ok(row && strstr(row, ",1800.000\n"), "cpu_mhz from scaling_cur_freq");
	struct monitor_stat *iowait = &m.summary.stat[0], *ctxt = &m.summary.stat[8];
	ok(iowait->n == 1 && fabs(iowait->mean - 10) < 0.5, "iowait mean (%.3f)", iowait->mean);
	ok(ctxt->n == 1 && ctxt->mean > 900 && ctxt->mean <= 1001, "ctxt per second (%.1f)", ctxt->mean);
	ok(m.summary.stat[1].n == 1 && m.summary.stat[1].mean > 0.9, "target read MB/s (%.3f)",
	   m.summary.stat[1].mean);
	ok(m.summary.stat[5].n == 1 && m.summary.stat[5].mean == 4, "psi cpu some avg10");
	ok(m.summary.stat[6].n == 0 && m.summary.stat[7].n == 0,
	   "psi io (garbled) and memory (missing): not known");
	ok(row && strstr(row, ",,,,,,,,"), "the WAL device's columns are empty");
	free(csv);

	/* Stopped at once: the part of a second is the only row. */
	monitor_warned before = warned;
	is_int(monitor_start(&m, dir, "case-2", &paths, devices, &warned), 0, "a second case");
	ok(warned == before, "nothing warned twice in a run");
	is_int(monitor_stop(&m), 0, "stopped at once");
	csv = csv_of(&m);
	is_int((long long)rows_of(csv), 1, "one row, the short time it ran");
	free(csv);

	/* A run directory without series/: no monitor, the case goes on. */
	snprintf(path, sizeof(path), "%s/none", dir);
	ok(monitor_start(&m, path, "case-3", &paths, devices, &warned) == -1 && m.pid == 0,
	   "no series directory: -1 after a warning");
	ok(monitor_stop(&m) == -1, "stopping no sampler: -1");

	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return tap_done();
}
