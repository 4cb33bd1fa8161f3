/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pg_hugepages.h: before a server with huge_pages = on starts, whether the
 * kernel has the huge pages its shared memory needs; if not, the start
 * would fail with "could not map anonymous shared memory", so it fails
 * here instead, naming the pages needed and those the kernel has.
 */
#ifndef BOOTBENCH_PG_HUGEPAGES_H
#define BOOTBENCH_PG_HUGEPAGES_H

#include "bench/pg/pg.h"

/* 0 (enough, or the case does not ask for huge_pages = on), or fail(). */
int pg_check_huge_pages(const struct pg_server *pg, const struct bench_case *c,
			const char *meminfo);

#endif
