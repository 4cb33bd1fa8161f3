/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * machine_freq.c: [machine] governor (the scaling_governor of every
 * cpufreq policy) and boost (intel_pstate's no_turbo, else cpufreq's
 * boost).  A machine without a cpufreq driver -- QEMU's -- has neither.
 */
#include "bench/knobs/knob_file.h"
#include "bench/knobs/machine.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CPUFREQ CPU_SYSFS "/cpufreq"
#define MAX_POLICIES 1024

struct policies {
	unsigned n;
	unsigned id[MAX_POLICIES];     /* policyN, in order */
};

static int by_number(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
	return x < y ? -1 : x > y;
}

/* The cpufreq policies with a scaling_governor. */
static void policies(const struct knobs *k, struct policies *p)
{
	char dir[PATH_MAX], file[96];
	DIR *d = opendir(kf_path(k, CPUFREQ, dir, sizeof(dir)));
	struct dirent *e;

	p->n = 0;
	while (d && (e = readdir(d)) && p->n < MAX_POLICIES) {
		unsigned id;
		char end;
		if (sscanf(e->d_name, "policy%u%c", &id, &end) != 1)
			continue;
		snprintf(file, sizeof(file), CPUFREQ "/policy%u/scaling_governor", id);
		if (kf_exists(k, file))
			p->id[p->n++] = id;
	}
	if (d)
		closedir(d);
	qsort(p->id, p->n, sizeof(p->id[0]), by_number);
}

static const char *policy_file(unsigned id, const char *name, char *buf, size_t len)
{
	snprintf(buf, len, CPUFREQ "/policy%u/%s", id, name);
	return buf;
}

static bool governor_has(const struct machine_control *mc, struct knobs *k,
			 char *reason, size_t len)
{
	struct policies p;

	(void)mc;
	policies(k, &p);
	if (p.n)
		return true;
	snprintf(reason, len, "no CPU frequency scaling: %s has no policy (the kernel "
		 "has no cpufreq driver for this machine)", CPUFREQ);
	return false;
}

/* "performance", or "policy0=performance policy2=powersave" when the
 * policies differ. */
static int governor_read(const struct machine_control *mc, struct knobs *k,
			 char *buf, size_t len, char *err, size_t elen)
{
	struct policies p;
	char file[96], gov[64], first[64] = "";
	size_t used = 0;
	bool mixed = false;

	(void)mc;
	policies(k, &p);
	buf[0] = '\0';
	for (unsigned i = 0; i < p.n; i++) {
		if (kf_read_or_say(k, policy_file(p.id[i], "scaling_governor", file, sizeof(file)),
				   gov, sizeof(gov), err, elen) < 0)
			return -1;
		if (i == 0)
			snprintf(first, sizeof(first), "%s", gov);
		mixed |= strcmp(gov, first) != 0;
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used, "%spolicy%u=%s",
						 i ? " " : "", p.id[i], gov);
	}
	if (!mixed)
		snprintf(buf, len, "%s", first);
	return 0;
}

static int governor_check(const struct machine_control *mc, struct knobs *k,
			  const char *value, char *err, size_t len)
{
	struct policies p;
	char file[96], list[256];

	(void)mc;
	policies(k, &p);
	for (unsigned i = 0; i < p.n; i++) {
		policy_file(p.id[i], "scaling_available_governors", file, sizeof(file));
		if (kf_read(k, file, list, sizeof(list)) < 0)
			continue;	/* the write says */
		if (!kf_has_word(list, value)) {
			snprintf(err, len, "\"%s\" is not one of this machine's governors "
				 "(%s: %s)", value, file, list);
			return -1;
		}
	}
	return 0;
}

static int governor_set(const struct machine_control *mc, struct knobs *k,
			const char *value, char *err, size_t len)
{
	struct policies p;
	char file[96];

	(void)mc;
	policies(k, &p);
	for (unsigned i = 0; i < p.n; i++) {
		policy_file(p.id[i], "scaling_governor", file, sizeof(file));
		if (kf_write_or_say(k, file, value, "", RANK_OTHER, err, len) < 0)
			return -1;
	}
	return 0;
}

const struct machine_control machine_governor = {
	"governor", NULL, governor_has, governor_read, governor_check, governor_set,
	machine_same_word,
};

#define NO_TURBO CPU_SYSFS "/intel_pstate/no_turbo"
#define BOOST    CPUFREQ "/boost"

/* The file that switches boost, and whether "1" there means off. */
static const char *boost_file(const struct knobs *k, bool *inverted)
{
	*inverted = kf_exists(k, NO_TURBO);
	if (*inverted)
		return NO_TURBO;
	return kf_exists(k, BOOST) ? BOOST : NULL;
}

static bool boost_has(const struct machine_control *mc, struct knobs *k,
		      char *reason, size_t len)
{
	bool inverted;

	(void)mc;
	if (boost_file(k, &inverted))
		return true;
	snprintf(reason, len, "no boost control (neither %s nor %s)", NO_TURBO, BOOST);
	return false;
}

static int boost_read(const struct machine_control *mc, struct knobs *k,
		      char *buf, size_t len, char *err, size_t elen)
{
	bool inverted;
	const char *file = boost_file(k, &inverted);
	char text[16];

	(void)mc;
	if (kf_read_or_say(k, file ? file : BOOST, text, sizeof(text), err, elen) < 0)
		return -1;
	snprintf(buf, len, "%s", (strcmp(text, "1") == 0) != inverted ? "on" : "off");
	return 0;
}

static int boost_set(const struct machine_control *mc, struct knobs *k,
		     const char *value, char *err, size_t len)
{
	bool inverted;
	const char *file = boost_file(k, &inverted);
	const char *text = machine_bool(value) != inverted ? "1" : "0";

	(void)mc;
	return kf_write_or_say(k, file ? file : BOOST, text, "", RANK_OTHER, err, len);
}

static bool boost_is(struct knobs *k, const char *value, const char *now)
{
	(void)k;
	return strcmp(now, machine_bool(value) ? "on" : "off") == 0;
}

const struct machine_control machine_boost = {
	"boost", NULL, boost_has, boost_read, NULL, boost_set, boost_is,
};
