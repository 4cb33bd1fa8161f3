/* SPDX-License-Identifier: GPL-2.0-only */
/* profile_read.c: what perf and the kernel give the profiler. */
#include "bench/run/profile_read.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/os/proc.h"
#include "bench/run/profile_output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PERF_LOG_MAX  (1 << 20)
#define READ_TIMEOUT_S 300.0
#define BUILDIDS_MAX  (256 << 10)

struct lines {
	char *text;                /* the lines kept */
	size_t len, cap;
	char other[400];           /* the last line not kept */
	bool (*keep)(const char *line);
};

static void take(void *arg, const char *line)
{
	struct lines *l = arg;
	size_t n = strlen(line);

	if (!l->keep || !l->keep(line)) {
		if (line[0])
			snprintf(l->other, sizeof(l->other), "%s", line);
		return;
	}
	if (l->len + n + 2 > l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 4096;
		while (cap < l->len + n + 2)
			cap *= 2;
		if (cap > BUILDIDS_MAX)
			return;
		char *t = realloc(l->text, cap);
		if (!t)
			return;
		l->text = t;
		l->cap = cap;
	}
	memcpy(l->text + l->len, line, n);
	l->len += n;
	l->text[l->len++] = '\n';
	l->text[l->len] = '\0';
}

static bool any_line(const char *line)
{
	return line[0] != '\0';
}

/* perf --no-pager ARGS (args: NULL-terminated) with HOME=home; the lines
 * of its output that l->keep accepts into l.  0, or -1 with why in err. */
static int run_perf(const char *perf, const char *home, const char *const *args,
		    struct lines *l, char *err, size_t len)
{
	const char *argv[12];
	char path_var[PATH_MAX + 8], home_var[PATH_MAX + 8];
	size_t n = 0;
	const char *path = getenv("PATH");

	argv[n++] = perf;
	argv[n++] = "--no-pager";
	for (size_t i = 0; args[i] && n < 11; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	snprintf(path_var, sizeof(path_var), "PATH=%s", path ? path : "/usr/bin:/bin");
	snprintf(home_var, sizeof(home_var), "HOME=%s", home);
	const char *envp[] = { path_var, home_var, "LC_ALL=C", NULL };
	char name[64];
	snprintf(name, sizeof(name), "perf %s", args[0]);
	struct proc_spec spec = {
		.name = name, .spawn.argv = argv, .spawn.envp = envp, .spawn.out_fd = -1,
	};

	/* A failure here is the caller's to judge: taken back from fail(). */
	int rc = proc_run(&spec, READ_TIMEOUT_S, -1, take, l);
	if (rc < 0)
		fail_take(err, len);
	return rc;
}

int perf_version(const char *perf, char *buf, size_t len)
{
	const char *args[] = { "--version", NULL };
	struct lines l = { .keep = any_line };
	char err[640];

	if (run_perf(perf, "/", args, &l, err, sizeof(err)) < 0) {
		free(l.text);
		return fail("%s", err);
	}
	const char *v = l.text ? strstr(l.text, "perf version ") : NULL;
	if (!v) {
		free(l.text);
		return fail("%s --version did not say \"perf version\"", perf);
	}
	v += strlen("perf version ");
	snprintf(buf, len, "%.*s", (int)strcspn(v, " \n"), v);
	free(l.text);
	return 0;
}

int save_kallsyms(const char *run_dir)
{
	char dir[PATH_MAX], path[PATH_MAX + 16], chunk[65536];
	ssize_t n;
	int rc = 0;

	snprintf(dir, sizeof(dir), "%s/profiles", run_dir);
	if (make_dirs(dir, 0755) < 0)
		return -1;
	snprintf(path, sizeof(path), "%s/kallsyms", dir);
	int in = open("/proc/kallsyms", O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return fail("could not open \"/proc/kallsyms\":");
	int out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0) {
		close(in);
		return fail("could not create \"%s\":", path);
	}
	while ((n = read(in, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = fail("could not read \"/proc/kallsyms\":");
			break;
		}
		if (write_all(out, chunk, (size_t)n) < 0) {
			rc = fail("could not write \"%s\":", path);
			break;
		}
	}
	if (rc == 0 && fsync(out) < 0)
		rc = fail("could not fsync \"%s\":", path);
	close(in);
	if (close(out) < 0 && rc == 0)
		rc = fail("could not write \"%s\":", path);
	return rc;
}

void perf_log_failure(const char *log_path, char *buf, size_t len)
{
	char *text = read_text(log_path, PERF_LOG_MAX, NULL);

	perf_failure_line(text ? text : "", buf, len);
	free(text);
}

/* The build ids of the perf.data into out->buildids: 0, or -1 with why. */
static int read_buildids(const char *perf, const char *home, const char *run_dir,
			 const char *data, struct profile_result *out)
{
	const char *args[] = { "buildid-list", "-i", data, NULL };
	struct lines l = { .keep = perf_buildid_line };
	char path[PATH_MAX + 200];

	int rc = run_perf(perf, home, args, &l, out->error, sizeof(out->error));
	if (rc == 0 && !l.text)
		snprintf(out->error, sizeof(out->error), "perf buildid-list found no "
			 "build id in %s%s%s", out->file, l.other[0] ? ": " : "", l.other);
	if (rc == 0 && l.text) {
		snprintf(path, sizeof(path), "%s/%s", run_dir, out->buildids);
		if (replace_file(path, l.text, l.len) < 0)
			fail_take(out->error, sizeof(out->error));
	}
	free(l.text);
	return out->error[0] ? -1 : 0;
}

/* The event perf.data holds samples of, into out->event. */
static int read_event(const char *perf, const char *home, const char *data,
		      struct profile_result *out)
{
	const char *args[] = { "evlist", "-i", data, NULL };
	struct lines l = { .keep = any_line };

	if (run_perf(perf, home, args, &l, out->error, sizeof(out->error)) == 0 &&
	    (!l.text || !perf_evlist_event(l.text, out->event, sizeof(out->event))))
		snprintf(out->error, sizeof(out->error), "perf evlist named no event in %s",
			 out->file);
	free(l.text);
	return out->error[0] ? -1 : 0;
}

void profile_read(const char *perf, const char *home, const char *run_dir,
		  struct profile_result *out, const char *why)
{
	char log_path[PATH_MAX + 200], data[PATH_MAX + 200], line[400] = "";
	struct stat st;

	snprintf(log_path, sizeof(log_path), "%s/%s", run_dir, out->log);
	snprintf(data, sizeof(data), "%s/%s", run_dir, out->file);
	char *text = read_text(log_path, PERF_LOG_MAX, NULL);
	bool captured = text && perf_record_captured(text, &out->samples);
	if (!captured || why)
		perf_failure_line(text ? text : "", line, sizeof(line));
	free(text);
	if (stat(data, &st) == 0)
		out->bytes = (long long)st.st_size;

	if (why || !captured) {
		snprintf(out->error, sizeof(out->error), "%s%s%s (see %s)",
			 why ? why : "perf record ended without its summary",
			 line[0] ? ": " : "", line, out->log);
		return;
	}
	if (out->bytes == 0) {
		snprintf(out->error, sizeof(out->error), "perf record wrote no %s (see %s)",
			 out->file, out->log);
		return;
	}
	if (read_buildids(perf, home, run_dir, data, out) == 0)
		read_event(perf, home, data, out);
}
