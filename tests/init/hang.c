/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hang.c: tests of a lost I/O found while the suite runs (init/hang.c)
 * and what it reads: the hung-task reports of the kernel log and the
 * detector's timeout (kernel/hung_task.c), the tasks in state D and
 * their stacks (kernel/tasks.c), each disk's requests in flight
 * (disks/inflight.c), on a fake root directory; the reason and
 * run.json's "hang" member (results/hang_json.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/jsonread.h"
#include "common/sysfs.h"
#include "init/disks/inflight.h"
#include "init/files.h"
#include "init/hang.h"
#include "init/kernel/hung_task.h"
#include "init/kernel/tasks.h"
#include "init/results/hang_json.h"
#include "fakeroot.h"
#include "tap.h"

static char root[] = "/tmp/bootbench-hang-test.XXXXXX";

/* Write text to root/path, making its directories. */
static void put(const char *path, const char *text)
{
	fakeroot_put(root, path, text);
}

static void report(const char *record, const char *task, int pid, long seconds)
{
	struct hung_report r;

	memset(&r, 0, sizeof r);
	ok(hung_report_parse(record, &r) == 1 && strcmp(r.task, task) == 0 && r.pid == pid &&
	   r.seconds == seconds, "a report: \"%s\" pid %d, %ld s (got \"%s\" %d %ld)", task, pid,
	   seconds, r.task, r.pid, r.seconds);
}

static void not_report(const char *record, const char *what)
{
	struct hung_report r;

	ok(hung_report_parse(record, &r) == 0, "not a report: %s", what);
}

static void reports(void)
{
	report("3,812,95123456,-;INFO: task jbd2/vdb1-8:231 blocked for more than 120 seconds.\n"
	       " SUBSYSTEM=block\n", "jbd2/vdb1-8", 231, 120);
	report("3,812,95123456,-,caller=T231;INFO: task initdb:612 blocked in I/O wait for more "
	       "than 60 seconds.\n", "initdb", 612, 60);
	report("INFO: task postgres:700 blocked for more than 241 seconds.", "postgres", 700, 241);
	report("3,1,2,c;INFO: task a:b 9 blocked:3 blocked for more than 5 seconds.\n",
	       "a:b 9 blocked", 3, 5);
	not_report("3,813,95123460,-;\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" "
		   "disables this message.\n", "the detector's hint");
	not_report("3,814,1,-;INFO: task initdb:612 is blocked on a mutex likely owned by task "
		   "jbd2/vdb1-8:231.\n", "the blocker line");
	not_report("3,815,1,-;INFO: task initdb:612 blocked on a semaphore likely last held by "
		   "task x:1\n", "a blocker line without \"for more than\"");
	not_report("6,816,1,-;INFO: The task sync:90 has been waiting for writeback completion "
		   "for more than 120 seconds.\n", "the writeback line");
	not_report("3,817,1,-;INFO: task :231 blocked for more than 120 seconds.\n", "no name");
	not_report("3,818,1,-;INFO: task jbd2:x blocked for more than 120 seconds.\n", "no pid");
	not_report("3,819,1,-;INFO: task jbd2:231 blocked for more than many seconds.\n",
		   "no number of seconds");
	not_report("4,820,1,-;virtio_blk virtio1: [vdb] 2048 512-byte logical blocks\n",
		   "another message");
	not_report("3,821,1,-;\n INFO: task jbd2:231 blocked for more than 9 seconds.\n",
		   "the words in a dictionary line");
	is_str(kmsg_text("6,339,5140900,-;hello\n"), "hello\n", "kmsg_text: past the prefix");
	is_str(kmsg_text("6,339,5140900,-,caller=T1;hi"), "hi", "kmsg_text: a prefix of 5 fields");
	is_str(kmsg_text("hello; there"), "hello; there", "kmsg_text: no prefix, all of it");
	is_str(kmsg_text("6,339;x"), "6,339;x", "kmsg_text: a prefix cut short, all of it");
}

static void limit(const char *at_boot, long want_boot, long want_run, const char *file)
{
	struct hung_task_setting s;
	char path[256], line[32] = "";

	put(HUNG_TASK_SYSCTL, at_boot);
	ok(hung_task_limit(root, 60, &s) == 0 && s.at_boot == want_boot &&
	   s.during_run == want_run, "the timeout at %ld s: %ld s during the run (%ld, %ld)",
	   want_boot, want_run, s.at_boot, s.during_run);
	snprintf(path, sizeof path, "%s%s", root, HUNG_TASK_SYSCTL);
	sysfs_read(path, line, sizeof line);
	ok(strcmp(line, file) == 0, "... the file says %s (%s)", file, line);
}

static void detector(void)
{
	struct hung_task_setting s;

	ok(hung_task_limit(root, 60, &s) == 0 && s.at_boot == -1 && s.during_run == -1,
	   "no detector: -1, not an error");
	limit("120\n", 120, 60, "60");
	limit("60\n", 60, 60, "60");
	limit("30\n", 30, 30, "30");
	limit("0\n", 0, 0, "0");
	put(HUNG_TASK_SYSCTL, "lots\n");
	ok(hung_task_limit(root, 60, &s) == -1 && errno == EINVAL && s.at_boot == -1,
	   "a value that is not a number: -1, EINVAL");
	put(HUNG_TASK_SYSCTL, "120\n");
}

static void inflight(void)
{
	struct inflight d[8];
	unsigned long long r = 9, w = 9;
	int n;

	ok(inflight_parse("       0        3\n", &r, &w) == 0 && r == 0 && w == 3,
	   "\"       0        3\": 0 reads, 3 writes");
	ok(inflight_parse("12 18446744073709551615", &r, &w) == 0 && r == 12 &&
	   w == 18446744073709551615ULL, "the largest count");
	ok(inflight_parse("", &r, &w) == -1 && inflight_parse("3\n", &r, &w) == -1 &&
	   inflight_parse("1 2 3\n", &r, &w) == -1 && inflight_parse("1 x\n", &r, &w) == -1 &&
	   inflight_parse("-1 2\n", &r, &w) == -1 &&
	   inflight_parse("1 99999999999999999999\n", &r, &w) == -1, "bad texts: -1");

	ok(inflight_read_all(root, d, 8) == -1, "no /sys/block: -1");
	put("/sys/block/vdb/inflight", "       0        3\n");
	put("/sys/block/vda/inflight", "       0        0\n");
	put("/sys/block/loop0/inflight", "garbage\n");
	put("/sys/block/sr0/size", "0\n");
	n = inflight_read_all(root, d, 8);
	ok(n == 2 && !strcmp(d[0].disk, "vda") && !strcmp(d[1].disk, "vdb") && d[1].writes == 3,
	   "the disks whose counts read, by name: vda, vdb (%d)", n);
	ok(inflight_read_all(root, d, 1) == 1, "at most max");
}

static void count_task(void *ctx, const struct procstat *p)
{
	char *seen = ctx;
	size_t used = strlen(seen);

	snprintf(seen + used, 256 - used, "%d %s;", p->pid, p->name);
}

static void tasks(void)
{
	char seen[256] = "", stack[72];

	put("/proc/1/stat", "1 (init) S 0 1 1 0\n");
	put("/proc/612/stat", "612 (initdb) D 1 612\n");
	put("/proc/231/stat", "231 (jbd2/vdb1-8) D 2 0\n");
	put("/proc/700/stat", "garbage\n");
	put("/proc/self/stat", "999 (self) D 1\n");
	put("/proc/231/stack", "[<0>] jbd2_journal_commit_transaction+0x1a/0x20\n"
	    "[<0>] kjournald2+0xd1/0x260\n[<0>] kthread+0xe8/0x120\n");
	put("/proc/612/stack", "[<ffffffff8123>] io_schedule+0x42/0x70\n\n");
	ok(tasks_in_state(root, 'D', count_task, seen) == 2 &&
	   !strcmp(seen, "231 jbd2/vdb1-8;612 initdb;"), "the tasks in state D, by pid: %s", seen);
	ok(task_stack(root, 231, stack, sizeof stack) == 0 &&
	   !strcmp(stack, "jbd2_journal_commit_transaction+0x1a/0x20\nkjournald2+0xd1/0x260\n"),
	   "a stack, one function a line, cut at a line that does not fit:\n%s", stack);
	ok(task_stack(root, 612, stack, sizeof stack) == 0 &&
	   !strcmp(stack, "io_schedule+0x42/0x70\n"), "an older kernel's addresses left out");
	ok(task_stack(root, 1, stack, sizeof stack) == -1 && errno == ENOENT, "no stack: -1");
}

/* A number, -1 if v is not one. */
static double num(const struct jr_value *v)
{
	double d;

	return jr_num(v, &d) ? d : -1;
}

/* Item i of an array, NULL if there is none. */
static const struct jr_value *at(const struct jr_value *v, size_t i)
{
	return v && v->type == JR_ARRAY && i < v->count ? &v->items[i] : NULL;
}

/* The "hang" member of run.json, parsed. */
static struct jr_value *as_json(const struct hang *h)
{
	static char *text;
	size_t len;
	struct jr_error err;
	struct json j;
	FILE *f;

	free(text);
	f = open_memstream(&text, &len);
	json_init(&j, f, true);
	json_object_begin(&j, NULL);
	hang_json(&j, h);
	json_object_end(&j);
	fclose(f);
	return jr_parse(text, len, &err);
}

static void found(void)
{
	static struct hang h, d, many;
	char reason[1024], disks[64];
	struct jr_value *v;

	h.root = root;
	hang_setup(&h);
	ok(h.detector.at_boot == 120 && h.detector.during_run == HANG_TIMEOUT && h.kmsg_fd == -1,
	   "hang_setup: the timeout lowered to %d s", HANG_TIMEOUT);
	v = as_json(&h);
	ok(num(jr_path(v, "hang.hung_task_timeout_s")) == 60 &&
	   num(jr_path(v, "hang.hung_task_timeout_at_boot_s")) == 120 &&
	   jr_get(jr_get(v, "hang"), "found") && jr_get(jr_get(v, "hang"), "found")->type == JR_NULL,
	   "run.json before a hang: the timeouts, found null");
	jr_free(v);

	hung_report_parse("3,1,2,-;INFO: task jbd2/vdb1-8:231 blocked for more than 60 seconds.",
			  &h.reports[h.n_reports++]);
	hang_found(&h, "kernel", "INFO: task jbd2/vdb1-8:231 blocked for more than 60 seconds.");
	ok(h.found && h.seen && h.n_tasks == 2 && h.n_disks == 2, "found: 2 tasks, 2 disks");
	hang_found(&h, "deadline", "again");
	is_str(h.by, "kernel", "a second hang_found changes nothing");
	is_str(hang_reason(&h, reason, sizeof reason),
	       "I/O hung: the kernel reports tasks blocked for more than 60 s: jbd2/vdb1-8 "
	       "(pid 231); in flight: vdb 0 reads, 3 writes", "the reason (kernel)");
	is_str(hang_disks(&h, disks, sizeof disks), "vdb", "the disks with requests in flight");

	v = as_json(&h);
	ok(v != NULL, "run.json's hang member is JSON");
	is_str(jr_str(jr_path(v, "hang.found.by")), "kernel", "found.by");
	ok(num(jr_get(at(jr_path(v, "hang.found.reports"), 0), "pid")) == 231 &&
	   num(jr_get(at(jr_path(v, "hang.found.reports"), 0), "blocked_s")) == 60,
	   "found.reports[0]: pid 231, 60 s");
	is_str(jr_str(at(jr_get(at(jr_path(v, "hang.found.tasks"), 0), "stack"), 1)),
	       "kjournald2+0xd1/0x260", "found.tasks[0].stack[1]");
	ok(jr_get(at(jr_path(v, "hang.found.tasks"), 0), "stack") &&
	   jr_get(at(jr_path(v, "hang.found.tasks"), 1), "stack")->type == JR_ARRAY,
	   "each task has its stack");
	is_str(jr_str(jr_get(at(jr_path(v, "hang.found.inflight"), 1), "disk")), "vdb",
	       "found.inflight[1]: vdb");
	ok(num(jr_get(at(jr_path(v, "hang.found.inflight"), 1), "writes")) == 3,
	   "... its 3 writes");
	jr_free(v);

	d.root = root;
	put("/sys/block/vdb/inflight", "0 0\n");
	hang_found(&d, "deadline", "initdb (pid 612) is stuck in uninterruptible sleep");
	is_str(hang_reason(&d, reason, sizeof reason),
	       "I/O hung: initdb (pid 612) is stuck in uninterruptible sleep; tasks in state D: "
	       "jbd2/vdb1-8 (pid 231), initdb (pid 612); no requests in flight",
	       "the reason (deadline), nothing in flight");
	is_str(hang_disks(&d, disks, sizeof disks), "", "no disk with requests in flight");

	many.root = root;
	for (int pid = 800; pid < 806; pid++) {
		char path[64], text[64];

		snprintf(path, sizeof path, "/proc/%d/stat", pid);
		snprintf(text, sizeof text, "%d (postgres) D 1\n", pid);
		put(path, text);
	}
	hang_found(&many, "deadline", "x");
	ok(strstr(hang_reason(&many, reason, sizeof reason),
		  "jbd2/vdb1-8 (pid 231), initdb (pid 612), postgres (pid 800), postgres "
		  "(pid 801) and 4 more; no requests") != NULL, "the first four named: %s", reason);
}

int main(void)
{
	char cmd[128];

	if (!mkdtemp(root))
		return 1;
	reports();
	detector();
	inflight();
	tasks();
	found();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	if (system(cmd) != 0)
		ok(0, "remove %s", root);
	return tap_done();
}
