/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * endline.c: tests of init/results/endline.c and boot_status_end_line()
 * (init/boot_status.c): the boot's last line is one valid JSON object
 * that says the status, the reason, the run directory, whether the record
 * was saved and the results partition's state.
 */
#include "init/results/endline.h"

#include "tap.h"

#include <stdlib.h>
#include <string.h>

#include "common/jsonread.h"
#include "init/boot.h"
#include "init/boot_status.h"
#include "init/console.h"
#include "init/handover.h"

static struct jr_value *end_object(const struct boot *b)
{
	static char *text;
	size_t len = 0;
	struct jr_error err;
	struct handover h;
	struct end_line e;
	FILE *out;

	boot_status_end_line(b, &h, &e);
	free(text);
	text = NULL;
	out = open_memstream(&text, &len);
	if (!out)
		return NULL;
	end_line_write(out, &e);
	if (fclose(out) != 0)
		return NULL;
	ok(!strchr(text, '\n'), "one line: %s", text);
	return jr_parse(text, len, &err);
}

int main(void)
{
	static struct boot b;
	static struct blockdev results = { .name = "vda1", .path = "/dev/vda1" };
	struct jr_value *v;

	v = end_object(&b);
	ok(v != NULL, "nothing known yet: valid JSON");
	is_str(jr_str(jr_get(v, "status")), "done", "nothing failed: done");
	is_str(jr_str(jr_get(v, "results")), "not-mounted", "results not mounted");
	ok(jr_get(v, "reason") && !jr_str(jr_get(v, "reason")) && !jr_str(jr_get(v, "run")) &&
	   !jr_str(jr_get(v, "results_device")), "no reason, run or device: null");
	is_str(jr_str(jr_get(v, "after")), "poweroff", "after: poweroff");
	jr_free(v);

	b.results = &results;
	b.results_mounted = true;
	b.results_health.state = RESULTS_FULL;
	snprintf(b.run_rel, sizeof b.run_rel, "runs/20260101T000000Z_6.12_ab");
	snprintf(b.params.id, sizeof b.params.id, "ab");
	fail("results partition /dev/vda1 is full (\"12 KiB\" free)");
	v = end_object(&b);
	ok(v != NULL, "a failed run: valid JSON");
	is_str(jr_str(jr_get(v, "status")), "failed", "status failed");
	is_str(jr_str(jr_get(v, "reason")), "results partition /dev/vda1 is full (\"12 KiB\" free)",
	       "the reason, quotes escaped");
	is_str(jr_str(jr_get(v, "results")), "full", "results: full");
	is_str(jr_str(jr_get(v, "results_device")), "/dev/vda1", "the results device");
	is_str(jr_str(jr_get(v, "run")), "runs/20260101T000000Z_6.12_ab", "the run directory");
	is_str(jr_str(jr_get(v, "id")), "ab", "the run id");
	ok(jr_get(v, "record_saved") && jr_get(v, "record_saved")->type == JR_BOOL &&
	   !jr_get(v, "record_saved")->boolean, "record not saved: false");
	jr_free(v);

	b.params.results_console = true;
	b.results = NULL;
	v = end_object(&b);
	is_str(jr_str(jr_get(v, "results")), "console", "bootbench.results=console: results console");
	ok(!jr_str(jr_get(v, "results_device")), "and no results device");
	jr_free(v);
	return tap_done();
}
