/* SPDX-License-Identifier: GPL-2.0-only */
/* profiler.c: perf record around each measured window (profiler.h). */
#include "bench/run/profiler.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/os/proc.h"
#include "bench/run/profile_output.h"
#include "bench/run/profile_read.h"
#include "common/clock.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* perf takes 5 to 9 s to start under emulation (TCG), more on a loaded
 * host; its end reads back what it wrote for the build ids. */
#define START_TIMEOUT_S 180.0
#define STOP_TIMEOUT_S  600.0
/* The user stack each sample copies with --call-graph dwarf. */
#define DWARF_STACK "dwarf,4096"

void profile_settings_read(const struct suite *s, struct profile_settings *out)
{
	const struct suite_param *p;

	memset(out, 0, sizeof(*out));
	p = suite_param(s, "suite", "profile");
	out->on = p && strcmp(p->values[0], "cpu") == 0;
	p = suite_param(s, "suite", "profile_event");
	snprintf(out->event, sizeof(out->event), "%s", p ? p->values[0] : "auto");
	out->frequency = (int)suite_number(s, "suite", "profile_frequency");
	p = suite_param(s, "suite", "profile_call_graph");
	snprintf(out->call_graph, sizeof(out->call_graph), "%s", p ? p->values[0] : "fp");
}

int profile_find_perf(const char *perf_option, char *buf, size_t len,
		      char *err, size_t errlen)
{
	const char *name = perf_option ? perf_option : "perf";
	const char *path = getenv("PATH");

	if (strchr(name, '/')) {
		snprintf(buf, len, "%s", name);
		if (access(buf, X_OK) == 0)
			return 0;
		snprintf(err, errlen, "perf program \"%s\": %s", name, strerror(errno));
		return -1;
	}
	for (const char *d = path ? path : ""; *d; ) {
		size_t n = strcspn(d, ":");
		snprintf(buf, len, "%.*s/%s", (int)n, n ? d : ".", name);
		struct stat st;
		if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) && access(buf, X_OK) == 0)
			return 0;
		d += n + (d[n] == ':');
	}
	snprintf(err, errlen, "no %s in PATH (%s): the appliance has perf only with "
		 "its perf archive as a second initrd (make perf; qemu/run adds it), a "
		 "host has it from linux-perf (or give --perf PROGRAM); doc/profiles.md",
		 name, path ? path : "");
	return -1;
}

int profile_setup(struct profiler *p, const struct suite *s,
		  const char *perf_option, const char *run_dir)
{
	char err[PATH_MAX + 300];

	memset(p, 0, sizeof(*p));
	p->ctl = p->ack = -1;
	p->run_dir = run_dir;
	profile_settings_read(s, &p->set);
	if (!p->set.on)
		return 0;
	if (profile_find_perf(perf_option, p->perf, sizeof(p->perf), err, sizeof(err)) < 0)
		return fail("suite \"%s\" asks for profiles: %s", s->name, err);
	if (perf_version(p->perf, p->version, sizeof(p->version)) < 0)
		return -1;
	note("profiles: %s (perf %s), %s at %d Hz on every CPU, call graphs %s",
	     p->perf, p->version, strcmp(p->set.event, "auto") == 0 ?
	     "cycles where the CPU counts them, else cpu-clock," : p->set.event,
	     p->set.frequency, p->set.call_graph);
	return 0;
}

/* A control command to perf: "enable\n" ...  Quiet: perf's end says
 * whether it took them. */
static void command(struct profiler *p, const char *cmd)
{
	if (p->ctl >= 0 && write_all(p->ctl, cmd, strlen(cmd)) < 0)
		warning("%s: profile: could not write \"%s\" to perf:", p->case_id, cmd);
}

static void on_open(void *ctx)
{
	struct profiler *p = ctx;

	command(p, "enable\n");
	p->opened_at = clock_now();
}

static void on_close(void *ctx)
{
	struct profiler *p = ctx;

	command(p, "disable\n");
	p->seconds += clock_now() - p->opened_at;
}

struct measure_window *profile_window(struct profiler *p)
{
	p->window = (struct measure_window){ .open = on_open, .close = on_close, .ctx = p };
	return &p->window;
}

/* The FIFOs perf is driven through, in a private directory. */
static int make_fifos(struct profiler *p, char *ctl, char *ack, size_t len)
{
	snprintf(p->tmp, sizeof(p->tmp), "/tmp/bootbench-perf.XXXXXX");
	if (!mkdtemp(p->tmp)) {
		p->tmp[0] = '\0';
		return fail("could not create a directory \"/tmp/bootbench-perf.XXXXXX\":");
	}
	snprintf(ctl, len, "%s/ctl", p->tmp);
	snprintf(ack, len, "%s/ack", p->tmp);
	if (mkfifo(ctl, 0600) < 0 || mkfifo(ack, 0600) < 0)
		return fail("could not create a FIFO in \"%s\":", p->tmp);
	/* Read and write: neither open waits for perf's end. */
	p->ctl = open(ctl, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	p->ack = open(ack, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (p->ctl < 0 || p->ack < 0)
		return fail("could not open a FIFO in \"%s\":", p->tmp);
	return 0;
}

/* Wait for perf's "ack" to the ping: 0, or fail() with perf's reason. */
static int wait_ready(struct profiler *p, const char *log_path, const char *log_name)
{
	double deadline = clock_now() + START_TIMEOUT_S;
	char buf[64];
	int status;

	command(p, "ping\n");
	for (;;) {
		ssize_t n = read(p->ack, buf, sizeof(buf));
		if (n > 0)
			return 0;
		if (waitpid(p->pid, &status, WNOHANG) == p->pid) {
			char why[512];
			p->pid = 0;
			perf_log_failure(log_path, why, sizeof(why));
			return fail("profile: perf record could not start: %s (see %s)",
				    why[0] ? why : "it ended without a word", log_name);
		}
		double left = deadline - clock_now();
		if (left <= 0)
			return fail("profile: perf record did not start within %.0f s (see %s)",
				    START_TIMEOUT_S, log_name);
		int rc = proc_wait_readable(p->ack, left < 1.0 ? left : 1.0);
		if (rc < 0)
			return proc_stopped_fail("the start of perf record");
	}
}

int profile_start(struct profiler *p, const char *case_id)
{
	char ctl[96], ack[96], control[200], freq[16], data[PATH_MAX + 200],
		log_path[PATH_MAX + 200], log_name[200], home[80];
	const char *argv[24];
	size_t n = 0;

	snprintf(p->case_id, sizeof(p->case_id), "%s", case_id);
	p->seconds = 0;
	if (!p->kallsyms_saved && save_kallsyms(p->run_dir) < 0)
		return -1;
	p->kallsyms_saved = true;
	if (make_fifos(p, ctl, ack, sizeof(ctl)) < 0)
		return -1;
	snprintf(control, sizeof(control), "fifo:%s,%s", ctl, ack);
	snprintf(freq, sizeof(freq), "%d", p->set.frequency);
	snprintf(data, sizeof(data), "%s/profiles/%s.perf.data", p->run_dir, case_id);
	snprintf(log_name, sizeof(log_name), "logs/%s.perf.txt", case_id);
	snprintf(log_path, sizeof(log_path), "%s/%s", p->run_dir, log_name);
	snprintf(home, sizeof(home), "HOME=%s", p->tmp);

	argv[n++] = p->perf;
	argv[n++] = "--no-pager";
	argv[n++] = "record";
	argv[n++] = "-N";                 /* no copies of the files into ~/.debug */
	argv[n++] = "-a";
	argv[n++] = "-e";
	argv[n++] = strcmp(p->set.event, "auto") == 0 ? "cycles" : p->set.event;
	argv[n++] = "-F";
	argv[n++] = freq;
	if (strcmp(p->set.call_graph, "fp") == 0) {
		argv[n++] = "--call-graph";
		argv[n++] = "fp";
	} else if (strcmp(p->set.call_graph, "dwarf") == 0) {
		argv[n++] = "--call-graph";
		argv[n++] = DWARF_STACK;
	}
	argv[n++] = "-D";
	argv[n++] = "-1";
	argv[n++] = "--control";
	argv[n++] = control;
	argv[n++] = "-o";
	argv[n++] = data;
	argv[n] = NULL;

	const char *path = getenv("PATH");
	char path_var[PATH_MAX + 8];
	snprintf(path_var, sizeof(path_var), "PATH=%s", path ? path : "/usr/bin:/bin");
	const char *envp[] = { path_var, home, "LC_ALL=C", NULL };
	int log = open_log(log_path);
	if (log < 0)
		return -1;
	struct proc_spec spec = {
		.name = "perf record", .spawn.argv = argv, .spawn.envp = envp,
		.spawn.out_fd = log, .log_name = log_name,
	};
	int rc = proc_spawn(&spec, &p->pid);
	close(log);
	if (rc < 0) {
		p->pid = 0;
		return -1;
	}
	double t0 = clock_now();
	if (wait_ready(p, log_path, log_name) < 0)
		return -1;
	note("%s: perf record ready in %.1f s", case_id, clock_now() - t0);
	return 0;
}

/* Stop perf and wait for its end: 0, or -1 with why in err. */
static int stop_perf(struct profiler *p, char *err, size_t len)
{
	int status;

	command(p, "stop\n");
	int rc = proc_wait(p->pid, STOP_TIMEOUT_S, true, &status);
	if (rc != 1) {
		proc_end(p->pid, 5.0);
		p->pid = 0;
		if (rc < 0)
			snprintf(err, len, "stopped by a signal before perf record ended");
		else
			snprintf(err, len, "perf record did not end within %.0f s; killed",
				 STOP_TIMEOUT_S);
		return -1;
	}
	p->pid = 0;
	if (WIFSIGNALED(status)) {
		snprintf(err, len, "perf record was killed by signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
		return -1;
	}
	if (WEXITSTATUS(status) != 0) {
		snprintf(err, len, "perf record exited with status %d", WEXITSTATUS(status));
		return -1;
	}
	return 0;
}

void profile_stop(struct profiler *p, struct profile_result *out)
{
	char err[400] = "";

	memset(out, 0, sizeof(*out));
	if (!p->set.on || p->pid == 0)
		return;
	out->taken = true;
	if (p->window.is_open) {
		p->window.is_open = false;
		on_close(p);
	}
	snprintf(out->file, sizeof(out->file), "profiles/%s.perf.data", p->case_id);
	snprintf(out->buildids, sizeof(out->buildids), "profiles/%s.buildids", p->case_id);
	snprintf(out->log, sizeof(out->log), "logs/%s.perf.txt", p->case_id);
	out->frequency = p->set.frequency;
	out->call_graph = p->set.call_graph;
	out->seconds = p->seconds;
	int rc = stop_perf(p, err, sizeof(err));
	profile_read(p->perf, p->tmp, p->run_dir, out, rc < 0 ? err : NULL);
	profile_clean_up(p);
	if (out->error[0]) {
		p->failed++;
		warning("%s: profile: %s", p->case_id, out->error);
	} else {
		p->profiled++;
		note("%s: profile: %lld samples of %s in %.1f s, %s (%.1f MiB)", p->case_id,
		     out->samples, out->event, out->seconds, out->file,
		     (double)out->bytes / (1 << 20));
	}
}

void profile_clean_up(struct profiler *p)
{
	char path[96];

	if (p->pid > 0) {
		proc_end(p->pid, 5.0);
		p->pid = 0;
	}
	if (p->ctl >= 0)
		close(p->ctl);
	if (p->ack >= 0)
		close(p->ack);
	p->ctl = p->ack = -1;
	if (p->tmp[0]) {
		snprintf(path, sizeof(path), "%s/ctl", p->tmp);
		unlink(path);
		snprintf(path, sizeof(path), "%s/ack", p->tmp);
		unlink(path);
		if (rmdir(p->tmp) < 0)
			warning("could not remove directory \"%s\":", p->tmp);
		p->tmp[0] = '\0';
	}
}
