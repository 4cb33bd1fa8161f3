/* SPDX-License-Identifier: GPL-2.0-only */
/* hang.c: a lost I/O found while the suite runs (hang.h). */
#include "init/hang.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/clock.h"
#include "init/console.h"
#include "init/kernel/tasks.h"

#define KMSG_PATH "/dev/kmsg"
#define NAMES_SAID 4		/* tasks the reason names; the rest are counted */
#define FRAMES_SAID 6		/* frames of a stack on the console */

static const char *root_of(const struct hang *h)
{
	return h->root ? h->root : "";
}

void hang_setup(struct hang *h)
{
	struct hung_task_setting *s = &h->detector;

	h->kmsg_fd = -1;
	if (hung_task_limit(root_of(h), HANG_TIMEOUT, s) < 0) {
		warning("could not set \"%s\" to %d:", HUNG_TASK_SYSCTL, HANG_TIMEOUT);
		return;
	}
	if (s->at_boot < 0)
		note("hung tasks: the kernel has no hung-task detector (%s): a lost I/O is "
		     "found only when a program passes its deadline", HUNG_TASK_SYSCTL);
	else if (s->during_run == 0)
		note("hung tasks: the kernel's hung-task detector is off (%s is 0): a lost "
		     "I/O is found only when a program passes its deadline", HUNG_TASK_SYSCTL);
	else if (s->during_run != s->at_boot)
		note("hung tasks: %s set to %ld s (it was %ld s)", HUNG_TASK_SYSCTL,
		     s->during_run, s->at_boot);
}

void hang_watch_begin(struct hang *h)
{
	char path[256];

	snprintf(path, sizeof path, "%s%s", root_of(h), KMSG_PATH);
	if ((h->kmsg_fd = kmsg_open_end(path)) < 0)
		warning("could not open \"%s\": hung-task reports are not watched:", path);
}

bool hang_watch_poll(struct hang *h)
{
	char record[KMSG_RECORD_MAX], said[sizeof h->said] = "";
	struct hung_report r;
	ssize_t n;

	while (h->kmsg_fd >= 0 && !h->found && (n = kmsg_next(h->kmsg_fd, record, sizeof record))) {
		if (n < 0) {
			warning("could not read \"%s\": hung-task reports are no longer watched:",
				KMSG_PATH);
			hang_watch_end(h);
			break;
		}
		if (!hung_report_parse(record, &r))
			continue;
		if (!said[0])
			snprintf(said, sizeof said, "%.*s", (int)strcspn(kmsg_text(record), "\n"),
				 kmsg_text(record));
		if (h->n_reports < HANG_REPORTS_MAX)
			h->reports[h->n_reports++] = r;
	}
	if (said[0])
		hang_found(h, "kernel", said);
	return h->found;
}

void hang_watch_end(struct hang *h)
{
	if (h->kmsg_fd >= 0)
		close(h->kmsg_fd);
	h->kmsg_fd = -1;
}

static void take_task(void *ctx, const struct procstat *p)
{
	struct hang *h = ctx;
	struct hang_task *t;

	if (h->n_tasks == HANG_TASKS_MAX) {
		h->tasks_left_out++;
		return;
	}
	t = &h->tasks[h->n_tasks++];
	t->pid = p->pid;
	snprintf(t->name, sizeof t->name, "%s", p->name);
	t->have_stack = task_stack(root_of(h), p->pid, t->stack, sizeof t->stack) == 0;
}

/* A task and the first frames of its stack, on the console. */
static void say_task(const struct hang_task *t)
{
	char frames[512] = "";
	const char *f = t->stack;
	size_t used = 0;

	for (int i = 0; t->have_stack && *f && i < FRAMES_SAID && used < sizeof frames; i++) {
		size_t len = strcspn(f, "\n");

		used += snprintf(frames + used, sizeof frames - used, "%s%.*s", i ? " < " : "",
				 (int)len, f);
		f += len + (f[len] == '\n');
	}
	note("hang: %s (pid %d) in state D: %s", t->name, t->pid,
	     !t->have_stack ? "(its stack cannot be read)" : frames[0] ? frames : "(no stack)");
}

void hang_found(struct hang *h, const char *by, const char *said)
{
	int n;

	if (h->found)
		return;
	h->found = true;
	h->seen = 1;
	h->by = by;
	h->at_s = clock_now();
	snprintf(h->said, sizeof h->said, "%s", said);
	note("hang: %s", said);
	if (tasks_in_state(root_of(h), 'D', take_task, h) < 0)
		warning("hang: could not read \"%s/proc\":", root_of(h));
	for (size_t i = 0; i < h->n_tasks; i++)
		say_task(&h->tasks[i]);
	if (h->tasks_left_out)
		note("hang: and %zu more tasks in state D", h->tasks_left_out);
	if ((n = inflight_read_all(root_of(h), h->disks, HANG_DISKS_MAX)) < 0)
		warning("hang: could not read \"%s/sys/block\":", root_of(h));
	h->n_disks = n < 0 ? 0 : (size_t)n;
	for (size_t i = 0; i < h->n_disks; i++)
		if (h->disks[i].reads || h->disks[i].writes)
			note("hang: %s has %llu reads and %llu writes in flight", h->disks[i].disk,
			     h->disks[i].reads, h->disks[i].writes);
}

/* Task i of a list, named in the reason if it is among the first
 * NAMES_SAID; the rest are counted (count: the whole list). */
static size_t name_task(char *buf, size_t size, size_t used, size_t i, size_t count,
			const char *name, int pid)
{
	if (i < NAMES_SAID && used < size)
		used += snprintf(buf + used, size - used, "%s%s (pid %d)", i ? ", " : "", name, pid);
	if (i + 1 == NAMES_SAID && count > NAMES_SAID && used < size)
		used += snprintf(buf + used, size - used, " and %zu more", count - NAMES_SAID);
	return used;
}

const char *hang_disks(const struct hang *h, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < h->n_disks && used < size; i++)
		if (h->disks[i].reads || h->disks[i].writes)
			used += snprintf(buf + used, size - used, "%s%s", used ? " " : "",
					 h->disks[i].disk);
	return buf;
}

const char *hang_reason(const struct hang *h, char *buf, size_t size)
{
	size_t used;
	bool any = false;

	if (strcmp(h->by, "kernel") == 0) {
		used = snprintf(buf, size, "I/O hung: the kernel reports tasks blocked for more "
				"than %ld s: ", h->n_reports ? h->reports[0].seconds : 0L);
		for (size_t i = 0; i < h->n_reports; i++)
			used = name_task(buf, size, used, i, h->n_reports, h->reports[i].task,
					 h->reports[i].pid);
	} else {
		size_t count = h->n_tasks + h->tasks_left_out;

		used = snprintf(buf, size, "I/O hung: %s; tasks in state D: %s", h->said,
				count ? "" : "none");
		for (size_t i = 0; i < h->n_tasks; i++)
			used = name_task(buf, size, used, i, count, h->tasks[i].name,
					 h->tasks[i].pid);
	}
	for (size_t i = 0; i < h->n_disks && used < size; i++) {
		const struct inflight *d = &h->disks[i];

		if (!d->reads && !d->writes)
			continue;
		used += snprintf(buf + used, size - used, "%s%s %llu reads, %llu writes",
				 any ? "; " : "; in flight: ", d->disk, d->reads, d->writes);
		any = true;
	}
	if (!any && used < size)
		snprintf(buf + used, size - used, "; no requests in flight");
	return buf;
}
