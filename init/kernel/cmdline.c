/* SPDX-License-Identifier: GPL-2.0-only */
/* cmdline.c: parse and check the bootbench.* kernel parameters. */
#include "init/kernel/cmdline.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "common/sysfs.h"
#include "init/console.h"
#include "init/files.h"
#include "init/kernel/results_path.h"
#include "init/str.h"

#define PREFIX "bootbench."
#define TOKEN_MAX 1024

static int bad(char *err, size_t n, const char *key, const char *value, const char *expected)
{
	snprintf(err, n, "bad value " PREFIX "%s=%s: expected %s", key, value, expected);
	return -1;
}

static bool name_ok(const char *s, size_t max)
{
	size_t len = strlen(s);

	if (len == 0 || len > max)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_')
			return false;
	return true;
}

static int number(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)*s))
		return -1;
	v = strtol(s, &end, 10);
	if (*end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static int set_suite(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	if (!name_ok(v, SUITE_NAME_MAX))
		return bad(err, n, k, v, "a suite name of letters, digits, '-' and '_' (at most 64)");
	snprintf(p->suite, sizeof p->suite, "%s", v);
	return 0;
}

static int set_spec(struct devspec *spec, const char *k, const char *v, char *err, size_t n)
{
	char why[128];

	if (devspec_parse(spec, v, why, sizeof why) == 0)
		return 0;
	return bad(err, n, k, v, why);
}

static int set_target(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	return set_spec(&p->target, k, v, err, n);
}

/* A device, or "console": the run is kept in memory and printed on the
 * console at the end (console_results.h). */
static int set_results(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	if (strcmp(v, RESULTS_CONSOLE) == 0) {
		p->results_console = true;
		p->results.kind = DEVSPEC_NONE;
		return 0;
	}
	if (set_spec(&p->results, k, v, err, n) < 0)
		return -1;
	if (p->results.kind == DEVSPEC_MODEL)
		return bad(err, n, k, v, "a partition that outlives the boot, not a model disk "
			   "(it is made in the guest's memory)");
	return 0;
}

static int set_wal(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	return set_spec(&p->wal, k, v, err, n);
}

static int set_erase(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	char list[TOKEN_MAX], *save, *path;

	snprintf(list, sizeof list, "%s", v);
	p->erase_count = 0;
	for (path = strtok_r(list, ",", &save); path; path = strtok_r(NULL, ",", &save)) {
		struct devspec spec;
		char why[128];

		if (devspec_parse(&spec, path, why, sizeof why) < 0 || spec.kind != DEVSPEC_PATH)
			return bad(err, n, k, v, "the /dev/ path of the target (and of the WAL device, after a comma)");
		if (p->erase_count == ERASE_MAX)
			return bad(err, n, k, v, "at most two paths");
		snprintf(p->erase[p->erase_count++], DEVSPEC_MAX, "%s", path);
	}
	if (p->erase_count == 0)
		return bad(err, n, k, v, "a /dev/ path");
	return 0;
}

static int set_bool(bool *b, const char *k, const char *v, char *err, size_t n)
{
	if (strcmp(v, "0") && strcmp(v, "1"))
		return bad(err, n, k, v, "0 or 1");
	*b = v[0] == '1';
	return 0;
}

static int set_results_init(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	return set_bool(&p->results_init, k, v, err, n);
}

static int set_pmem(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	return set_bool(&p->pmem, k, v, err, n);
}

static int set_unsigned_modules(struct params *p, const char *k, const char *v, char *err,
				size_t n)
{
	return set_bool(&p->unsigned_modules, k, v, err, n);
}

static int set_online_cpus(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	return set_bool(&p->online_cpus, k, v, err, n);
}

static const char *const after_names[] = {
	[AFTER_POWEROFF] = "poweroff",
	[AFTER_REBOOT] = "reboot",
	[AFTER_SHELL] = "shell",
};

const char *after_name(enum after after)
{
	return after_names[after];
}

static int set_after(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	for (size_t i = 0; i < sizeof after_names / sizeof after_names[0]; i++) {
		if (strcmp(v, after_names[i]) == 0) {
			p->after = i;
			return 0;
		}
	}
	return bad(err, n, k, v, "poweroff, reboot or shell");
}

static int set_timeout(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	if (number(v, 1, TIMEOUT_MAX, &p->timeout) < 0)
		return bad(err, n, k, v, "a number of seconds from 1 to 604800");
	return 0;
}

static int set_disk_wait(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	if (number(v, 0, DISK_WAIT_MAX, &p->disk_wait) < 0)
		return bad(err, n, k, v, "a number of seconds from 0 to 3600");
	return 0;
}

static int set_id(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	size_t len = strlen(v);

	if (len == 0 || len > RUN_ID_MAX || strspn(v,
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != len)
		return bad(err, n, k, v, "letters, digits and '-' (at most 32)");
	snprintf(p->id, sizeof p->id, "%s", v);
	return 0;
}

/* The walk file: a path relative to the results partition's root. */
static int set_next(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	if (!results_path_ok(v))
		return bad(err, n, k, v, RESULTS_PATH_RULE);
	snprintf(p->next, sizeof p->next, "%s", v);
	return 0;
}

/* The kernel variant this boot is (variant.h): its parameters joined
 * with '+'.  That each is on the command line is checked once the whole
 * line is read (params_parse). */
static int set_variant(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	char why[256];

	if (variant_parse(v, &p->variant, why, sizeof why) < 0) {
		snprintf(err, n, "bad value " PREFIX "%s=%s: %s", k, v, why);
		return -1;
	}
	return 0;
}

/* The clock the host measures this boot in (clockmode.h). */
static int set_clock(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	if (clock_parse(v, &p->clock) < 0)
		return bad(err, n, k, v, CLOCK_RULE);
	return 0;
}

/* For tests only: the boot program crashes (SIGSEGV) at the start of this
 * phase, so that the record of a crash can be tested.  The phases after
 * the command line is read. */
static const char *const crash_phases[] = {
	"modules", "devices", "results", "interlock", "fs-modules", "bench", "finish",
};

#define NCRASH (sizeof crash_phases / sizeof crash_phases[0])

static int set_crash(struct params *p, const char *k, const char *v, char *err, size_t n)
{
	char names[128];
	size_t used = 0;

	for (size_t i = 0; i < NCRASH; i++) {
		if (strcmp(v, crash_phases[i]) == 0) {
			snprintf(p->crash, sizeof p->crash, "%s", v);
			return 0;
		}
		used += snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
				 crash_phases[i]);
	}
	return bad(err, n, k, v, names);
}

static const struct key {
	const char *name;
	int (*set)(struct params *p, const char *key, const char *value, char *err, size_t n);
} keys[] = {
	{ "suite", set_suite },
	{ "target", set_target },
	{ "results", set_results },
	{ "wal", set_wal },
	{ "erase", set_erase },
	{ "results-init", set_results_init },
	{ "pmem", set_pmem },
	{ "unsigned-modules", set_unsigned_modules },
	{ "online-cpus", set_online_cpus },
	{ "after", set_after },
	{ "timeout", set_timeout },
	{ "disk-wait", set_disk_wait },
	{ "id", set_id },
	{ "next", set_next },
	{ "variant", set_variant },
	{ "clock", set_clock },
	{ "crash", set_crash },
};
#define NKEYS (sizeof keys / sizeof keys[0])

void params_defaults(struct params *p)
{
	char err[8];

	memset(p, 0, sizeof *p);
	snprintf(p->suite, sizeof p->suite, "quick");
	devspec_parse(&p->results, "PARTLABEL=bootbench-results", err, sizeof err);
	p->after = AFTER_POWEROFF;
	p->timeout = TIMEOUT_DEFAULT;
	p->disk_wait = 30;
}

/* The next blank-separated word of s, the kernel's way: double quotes
 * group blanks and are dropped.  Returns the rest of s, NULL at the end. */
static const char *next_word(const char *s, char *word, size_t size, bool *too_long)
{
	bool quoted = false;
	size_t n = 0;

	while (*s && isspace((unsigned char)*s))
		s++;
	if (!*s)
		return NULL;
	*too_long = false;
	for (; *s && (quoted || !isspace((unsigned char)*s)); s++) {
		if (*s == '"') {
			quoted = !quoted;
			continue;
		}
		if (n + 1 < size)
			word[n++] = *s;
		else
			*too_long = true;
	}
	word[n] = '\0';
	return s;
}

static void key_list(char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NKEYS && used < size; i++)
		used += snprintf(buf + used, size - used, "%s%s", i ? ", " : "", keys[i].name);
}

static int check_erase(const struct params *p, char *err, size_t n)
{
	const struct devspec *raw[] = { &p->target, &p->wal };
	const char *names[] = { "target", "wal" };

	for (int i = 0; i < 2; i++) {
		bool confirmed = false;

		if (raw[i]->kind != DEVSPEC_PATH)
			continue;
		for (int e = 0; e < p->erase_count; e++)
			confirmed |= strcmp(p->erase[e], raw[i]->value) == 0;
		if (!confirmed) {
			snprintf(err, n, PREFIX "%s=%s is a raw device path: confirm it with "
				 PREFIX "erase=%s", names[i], raw[i]->value, raw[i]->value);
			return -1;
		}
	}
	for (int e = 0; e < p->erase_count; e++) {
		char target[DEVSPEC_MAX + 16], wal[DEVSPEC_MAX + 16];

		if ((p->target.kind == DEVSPEC_PATH && !strcmp(p->erase[e], p->target.value)) ||
		    (p->wal.kind == DEVSPEC_PATH && !strcmp(p->erase[e], p->wal.value)))
			continue;
		snprintf(err, n, PREFIX "erase=%s does not match " PREFIX "target=%s%s%s",
			 p->erase[e], devspec_str(&p->target, target, sizeof target),
			 p->wal.kind ? " or " PREFIX "wal=" : "",
			 p->wal.kind ? devspec_str(&p->wal, wal, sizeof wal) : "");
		return -1;
	}
	return 0;
}

/* Whether word is a word of cmdline, as next_word() reads it. */
static bool has_word(const char *cmdline, const char *word)
{
	char w[TOKEN_MAX];
	bool too_long;

	while ((cmdline = next_word(cmdline, w, sizeof w, &too_long)))
		if (!too_long && strcmp(w, word) == 0)
			return true;
	return false;
}

/* The variant's parameters must be on the command line: the record says
 * what the kernel was given. */
static int check_variant(const struct params *p, const char *cmdline, char *err, size_t n)
{
	for (int i = 0; i < p->variant.count; i++) {
		if (has_word(cmdline, p->variant.param[i]))
			continue;
		snprintf(err, n, PREFIX "variant=%s: its parameter %s is not on the kernel command line",
			 p->variant.name, p->variant.param[i]);
		return -1;
	}
	return 0;
}

int params_parse(struct params *p, const char *cmdline, char *err, size_t errlen)
{
	const char *line = cmdline;

	bool seen[NKEYS] = { false };
	char word[TOKEN_MAX];
	bool too_long;
	int rc = 0;

	err[0] = '\0';
	while ((cmdline = next_word(cmdline, word, sizeof word, &too_long))) {
		char *key = word + strlen(PREFIX), *value = strchr(word, '=');
		char e[512];
		size_t i;

		if (strncmp(word, PREFIX, strlen(PREFIX)) != 0)
			continue;
		if (value)
			*value++ = '\0';
		for (i = 0; i < NKEYS && strcmp(key, keys[i].name); i++)
			;
		if (i == NKEYS) {
			char known[256];

			key_list(known, sizeof known);
			str_printf(e, sizeof e, "unknown parameter " PREFIX "%s (known: %s)", key, known);
		} else if (too_long) {
			str_printf(e, sizeof e, "the value of " PREFIX "%s is too long", key);
		} else if (!value || !*value) {
			str_printf(e, sizeof e, PREFIX "%s needs a value: " PREFIX "%s=VALUE", key, key);
		} else if (seen[i]) {
			str_printf(e, sizeof e, PREFIX "%s is given twice", key);
		} else {
			seen[i] = true;
			if (keys[i].set(p, key, value, e, sizeof e) == 0)
				continue;
		}
		/* Go on after an error: the results partition and the run id,
		 * if valid, still say where the failed record goes. */
		if (i < NKEYS && keys[i].set == set_results)
			p->results.kind = DEVSPEC_NONE;
		if (rc == 0)
			snprintf(err, errlen, "%s", e);
		rc = -1;
	}
	if (rc < 0)
		return rc;
	if (check_variant(p, line, err, errlen) < 0)
		return -1;
	if (p->target.kind == DEVSPEC_NONE) {
		snprintf(err, errlen, PREFIX "target= is missing: name the partition to format, "
			 "e.g. " PREFIX "target=PARTLABEL=bootbench-target");
		return -1;
	}
	return check_erase(p, err, errlen);
}

void params_key(struct params *p, const char *cmdline, const char *key)
{
	char word[TOKEN_MAX], e[512];
	size_t plen = strlen(PREFIX), klen = strlen(key);
	bool too_long;

	while ((cmdline = next_word(cmdline, word, sizeof word, &too_long))) {
		const char *value = word + plen + klen + 1;

		/* The words params_parse() refuses without taking the key. */
		if (strncmp(word, PREFIX, plen) || strncmp(word + plen, key, klen) ||
		    word[plen + klen] != '=' || too_long || !*value)
			continue;
		for (size_t i = 0; i < NKEYS; i++)
			if (strcmp(key, keys[i].name) == 0)
				keys[i].set(p, key, value, e, sizeof e);
		return;
	}
}

/* A run id for a boot that did not get one: 12 hex digits of the
 * kernel's random boot id (which never blocks for entropy). */
static void make_id(char *id, size_t size)
{
	char boot_id[64], *out = id;
	unsigned char r[6];

	if (sysfs_read("/proc/sys/kernel/random/boot_id", boot_id, sizeof boot_id) == 0) {
		for (char *s = boot_id; *s && out < id + 12 && out + 1 < id + size; s++)
			if (isxdigit((unsigned char)*s))
				*out++ = *s;
		*out = '\0';
		if (out == id + 12)
			return;
	}
	if (getrandom(r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r)
		memset(r, 0, sizeof r);
	snprintf(id, size, "%02x%02x%02x%02x%02x%02x", r[0], r[1], r[2], r[3], r[4], r[5]);
}

int cmdline_read(struct params *p, char **text)
{
	char err[1024];

	params_defaults(p);
	*text = read_text("/proc/cmdline", 65536, NULL);
	if (!*text) {
		make_id(p->id, sizeof p->id);
		return fail("could not read \"/proc/cmdline\":");
	}
	(*text)[strcspn(*text, "\n")] = '\0';
	bool ok = params_parse(p, *text, err, sizeof err) == 0;
	if (!p->id[0])
		make_id(p->id, sizeof p->id);
	if (!ok)
		return fail("%s", err);
	char ctext[CLOCK_TEXT_MAX];
	note("suite %s, target %s, run id %s%s%s%s%s", p->suite,
	     devspec_str(&p->target, err, sizeof err), p->id,
	     p->variant.name[0] ? ", variant " : "", p->variant.name,
	     p->clock.instructions ? ", clock " : "",
	     p->clock.instructions ? clock_text(&p->clock, ctext, sizeof ctext) : "");
	return 0;
}
