/* SPDX-License-Identifier: GPL-2.0-only */
/* boot_status.c: the handover file and the end line (boot_status.h). */
#include "init/boot_status.h"

#include <stdbool.h>
#include <stdio.h>

#include "init/boot.h"
#include "init/console.h"
#include "init/handover.h"
#include "init/hang.h"
#include "init/phase.h"
#include "init/results/endline.h"

static void handover_of(const struct boot *b, const char *end, struct handover *h)
{
	snprintf(h->phase, sizeof h->phase, "%s", phase_current() ? phase_current() : "");
	snprintf(h->id, sizeof h->id, "%s", b->params.id);
	snprintf(h->mount, sizeof h->mount, "%s", b->results_mounted ? RESULTS_MOUNT : "");
	snprintf(h->run, sizeof h->run, "%s", b->run_rel);
	snprintf(h->results, sizeof h->results, "%s", b->params.results_console ?
		 RESULTS_CONSOLE : results_state_name(b->results_health.state));
	snprintf(h->device, sizeof h->device, "%s", b->results ? b->results->path : "");
	snprintf(h->devname, sizeof h->devname, "%s", b->results ? b->results->name : "");
	h->hung[0] = '\0';
	if (b->hang.found && !hang_disks(&b->hang, h->hung, sizeof h->hung)[0])
		snprintf(h->hung, sizeof h->hung, "a disk");
	snprintf(h->end, sizeof h->end, "%s", end);
}

static void save(const struct handover *h)
{
	static bool warned;

	if (handover_save(HANDOVER_PATH, h) < 0 && !warned) {
		warned = true;
		warning("could not write \"%s\":", HANDOVER_PATH);
	}
}

void boot_status_save(const struct boot *b)
{
	struct handover h;

	handover_of(b, "", &h);
	save(&h);
}

void boot_status_end_line(const struct boot *b, struct handover *h, struct end_line *e)
{
	const char *after = b->kexec_loaded ? "kexec" : after_name(b->params.after);

	handover_of(b, after, h);
	*e = (struct end_line){
		.status = failure() ? "failed" : "done",
		.failed_phase = failure_phase(),
		.reason = failure(),
		.id = h->id,
		.run = h->run,
		.record_saved = b->record_saved,
		.results = h->results,
		.results_device = h->device,
		.after = h->end,
		.next_kernel = b->kexec_loaded ? b->kexec_name : NULL,
	};
}

void boot_status_end(const struct boot *b)
{
	struct handover h;
	struct end_line e;

	boot_status_end_line(b, &h, &e);
	end_line_print(&e);
	save(&h);
}
