/* SPDX-License-Identifier: GPL-2.0-only */
/* knobs.c: check, apply and put back [sysctl] and [machine] (knobs.h). */
#include "bench/knobs/knobs.h"
#include "bench/knobs/knob_file.h"
#include "bench/knobs/machine.h"
#include "bench/knobs/sysctl.h"
#include "bench/msg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

bool knobs_any(const struct suite *s)
{
	for (size_t i = 0; i < s->n_sections; i++)
		if (strcmp(s->sections[i].name, "sysctl") == 0 ||
		    strcmp(s->sections[i].name, "machine") == 0)
			return true;
	return false;
}

static const char *section(const struct knob *kn)
{
	return kn->control ? "machine" : "sysctl";
}

/* One line in err: the suite, the key's line, the key, what. */
static int bad(const struct knobs *k, const struct suite_param *p, char *err,
	       size_t len, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int bad(const struct knobs *k, const struct suite_param *p, char *err,
	       size_t len, const char *fmt, ...)
{
	char what[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(err, len, "suite \"%s\" (%s), line %d: [%s] %s: %s", k->s->name,
		 k->s->source, p->line, p->section, p->key, what);
	return -1;
}

/* The knobs in the order they are applied: [machine] in the controls'
 * order, then [sysctl] in the file's.  0, or -1 with why. */
static int collect(struct knobs *k, char *err, size_t len)
{
	const struct suite *s = k->s;

	for (const struct machine_control *const *c = machine_controls; *c; c++) {
		const struct suite_param *p = suite_param(s, "machine", (*c)->key);
		if (p) {
			k->k[k->n].param = p;
			k->k[k->n++].control = *c;
		}
	}
	for (size_t i = 0; i < s->n_params; i++) {
		if (strcmp(s->params[i].section, "sysctl") != 0)
			continue;
		if (k->n == KNOBS_MAX)
			return bad(k, &s->params[i], err, len, "more than %d [sysctl] and "
				   "[machine] keys", KNOBS_MAX);
		k->k[k->n++].param = &s->params[i];
	}
	return 0;
}

/* Setting the machine's own files takes root. */
static int need_root(const struct knobs *k, const struct suite_param *p, char *err,
		     size_t len)
{
	if (k->root[0] || geteuid() == 0)
		return 0;
	return bad(k, p, err, len, "setting [%s] needs root", p->section);
}

static int check_machine(struct knobs *k, struct knob *kn, char *err, size_t len)
{
	const struct machine_control *c = kn->control;
	const struct suite_param *p = kn->param;
	char why[512];

	kn->applicable = c->has(c, k, kn->reason, sizeof(kn->reason));
	if (!kn->applicable) {
		for (size_t v = 0; v < p->n; v++)
			if (p->required & (1u << v))
				return bad(k, p, err, len, "%s! is required, but this machine "
					   "cannot set it: %s", p->values[v], kn->reason);
		return 0;
	}
	if (c->read(c, k, kn->own, sizeof(kn->own), why, sizeof(why)) < 0)
		return bad(k, p, err, len, "%s", why);
	for (size_t v = 0; c->check && v < p->n; v++)
		if (c->check(c, k, p->values[v], why, sizeof(why)) < 0)
			return bad(k, p, err, len, "%s", why);
	return need_root(k, p, err, len);
}

static int check_sysctl(struct knobs *k, struct knob *kn, char *err, size_t len)
{
	const struct suite_param *p = kn->param;
	char why[1024], now[KNOB_TEXT];

	kn->applicable = true;
	if (sysctl_entry(k, kn, why, sizeof(why)) < 0)
		return bad(k, p, err, len, "%s", why);
	if (need_root(k, p, err, len) < 0)
		return -1;
	for (size_t v = 0; v < p->n; v++)
		if (!sysctl_same(p->values[v], kn->own) &&
		    sysctl_set(k, kn, p->values[v], false, now, sizeof(now), why,
			       sizeof(why)) < 0)
			return bad(k, p, err, len, "%s", why);
	return 0;
}

static bool pg_on(const char *v)
{
	return strcasecmp(v, "on") == 0 || strcasecmp(v, "true") == 0 ||
	       strcasecmp(v, "yes") == 0 || strcmp(v, "1") == 0;
}

/* huge_pages = on in a suite that sets no vm.nr_hugepages, on a machine
 * with none: PostgreSQL could never start. */
static int check_huge_pages(struct knobs *k, char *err, size_t len)
{
	const struct suite_param *p = suite_param(k->s, "postgresql", "huge_pages");
	char pages[32];
	bool on = false;

	for (size_t v = 0; p && v < p->n; v++)
		on |= pg_on(p->values[v]);
	if (!on || suite_param(k->s, "sysctl", "vm.nr_hugepages"))
		return 0;
	if (kf_read(k, "/proc/sys/vm/nr_hugepages", pages, sizeof(pages)) < 0)
		return bad(k, p, err, len, "on, but the running kernel has no huge pages "
			   "(no /proc/sys/vm/nr_hugepages)");
	if (strcmp(pages, "0") == 0)
		return bad(k, p, err, len, "on, but the machine has no huge pages "
			   "(vm.nr_hugepages = 0): set [sysctl] vm.nr_hugepages");
	return 0;
}

int knobs_check(struct knobs *k, const struct suite *s, const char *root,
		char *err, size_t len)
{
	memset(k, 0, sizeof(*k));
	snprintf(k->root, sizeof(k->root), "%s", root);
	k->s = s;
	k->dma_fd = -1;
	k->restored = -1;
	if (collect(k, err, len) < 0)
		return -1;
	for (size_t i = 0; i < k->n; i++) {
		struct knob *kn = &k->k[i];
		if ((kn->control ? check_machine(k, kn, err, len)
				 : check_sysctl(k, kn, err, len)) < 0)
			return -1;
	}
	return check_huge_pages(k, err, len);
}

const char *knob_value(const struct knobs *k, size_t i, const struct knob_env *e,
		       bool *required)
{
	const struct suite_param *p = k->k[i].param;

	*required = p->required & (1u << e->value[i]);
	return p->values[e->value[i]];
}

/* The record of a new environment; a scratch one past the last kept. */
static struct knob_env *new_env(struct knobs *k, int environment)
{
	static struct knob_env scratch;
	struct knob_env *e = &scratch;

	if (k->n_envs < KNOBS_MAX_ENVS) {
		struct knob_env *envs = realloc(k->envs, (k->n_envs + 1) * sizeof(*envs));
		if (envs) {
			k->envs = envs;
			e = &envs[k->n_envs++];
		}
	}
	memset(e, 0, sizeof(*e));
	e->environment = environment;
	e->dma_latency_us = -1;
	return e;
}

/* Set knob i to its value in e and read it back.  0 or fail(). */
static int apply_one(struct knobs *k, size_t i, struct knob_env *e)
{
	const struct knob *kn = &k->k[i];
	const struct machine_control *c = kn->control;
	bool required;
	const char *v = knob_value(k, i, e, &required);
	char why[1024], *now = e->read_back[i];

	if (!kn->applicable) {
		note("machine: %s = %s: not applicable: %s", kn->param->key, v, kn->reason);
		return 0;
	}
	if (!c) {
		int rc = sysctl_set(k, kn, v, true, now, KNOB_TEXT, why, sizeof(why));
		e->set[i] = rc == 0 || now[0];
		if (rc < 0)
			return fail("[sysctl] %s = %s: %s", kn->param->key, v, why);
	} else {
		if (c->set(c, k, v, why, sizeof(why)) < 0 ||
		    c->read(c, k, now, KNOB_TEXT, why, sizeof(why)) < 0)
			return fail("[machine] %s = %s: %s", kn->param->key, v, why);
		e->set[i] = true;
		if (!c->is(k, v, now))
			return fail("[machine] %s = %s: the machine does not keep it: "
				    "read back \"%s\"", kn->param->key, v, now);
	}
	note("%s: %s = %s (read back: %s)", section(kn), kn->param->key, v, now);
	return 0;
}

int knobs_apply(struct knobs *k, const struct bench_case *c)
{
	struct knob_env *e = new_env(k, c->env);

	for (size_t i = 0; i < k->n; i++)
		e->value[i] = c->choice[k->k[i].param - k->s->params];
	for (size_t i = 0; i < k->n; i++) {
		if (apply_one(k, i, e) < 0)
			return -1;
		e->dma_latency_us = k->dma_fd >= 0 ? k->dma_latency_us : -1;
	}
	return 0;
}

int knobs_restore(struct knobs *k)
{
	if (k->dma_fd >= 0) {
		close(k->dma_fd);
		k->dma_fd = -1;
	}
	int failed = kf_restore_all(k, k->restore_error, sizeof(k->restore_error));
	if (k->n_undo)
		note("machine: the machine's own values put back (%zu files%s)", k->n_undo,
		     failed ? ", not all" : "");
	k->restored = failed == 0;
	k->n_undo = 0;
	return failed ? -1 : 0;
}

void knobs_free(struct knobs *k)
{
	free(k->undo);
	free(k->envs);
	k->undo = NULL;
	k->envs = NULL;
	k->n_undo = k->cap_undo = k->n_envs = 0;
}
