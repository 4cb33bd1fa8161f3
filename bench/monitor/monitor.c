/* SPDX-License-Identifier: GPL-2.0-only */
/* monitor.c: the sampler process, one row of series/<id>.sys.csv a second. */
#include "bench/monitor/monitor.h"
#include "bench/msg.h"
#include "bench/os/proc.h"
#include "common/clock.h"
#include "common/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define STOP_TIMEOUT_S 5.0             /* for the sampler to end after SIGTERM */
#define LAST_ROW_MIN_S 0.5             /* the shortest last row (see monitor.h) */
#define CSV_MAX (256 * 1024 * 1024)    /* a sys.csv read back: days of rows */

/* The sampler's exit statuses. */
enum { SAMPLER_OK, SAMPLER_WRITE_FAILED, SAMPLER_ORPHANED, SAMPLER_NO_SIGNALS };

/* Wait for the clock_now() time at, or a stop signal; true if stopped. */
static bool stopped_before(double at, const sigset_t *stop)
{
	for (;;) {
		double left = at - clock_now();
		if (left <= 0)
			return false;
		struct timespec ts = {
			.tv_sec = (time_t)left,
			.tv_nsec = (long)((left - (double)(time_t)left) * 1e9),
		};
		if (sigtimedwait(stop, NULL, &ts) > 0)
			return true;
		if (errno == EAGAIN)
			return false;
	}
}

static bool write_row(int fd, const struct monitor_sample *a,
		      const struct monitor_sample *b, double t0)
{
	double row[MON_N_COLUMNS];
	char line[MONITOR_CSV_LINE_MAX];

	monitor_row(a, b, b->t - t0, row);
	size_t len = monitor_csv_row(row, line, sizeof(line));
	return len > 0 && write_all(fd, line, len) == 0;
}

/* The sampler: a row at each whole second after first, until stopped. */
static int sample_until_stopped(struct monitor_sources *src, struct monitor_sample *first,
				int fd)
{
	struct monitor_sample prev = *first, cur;
	double t0 = first->t;
	bool any = false;
	sigset_t stop;

	sigemptyset(&stop);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGHUP);
	/* Blocked (as they are in the runner already): taken only here. */
	if (sigprocmask(SIG_BLOCK, &stop, NULL) < 0)
		return SAMPLER_NO_SIGNALS;
	for (double next = t0 + 1;;) {
		bool stopping = stopped_before(next, &stop);
		monitor_sources_read(src, &cur);
		if (stopping && any && cur.t - prev.t < LAST_ROW_MIN_S)
			return SAMPLER_OK;
		if (!write_row(fd, &prev, &cur, t0))
			return SAMPLER_WRITE_FAILED;
		if (stopping)
			return SAMPLER_OK;
		any = true;
		prev = cur;
		/* Late (a loaded machine): the next whole second still to come. */
		next = t0 + floor(cur.t - t0) + 1;
	}
}

static int open_csv(struct monitor *m, const char *run_dir, const char *id)
{
	char header[MONITOR_CSV_LINE_MAX];
	size_t len = monitor_csv_header(header, sizeof(header));

	snprintf(m->summary.series, sizeof(m->summary.series), "series/%s.sys.csv", id);
	snprintf(m->path, sizeof(m->path), "%s/%s", run_dir, m->summary.series);
	m->csv_fd = open(m->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (m->csv_fd < 0) {
		warning("could not create \"%s\": %s; no system monitors for %s", m->path,
			strerror(errno), id);
		return -1;
	}
	if (write_all(m->csv_fd, header, len) < 0) {
		warning("could not write \"%s\": %s; no system monitors for %s", m->path,
			strerror(errno), id);
		close(m->csv_fd);
		return -1;
	}
	return 0;
}

int monitor_start(struct monitor *m, const char *run_dir, const char *id,
		  const struct monitor_paths *paths,
		  const char *const devices[MONITOR_DEVICES], monitor_warned *warned)
{
	struct monitor_sources src;
	struct monitor_sample first;

	memset(m, 0, sizeof(*m));
	m->csv_fd = -1;
	if (open_csv(m, run_dir, id) < 0)
		return -1;
	if (monitor_sources_open(&src, paths, devices, warned, &first) < 0) {
		warning("no system monitors for %s: %s", id, strerror(errno));
		close(m->csv_fd);
		return -1;
	}
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid == 0) {
		/* The runner gone, the sampler goes too. */
		if (prctl(PR_SET_PDEATHSIG, SIGTERM) < 0 || getppid() != parent)
			_exit(SAMPLER_ORPHANED);
		_exit(sample_until_stopped(&src, &first, m->csv_fd));
	}
	int saved = errno;
	monitor_sources_close(&src);
	if (pid < 0) {
		warning("could not start the system monitor for %s: %s", id, strerror(saved));
		close(m->csv_fd);
		return -1;
	}
	m->pid = pid;
	return 0;
}

/* The CPU time (user and system) of the children reaped so far. */
static double children_cpu_s(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_CHILDREN, &ru) < 0)
		return -1;
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* End the sampler; its wait status.  *cpu_s: the CPU time it used (the
 * runner reaps no other child meanwhile), or -1 if not known. */
static int end_sampler(pid_t pid, double *cpu_s)
{
	int status = 0;
	double before = children_cpu_s();

	if (kill(pid, SIGTERM) < 0)
		warning("could not stop the system monitor (process %d): %s", (int)pid,
			strerror(errno));
	if (proc_wait(pid, STOP_TIMEOUT_S, false, &status) == 0) {
		warning("the system monitor (process %d) did not stop in %.0f s: killed",
			(int)pid, STOP_TIMEOUT_S);
		kill(pid, SIGKILL);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
	double after = children_cpu_s();
	*cpu_s = before >= 0 && after >= before ? after - before : -1;
	return status;
}

int monitor_stop(struct monitor *m)
{
	if (m->pid <= 0)
		return -1;
	double cpu_s;
	int status = end_sampler(m->pid, &cpu_s);
	m->pid = 0;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != SAMPLER_OK)
		warning("the system monitor ended early (%s %d): \"%s\" may lack rows",
			WIFEXITED(status) ? "exit status" : "signal",
			WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), m->path);
	int rc = fsync(m->csv_fd);
	if (rc < 0)
		warning("could not fsync \"%s\": %s", m->path, strerror(errno));
	close(m->csv_fd);
	m->csv_fd = -1;
	if (rc < 0)
		return -1;

	char *csv = read_text(m->path, CSV_MAX, NULL);
	if (!csv) {
		warning("could not read \"%s\": %s; no monitors summary", m->path,
			strerror(errno));
		return -1;
	}
	rc = monitor_summarise(csv, &m->summary) ? 0 : -1;
	m->summary.sampler_cpu_s = cpu_s;
	if (rc < 0)
		warning("\"%s\" has no header; no monitors summary", m->path);
	free(csv);
	return rc;
}
