/* SPDX-License-Identifier: GPL-2.0-only */
/* spawn_run.c: run a child with a deadline, its output line by line
 * (spawn_run.h). */
#include "common/spawn_run.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/fileio.h"

enum phase { RUNNING, TERMINATED, KILLED };

struct run {
	const struct spawn_wait *w;
	struct spawn_result *r;
	struct linesplit lines;
	pid_t pid;
	int fd;				/* the pipe, -1 at its end */
	bool exited;
	double exited_at;
	enum phase phase;
	double next_at;			/* of the next step after SIGTERM */
	double next_tick;		/* of the caller's tick */
};

static int wait_pid(pid_t pid, int *status)
{
	pid_t w = waitpid(pid, status, WNOHANG);

	if (w == pid)
		return 1;
	if (w < 0 && errno != EINTR)
		return -1;
	return 0;
}

/* Signal the group; the child alone if it has no group yet (it has not
 * reached setsid()).  Errors are not reported: ESRCH means it is gone,
 * and nothing else can fail for a child of ours. */
static void signal_group(struct run *run, int sig)
{
	if (kill(-run->pid, sig) < 0 && errno == ESRCH && !run->exited)
		(void)kill(run->pid, sig);
}

/* Read what is there; at the end of the output, close the pipe. */
static void take_output(struct run *run)
{
	char chunk[4096];
	ssize_t n = read(run->fd, chunk, sizeof(chunk));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n < 0)
		run->r->read_errno = errno;
	if (n <= 0) {
		close(run->fd);
		run->fd = -1;
		return;
	}
	if (run->w->copy_fd >= 0 && !run->r->copy_errno &&
	    write_all(run->w->copy_fd, chunk, (size_t)n) < 0)
		run->r->copy_errno = errno;
	linesplit_feed(&run->lines, chunk, (size_t)n);
}

/* Read what the pipe holds now, without waiting for more: what a child
 * wrote just before it ended is not lost when the wait ends at once. */
static void drain(struct run *run)
{
	while (run->fd >= 0) {
		struct pollfd pfd = { .fd = run->fd, .events = POLLIN };

		if (poll(&pfd, 1, 0) <= 0 || !pfd.revents)
			return;
		take_output(run);
	}
}

static bool draining(const struct run *run)
{
	return run->exited && run->w->after_exit >= 0;
}

/* The caller's tick, when it is due; a late one is not made up for. */
static void tick(struct run *run, double now)
{
	const struct spawn_wait *w = run->w;

	if (!w->tick || w->tick_s <= 0 || run->phase != RUNNING || run->exited ||
	    now < run->next_tick)
		return;
	double wanted = w->tick(w->ctx);
	run->next_tick += w->tick_s;
	if (wanted > now)
		run->next_tick = wanted;
	else if (run->next_tick <= now)
		run->next_tick = now + w->tick_s;
}

/* Take the steps that are due; false when the wait is over. */
static bool step(struct run *run, double now)
{
	const struct spawn_wait *w = run->w;
	struct spawn_result *r = run->r;

	if (run->exited && run->fd < 0)
		return false;
	if (draining(run) && now >= run->exited_at + w->after_exit) {
		drain(run);
		return false;
	}
	if (run->phase == RUNNING) {
		bool stop = w->stop && *w->stop;
		bool enough = !stop && w->enough && *w->enough;

		if (!stop && !enough && !r->read_errno && (draining(run) || now < w->deadline))
			return true;
		r->stopped = stop;
		r->ended = enough;
		r->timed_out = !stop && !enough && !r->read_errno;
		signal_group(run, SIGTERM);
		run->phase = TERMINATED;
		run->next_at = now + w->kill_grace;
	}
	if (run->phase == TERMINATED && now >= run->next_at) {
		signal_group(run, SIGKILL);
		run->phase = KILLED;
		run->next_at = now + SPAWN_GIVE_UP;
	}
	if (run->phase == KILLED && now >= run->next_at) {
		r->lost = !run->exited;
		drain(run);
		return false;
	}
	return true;
}

/* When the next step is due. */
static double next_time(const struct run *run)
{
	double t = run->phase == RUNNING ? run->w->deadline : run->next_at;

	if (run->phase == RUNNING && run->w->tick && run->w->tick_s > 0 && run->next_tick < t)
		t = run->next_tick;
	if (draining(run) && run->exited_at + run->w->after_exit < t)
		t = run->exited_at + run->w->after_exit;
	return t;
}

static void wait_for_something(struct run *run, double now)
{
	struct pollfd pfd = { .fd = run->fd, .events = POLLIN };
	double left = next_time(run) - now;
	struct timespec ts;

	if (left < 0)
		left = 0;
	ts.tv_sec = (time_t)left;
	ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
	if (ppoll(&pfd, run->fd >= 0 ? 1 : 0, &ts, run->w->mask) < 0) {
		if (errno != EINTR && !run->r->read_errno)
			run->r->read_errno = errno;
		return;
	}
	if (run->fd >= 0 && pfd.revents)
		take_output(run);
}

static void loop(struct run *run)
{
	for (;;) {
		double now = clock_now();

		int status = 0, e = 0;

		/* A hook is called on every wake (it may reap others too). */
		if (run->w->ended)
			e = run->w->ended(run->pid, &status);
		else if (!run->exited)
			e = wait_pid(run->pid, &status);
		if (e != 0 && !run->exited) {
			if (e < 0)
				run->r->wait_errno = errno;
			run->r->status = status;
			run->exited = true;
			run->exited_at = now;
		}
		tick(run, now);
		if (run->r->wait_errno || !step(run, now))
			return;
		wait_for_something(run, now);
	}
}

int spawn_run(const struct spawn_spec *spec, const struct spawn_wait *w,
	      struct spawn_result *r)
{
	struct spawn_spec s = *spec;
	struct run run = { .w = w, .r = r };
	int pp[2], err;

	memset(r, 0, sizeof(*r));
	if (pipe2(pp, O_CLOEXEC) < 0) {
		snprintf(r->what, sizeof(r->what), "create a pipe");
		return -1;
	}
	s.out_fd = pp[1];
	err = spawn_start(&s, &run.pid, r->what) < 0 ? errno : 0;
	close(pp[1]);
	if (err) {
		close(pp[0]);
		errno = err;
		return -1;
	}
	run.fd = pp[0];
	r->pid = run.pid;
	run.next_tick = clock_now() + w->tick_s;
	linesplit_init(&run.lines, w->line, w->ctx);
	loop(&run);
	/* What it left in its group goes too once it was signalled. */
	if (run.phase != RUNNING)
		(void)kill(-run.pid, SIGKILL);
	if (run.fd >= 0)
		close(run.fd);
	linesplit_end(&run.lines);
	memcpy(r->last, run.lines.last, sizeof(r->last));
	return 0;
}
