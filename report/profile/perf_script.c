/* SPDX-License-Identifier: GPL-2.0-only */
/* perf_script.c: perf script's samples read and folded (perf_script.h). */
#include "report/profile/perf_script.h"

#include "report/profile/spawn_lines.h"
#include "report/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* What perf must not take from the host: its config files, a
 * debuginfod server, the build-id cache (--buildid-dir below). */
static char *const perf_env[] = { "PERF_CONFIG_NOSYSTEM=1", "PERF_CONFIG_NOGLOBAL=1",
				  "DEBUGINFOD_URLS=", "LC_ALL=C", NULL };
#define NO_CACHE "/nonexistent/bootbench-report-no-build-id-cache"

const char *perf_program(void)
{
	const char *p = getenv("BOOTBENCH_PERF");

	return p && *p ? p : "perf";
}

static void ignore_line(void *ctx, char *line, size_t len)
{
	(void)ctx;
	(void)line;
	(void)len;
}

bool perf_available(char **error)
{
	char *argv[] = { (char *)perf_program(), "--version", NULL };

	return spawn_lines(argv, perf_env, ignore_line, NULL, error) == 0;
}

/* The reading of perf script's output: a sample is a header line
 * ("  postgres  1234 cpu-clock: ", followed by "ip sym (dso)" when the
 * profile has no call graphs), then one line per frame, innermost first,
 * each starting with a tab ("\t ffffffff8103c4a1 read_hpet
 * ([kernel.kallsyms])"), then an empty line. */
struct reader {
	struct funcs *fs;
	struct stacks *s;
	uint32_t comm;
	bool in_sample;
	uint32_t *frames;       /* innermost first, as perf prints them */
	size_t n, cap;
	unsigned long lineno;
	char *bad;              /* the first line that could not be read */
};

/* "ip sym (dso)" at p into a frame of the sample; false if it is not one. */
static bool frame(struct reader *rd, char *p)
{
	char *end, *open;
	unsigned long long ip;
	size_t len;

	while (isspace((unsigned char)*p))
		p++;
	ip = strtoull(p, &end, 16);
	if (end == p || *end != ' ')
		return false;
	p = end + 1;
	len = strlen(p);
	while (len > 0 && isspace((unsigned char)p[len - 1]))
		p[--len] = '\0';
	if (len < 3 || p[len - 1] != ')' || !(open = strrchr(p, '(')) || open == p || open[-1] != ' ')
		return false;
	p[len - 1] = '\0';
	open[-1] = '\0';
	grow(&rd->frames, &rd->cap, rd->n + 1, sizeof *rd->frames);
	rd->frames[rd->n++] = funcs_add(rd->fs, p, open + 1, ip);
	return true;
}

/* The end of a sample: its stack, outermost first, added. */
static void sample_end(struct reader *rd)
{
	if (!rd->in_sample)
		return;
	for (size_t i = 0; i < rd->n / 2; i++) {
		uint32_t t = rd->frames[i];
		rd->frames[i] = rd->frames[rd->n - 1 - i];
		rd->frames[rd->n - 1 - i] = t;
	}
	stacks_add(rd->s, rd->comm, rd->frames, rd->n, 1);
	rd->in_sample = false;
	rd->n = 0;
}

/* A header line: the process name, the thread id, the event name with
 * its colon, and on profiles without call graphs the one frame.  The
 * name may hold spaces: the thread id is the first number followed by a
 * word ending in ':'. */
static bool header(struct reader *rd, char *line)
{
	char *words[64], *save = NULL, *comm;
	size_t n = 0, tid;
	char *rest = NULL;

	for (char *w = strtok_r(line, " \t", &save); w && n < 64; w = strtok_r(NULL, " \t", &save)) {
		words[n++] = w;
		if (n >= 3 && strspn(words[n - 2], "0123456789") == strlen(words[n - 2]) &&
		    words[n - 1][strlen(words[n - 1]) - 1] == ':') {
			rest = save;
			break;
		}
	}
	if (!rest || n < 3)
		return false;
	tid = n - 2;
	comm = words[0];
	for (size_t i = 1; i < tid; i++)
		words[i][-1] = ' ';     /* the name's words joined again */
	rd->comm = funcs_comm(rd->fs, comm);
	rd->in_sample = true;
	rd->n = 0;
	while (isspace((unsigned char)*rest))
		rest++;
	return !*rest || frame(rd, rest);
}

static void script_line(void *ctx, char *line, size_t len)
{
	struct reader *rd = ctx;
	bool ok;

	rd->lineno++;
	if (rd->bad)
		return;
	if (len == 0) {
		sample_end(rd);
		return;
	}
	if (line[0] == '\t') {
		ok = rd->in_sample && frame(rd, line);
	} else {
		sample_end(rd);
		char *copy = xstrdup(line);
		ok = header(rd, copy);
		free(copy);
	}
	if (!ok)
		rd->bad = xasprintf("line %lu of its output not understood: \"%.80s\"", rd->lineno, line);
}

int perf_script_read(const struct perf_request *rq, struct funcs *fs, struct stacks *s,
		     char **error)
{
	char *argv[16];
	size_t a = 0;
	struct reader rd = { .fs = fs, .s = s };

	argv[a++] = (char *)perf_program();
	argv[a++] = "--no-pager";
	argv[a++] = "--buildid-dir";
	argv[a++] = NO_CACHE;
	argv[a++] = "script";
	argv[a++] = "--force";
	argv[a++] = "--no-inline";
	argv[a++] = "-F";
	argv[a++] = "comm,tid,event,ip,sym,dso";
	argv[a++] = "--symfs";
	argv[a++] = (char *)(rq->symfs ? rq->symfs : NO_CACHE);
	argv[a++] = "--kallsyms";
	argv[a++] = (char *)(rq->kallsyms ? rq->kallsyms : "/dev/null");
	argv[a++] = "-i";
	argv[a++] = (char *)rq->data;
	argv[a] = NULL;
	if (spawn_lines(argv, perf_env, script_line, &rd, error) != 0) {
		free(rd.bad);
		free(rd.frames);
		return -1;
	}
	sample_end(&rd);
	free(rd.frames);
	if (rd.bad) {
		*error = xasprintf("perf script: %s", rd.bad);
		free(rd.bad);
		return -1;
	}
	return 0;
}

struct objects {
	struct perf_object *v;
	size_t n, cap;
};

/* "<build id> <path>", the build id spaces when perf has none. */
static void object_line(void *ctx, char *line, size_t len)
{
	struct objects *o = ctx;
	size_t id = strcspn(line, " "), sp = id + strspn(line + id, " ");

	if (sp >= len)
		return;
	grow(&o->v, &o->cap, o->n + 1, sizeof *o->v);
	o->v[o->n].build_id = xasprintf("%.*s", (int)id, line);
	o->v[o->n].path = xstrdup(line + sp);
	o->n++;
}

int perf_objects(const char *data, struct perf_object **out, size_t *n, char **error)
{
	char *argv[] = { (char *)perf_program(), "--no-pager", "--buildid-dir", NO_CACHE,
			 "buildid-list", "--force", "-i", (char *)data, NULL };
	struct objects o = { 0 };

	if (spawn_lines(argv, perf_env, object_line, &o, error) != 0) {
		perf_objects_free(o.v, o.n);
		return -1;
	}
	*out = o.v;
	*n = o.n;
	return 0;
}

void perf_objects_free(struct perf_object *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].path);
		free(v[i].build_id);
	}
	free(v);
}
