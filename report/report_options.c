/* SPDX-License-Identifier: GPL-2.0-only */
/* report_options.c: parse the command line of bootbench-report. */
#include "report/report_options.h"

#include "common/cli.h"
#include "report/diag.h"
#include "report/usage.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char report_options_usage[] =
"Usage: " PROGNAME " [options] RUN_DIR|RESULTS_DIR...\n"
"Compare benchmark runs side by side: one column per kernel (or another axis).\n"
"A RESULTS_DIR holds runs/*/ (or run directories directly); a RUN_DIR holds\n"
"run.json and results.jsonl.\n"
"\n"
"  --by KEY            columns: kernel (default; kernel+variant, the kernel and\n"
"                      its variant, when the runs' kernel variants differ),\n"
"                      variant, fs (filesystem type), scheduler, run, argument\n"
"                      (each directory given), any env or params key (fsync,\n"
"                      clients, postgresql.shared_buffers, ...), or any fact\n"
"                      of run.json by its path (kernel.clocksource,\n"
"                      kernel.mitigations.meltdown, ...)\n"
"  --rows KEY          rows: default clients when it varies, else the first\n"
"                      key that varies\n"
"  --baseline VALUE    the column changes are measured against (default: first)\n"
"  --case ID           only the measurements of this case (its name, with or\n"
"                      without the repeat: pgbench-select-only-s1-c1)\n"
"  --metric NAME       compare this metric (latency_p99_ms, ...) instead of\n"
"                      each measurement's primary one\n"
"  --metric-direction NAME\n"
"                      print whether higher or lower is better for a metric\n"
"                      that is not a primary one, by the report's table, then\n"
"                      exit (2: neither, or not known)\n"
"  --confidence PCT    confidence of the significance mark (default 95)\n"
"  --threshold PCT     the practical threshold: a change is marked (*) when it\n"
"                      is significant and at least PCT % either way (default\n"
"                      1); METRIC=PCT for one metric (repeatable)\n"
"  --format FMT        text (default), markdown, csv or json\n"
"  --html FILE         also write a self-contained HTML page with charts\n"
"  --monitors          under each row, one line per key monitor of the machine\n"
"                      (iowait, disk MB/s, context switches, ...: the median of\n"
"                      the measurements' per-second means), compared as the\n"
"                      headline figure is\n"
"  --profile           under each case, where the time went: the top functions\n"
"                      of its perf profiles, the movers against the baseline\n"
"                      and flame graphs on the --html page (doc/profiles.md)\n"
"  --symbols DIR       the image build's unstripped objects for --profile\n"
"                      (default: out/symbols beside the report's bin/)\n"
"  --folded DIR        write the folded stacks of each case and column there\n"
"                      (default with --html: beside the page, PAGE.folded/)\n"
"  --plan PCT          instead of the report: the boots per column needed to\n"
"                      mark a change of PCT % (above the threshold), from the\n"
"                      spread between the boots of these runs (a pilot: 3\n"
"                      boots per column or more)\n"
"  --power PCT         the chance --plan's boots find such a change (default 80)\n"
"  --mixed-clocks      compare runs measured in different clocks (the host's\n"
"                      time, instruction time at one -icount shift or another:\n"
"                      doc/clocks.md), which is refused otherwise\n"
"  --summary           instead of the report: each run's status and, if it is\n"
"                      done, a line per measurement (workload, clients, tps);\n"
"                      exit 1 unless every run is done with measurements\n"
"  -h, --help          this text\n"
"  --version           print the id of the image built with it, then exit\n"
"\n"
"Exit status: 0 every input read, 1 some input skipped (see the warnings),\n"
"2 bad usage or nothing to report.\n";

/* The long options: values above any character, so that getopt's optopt
 * tells them from short options. */
enum { OPT_BY = 256, OPT_ROWS, OPT_BASELINE, OPT_CONFIDENCE, OPT_FORMAT, OPT_HTML,
       OPT_PLAN, OPT_POWER, OPT_SYMBOLS, OPT_FOLDED, OPT_CASE, OPT_METRIC, OPT_THRESHOLD,
       OPT_DIRECTION, OPT_VERSION, OPT_SUMMARY, OPT_MONITORS, OPT_PROFILE, OPT_MIXED_CLOCKS };

static const struct option longopts[] = {
	{ "by", required_argument, NULL, OPT_BY },
	{ "rows", required_argument, NULL, OPT_ROWS },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "confidence", required_argument, NULL, OPT_CONFIDENCE },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "html", required_argument, NULL, OPT_HTML },
	{ "plan", required_argument, NULL, OPT_PLAN },
	{ "power", required_argument, NULL, OPT_POWER },
	{ "case", required_argument, NULL, OPT_CASE },
	{ "metric", required_argument, NULL, OPT_METRIC },
	{ "threshold", required_argument, NULL, OPT_THRESHOLD },
	{ "metric-direction", required_argument, NULL, OPT_DIRECTION },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "summary", no_argument, NULL, OPT_SUMMARY },
	{ "monitors", no_argument, NULL, OPT_MONITORS },
	{ "profile", no_argument, NULL, OPT_PROFILE },
	{ "mixed-clocks", no_argument, NULL, OPT_MIXED_CLOCKS },
	{ "symbols", required_argument, NULL, OPT_SYMBOLS },
	{ "folded", required_argument, NULL, OPT_FOLDED },
	{ NULL, 0, NULL, 0 },
};

int report_options_parse(struct report_options *o, int argc, char **argv)
{
	int c;

	memset(o, 0, sizeof *o);
	o->by = NULL;
	o->confidence = 95;
	o->power = 80;
	o->format = FORMAT_TEXT;
	thresholds_init(&o->threshold);
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		/* An empty value, or the next option taken as the value. */
		if (c >= OPT_BY && c <= OPT_DIRECTION && usage_no_value(optarg, argv, optind))
			return cli_usage_error(NULL, "option \"--%s\" needs a value", usage_long_name(longopts, c));
		switch (c) {
		case OPT_BY: o->by = optarg; break;
		case OPT_ROWS: o->rows = optarg; break;
		case OPT_BASELINE: o->baseline = optarg; break;
		case OPT_HTML: o->html = optarg; break;
		case OPT_CASE: o->case_id = optarg; break;
		case OPT_METRIC: o->metric = optarg; break;
		case OPT_DIRECTION:
			o->direction = optarg;
			return 0;
		case OPT_CONFIDENCE:
			if (!usage_percentage("--confidence", optarg, 0, false, &o->confidence))
				return cli_hint(NULL);
			break;
		case OPT_PLAN:
			if (!usage_percentage("--plan", optarg, 0, false, &o->plan))
				return cli_hint(NULL);
			break;
		case OPT_THRESHOLD:
			if (!thresholds_add(&o->threshold, "--threshold", optarg))
				return cli_hint(NULL);
			break;
		case OPT_POWER:
			if (!usage_percentage("--power", optarg, 50, true, &o->power))
				return cli_hint(NULL);
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "text") == 0)
				o->format = FORMAT_TEXT;
			else if (strcmp(optarg, "markdown") == 0 || strcmp(optarg, "md") == 0)
				o->format = FORMAT_MARKDOWN;
			else if (strcmp(optarg, "csv") == 0)
				o->format = FORMAT_CSV;
			else if (strcmp(optarg, "json") == 0)
				o->format = FORMAT_JSON;
			else
				return cli_usage_error(NULL, "--format: unknown format '%s' (text, markdown, csv, json)",
						       optarg);
			break;
		case 'h':
			o->help = true;
			return 0;
		case OPT_VERSION:
			o->version = true;
			return 0;
		case OPT_SUMMARY:
			o->summary = true;
			break;
		case OPT_MONITORS:
			o->monitors = true;
			break;
		case OPT_PROFILE:
			o->profile = true;
			break;
		case OPT_MIXED_CLOCKS:
			o->mixed_clocks = true;
			break;
		case OPT_SYMBOLS: o->symbols = optarg; break;
		case OPT_FOLDED: o->folded = optarg; break;
		default:
			return usage_option_error(longopts, c, argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return cli_usage_error(NULL, "no run or results directory given");
	if (o->plan > 0 && o->plan <= o->threshold.all)
		return cli_usage_error(NULL, "--plan %g: not above the threshold of %g %% (--threshold): "
				       "a change that is not above it is marked at most half the time, "
				       "whatever the boots", o->plan, o->threshold.all);
	o->paths = argv + optind;
	o->npaths = (size_t)(argc - optind);
	return 0;
}
