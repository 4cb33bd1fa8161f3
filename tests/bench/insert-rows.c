/* SPDX-License-Identifier: GPL-2.0-only */
/* The insert workload's rows, its multi-row INSERT, and its check. */
#include "bench/workloads/insert/insert_rows.h"
#include "bench/workloads/workload.h"
#include "tap.h"

#include <ctype.h>
#include <stdlib.h>

static void rows(void)
{
	char b[INSERT_B_LEN + 1], b2[INSERT_B_LEN + 1];
	int a, a2;
	bool letters = true, varied = true;

	insert_row(0, &a, b);
	is_int(a, 0, "row 0: a is 0");
	is_int((long long)strlen(b), 30, "row 0: b has 30 characters");
	insert_row(0, &a2, b2);
	is_str(b2, b, "row 0 is the same every time");
	insert_row(32768 + 5, &a, b);
	is_int(a, 5, "a wraps at 32768");
	insert_row(32767, &a, b);
	is_int(a, 32767, "a reaches 32767");

	for (long long i = 0; i < 1000; i++) {
		insert_row(i, &a, b);
		insert_row(i + 1, &a2, b2);
		for (int k = 0; k < INSERT_B_LEN; k++)
			letters &= islower((unsigned char)b[k]) != 0;
		varied &= strcmp(b, b2) != 0 && strncmp(b + 13, b2 + 13, 13) != 0;
	}
	ok(letters, "b is lower-case letters only (nothing to quote)");
	ok(varied, "neighbouring rows differ, in both halves of b");
}

static void values_sql(void)
{
	char b0[INSERT_B_LEN + 1], b1[INSERT_B_LEN + 1], want[256];
	size_t size = insert_values_size(2);
	char *sql = malloc(size);
	int a;

	insert_row(7, &a, b0);
	insert_row(8, &a, b1);
	snprintf(want, sizeof(want),
		 "INSERT INTO bootbench_insert (a, b) VALUES (7,'%s'),(8,'%s')", b0, b1);
	size_t n = insert_values_sql(sql, size, 7, 2);
	is_str(sql, want, "two rows in one statement");
	is_int((long long)n, (long long)strlen(want), "length returned");
	free(sql);

	/* The widest rows (a = 32767) fit the size given. */
	size = insert_values_size(3);
	sql = malloc(size);
	n = insert_values_sql(sql, size, 32767 + 32768 * 3LL, 3);
	ok(n < size && strlen(sql) == n, "widest rows fit (%zu < %zu)", n, size);
	ok(strstr(sql, "(32767,'") != NULL, "a = 32767 is in it");
	free(sql);
}

/* A suite with [insert] rows and batch lists, by hand. */
static struct suite s;

static void set_param(size_t i, const char *key, const char *const *values, size_t n)
{
	struct suite_param *p = &s.params[i];
	p->section = "insert";
	p->key = key;
	p->n = n;
	for (size_t k = 0; k < n; k++)
		p->values[k] = values[k];
}

static void check(void)
{
	static const char *const rows[] = { "1000", "100000" };
	static const char *const good_batch[] = { "1", "1000" };
	static const char *const bad_batch[] = { "1", "10000" };
	const struct suite_param *bad = NULL;
	char err[256] = "";

	s.n_params = 2;
	set_param(0, "rows", rows, 2);
	set_param(1, "batch", good_batch, 2);
	is_int(insert_spec.check(&s, &bad, err, sizeof(err)), 0,
	       "batch 1,1000 with rows 1000,100000 is fine");
	set_param(1, "batch", bad_batch, 2);
	is_int(insert_spec.check(&s, &bad, err, sizeof(err)), -1,
	       "batch 10000 with rows 1000 is impossible");
	ok(bad == &s.params[1], "the batch key is blamed");
	is_str(err, "batch: 10000 is larger than rows (1000)", "the reason");
}

int main(void)
{
	rows();
	values_sql();
	check();
	return tap_done();
}
