/* SPDX-License-Identifier: GPL-2.0-only */
/* supervise.c: PID 1's decisions about the boot program (supervise.h). */
#include "init/supervise.h"

#include <stdio.h>
#include <sys/reboot.h>
#include <sys/wait.h>

#include "common/spawn.h"
#include "init/results/results_state.h"

void supervise_read(const char *cmdline, struct supervision *s)
{
	struct params p;

	params_defaults(&p);
	if (cmdline) {
		params_key(&p, cmdline, "timeout");
		params_key(&p, cmdline, "after");
	}
	s->timeout = p.timeout;
	s->after = p.after;
}

bool supervise_ended(int status)
{
	return WIFEXITED(status) && WEXITSTATUS(status) >= BOOT_EXIT_POWEROFF &&
		WEXITSTATUS(status) <= BOOT_EXIT_KEXEC;
}

int supervise_command(int status, const struct supervision *s)
{
	if (supervise_ended(status)) {
		switch (WEXITSTATUS(status)) {
		case BOOT_EXIT_REBOOT:
			return RB_AUTOBOOT;
		case BOOT_EXIT_KEXEC:
			return RB_KEXEC;
		default:
			return RB_POWER_OFF;
		}
	}
	return supervise_after(s);
}

int supervise_after(const struct supervision *s)
{
	return s->after == AFTER_REBOOT ? RB_AUTOBOOT : RB_POWER_OFF;
}

const char *supervise_reason(int status, bool timed_out, const struct supervision *s,
			     const char *phase, char *buf, size_t size)
{
	char how[64], where[64] = "";

	if (phase[0])
		snprintf(where, sizeof where, " in phase %s", phase);
	if (timed_out)
		snprintf(buf, size, "the boot program did not end the run within "
			 "bootbench.timeout=%ld s + %d s: stopped it%s", s->timeout,
			 DEADLINE_EXTRA, where);
	else if (WIFSIGNALED(status))
		snprintf(buf, size, "the boot program was %s%s",
			 spawn_status_text(status, how, sizeof how), where);
	else
		snprintf(buf, size, "the boot program stopped (%s)%s before the run ended",
			 spawn_status_text(status, how, sizeof how), where);
	return buf;
}

void supervise_end_line(const struct handover *h, const char *reason, bool record_saved,
			const char *results, const struct supervision *s,
			struct end_line *e)
{
	*e = (struct end_line){
		.status = "failed",
		.failed_phase = h->phase,
		.reason = reason,
		.id = h->id,
		.run = h->run,
		.record_saved = record_saved,
		.results = results ? results : h->results[0] ? h->results :
			results_state_name(RESULTS_NOT_MOUNTED),
		.results_device = h->device,
		.after = after_name(s->after == AFTER_REBOOT ? AFTER_REBOOT : AFTER_POWEROFF),
	};
}
