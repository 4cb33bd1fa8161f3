/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: the kernel facts of run.json (kfacts.c) read from a fake
 * root directory, the kernel config copied and hashed (sha256sum),
 * /etc/bootbench/image.json. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "init/console.h"
#include "init/files.h"
#include "init/kernel/imageinfo.h"
#include "init/kernel/kfacts.h"
#include "fakeroot.h"
#include "tap.h"

static char root[] = "/tmp/bootbench-kfacts-test.XXXXXX";

/* Write text to root/path, making its directories. */
static void put(const char *path, const char *text)
{
	fakeroot_put(root, path, text);
}

static void node_lists(void)
{
	ok(node_list_count("0\n") == 1, "node list \"0\": 1 node");
	ok(node_list_count("0-3,8-11") == 8, "node list \"0-3,8-11\": 8 nodes");
	ok(node_list_count("0,2") == 2, "node list \"0,2\": 2 nodes");
	ok(node_list_count("") == -1 && node_list_count("x") == -1 && node_list_count("3-1") == -1 &&
	   node_list_count("0-") == -1 && node_list_count("1;2") == -1, "bad node lists: -1");
}

static void fake_kernel(void)
{
	static struct kernel_facts k;
	char dir[4200], *text;
	const char *config = "CONFIG_64BIT=y\n# CONFIG_IKCONFIG is not set\n";

	put("/sys/devices/system/cpu/vulnerabilities/spectre_v2",
	    "Mitigation: Retpolines; STIBP: disabled; RSB filling\n");
	put("/sys/devices/system/cpu/vulnerabilities/meltdown", "Mitigation: PTI\n");
	put("/sys/devices/system/cpu/vulnerabilities/l1tf", "Not affected\n");
	put("/sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
	put("/sys/kernel/mm/transparent_hugepage/defrag", "always defer defer+madvise [madvise] never\n");
	put("/sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc\n");
	put("/sys/devices/system/node/online", "0-1\n");
	put("/lib/modules/6.12.48/config", config);
	snprintf(dir, sizeof dir, "%s/run", root);
	mkdir(dir, 0755);

	kfacts_read(root, "6.12.48", &k);
	ok(k.have_mitigations && k.n_mitigations == 3, "three vulnerabilities read");
	ok(k.n_mitigations == 3 && !strcmp(k.mitigations[0].name, "l1tf") &&
	   !strcmp(k.mitigations[1].name, "meltdown") && !strcmp(k.mitigations[2].name, "spectre_v2"),
	   "vulnerabilities sorted by name");
	is_str(k.mitigations[2].status, "Mitigation: Retpolines; STIBP: disabled; RSB filling",
	       "a vulnerability's status, without its newline");
	is_str(k.thp_enabled, "madvise", "THP enabled: the bracketed choice");
	is_str(k.thp_defrag, "madvise", "THP defrag: the bracketed choice");
	is_str(k.clocksource, "tsc", "clocksource");
	ok(!strcmp(k.numa_online, "0-1") && k.numa_nodes == 2, "NUMA nodes online 0-1: 2");
	is_str(k.config_source, "/lib/modules/6.12.48/config", "config: the one beside the modules");
	ok(kfacts_save_config(root, &k, dir) == 0 && k.config_saved, "config saved");
	is_str(k.config_sha256, "5647fa45676150745c4139b8b20d64b5119f0ef36739f935ea36a6ac2b2bb8d3",
	       "config sha256 (as sha256sum computes it)");
	snprintf(dir, sizeof dir, "%s/run/kernel.config", root);
	text = read_text(dir, 1 << 20, NULL);
	is_str(text, config, "run/kernel.config is the config, byte for byte");
	free(text);

	ok(!k.build.present, "no identity file: no build");
	put("/lib/modules/6.12.48/identity", "name=patched\nkind=tree\nsource=/src/linux\n"
	    "release=6.12.48\nbuild_id=4f1c2a\ngit_commit=0123abcd-dirty\nno key here\n");
	kfacts_read(root, "6.12.48", &k);
	ok(k.build.present && !strcmp(k.build.name, "patched") && !strcmp(k.build.kind, "tree") &&
	   !strcmp(k.build.source, "/src/linux"), "identity: name, kind, source");
	ok(!strcmp(k.build.build_id, "4f1c2a") && !strcmp(k.build.git_commit, "0123abcd-dirty") &&
	   !k.build.image_sha256[0], "identity: build id, git commit; a key not given stays empty");

	kfacts_read(root, "6.1.0", &k);
	ok(k.config_source[0] == '\0', "another release: its config is not found");
	ok(!k.build.present, "another release: its identity is not found");

	/* /proc/config.gz wins over the file, and is decompressed. */
	snprintf(dir, sizeof dir, "printf 'CONFIG_IKCONFIG_PROC=y\\n' | gzip -n >%s/proc/config.gz", root);
	put("/proc/.keep", "");
	ok(system(dir) == 0, "a gzip'd /proc/config.gz made");
	kfacts_read(root, "6.12.48", &k);
	is_str(k.config_source, "/proc/config.gz", "config: /proc/config.gz first");
	snprintf(dir, sizeof dir, "%s/run", root);
	ok(kfacts_save_config(root, &k, dir) == 0, "/proc/config.gz decompressed and saved");
	snprintf(dir, sizeof dir, "%s/run/kernel.config", root);
	text = read_text(dir, 1 << 20, NULL);
	is_str(text, "CONFIG_IKCONFIG_PROC=y\n", "the saved config is the decompressed text");
	free(text);
	put("/proc/config.gz", "not gzip");
	snprintf(dir, sizeof dir, "%s/run", root);
	ok(kfacts_save_config(root, &k, dir) == -1, "a corrupt /proc/config.gz: not saved (a warning)");
}

static void old_kernel(void)
{
	static struct kernel_facts k;
	char empty[4200], cmd[4300];

	snprintf(empty, sizeof empty, "%s/empty", root);
	mkdir(empty, 0755);
	kfacts_read(empty, "5.10.0", &k);
	ok(!k.have_mitigations && k.n_mitigations == 0, "no vulnerabilities directory: unknown");
	ok(!k.thp_enabled[0] && !k.thp_defrag[0] && !k.clocksource[0], "no THP, no clocksource: unknown");
	ok(!k.numa_online[0] && k.numa_nodes == -1, "no NUMA node list: unknown");
	ok(!k.config_source[0] && kfacts_save_config(empty, &k, empty) == -1 && !k.config_sha256[0],
	   "no config anywhere: nothing saved, no hash");
	snprintf(cmd, sizeof cmd, "test -z \"$(ls -A '%s')\"", empty);
	ok(system(cmd) == 0, "nothing written into the run directory");
}

static void image_info(void)
{
	char path[4200], *text;

	put("/etc/bootbench/image.json", "{\n  \"id\": \"abc+0123456789ab\"\n}\n\n");
	snprintf(path, sizeof path, "%s/etc/bootbench/image.json", root);
	text = image_info_read(path);
	is_str(text, "{\n  \"id\": \"abc+0123456789ab\"\n}", "image.json read, trailing blank lines cut");
	free(text);
	put("/etc/bootbench/image.json", "{\"id\": \"abc\"");
	ok(image_info_read(path) == NULL, "a truncated image.json is refused");
	put("/etc/bootbench/image.json", "[1]");
	ok(image_info_read(path) == NULL, "an image.json that is not an object is refused");
	snprintf(path, sizeof path, "%s/etc/bootbench/missing.json", root);
	ok(image_info_read(path) == NULL, "a missing image.json: NULL");
}

int main(void)
{
	char cmd[128];
	int failed;

	console_use_fd(2);
	if (!mkdtemp(root))
		return 1;
	node_lists();
	fake_kernel();
	old_kernel();
	image_info();
	failed = tap_done();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	if (system(cmd) != 0)
		return 1;
	return failed;
}
