/* SPDX-License-Identifier: GPL-2.0-only */
/* measurement.c: what a workload's measure() fills in. */
#include "bench/workloads/workload.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void metric_set(struct measurement_out *m, const char *name, double value)
{
	size_t i;

	for (i = 0; i < m->n_metrics; i++)
		if (strcmp(m->metrics[i].name, name) == 0)
			break;
	if (i == MEASURE_MAX_METRICS)
		return;
	snprintf(m->metrics[i].name, sizeof(m->metrics[i].name), "%s", name);
	m->metrics[i].value = value;
	if (i == m->n_metrics)
		m->n_metrics++;
}

double metric_get(const struct measurement_out *m, const char *name)
{
	for (size_t i = 0; i < m->n_metrics; i++)
		if (strcmp(m->metrics[i].name, name) == 0)
			return m->metrics[i].value;
	return 0;
}

void measure_warn(struct measurement_out *m, const char *code,
		  const char *fmt, ...)
{
	va_list ap;

	if (m->n_warnings == MEASURE_MAX_WARNINGS)
		return;
	struct measure_warning *w = &m->warnings[m->n_warnings++];
	snprintf(w->code, sizeof(w->code), "%s", code);
	va_start(ap, fmt);
	vsnprintf(w->message, sizeof(w->message), fmt, ap);
	va_end(ap);
}

void window_open(const struct workload_env *e)
{
	struct measure_window *w = e->window;

	if (!w || w->is_open)
		return;
	w->is_open = true;
	if (w->open)
		w->open(w->ctx);
}

void window_close(const struct workload_env *e)
{
	struct measure_window *w = e->window;

	if (!w || !w->is_open)
		return;
	w->is_open = false;
	if (w->close)
		w->close(w->ctx);
}

static struct measure_fact *new_fact(struct measurement_out *m, const char *object,
				     const char *key)
{
	if (m->n_facts == MEASURE_MAX_FACTS)
		return NULL;
	struct measure_fact *f = &m->facts[m->n_facts++];
	memset(f, 0, sizeof(*f));
	snprintf(f->object, sizeof(f->object), "%s", object);
	snprintf(f->key, sizeof(f->key), "%s", key);
	return f;
}

void measure_fact(struct measurement_out *m, const char *object, const char *key,
		  double value)
{
	struct measure_fact *f = new_fact(m, object, key);
	if (f)
		f->value = value;
}

void measure_fact_text(struct measurement_out *m, const char *object, const char *key,
		       const char *text)
{
	struct measure_fact *f = new_fact(m, object, key);
	if (f)
		snprintf(f->text, sizeof(f->text), "%s", text);
}
