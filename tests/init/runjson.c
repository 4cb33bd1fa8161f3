/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: run directory naming and creation, run.json writing,
 * crash-safe file writes, the JSON validator. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/jsonread.h"
#include "init/console.h"
#include "init/files.h"
#include "init/results/interrupted.h"
#include "init/results/record_close.h"
#include "init/results/rundir.h"
#include "init/results/runjson.h"
#include "tap.h"

static bool valid(const char *s)
{
	return jr_valid(s, strlen(s));
}

static void validator(void)
{
	ok(valid("{}") && valid(" [ ] ") && valid("0") && valid("-1.5e+3") && valid("\"a\\u00e9\\n\"") &&
	   valid("{\"a\": [1, true, false, null, {\"b\": \"c\"}]}\n"), "valid JSON is accepted");
	ok(!valid("") && !valid("{") && !valid("{\"a\" 1}") && !valid("[1,]") && !valid("{\"a\":1,}") &&
	   !valid("01") && !valid("1.") && !valid("tru") && !valid("\"a\nb\"") && !valid("\"\\x\"") &&
	   !valid("{} {}") && !valid("'a'") && !valid("[1 2]") && !valid("\"\\u12\""),
	   "invalid JSON is refused");
	char deep[200];
	memset(deep, '[', 100);
	memset(deep + 100, ']', 100);
	ok(!jr_valid(deep, 200), "nesting deeper than 64 is refused");
	ok(jr_valid("[1]x", 3) && !jr_valid("[1]x", 4), "the length bounds the text");
}

static void names(void)
{
	char buf[256];

	ok(rundir_name(buf, sizeof buf, 1735689600 + 3723, "6.12.48+deb13-cloud-amd64", "ci-42") == 0,
	   "run directory name fits");
	is_str(buf, "20250101T010203Z_6.12.48+deb13-cloud-amd64_ci-42", "run directory name");
	rundir_name(buf, sizeof buf, 0, "5.10.0-35 custom/x", "abc");
	is_str(buf, "19700101T000000Z_5.10.0-35_custom_x_abc", "odd characters of the release become _");
	ok(rundir_name(buf, 20, 0, "6.1.0", "abc") == -1, "a name too long for the buffer is refused");
	utc_string(buf, sizeof buf, 1735689600 + 3723);
	is_str(buf, "2025-01-01T01:02:03Z", "UTC time string");
}

static void directories(const char *base)
{
	char rel[512], path[1024];
	struct stat st;

	ok(rundir_create(base, "20250101T010203Z_6.1.0_x", rel, sizeof rel) == 0, "run directory created");
	is_str(rel, "runs/20250101T010203Z_6.1.0_x", "its path relative to the results partition");
	snprintf(path, sizeof path, "%s/%s/logs", base, rel);
	ok(stat(path, &st) == 0 && S_ISDIR(st.st_mode), "with logs/ in it");
	ok(rundir_create(base, "20250101T010203Z_6.1.0_x", rel, sizeof rel) == 0, "same name again");
	is_str(rel, "runs/20250101T010203Z_6.1.0_x-2", "gets a -2 suffix, never reuses a directory");
}

static int fill_hello(FILE *out, const void *arg)
{
	fprintf(out, "hello %s\n", (const char *)arg);
	return 0;
}

static int fill_fails(FILE *out, const void *arg)
{
	(void)out;
	(void)arg;
	return -1;
}

static void atomic(const char *base)
{
	char path[1024], *text;
	DIR *dir;
	struct dirent *e;
	int leftovers = 0;

	ok(write_file_filled(base, "f.txt", fill_hello, "world") == 0, "atomic write");
	snprintf(path, sizeof path, "%s/f.txt", base);
	text = read_text(path, 1024, NULL);
	is_str(text, "hello world\n", "atomic write: content");
	free(text);
	ok(write_file_filled(base, "f.txt", fill_fails, NULL) == -1, "a failing writer fails");
	text = read_text(path, 1024, NULL);
	is_str(text, "hello world\n", "a failed write leaves the old file");
	free(text);
	dir = opendir(base);
	while (dir && (e = readdir(dir)))
		leftovers += strstr(e->d_name, ".tmp") != NULL;
	if (dir)
		closedir(dir);
	ok(leftovers == 0, "no temporary file left behind");
	ok(write_file_filled("/nonexistent-dir", "x", fill_hello, "") == -1, "missing directory fails");
}

static const char expected[] =
"{\n"
"  \"format\": \"bootbench-run\",\n"
"  \"format_version\": 1,\n"
"  \"status\": \"failed\",\n"
"  \"reason\": \"suite quick failed: initdb: \\\"quoted\\\"\",\n"
"  \"failed_phase\": \"bench\",\n"
"  \"id\": \"ci-42\",\n"
"  \"directory\": \"runs/20250101T010203Z_6.12.48_ci-42\",\n"
"  \"started_utc\": \"2025-01-01T01:02:03Z\",\n"
"  \"finished_utc\": \"2025-01-01T01:05:00Z\",\n"
"  \"image\": {\n"
"    \"id\": \"v1-2-g0123abc+3f2a9c1b0d4e\"\n"
"  },\n"
"  \"kernel\": {\n"
"    \"release\": \"6.12.48\",\n"
"    \"version\": \"#1 SMP\",\n"
"    \"arch\": \"x86_64\",\n"
"    \"cmdline\": \"console=ttyS0 bootbench.target=PARTLABEL=bootbench-target bootbench.id=ci-42\",\n"
"    \"config\": {\n"
"      \"source\": \"/lib/modules/6.12.48/config\",\n"
"      \"file\": \"kernel.config\",\n"
"      \"sha256\": \"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\"\n"
"    },\n"
"    \"build\": {\n"
"      \"name\": \"patched\",\n"
"      \"kind\": \"tree\",\n"
"      \"source\": \"/src/linux\",\n"
"      \"image_sha256\": null,\n"
"      \"build_id\": \"4f1c2a\",\n"
"      \"git_commit\": \"0123abcd-dirty\"\n"
"    },\n"
"    \"mitigations\": {\n"
"      \"meltdown\": \"Mitigation: PTI\",\n"
"      \"spectre_v1\": null\n"
"    },\n"
"    \"transparent_hugepage\": {\n"
"      \"enabled\": \"madvise\",\n"
"      \"defrag\": null\n"
"    },\n"
"    \"clocksource\": \"tsc\",\n"
"    \"numa\": {\n"
"      \"online\": \"0-1\",\n"
"      \"nodes\": 2\n"
"    }\n"
"  },\n"
"  \"variant\": null,\n"
"  \"clock\": {\n"
"    \"mode\": \"host\"\n"
"  },\n"
"  \"parameters\": {\n"
"    \"suite\": \"quick\",\n"
"    \"target\": \"PARTLABEL=bootbench-target\",\n"
"    \"results\": \"PARTLABEL=bootbench-results\",\n"
"    \"wal\": null,\n"
"    \"erase\": [],\n"
"    \"results_init\": false,\n"
"    \"after\": \"poweroff\",\n"
"    \"timeout_s\": 3600,\n"
"    \"disk_wait_s\": 30,\n"
"    \"id\": \"ci-42\",\n"
"    \"next\": null\n"
"  },\n"
"  \"cpu\": {\n"
"    \"model\": \"QEMU Virtual CPU version 2.5+\",\n"
"    \"count\": 2\n"
"  },\n"
"  \"memory\": {\n"
"    \"total_kib\": 1004560\n"
"  },\n"
"  \"results\": {\n"
"    \"spec\": \"PARTLABEL=bootbench-results\",\n"
"    \"device\": \"/dev/vda1\",\n"
"    \"disk\": \"vda\",\n"
"    \"partition\": true,\n"
"    \"model\": null,\n"
"    \"vendor\": null,\n"
"    \"size_bytes\": 67108864,\n"
"    \"rotational\": true,\n"
"    \"scheduler\": \"mq-deadline\",\n"
"    \"partlabel\": \"bootbench-results\",\n"
"    \"partuuid\": null,\n"
"    \"label\": \"bootbench-res\",\n"
"    \"fstype\": \"ext4\",\n"
"    \"modeled\": null\n"
"  },\n"
"  \"results_mount\": {\n"
"    \"options\": \"noatime,nodev,nosuid\",\n"
"    \"formatted_by_this_boot\": false,\n"
"    \"fsck\": null,\n"
"    \"state_at_finish\": \"full\",\n"
"    \"free_bytes_at_finish\": 1273856\n"
"  },\n"
"  \"target\": {\n"
"    \"spec\": \"PARTLABEL=bootbench-target\",\n"
"    \"device\": \"/dev/vdb1\",\n"
"    \"disk\": \"vdb\",\n"
"    \"partition\": true,\n"
"    \"model\": \"Samsung SSD 870\",\n"
"    \"vendor\": \"ATA\",\n"
"    \"size_bytes\": 536870912,\n"
"    \"rotational\": null,\n"
"    \"scheduler\": \"none\",\n"
"    \"partlabel\": \"bootbench-target\",\n"
"    \"partuuid\": null,\n"
"    \"label\": null,\n"
"    \"fstype\": null,\n"
"    \"modeled\": null\n"
"  },\n"
"  \"wal\": null,\n"
"  \"suite\": {\n"
"    \"name\": \"quick\",\n"
"    \"min_target_mib\": 256,\n"
"    \"allow_unmarked\": false,\n"
"    \"needs_wal\": false\n"
"  },\n"
"  \"phases\": [\n"
"    {\n"
"      \"name\": \"bringup\",\n"
"      \"seconds\": 0.012\n"
"    },\n"
"    {\n"
"      \"name\": \"bench\",\n"
"      \"seconds\": 61.5\n"
"    }\n"
"  ],\n"
"  \"hang\": {\n"
"    \"hung_task_timeout_s\": 60,\n"
"    \"hung_task_timeout_at_boot_s\": 120,\n"
"    \"found\": null\n"
"  },\n"
"  \"bench\": {\n"
"    \"status\": \"failed\",\n"
"    \"note\": \"two\\nlines\",\n"
"    \"phases\": []\n"
"  }\n"
"}\n";

/* The record as run_record_write() writes it: a new string, its length in *len. */
static char *written(const struct run_record *r, size_t *len)
{
	char *text = NULL;
	FILE *out = open_memstream(&text, len);

	run_record_write(out, r);
	fclose(out);
	return text;
}

/* Whether record r with parameters q is written as valid JSON holding want. */
static bool written_with(struct run_record r, const struct params *q, const char *want)
{
	size_t len;
	char *text;
	bool yes;

	r.params = q;
	text = written(&r, &len);
	yes = text && jr_valid(text, len) && strstr(text, want);
	free(text);
	return yes;
}

static void record(void)
{
	struct params p;
	struct machine m = { "6.12.48", "#1 SMP", "x86_64", "QEMU Virtual CPU version 2.5+", 2, 1004560 };
	struct disk_facts res = { "PARTLABEL=bootbench-results", "/dev/vda1", "vda", true, "", "",
				  64 << 20, 1, "mq-deadline", "bootbench-results", "", "bootbench-res", "ext4" };
	struct disk_facts tgt = { "PARTLABEL=bootbench-target", "/dev/vdb1", "vdb", true, "Samsung SSD 870",
				  "ATA", 512 << 20, -1, "none", "bootbench-target", "", "", "" };
	struct suite_info s;
	struct phase ph[] = { { "bringup", 0.0123 }, { "bench", 61.5 } };
	char err[256], *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	params_defaults(&p);
	params_parse(&p, "console=ttyS0 bootbench.target=PARTLABEL=bootbench-target bootbench.id=ci-42",
		     err, sizeof err);
	static struct kernel_facts k = {
		.have_mitigations = true,
		.mitigations = { { "meltdown", "Mitigation: PTI" }, { "spectre_v1", "" } },
		.n_mitigations = 2, .thp_enabled = "madvise", .clocksource = "tsc",
		.numa_online = "0-1", .numa_nodes = 2,
		.config_source = "/lib/modules/6.12.48/config",
		.config_sha256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		.config_saved = true,
		.build = { .present = true, .name = "patched", .kind = "tree", .source = "/src/linux",
			   .build_id = "4f1c2a", .git_commit = "0123abcd-dirty" },
	};
	suite_info_init(&s, "quick");
	s.min_target_mib = 256;
	s.allow_unmarked = 0;
	s.needs_wal = 0;
	struct results_health health = { RESULTS_FULL, 1273856, 54525952, "" };
	static struct hang hang = { .detector = { .at_boot = 120, .during_run = 60 } };
	struct run_record r = {
		.results_health = &health,
		.status = "failed", .reason = "suite quick failed: initdb: \"quoted\"",
		.failed_phase = "bench", .id = "ci-42",
		.directory = "runs/20250101T010203Z_6.12.48_ci-42",
		.started_utc = "2025-01-01T01:02:03Z", .finished_utc = "2025-01-01T01:05:00Z",
		.machine = &m, .kernel = &k, .image = "{\n  \"id\": \"v1-2-g0123abc+3f2a9c1b0d4e\"\n}",
		.cmdline = "console=ttyS0 bootbench.target=PARTLABEL=bootbench-target bootbench.id=ci-42",
		.params = &p, .results = &res, .target = &tgt, .wal = NULL,
		.results_mount_options = "noatime,nodev,nosuid", .suite = &s,
		.phases = ph, .n_phases = 2, .hang = &hang, .bench = "{\n  \"status\": \"failed\",\n  \"note\": \"two\\nlines\",\n  \"phases\": []\n}",
	};
	run_record_write(out, &r);
	fclose(out);
	is_str(text, expected, "run.json text");
	ok(jr_valid(text, len), "run.json is valid JSON");
	free(text);

	/* a record with what a boot with a bad command line knows */
	struct run_record early = { .status = "running", .id = "0a1b2c3d4e5f", .directory = "runs/x",
				.started_utc = "1970-01-01T00:00:00Z", .machine = &m, .params = &p,
				.results = &res };
	text = NULL;
	out = open_memstream(&text, &len);
	run_record_write(out, &early);
	fclose(out);
	ok(jr_valid(text, len) && strstr(text, "\"reason\": null") && strstr(text, "\"target\": null") &&
	   strstr(text, "\"suite\": null") && strstr(text, "\"bench\": null") &&
	   strstr(text, "\"hang\": null") &&
	   strstr(text, "\"phases\": []") && strstr(text, "\"cmdline\": \"\"") &&
	   strstr(text, "\"image\": null") && strstr(text, "\"config\": null") &&
	   strstr(text, "\"mitigations\": null") && strstr(text, "\"enabled\": null") &&
	   strstr(text, "\"clocksource\": null") && strstr(text, "\"numa\": null"),
	   "a record with unknowns is valid JSON with nulls");
	/* the next boot can mark this record interrupted (init/results/interrupted.c
	 * relies on where the status and the reason are) */
	char *marked = interrupted_record(text, len, "interrupted: test");
	ok(marked && strstr(marked, "\"status\": \"interrupted\"") &&
	   strstr(marked, "\"reason\": \"interrupted: test\""),
	   "a running record as written can be marked interrupted");
	free(marked);
	/* and the record-crash mode can mark it failed (init/crash_record.c) */
	marked = record_close(text, len, "failed", "the boot program was killed", "bench",
			      "1970-01-01T00:01:00Z");
	struct jr_error jerr;
	struct jr_value *v = marked ? jr_parse(marked, strlen(marked), &jerr) : NULL;
	ok(v && !strcmp(jr_str(jr_get(v, "status")), "failed") &&
	   !strcmp(jr_str(jr_get(v, "reason")), "the boot program was killed") &&
	   !strcmp(jr_str(jr_get(v, "failed_phase")), "bench") &&
	   !strcmp(jr_str(jr_get(v, "finished_utc")), "1970-01-01T00:01:00Z") &&
	   !strcmp(jr_str(jr_get(v, "started_utc")), "1970-01-01T00:00:00Z") &&
	   strlen(marked) == len + strlen("failed") - strlen("running") +
	   strlen("\"the boot program was killed\"\"bench\"\"1970-01-01T00:01:00Z\"") -
	   3 * strlen("null"), "a running record as written can be marked failed, the rest as it was");
	jr_free(v);
	free(marked);
	char *failed = record_close(text, len, "failed", "x", "bench", "1970-01-01T00:01:00Z");
	ok(failed && !record_close(failed, strlen(failed), "failed", "y", NULL, NULL),
	   "a failed record is not closed again");
	free(failed);
	free(text);

	/* bootbench.results=console: no partition */
	struct params console_params = p;
	console_params.results_console = true;
	console_params.results.kind = DEVSPEC_NONE;
	struct run_record in_memory = early;
	in_memory.params = &console_params;
	in_memory.results = NULL;
	in_memory.results_mount_options = "tmpfs (bootbench.results=console)";
	text = written(&in_memory, &len);
	ok(jr_valid(text, len) && strstr(text, "    \"results\": \"console\",\n") &&
	   strstr(text, "\n  \"results\": null,\n") &&
	   strstr(text, "\"options\": \"tmpfs (bootbench.results=console)\""),
	   "results=console: parameters.results \"console\", results null, the tmpfs named");
	free(text);

	/* a variant: its name and parameters */
	struct params q = p;
	variant_parse("pti=on+nosmt", &q.variant, err, sizeof err);
	ok(written_with(early, &q, "\n  \"variant\": {\n    \"name\": \"pti=on+nosmt\",\n"
			"    \"parameters\": [\n      \"pti=on\",\n      \"nosmt\"\n    ]\n  },\n"),
	   "a variant: its name and its parameters");

	/* the instructions clock: its mode and shift */
	q = p;
	clock_parse("instructions:3", &q.clock);
	ok(written_with(early, &q, "\n  \"clock\": {\n    \"mode\": \"instructions\",\n"
			"    \"shift\": 3,\n    \"sleep\": \"on\"\n  },\n"),
	   "the instructions clock: its mode, its shift, an idle guest's time the host's");
	clock_parse("instructions:3,sleep=off", &q.clock);
	ok(written_with(early, &q, "\n  \"clock\": {\n    \"mode\": \"instructions\",\n"
			"    \"shift\": 3,\n    \"sleep\": \"off\"\n  },\n"),
	   "the deterministic machine's clock: sleep off");

	/* a model target: its parameters and what null_blk made of them */
	struct model_disk md = { .wanted = true, .made = true, .mib = 256, .name = "nullb0",
				 .time_scale = 24.0, .latency_ns = 400008, .mbps = 131,
				 .path = "/dev/nullb0", .written = "size=256 completion_nsec=16667",
				 .lacking = "fua", .write_cache = "write back", .fua = true,
				 .profile = { "nvme", 16667, 32, true, 3147, 1023, 2, 512, "sheet" } };
	struct disk_facts mt = { "model:nvme:256", "/dev/nullb0", "nullb0", false, "", "",
				 256 << 20, 0, "none", "", "", "", "" };
	struct run_record withm = early;

	withm.target = &mt;
	withm.model_target = &md;
	ok(written_with(withm, &p, "\"fstype\": null,\n    \"modeled\": {\n      \"name\": \"nvme\",\n"
			"      \"driver\": \"null_blk\",\n      \"size_mib\": 256,\n"
			"      \"latency_ns\": 16667,\n      \"cache_mib\": 32,\n      \"fua\": true,\n"
			"      \"mbps\": 3147,\n      \"time_scale\": 24,\n"
			"      \"made_latency_ns\": 400008,\n      \"made_mbps\": 131,\n"
			"      \"queue_depth\": 1023,\n      \"queues\": 2,\n"
			"      \"block\": 512,\n      \"source\": \"sheet\",\n"
			"      \"attributes\": \"size=256 completion_nsec=16667\",\n"
			"      \"lacking\": \"fua\",\n      \"write_cache\": \"write back\",\n"
			"      \"queue_fua\": true\n    }\n  },\n  \"wal\": null"),
	   "a model target: run.json's target.modeled says the model and the kernel's view of it");

	/* e2fsck -p of the results partition before the mount */
	struct results_fsck fsck = { .ran = true, .exit_status = 1, .seconds = 0.0425,
				     .said = "res: 13/64 files\n" };
	struct run_record withf = early;

	withf.results_fsck = &fsck;
	ok(written_with(withf, &p, "\"fsck\": {\n      \"program\": \"/sbin/e2fsck -p\",\n"
			"      \"exit_status\": 1,\n      \"repaired\": true,\n"
			"      \"seconds\": 0.043,\n      \"output\": \"res: 13/64 files\\n\"\n    }"),
	   "results_mount.fsck: the program, its status, whether it repaired, its time and output");
	fsck.exit_status = 0;
	ok(written_with(withf, &p, "\"exit_status\": 0,\n      \"repaired\": false,"),
	   "a clean partition: exit 0, nothing repaired");
}

int main(void)
{
	char base[] = "/tmp/bootbench-init-test.XXXXXX";

	console_use_fd(2);
	validator();
	names();
	if (!mkdtemp(base))
		return 1;
	directories(base);
	atomic(base);
	record();
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
	if (system(cmd) != 0)
		return 1;
	return tap_done();
}
