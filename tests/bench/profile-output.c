/* SPDX-License-Identifier: GPL-2.0-only */
/* Reading what perf says (the profiler's profile_output.c), on perf 6.1's
 * own words, and the edges of the measured window (workload.h). */
#include "bench/run/profile_output.h"
#include "bench/workloads/workload.h"
#include "tap.h"

static void captured(void)
{
	long long n = -1;

	ok(perf_record_captured("Events disabled\nEvents enabled\nEvents disabled\n"
				"[ perf record: Woken up 4 times to write data ]\n"
				"[ perf record: Captured and wrote 0.534 MB p.data (1080 samples) ]\n", &n),
	   "perf record's summary is found");
	is_int(n, 1080, "its sample count");
	ok(perf_record_captured("[ perf record: Captured and wrote 0.010 MB /r/p (x).data ]\n", &n),
	   "a summary without a count (no sample at all)");
	is_int(n, 0, "counts 0 samples");
	ok(!perf_record_captured("Events disabled\n", &n),
	   "perf that never wrote its summary: none found");
	ok(!perf_record_captured("", &n), "no output: none found");
}

static void failures(void)
{
	char buf[512];

	perf_failure_line("perf_event_open(..., PERF_FLAG_FD_CLOEXEC) failed with unexpected "
			  "error 38 (Function not implemented)\n"
			  "perf_event_open(..., 0) failed unexpectedly with error 38 (Function not "
			  "implemented)\nError:\nThe sys_perf_event_open() syscall returned with 38 "
			  "(Function not implemented) for event (cpu-clock).\n/bin/dmesg | grep -i "
			  "perf may provide additional information.\n\n", buf, sizeof(buf));
	is_str(buf, "The sys_perf_event_open() syscall returned with 38 (Function not "
	       "implemented) for event (cpu-clock): the kernel has no perf events "
	       "(CONFIG_PERF_EVENTS)",
	       "ENOSYS: perf's line after Error:, and what it means");
	perf_failure_line("Error:\nThe cpu-clock event is not supported.\n", buf, sizeof(buf));
	is_str(buf, "The cpu-clock event is not supported", "an event the kernel lacks");
	perf_failure_line("Error:\nAccess to performance monitoring and observability operations "
			  "is limited.\nConsider adjusting /proc/sys/kernel/perf_event_paranoid\n",
			  buf, sizeof(buf));
	is_str(buf, "Access to performance monitoring and observability operations is limited",
	       "perf_event_paranoid: its first line");
	perf_failure_line("[ perf record: Woken up 1 times to write data ]\n"
			  "failed to write perf data, error: No space left on device\n", buf,
			  sizeof(buf));
	is_str(buf, "failed to write perf data, error: No space left on device",
	       "a write that failed: the line saying so");
	perf_failure_line("Events disabled\nsomething odd\n\n", buf, sizeof(buf));
	is_str(buf, "something odd", "no known words: the last line");
	perf_failure_line("", buf, sizeof(buf));
	is_str(buf, "", "no output: no line");
}

static void buildids_and_events(void)
{
	char ev[32];

	ok(perf_buildid_line("4a5a9b0affb66c437abcd455d2738af879985fa9 [kernel.kallsyms]"),
	   "a build id line of the kernel");
	ok(perf_buildid_line("135afc8c6d1b9e02356cce218bf0109c3687ad9f /opt/postgresql/bin/postgres"),
	   "a build id line of a program");
	ok(!perf_buildid_line("WARNING: The perf.data file's data size field is 0"),
	   "a warning is not a build id line");
	ok(!perf_buildid_line("4a5a9b0a [kernel.kallsyms]"), "nor a short hex word");
	ok(perf_evlist_event("cpu-clock\ndummy:HG\n", ev, sizeof(ev)), "perf evlist's first event");
	is_str(ev, "cpu-clock", "cpu-clock");
	ok(perf_evlist_event("cycles:P\n", ev, sizeof(ev)) && strcmp(ev, "cycles") == 0,
	   "cycles, without its modifiers");
	ok(!perf_evlist_event("# non-empty comment\n", ev, sizeof(ev)), "a comment names none");
}

static int opened, closed;
static void on_open(void *ctx) { (void)ctx; opened++; }
static void on_close(void *ctx) { (void)ctx; closed++; }

static void window(void)
{
	struct measure_window w = { .open = on_open, .close = on_close };
	struct workload_env e = { .window = &w };
	struct workload_env none = { 0 };

	window_close(&e);
	is_int(closed, 0, "a window that is not open does not close");
	window_open(&e);
	window_open(&e);
	is_int(opened, 1, "a window opens once, however often it is opened");
	window_close(&e);
	window_close(&e);
	is_int(closed, 1, "and closes once");
	window_open(&e);
	window_close(&e);
	ok(opened == 2 && closed == 2, "it may open again after it closed");
	window_open(&none);
	window_close(&none);
	ok(opened == 2 && closed == 2, "no window: nothing happens (%d opens, %d closes)",
	   opened, closed);

	struct measure_window quiet = { .ctx = NULL };
	struct workload_env q = { .window = &quiet };

	window_open(&q);
	bool was_open = quiet.is_open;
	window_close(&q);
	ok(was_open && !quiet.is_open && opened == 2 && closed == 2,
	   "a window no one listens to opens and closes, calling no one");
}

int main(void)
{
	captured();
	failures();
	buildids_and_events();
	window();
	return tap_done();
}
