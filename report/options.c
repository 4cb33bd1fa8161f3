/* options.c: parse the command line of bootbench-report. */
#include "options.h"

#include "diag.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
"Usage: " PROGNAME " [options] RUN_DIR|RESULTS_DIR...\n"
"Compare benchmark runs side by side: one column per kernel (or another axis).\n"
"A RESULTS_DIR holds runs/*/ (or run directories directly); a RUN_DIR holds\n"
"run.json and results.jsonl.\n"
"\n"
"  --by KEY            columns: kernel (default), fs (filesystem type),\n"
"                      scheduler, run, or any env or params key (fsync, clients,\n"
"                      postgresql.shared_buffers, ...)\n"
"  --rows KEY          rows: default clients when it varies, else the first\n"
"                      key that varies\n"
"  --baseline VALUE    the column changes are measured against (default: first)\n"
"  --confidence PCT    confidence of the significance mark (default 95)\n"
"  --format FMT        text (default), markdown, csv or json\n"
"  --html FILE         also write a self-contained HTML page with charts\n"
"  --plan PCT          instead of the report: the boots per column needed to\n"
"                      detect a change of PCT %, from the spread between the\n"
"                      boots of these runs (a pilot: 3 boots per column or more)\n"
"  --power PCT         the chance --plan's boots find such a change (default 80)\n"
"  -h, --help          this text\n"
"\n"
"Exit status: 0 every input read, 1 some input skipped (see the warnings),\n"
"2 bad usage or nothing to report.\n";

static int usage(FILE *f, int rc)
{
	fputs(usage_text, f);
	return rc;
}

/* *out = arg, a percentage above lo (from lo when with_lo) and below 100;
 * false after an error naming the option. */
static bool percentage(const char *option, const char *arg, double lo, bool with_lo, double *out)
{
	char *end;
	double v = strtod(arg, &end);

	if (end == arg || *end || !(with_lo ? v >= lo : v > lo) || !(v < 100)) {
		diag_error("%s: not a percentage %s %g and below 100: '%s'", option,
			   with_lo ? "from" : "above", lo, arg);
		return false;
	}
	*out = v;
	return true;
}

int options_parse(struct options *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "by", required_argument, NULL, 'b' },
		{ "rows", required_argument, NULL, 'r' },
		{ "baseline", required_argument, NULL, 'B' },
		{ "confidence", required_argument, NULL, 'c' },
		{ "format", required_argument, NULL, 'f' },
		{ "html", required_argument, NULL, 'H' },
		{ "plan", required_argument, NULL, 'p' },
		{ "power", required_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof *o);
	o->by = "kernel";
	o->confidence = 95;
	o->power = 80;
	o->format = FORMAT_TEXT;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'b': o->by = optarg; break;
		case 'r': o->rows = optarg; break;
		case 'B': o->baseline = optarg; break;
		case 'H': o->html = optarg; break;
		case 'c':
			if (!percentage("--confidence", optarg, 0, false, &o->confidence))
				return usage(stderr, 2);
			break;
		case 'p':
			if (!percentage("--plan", optarg, 0, false, &o->plan))
				return usage(stderr, 2);
			break;
		case 'P':
			if (!percentage("--power", optarg, 50, true, &o->power))
				return usage(stderr, 2);
			break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				o->format = FORMAT_TEXT;
			else if (strcmp(optarg, "markdown") == 0 || strcmp(optarg, "md") == 0)
				o->format = FORMAT_MARKDOWN;
			else if (strcmp(optarg, "csv") == 0)
				o->format = FORMAT_CSV;
			else if (strcmp(optarg, "json") == 0)
				o->format = FORMAT_JSON;
			else {
				diag_error("--format: unknown format '%s' (text, markdown, csv, json)", optarg);
				return usage(stderr, 2);
			}
			break;
		case 'h':
			usage(stdout, 0);
			return 1;
		default:
			return usage(stderr, 2);
		}
	}
	if (optind >= argc) {
		diag_error("no run or results directory given");
		return usage(stderr, 2);
	}
	o->paths = argv + optind;
	o->npaths = (size_t)(argc - optind);
	return 0;
}
