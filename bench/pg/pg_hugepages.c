/* SPDX-License-Identifier: GPL-2.0-only */
/* pg_hugepages.c: the huge pages PostgreSQL will ask for (pg_hugepages.h). */
#include "bench/pg/pg_hugepages.h"
#include "bench/msg.h"
#include "common/meminfo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DESCRIBE_TIMEOUT_S 60

static void take_number(void *arg, const char *line)
{
	long *n = arg;
	char *end;
	long v = strtol(line, &end, 10);

	if (end != line && *end == '\0')
		*n = v;
}

int pg_check_huge_pages(const struct pg_server *pg, const struct bench_case *c,
			const char *meminfo_path)
{
	const char *v = case_value(c, "postgresql", "huge_pages");
	const char *size = case_value(c, "postgresql", "huge_page_size");
	char postgres[PATH_MAX];
	const char *argv[] = { postgres, "-D", pg->datadir, "-C",
			       "shared_memory_size_in_huge_pages", NULL };
	struct proc_spec spec;
	long needed = -1;

	if (!v || !(strcasecmp(v, "on") == 0 || strcasecmp(v, "true") == 0 ||
		    strcasecmp(v, "yes") == 0 || strcmp(v, "1") == 0))
		return 0;
	/* Pages of another size than the kernel's default: the server's
	 * own error says it. */
	if (size && strcmp(size, "0") != 0)
		return 0;
	pg_program(postgres, sizeof(postgres), "postgres");
	pg_spec(pg, &spec, "postgres -C shared_memory_size_in_huge_pages", argv, NULL);
	if (proc_run(&spec, DESCRIBE_TIMEOUT_S, -1, take_number, &needed) < 0)
		return -1;
	long size_kb = meminfo_read_kib(meminfo_path, "Hugepagesize");
	long total = meminfo_read_kib(meminfo_path, "HugePages_Total");
	long free_pages = meminfo_read_kib(meminfo_path, "HugePages_Free");
	if (needed < 0 || size_kb <= 0 || total < 0 || free_pages < 0)
		return fail("huge_pages = on, but the huge pages needed or free are not "
			    "known (postgres -C shared_memory_size_in_huge_pages: %ld; "
			    "%s: Hugepagesize %ld kB, HugePages_Free %ld)", needed,
			    meminfo_path, size_kb, free_pages);
	if (free_pages >= needed)
		return 0;
	return fail("huge_pages = on: PostgreSQL's shared memory needs %ld huge pages of "
		    "%ld kB, the kernel has %ld free of %ld (vm.nr_hugepages): set "
		    "[sysctl] vm.nr_hugepages to at least %ld", needed, size_kb,
		    free_pages, total, total - free_pages + needed);
}
