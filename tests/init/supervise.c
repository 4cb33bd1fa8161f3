/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * supervise.c: tests of init/supervise.c, PID 1's decisions: the deadline
 * and after= it reads from the command line agree with the boot
 * program's reading (params_parse()) whatever else the line holds; how
 * each end of the boot program ends the machine; the reason of a crash
 * and its end line.
 */
#include "init/supervise.h"

#include "tap.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/wait.h>

#include "common/jsonread.h"
#include "init/results/endline.h"

/* PID 1 and the boot program read line alike. */
static void same_as_boot(const char *line)
{
	struct supervision s;
	struct params p;
	char err[1024];

	params_defaults(&p);
	params_parse(&p, line, err, sizeof err);
	supervise_read(line, &s);
	ok(s.timeout == p.timeout && s.after == p.after, "as the boot program reads it (%ld s, %s): %s",
	   s.timeout, after_name(s.after), line);
}

static void command_line(void)
{
	struct supervision s;

	supervise_read(NULL, &s);
	ok(s.timeout == TIMEOUT_DEFAULT && s.timeout == 3600 && s.after == AFTER_POWEROFF,
	   "no command line: the defaults, 3600 s and poweroff");
	supervise_read("console=ttyS0 bootbench.timeout=600 bootbench.after=reboot", &s);
	ok(s.timeout == 600 && s.after == AFTER_REBOOT, "timeout and after read");
	supervise_read("bootbench.target=nonsense bootbench.colour=blue bootbench.timeout=90", &s);
	ok(s.timeout == 90, "errors in other keys do not matter");
	supervise_read("bootbench.timeout=0 bootbench.after=halt", &s);
	ok(s.timeout == 3600 && s.after == AFTER_POWEROFF, "bad values: the defaults");
	supervise_read("\"bootbench.timeout=120\" bootbench.timeout-x=5 xbootbench.timeout=7", &s);
	ok(s.timeout == 120, "quoted; keys that only begin or end alike are others");
	same_as_boot("bootbench.target=PARTLABEL=x bootbench.timeout=30 bootbench.timeout=40");
	same_as_boot("bootbench.target=PARTLABEL=x bootbench.timeout= bootbench.timeout=40");
	same_as_boot("bootbench.target=PARTLABEL=x bootbench.timeout bootbench.timeout=50");
	same_as_boot("bootbench.target=PARTLABEL=x bootbench.timeout=604801 bootbench.after=shell");
	same_as_boot("bootbench.after=reboot bootbench.after=shell");
}

static void ends(void)
{
	struct supervision poweroff = { 3600, AFTER_POWEROFF }, reboot = { 3600, AFTER_REBOOT };
	struct supervision shell = { 3600, AFTER_SHELL };

	ok(supervise_ended(BOOT_EXIT_POWEROFF << 8) && supervise_ended(BOOT_EXIT_REBOOT << 8) &&
	   supervise_ended(BOOT_EXIT_KEXEC << 8), "the three exit statuses that end the run");
	ok(!supervise_ended(0) && !supervise_ended(1 << 8) && !supervise_ended(SIGSEGV) &&
	   !supervise_ended(BOOT_EXIT_RECORDED << 8), "any other end does not");
	ok(supervise_command(BOOT_EXIT_POWEROFF << 8, &reboot) == (int)RB_POWER_OFF &&
	   supervise_command(BOOT_EXIT_REBOOT << 8, &poweroff) == (int)RB_AUTOBOOT &&
	   supervise_command(BOOT_EXIT_KEXEC << 8, &poweroff) == (int)RB_KEXEC,
	   "the end the boot program asked for");
	ok(supervise_command(SIGSEGV, &poweroff) == (int)RB_POWER_OFF &&
	   supervise_command(SIGSEGV, &reboot) == (int)RB_AUTOBOOT &&
	   supervise_command(SIGSEGV, &shell) == (int)RB_POWER_OFF,
	   "after a crash: power off, or reboot for after=reboot; no shell");
}

static void reasons(void)
{
	struct supervision s = { 600, AFTER_POWEROFF };
	char buf[256];

	is_str(supervise_reason(SIGSEGV, false, &s, "bench", buf, sizeof buf),
	       "the boot program was killed by signal 11 (Segmentation fault) in phase bench",
	       "killed by a signal");
	is_str(supervise_reason(SIGKILL, false, &s, "", buf, sizeof buf),
	       "the boot program was killed by signal 9 (Killed)", "no phase known");
	is_str(supervise_reason(1 << 8, false, &s, "devices", buf, sizeof buf),
	       "the boot program stopped (exit status 1) in phase devices before the run ended",
	       "an exit that did not end the run");
	is_str(supervise_reason(0, true, &s, "bench", buf, sizeof buf),
	       "the boot program did not end the run within bootbench.timeout=600 s + 60 s: "
	       "stopped it in phase bench", "past the deadline");
}

static void crash_end_line(void)
{
	struct supervision s = { 600, AFTER_REBOOT };
	struct handover h = { .phase = "bench", .id = "ab", .mount = "/mnt/results",
			      .run = "runs/x_6.12_ab", .results = "writable",
			      .device = "/dev/vda1", .devname = "vda1" };
	struct handover none = { .phase = "" };
	struct end_line e;
	struct jr_error err;
	struct jr_value *v;
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	supervise_end_line(&h, "the boot program was killed", true, NULL, &s, &e);
	out = open_memstream(&text, &len);
	end_line_write(out, &e);
	fclose(out);
	v = jr_parse(text, len, &err);
	ok(v && !strcmp(jr_str(jr_get(v, "status")), "failed") &&
	   !strcmp(jr_str(jr_get(v, "failed_phase")), "bench") &&
	   !strcmp(jr_str(jr_get(v, "reason")), "the boot program was killed") &&
	   !strcmp(jr_str(jr_get(v, "run")), "runs/x_6.12_ab") &&
	   !strcmp(jr_str(jr_get(v, "results")), "writable") &&
	   !strcmp(jr_str(jr_get(v, "after")), "reboot") && jr_get(v, "record_saved")->boolean,
	   "a crash's end line: failed, the phase, the run, after=reboot: %s", text);
	jr_free(v);
	free(text);

	s.after = AFTER_SHELL;
	supervise_end_line(&none, "x", false, "gone", &s, &e);
	ok(!strcmp(e.results, "gone") && !strcmp(e.after, "poweroff") && !e.record_saved,
	   "the state found since; after=shell powers off");
	supervise_end_line(&none, "x", false, NULL, &s, &e);
	text = NULL;
	out = open_memstream(&text, &len);
	end_line_write(out, &e);
	fclose(out);
	v = jr_parse(text, len, &err);
	ok(v && !strcmp(jr_str(jr_get(v, "results")), "not-mounted") && !jr_str(jr_get(v, "run")) &&
	   !jr_str(jr_get(v, "failed_phase")) && !jr_str(jr_get(v, "id")),
	   "no handover file: not-mounted, no run, no phase, no id: %s", text);
	jr_free(v);
	free(text);
}

int main(void)
{
	command_line();
	ends();
	reasons();
	crash_end_line();
	return tap_done();
}
