/* SPDX-License-Identifier: GPL-2.0-only */
/* endline.c: the boot's last line, one JSON object (see endline.h). */
#include "init/results/endline.h"

#include <stdlib.h>

#include "common/json.h"
#include "init/console.h"

void end_line_write(FILE *out, const struct end_line *e)
{
	struct json j;

	json_init(&j, out, false);
	json_object_begin(&j, NULL);
	json_string(&j, "status", e->status);
	json_string_or_null(&j, "failed_phase", e->failed_phase);
	json_string_or_null(&j, "reason", e->reason);
	json_string_or_null(&j, "id", e->id);
	json_string_or_null(&j, "run", e->run);
	json_bool(&j, "record_saved", e->record_saved);
	json_string(&j, "results", e->results);
	json_string_or_null(&j, "results_device", e->results_device);
	json_string(&j, "after", e->after);
	json_string_or_null(&j, "next_kernel", e->next_kernel);
	json_object_end(&j);
}

void end_line_print(const struct end_line *e)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	if (!out)
		return;
	fputs(END_LINE_PREFIX, out);
	end_line_write(out, e);
	if (fclose(out) == 0)
		console_line(text);
	free(text);
}
