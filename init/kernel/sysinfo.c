/* SPDX-License-Identifier: GPL-2.0-only */
/* sysinfo.c: kernel, CPU and memory facts for run.json. */
#include "init/kernel/sysinfo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "common/meminfo.h"
#include "init/console.h"
#include "init/files.h"
#include "init/kernel/kfacts.h"

void cpuinfo_model(const char *cpuinfo, char *out, size_t size)
{
	static const char *const fields[] = { "model name", "cpu model", "Processor", "cpu" };

	out[0] = '\0';
	for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++) {
		size_t flen = strlen(fields[f]);

		for (const char *line = cpuinfo; line && *line; ) {
			const char *colon = strchr(line, ':'), *eol = strchr(line, '\n');
			size_t klen;

			if (!eol)
				eol = line + strlen(line);
			if (colon && colon < eol) {
				klen = colon - line;
				while (klen && (line[klen - 1] == ' ' || line[klen - 1] == '\t'))
					klen--;
				if (klen == flen && !strncmp(line, fields[f], flen)) {
					const char *v = colon + 1;

					while (*v == ' ' || *v == '\t')
						v++;
					snprintf(out, size, "%.*s", (int)(eol - v), v);
					trim(out);
					return;
				}
			}
			line = *eol ? eol + 1 : NULL;
		}
	}
}

void sysinfo_collect(struct machine *m, struct kernel_facts *k)
{
	struct utsname u;
	char *text;

	if (uname(&u) == 0) {
		snprintf(m->release, sizeof m->release, "%s", u.release);
		snprintf(m->version, sizeof m->version, "%s", u.version);
		snprintf(m->arch, sizeof m->arch, "%s", u.machine);
	}
	if ((text = read_text("/proc/cpuinfo", 1 << 20, NULL))) {
		cpuinfo_model(text, m->cpu_model, sizeof m->cpu_model);
		free(text);
	}
	m->cpu_count = sysconf(_SC_NPROCESSORS_ONLN);
	m->mem_total_kib = meminfo_read_kib("/proc/meminfo", "MemTotal");
	note("Linux %s (%s), %d CPUs (%s), %lld MiB", m->release, m->arch, m->cpu_count,
	     m->cpu_model, m->mem_total_kib / 1024);

	kfacts_read("", m->release, k);
	note("THP %s (defrag %s), clocksource %s, NUMA nodes online %s, %zu CPU vulnerabilities listed, "
	     "config %s", k->thp_enabled[0] ? k->thp_enabled : "unknown",
	     k->thp_defrag[0] ? k->thp_defrag : "unknown",
	     k->clocksource[0] ? k->clocksource : "unknown",
	     k->numa_online[0] ? k->numa_online : "unknown",
	     k->n_mitigations,
	     k->config_source[0] ? k->config_source : "not found");
}
