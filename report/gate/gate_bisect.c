/* SPDX-License-Identifier: GPL-2.0-only */
/* gate_bisect.c: the bootbench-bisect command of a failed gate
 * (gate_output.h): the same suite, case, metric, test, clock and target, between
 * the baseline's kernel and the candidate's, whose runs the gate read are
 * given as the ends' (--good-runs, --bad-runs): a bisect boots neither end
 * again. */
#include "report/gate/gate_output.h"

#include "report/util.h"

#include <stdlib.h>
#include <string.h>

/* One word of a shell command line, quoted when it needs to be. */
static void word(FILE *f, const char *w)
{
	if (*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			 "_-.,:=@+/%") == strlen(w)) {
		fprintf(f, " %s", w);
		return;
	}
	fputs(" '", f);
	for (; *w; w++)
		if (*w == '\'')
			fputs("'\\''", f);
		else
			fputc(*w, f);
	fputc('\'', f);
}

/* The first run of side s. */
static const struct run *first_run(const struct gate *g, const struct gate_side *s)
{
	for (size_t i = 0; i < g->data[0].nruns; i++)
		if (strcmp(g->data[0].runs[i]->argument, s->label) == 0)
			return g->data[0].runs[i];
	return NULL;
}

static const char *commit_of(const struct run *r)
{
	return r ? jr_str(jr_path(r->json, "kernel.build.git_commit")) : NULL;
}

/* The kernel as --kernel takes it: its name in out/kernels, then the
 * parameters of its variant. */
static char *kernel_of(const struct run *r)
{
	const struct jr_value *p = jr_path(r->json, "variant.parameters");
	char *k = xstrdup(r->kernel);

	for (size_t i = 0; p && p->type == JR_ARRAY && i < p->count; i++)
		if (jr_str(&p->items[i])) {
			char *n = xasprintf("%s %s", k, p->items[i].string);
			free(k);
			k = n;
		}
	return k;
}

/* The clock of the runs: "--clock instructions --icount-shift N" when
 * their run.json records the instruction clock. */
static void clock_words(FILE *f, const struct run *r)
{
	const char *mode = r ? jr_str(jr_path(r->json, "clock.mode")) : NULL;
	long long shift;
	char buf[24];

	if (!mode || strcmp(mode, "instructions") != 0)
		return;
	word(f, "--clock");
	word(f, "instructions");
	if (jr_int(jr_path(r->json, "clock.shift"), &shift)) {
		snprintf(buf, sizeof buf, "%lld", shift);
		word(f, "--icount-shift");
		word(f, buf);
	}
}

/* The target of the runs: "--target model:NAME" when their run.json
 * records a model disk (the bisect's boots must be on it too). */
static void target_words(FILE *f, const struct run *r)
{
	const char *model = r ? jr_str(jr_path(r->json, "target.modeled.name")) : NULL;
	char *t;

	if (!model)
		return;
	t = xasprintf("model:%s", model);
	word(f, "--target");
	word(f, t);
	free(t);
}

static void command(FILE *f, const struct gate *g, const struct gate_case *k)
{
	const struct run *base = first_run(g, &g->base), *cand = first_run(g, &g->cand);
	const char *cb = commit_of(base), *cc = commit_of(cand);
	char buf[32];

	fprintf(f, "    bootbench-bisect");
	if (cb && cc) {
		word(f, "--tree");
		word(f, "/path/to/linux");
		word(f, "--good");
		word(f, cb);
		word(f, "--bad");
		word(f, cc);
	} else {
		char *kb = kernel_of(base), *kc = kernel_of(cand);
		word(f, "--kernel");
		word(f, kb);
		word(f, "--kernel");
		word(f, kc);
		free(kb);
		free(kc);
	}
	word(f, "--good-runs");
	word(f, g->opt->baseline);
	word(f, "--bad-runs");
	word(f, g->opt->candidate);
	word(f, "--suite");
	word(f, g->opt->suite ? g->opt->suite : gate_suite(g));
	word(f, "--case");
	word(f, k->name);
	if (k->r->opt->metric) {
		word(f, "--metric");
		word(f, k->r->opt->metric);
	}
	snprintf(buf, sizeof buf, "%g", k->cand->cmp.threshold);
	word(f, "--threshold");
	word(f, buf);
	if (g->opt->confidence != 95) {
		snprintf(buf, sizeof buf, "%g", g->opt->confidence);
		word(f, "--confidence");
		word(f, buf);
	}
	clock_words(f, cand);
	target_words(f, cand);
	fputc('\n', f);
}

void gate_bisect_commands(FILE *f, const struct gate *g)
{
	const struct run *base = first_run(g, &g->base), *cand = first_run(g, &g->cand);
	bool tree = commit_of(base) && commit_of(cand);

	fprintf(f, "\n### How to bisect\n\n`bootbench-bisect` finds the first change that made a case "
		"worse, booting each step with the same suite, test and clock (doc/bisect.md); the gate's "
		"runs stand for the two ends (--good-runs, --bad-runs), which are not booted again%s%s:\n\n",
		tree ? ", in the kernel tree the two commits are in" :
		"; give the range as a tree and two commits (--tree, --good, --bad) to bisect commits",
		g->opt->suite ? "" : "; the suite is named as the runs name it, a suite file goes by its path "
		"(bootbench-gate --suite FILE)");
	for (size_t i = 0; i < g->ncases; i++)
		if (g->cases[i].kind == KIND_WORSE)
			command(f, g, &g->cases[i]);
}
