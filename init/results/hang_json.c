/* SPDX-License-Identifier: GPL-2.0-only */
/* hang_json.c: run.json's "hang" member (hang_json.h). */
#include "init/results/hang_json.h"

#include <string.h>

static void seconds_or_null(struct json *j, const char *key, long s)
{
	if (s < 0)
		json_null(j, key);
	else
		json_int(j, key, s);
}

/* A stack's lines as an array; null if it could not be read. */
static void stack(struct json *j, const struct hang_task *t)
{
	if (!t->have_stack) {
		json_null(j, "stack");
		return;
	}
	json_array_begin(j, "stack");
	for (const char *f = t->stack; *f;) {
		size_t len = strcspn(f, "\n");
		char frame[HANG_STACK_MAX];

		memcpy(frame, f, len);
		frame[len] = '\0';
		json_string(j, NULL, frame);
		f += len + (f[len] == '\n');
	}
	json_array_end(j);
}

static void found(struct json *j, const struct hang *h)
{
	json_object_begin(j, "found");
	json_string(j, "by", h->by);
	json_double(j, "at_s", (long long)(h->at_s * 1000 + 0.5) / 1000.0);
	json_string(j, "said", h->said);
	json_array_begin(j, "reports");
	for (size_t i = 0; i < h->n_reports; i++) {
		json_object_begin(j, NULL);
		json_string(j, "task", h->reports[i].task);
		json_int(j, "pid", h->reports[i].pid);
		json_int(j, "blocked_s", h->reports[i].seconds);
		json_object_end(j);
	}
	json_array_end(j);
	json_array_begin(j, "tasks");
	for (size_t i = 0; i < h->n_tasks; i++) {
		json_object_begin(j, NULL);
		json_int(j, "pid", h->tasks[i].pid);
		json_string(j, "name", h->tasks[i].name);
		stack(j, &h->tasks[i]);
		json_object_end(j);
	}
	json_array_end(j);
	json_int(j, "tasks_left_out", (long long)h->tasks_left_out);
	json_array_begin(j, "inflight");
	for (size_t i = 0; i < h->n_disks; i++) {
		json_object_begin(j, NULL);
		json_string(j, "disk", h->disks[i].disk);
		json_int(j, "reads", (long long)h->disks[i].reads);
		json_int(j, "writes", (long long)h->disks[i].writes);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

void hang_json(struct json *j, const struct hang *h)
{
	if (!h) {
		json_null(j, "hang");
		return;
	}
	json_object_begin(j, "hang");
	seconds_or_null(j, "hung_task_timeout_s", h->detector.during_run);
	seconds_or_null(j, "hung_task_timeout_at_boot_s", h->detector.at_boot);
	if (h->found)
		found(j, h);
	else
		json_null(j, "found");
	json_object_end(j);
}
