/* SPDX-License-Identifier: GPL-2.0-only */
/* kfacts.c: kernel config, mitigations, THP, clocksource, NUMA nodes. */
#include "init/kernel/kfacts.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/sysfs.h"
#include "init/children.h"
#include "init/console.h"
#include "init/files.h"
#include "init/str.h"

#define TOOL_TIMEOUT 30	/* zcat or sha256sum of a kernel config */

int node_list_count(const char *list)
{
	const char *p = list;
	int count = 0;

	while (*p && *p != '\n') {
		char *end;
		long a = strtol(p, &end, 10), b;

		if (end == p || a < 0)
			return -1;
		b = a;
		if (*end == '-') {
			p = end + 1;
			b = strtol(p, &end, 10);
			if (end == p || b < a)
				return -1;
		}
		count += (int)(b - a + 1);
		p = end;
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -1;
	}
	return p == list ? -1 : count;
}

/* The first line of root/path, trimmed, into out; "" if unreadable. */
static void attr(const char *root, const char *path, char *out, size_t size)
{
	char full[PATH_MAX], line[512];

	out[0] = '\0';
	if (str_printf(full, sizeof full, "%s%s", root, path) < 0 ||
	    sysfs_read(full, line, sizeof line) < 0)
		return;
	snprintf(out, size, "%s", trim(line));
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct mitigation *)a)->name, ((const struct mitigation *)b)->name);
}

static void mitigations(const char *root, struct kernel_facts *k)
{
	static const char dir[] = "/sys/devices/system/cpu/vulnerabilities";
	char path[PATH_MAX];
	struct dirent *e;
	DIR *d;

	if (str_printf(path, sizeof path, "%s%s", root, dir) < 0 || !(d = opendir(path)))
		return;
	k->have_mitigations = true;
	while ((e = readdir(d))) {
		struct mitigation *m = &k->mitigations[k->n_mitigations];
		char file[PATH_MAX];

		if (e->d_name[0] == '.')
			continue;
		if (k->n_mitigations == KFACTS_MITIGATIONS_MAX) {
			warning("%s: more than %d entries; the rest not recorded", path,
				KFACTS_MITIGATIONS_MAX);
			break;
		}
		if (str_printf(file, sizeof file, "%s/%s", dir, e->d_name) < 0)
			continue;
		snprintf(m->name, sizeof m->name, "%.*s", (int)sizeof m->name - 1, e->d_name);
		attr(root, file, m->status, sizeof m->status);
		k->n_mitigations++;
	}
	closedir(d);
	qsort(k->mitigations, k->n_mitigations, sizeof *k->mitigations, by_name);
}

/* The bracketed choice of a THP setting ("always [madvise] never"). */
static void thp(const char *root, const char *name, char *out, size_t size)
{
	char path[128], text[256];

	snprintf(path, sizeof path, "/sys/kernel/mm/transparent_hugepage/%s", name);
	attr(root, path, text, sizeof text);
	out[0] = '\0';
	if (text[0])
		sysfs_selected(text, out, size);	/* the same format */
}

static bool exists(const char *root, const char *path)
{
	char full[PATH_MAX];
	struct stat st;

	return str_printf(full, sizeof full, "%s%s", root, path) == 0 && stat(full, &st) == 0 &&
	       S_ISREG(st.st_mode);
}

/* /proc/config.gz (CONFIG_IKCONFIG_PROC), else the config the kernel's
 * modules archive ships beside its modules. */
static void find_config(const char *root, const char *release, struct kernel_facts *k)
{
	char path[PATH_MAX];

	if (exists(root, "/proc/config.gz")) {
		snprintf(k->config_source, sizeof k->config_source, "/proc/config.gz");
		return;
	}
	if (release[0] && str_printf(path, sizeof path, "/lib/modules/%s/config", release) == 0 &&
	    exists(root, path))
		snprintf(k->config_source, sizeof k->config_source, "%s", path);
}

void kfacts_read(const char *root, const char *release, struct kernel_facts *k)
{
	memset(k, 0, sizeof *k);
	mitigations(root, k);
	thp(root, "enabled", k->thp_enabled, sizeof k->thp_enabled);
	thp(root, "defrag", k->thp_defrag, sizeof k->thp_defrag);
	attr(root, "/sys/devices/system/clocksource/clocksource0/current_clocksource",
	     k->clocksource, sizeof k->clocksource);
	attr(root, "/sys/devices/system/node/online", k->numa_online, sizeof k->numa_online);
	k->numa_nodes = k->numa_online[0] ? node_list_count(k->numa_online) : -1;
	find_config(root, release, k);
	kbuild_read(root, release, &k->build);
}

/* A tool's last line of output, into a 256-byte buffer. */
static void keep_line(void *ctx, const char *line)
{
	snprintf(ctx, 256, "%s", line);
}

/* Run argv (a /bin/sh -c line using the image's busybox), its last line
 * of output in last (256 bytes): 0 if it exited 0, else -1 after a
 * warning naming what ran. */
static int run_tool(const char *const argv[], const char *what, char *last)
{
	char why[CHILDREN_WHY_MAX];

	last[0] = '\0';
	if (children_run_checked(argv, what, TOOL_TIMEOUT, keep_line, last, why, sizeof why) == 0)
		return 0;
	warning("kernel config: %s", why);
	return -1;
}

/* The text of the gzip'd config src, through the image's zcat into the
 * scratch file tmp. */
static char *gunzip_config(const char *src, const char *tmp, size_t *len)
{
	const char *argv[] = { "/bin/sh", "-c", "exec zcat <\"$0\" >\"$1\"", src, tmp, NULL };
	char what[PATH_MAX + 8], last[256], *text = NULL;

	snprintf(what, sizeof what, "zcat %s", src);
	if (run_tool(argv, what, last) == 0 && !(text = read_text(tmp, KFACTS_CONFIG_MAX, len)))
		warning("kernel config: could not read \"%s\":", tmp);
	unlink(tmp);
	return text;
}

/* The sha256 of file in hex, from the image's sha256sum (busybox). */
static int file_sha256(const char *file, char hex[KFACTS_SHA256_HEX_SIZE])
{
	const char *argv[] = { "/bin/sh", "-c", "exec sha256sum <\"$0\"", file, NULL };
	char what[PATH_MAX + 16], line[256];

	snprintf(what, sizeof what, "sha256sum %s", file);
	if (run_tool(argv, what, line) < 0)
		return -1;
	if (strspn(line, "0123456789abcdef") != KFACTS_SHA256_HEX_SIZE - 1) {
		warning("kernel config: sha256sum %s printed no hash: %s", file, line);
		return -1;
	}
	memcpy(hex, line, KFACTS_SHA256_HEX_SIZE - 1);
	hex[KFACTS_SHA256_HEX_SIZE - 1] = '\0';
	return 0;
}

int kfacts_save_config(const char *root, struct kernel_facts *k, const char *dir)
{
	char src[PATH_MAX], dest[PATH_MAX], tmp[PATH_MAX], err[PATH_MAX + 32];
	size_t len = 0, sl = strlen(k->config_source);
	char *text;

	if (!k->config_source[0]) {
		note("kernel config: neither /proc/config.gz nor /lib/modules/<release>/config");
		return -1;
	}
	if (str_printf(src, sizeof src, "%s%s", root, k->config_source) < 0 ||
	    str_printf(dest, sizeof dest, "%s/%s", dir, KFACTS_CONFIG_FILE) < 0 ||
	    str_printf(tmp, sizeof tmp, "%s/.%s.gunzip", dir, KFACTS_CONFIG_FILE) < 0) {
		warning("kernel config: could not name the files in \"%s\":", dir);
		return -1;
	}
	if (sl > 3 && strcmp(k->config_source + sl - 3, ".gz") == 0)
		text = gunzip_config(src, tmp, &len);
	else if (!(text = read_text(src, KFACTS_CONFIG_MAX, &len)))
		warning("kernel config: could not read \"%s\":", src);
	if (!text)
		return -1;
	if (len == KFACTS_CONFIG_MAX) {
		warning("kernel config: %s is larger than %d MiB; not recorded", src,
			KFACTS_CONFIG_MAX >> 20);
		free(text);
		return -1;
	}
	if (write_file_atomic(dest, text, len, err, sizeof err) < 0)
		warning("kernel config: could not %s:", err);
	else
		k->config_saved = true;
	free(text);
	if (k->config_saved && file_sha256(dest, k->config_sha256) < 0)
		k->config_sha256[0] = '\0';
	return k->config_saved ? 0 : -1;
}
