/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bootbench-gate: compare a candidate kernel's runs with a baseline's, by
 * the report's statistics, and exit by the verdict (doc/gate.md).
 *
 * Read both sides and make the report of each metric (gate.c), judge
 * every case (gate_judge.c), write the Markdown summary to stdout and the
 * files asked for (gate_summary.c, gate_junit.c, gate_metrics.c, the
 * report's HTML page).  Exit status: 0 passed, 1 failed, 2 bad usage or
 * an output not written, 3 the runs cannot decide.
 */
#include "common/cli.h"
#include "common/image_id.h"
#include "report/diag.h"
#include "report/gate/gate.h"
#include "report/gate/gate_options.h"
#include "report/gate/gate_output.h"
#include "report/output.h"
#include "report/whole_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What write(f, g) writes, to path whole or not at all; 0, or 2 after an
 * error naming the file. */
static int write_output(const char *path, void (*write)(FILE *, const struct gate *),
			const struct gate *g)
{
	struct whole_file w;

	if (!whole_file_open(&w, path))
		return 2;
	write(w.f, g);
	return whole_file_write(&w) ? 0 : 2;
}

/* The reports that were made, as one HTML page under the verdict. */
static int write_html(const struct gate *g)
{
	const struct report **reps = calloc(g->nreports + 1, sizeof *reps);
	char lead[128];
	size_t n = 0;
	int rc;

	if (!reps)
		abort();
	for (size_t i = 0; i < g->nreports; i++)
		if (g->built[i])
			reps[n++] = &g->reports[i];
	snprintf(lead, sizeof lead, "bootbench-gate: %s", gate_status_name(g->status));
	rc = output_html_reports(g->opt->html, reps, n, lead);
	free(reps);
	return rc ? 2 : 0;
}

static int outputs(const struct gate *g)
{
	const struct gate_options *o = g->opt;
	int rc = 0;

	gate_markdown(stdout, g);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fail("could not write the summary to stdout:");
		rc = 2;
	}
	if (o->summary)
		rc |= write_output(o->summary, gate_markdown, g);
	if (o->junit)
		rc |= write_output(o->junit, gate_junit, g);
	if (o->metrics_file)
		rc |= write_output(o->metrics_file, gate_openmetrics, g);
	if (o->html)
		rc |= write_html(g);
	return rc;
}

int main(int argc, char **argv)
{
	struct gate_options opt;
	struct gate g;
	int rc;

	cli_program = "bootbench-gate";
	rc = gate_options_parse(&opt, argc, argv);
	if (rc == 0 && (opt.help || opt.version)) {
		rc = (opt.help ? cli_print_help(gate_usage) : cli_print_version(bootbench_image_id)) ? 0 : 2;
		gate_options_free(&opt);
		return rc;
	}
	if (rc == 0)
		rc = gate_build(&g, &opt);
	else
		memset(&g, 0, sizeof g);
	if (rc == 0) {
		gate_judge(&g);
		rc = outputs(&g);
		if (rc == 0)
			rc = (int)g.status;
	}
	gate_free(&g);
	gate_options_free(&opt);
	return rc;
}
