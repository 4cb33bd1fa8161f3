/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bootbench-report: compare benchmark runs side by side.
 *
 * Read the run directories, arrange the measurements into tables (one
 * column per kernel or other axis value), test the differences, print.
 * Exit status: 0 everything was read, 1 some input was skipped (the
 * warnings say what), 2 bad usage or nothing to report.
 */
#include "common/cli.h"
#include "report/clocks.h"
#include "report/diag.h"
#include "report/group.h"
#include "report/metric.h"
#include "report/monitors.h"
#include "common/image_id.h"
#include "report/report_options.h"
#include "report/output.h"
#include "report/profile/prof_folded.h"
#include "report/profile/profile.h"
#include "report/runs.h"
#include "report/summary.h"

#include <stdio.h>

int main(int argc, char **argv)
{
	struct report_options opt;
	struct dataset ds = { 0 };
	struct report rep;
	int rc = report_options_parse(&opt, argc, argv);

	if (rc)
		return rc;
	if (opt.help || opt.version)
		return (opt.help ? cli_print_help(report_options_usage)
				 : cli_print_version(bootbench_image_id)) ? 0 : 2;
	if (opt.direction)
		return metric_print_direction(stdout, opt.direction);
	if (opt.summary) {
		dataset_read(&ds, opt.paths, opt.npaths);
		rc = output_summary(stdout, &ds, opt.paths, opt.npaths);
		if (fflush(stdout) != 0 || ferror(stdout)) {
			fail("could not write the summary to stdout:");
			rc = 2;
		}
		dataset_free(&ds);
		return rc;
	}
	if (dataset_read(&ds, opt.paths, opt.npaths) == 0) {
		fail("no measurements to report");
		dataset_free(&ds);
		return 2;
	}
	if (dataset_select(&ds, opt.case_id, opt.metric) != 0 ||
	    clocks_check(&ds, opt.mixed_clocks) != 0) {
		dataset_free(&ds);
		return 2;
	}
	rc = report_build(&rep, &ds, &opt);
	if (rc == 0 && opt.profile && opt.plan == 0)
		rc = profiles_build(&rep);
	if (rc == 0 && rep.profiles)
		rc = prof_folded_write(&rep);
	if (rc == 0) {
		monitors_build(&rep);
		if (opt.plan > 0)
			output_plan(stdout, &rep);
		else
			switch (opt.format) {
			case FORMAT_TEXT: output_text(stdout, &rep); break;
			case FORMAT_MARKDOWN: output_markdown(stdout, &rep); break;
			case FORMAT_CSV: output_csv(stdout, &rep); break;
			case FORMAT_JSON: output_json(stdout, &rep); break;
			}
		if (opt.plan == 0 && opt.html && output_html(opt.html, &rep) != 0)
			rc = 2;
		if (fflush(stdout) != 0 || ferror(stdout)) {
			fail("could not write the report to stdout:");
			rc = 2;
		}
		if (rc == 0 && diag_skipped())
			rc = 1;
	}
	monitors_free(&rep);
	profiles_free(&rep);
	report_free(&rep);
	dataset_free(&ds);
	return rc;
}
