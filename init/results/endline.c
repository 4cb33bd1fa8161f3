/* SPDX-License-Identifier: GPL-2.0-only */
/* endline.c: the boot's last line, one JSON object (see endline.h). */
#include "init/results/endline.h"

#include <stdlib.h>

#include "common/json.h"
#include "init/console.h"

void end_line_write(FILE *out, const struct boot *b)
{
	struct json j;

	json_init(&j, out, false);
	json_object_begin(&j, NULL);
	json_string(&j, "status", failure() ? "failed" : "done");
	json_string_or_null(&j, "failed_phase", failure_phase());
	json_string_or_null(&j, "reason", failure());
	json_string_or_null(&j, "id", b->params.id);
	json_string_or_null(&j, "run", b->run_rel);
	json_bool(&j, "record_saved", b->record_saved);
	json_string(&j, "results", b->params.results_console ? RESULTS_CONSOLE :
		    results_state_name(b->results_health.state));
	json_string_or_null(&j, "results_device", b->results ? b->results->path : NULL);
	json_string(&j, "after", b->kexec_loaded ? "kexec" : after_name(b->params.after));
	json_string_or_null(&j, "next_kernel", b->kexec_loaded ? b->kexec_name : NULL);
	json_object_end(&j);
}

void end_line(const struct boot *b)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	if (!out)
		return;
	fputs(END_LINE_PREFIX, out);
	end_line_write(out, b);
	if (fclose(out) == 0)
		console_line(text);
	free(text);
}
