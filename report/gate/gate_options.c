/* SPDX-License-Identifier: GPL-2.0-only */
/* gate_options.c: parse the command line of bootbench-gate. */
#include "report/gate/gate_options.h"

#include "common/cli.h"
#include "report/diag.h"
#include "report/usage.h"
#include "report/util.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char gate_usage[] =
"Usage: bootbench-gate [options] --baseline DIR --candidate DIR\n"
"Compare the candidate kernel's runs with the baseline's, by the report's\n"
"statistics, and exit by the verdict: 0 nothing worse by the threshold, 1 some\n"
"case worse, 3 the runs cannot decide, 2 bad usage.  A DIR holds runs/*/ (what\n"
"qemu/run --results DIR makes), run directories, or is one run directory.\n"
"\n"
"  --baseline DIR      the runs compared against (the merge base, a release)\n"
"  --candidate DIR     the runs of the kernel under test\n"
"  --case PATTERN      only the cases whose name matches (a shell pattern:\n"
"                      'pgbench-select-only-*'); repeatable (default: all)\n"
"  --metric NAME       gate on this metric (cpu_per_tx_us, latency_p99_ms, ...);\n"
"                      repeatable (default: each case's primary metric)\n"
"  --threshold PCT     a change counts when significant and at least PCT %\n"
"                      either way (default 1); METRIC=PCT for one metric\n"
"                      (repeatable)\n"
"  --confidence PCT    confidence of the test (default 95)\n"
"  --summary FILE      also write the Markdown summary and the full report\n"
"                      there (a merge-request comment, $GITHUB_STEP_SUMMARY)\n"
"  --html FILE         write the report as an HTML page with charts\n"
"  --junit FILE        write JUnit XML: a test case per case and kernel\n"
"  --metrics FILE      write an OpenMetrics text file (GitLab's metrics report)\n"
"  --suite NAME|FILE   the suite the bisect command of a failed gate names\n"
"                      (default: the runs' suite by its name)\n"
"  -h, --help          this text\n"
"  --version           print the id of the image built with it, then exit\n"
"\n"
"The Markdown summary and the full report go to stdout (doc/gate.md).\n"
"Exit status: 0 passed, 1 failed (some case worse), 2 bad usage or an output\n"
"not written, 3 the runs cannot decide (failed runs, too few boots, sides\n"
"that differ in more than the kernel).\n";

enum { OPT_BASELINE = 256, OPT_CANDIDATE, OPT_CASE, OPT_METRIC, OPT_THRESHOLD, OPT_CONFIDENCE,
       OPT_SUMMARY, OPT_HTML, OPT_JUNIT, OPT_METRICS, OPT_SUITE, OPT_VERSION };

static const struct option longopts[] = {
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "candidate", required_argument, NULL, OPT_CANDIDATE },
	{ "case", required_argument, NULL, OPT_CASE },
	{ "metric", required_argument, NULL, OPT_METRIC },
	{ "threshold", required_argument, NULL, OPT_THRESHOLD },
	{ "confidence", required_argument, NULL, OPT_CONFIDENCE },
	{ "summary", required_argument, NULL, OPT_SUMMARY },
	{ "html", required_argument, NULL, OPT_HTML },
	{ "junit", required_argument, NULL, OPT_JUNIT },
	{ "metrics", required_argument, NULL, OPT_METRICS },
	{ "suite", required_argument, NULL, OPT_SUITE },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

int gate_options_parse(struct gate_options *o, int argc, char **argv)
{
	int c;

	memset(o, 0, sizeof *o);
	o->confidence = 95;
	thresholds_init(&o->threshold);
	o->cases = xcalloc((size_t)argc + 1, sizeof *o->cases);
	o->metrics = xcalloc((size_t)argc + 1, sizeof *o->metrics);
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (c >= OPT_BASELINE && c <= OPT_SUITE && usage_no_value(optarg, argv, optind))
			return cli_usage_error(NULL, "option \"--%s\" needs a value", usage_long_name(longopts, c));
		switch (c) {
		case OPT_BASELINE: o->baseline = optarg; break;
		case OPT_CANDIDATE: o->candidate = optarg; break;
		case OPT_CASE: o->cases[o->ncases++] = optarg; break;
		case OPT_METRIC: o->metrics[o->nmetrics++] = optarg; break;
		case OPT_SUMMARY: o->summary = optarg; break;
		case OPT_HTML: o->html = optarg; break;
		case OPT_JUNIT: o->junit = optarg; break;
		case OPT_METRICS: o->metrics_file = optarg; break;
		case OPT_SUITE: o->suite = optarg; break;
		case OPT_THRESHOLD:
			if (!thresholds_add(&o->threshold, "--threshold", optarg))
				return cli_hint(NULL);
			break;
		case OPT_CONFIDENCE:
			if (!usage_percentage("--confidence", optarg, 0, false, &o->confidence))
				return cli_hint(NULL);
			break;
		case 'h':
			o->help = true;
			return 0;
		case OPT_VERSION:
			o->version = true;
			return 0;
		default:
			return usage_option_error(longopts, c, argv[optind - 1]);
		}
	}
	if (optind < argc)
		return cli_usage_error(NULL, "unexpected argument \"%s\": the runs are given as --baseline DIR "
				   "--candidate DIR", argv[optind]);
	if (!o->baseline)
		return cli_usage_error(NULL, "no baseline: give --baseline DIR, the runs to compare against");
	if (!o->candidate)
		return cli_usage_error(NULL, "no candidate: give --candidate DIR, the runs of the kernel under test");
	for (size_t i = 0; i < o->nmetrics; i++)
		for (size_t j = 0; j < i; j++)
			if (strcmp(o->metrics[i], o->metrics[j]) == 0)
				return cli_usage_error(NULL, "--metric %s given twice", o->metrics[i]);
	return 0;
}

void gate_options_free(struct gate_options *o)
{
	free(o->cases);
	free(o->metrics);
}
