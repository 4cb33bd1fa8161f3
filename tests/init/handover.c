/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * handover.c: tests of init/handover.c: the boot program's state file
 * for PID 1 reads back as it was written; unknown keys and values too
 * long are left out; a missing file reads as all empty.
 */
#include "init/handover.h"

#include "tap.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct handover full = {
	.phase = "bench", .id = "3f2a9c1b", .mount = "/mnt/results",
	.run = "runs/20250131T120000Z_6.12.48+deb13-cloud-amd64_3f2a9c1b",
	.results = "writable", .device = "/dev/vda1", .devname = "vda1", .hung = "vdb vdc",
	.end = "",
};

int main(void)
{
	char text[1024], base[] = "/tmp/bootbench-handover.XXXXXX", path[128], cmd[160];
	struct handover h;

	ok(handover_format(&full, text, sizeof text) == 0, "formatted");
	ok(strstr(text, "phase bench\n") && strstr(text, "run runs/20250131T120000Z_") &&
	   strstr(text, "\nhung vdb vdc\n") &&
	   strstr(text, "\nend \n"), "one \"key value\" line each:\n%s", text);
	handover_parse(text, &h);
	ok(!memcmp(&h, &full, sizeof h), "read back as written");
	ok(handover_format(&full, text, 40) == -1, "a buffer too small: -1");

	handover_parse("end shell\nfuture key\nphase\nid a b\n"
		       "device /dev/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
		       "mount /mnt/results", &h);
	is_str(h.end, "shell", "a later key");
	is_str(h.phase, "", "a key without a value: empty");
	is_str(h.id, "a b", "the value is the rest of the line");
	is_str(h.device, "", "a value too long for its field: left out");
	is_str(h.mount, "/mnt/results", "the last line without a newline");

	if (!mkdtemp(base))
		return 1;
	snprintf(path, sizeof path, "%s/bootbench/handover", base);
	ok(handover_save(path, &full) == 0, "saved (its directory made)");
	ok(handover_save(path, &full) == 0, "saved again over it");
	ok(handover_load(path, &h) == 0 && !memcmp(&h, &full, sizeof h), "loaded as saved");
	snprintf(path, sizeof path, "%s/none/handover", base);
	memset(&h, 'x', sizeof h);
	ok(handover_load(path, &h) == -1 && errno == ENOENT && !h.phase[0] && !h.end[0],
	   "a missing file: -1 and all empty");
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
	if (system(cmd) != 0)
		ok(0, "remove %s", base);
	return tap_done();
}
