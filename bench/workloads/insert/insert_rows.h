/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * insert_rows.h: the rows the insert workload writes, and its SQL.
 *
 * Row i is (i % 32768, 30 lower-case letters derived from i): the same
 * rows in every run, yet no two neighbours alike.
 */
#ifndef BOOTBENCH_INSERT_ROWS_H
#define BOOTBENCH_INSERT_ROWS_H

#include <stddef.h>

#define INSERT_TABLE   "bootbench_insert"
#define INSERT_B_LEN   30
/* "(32767,'<30 letters>')," */
#define INSERT_ROW_SQL_MAX (INSERT_B_LEN + 12)

/* Row i: a into *a, b (INSERT_B_LEN letters and a NUL) into b. */
void insert_row(long long i, int *a, char b[INSERT_B_LEN + 1]);

/* The bytes insert_values_sql needs for count rows. */
size_t insert_values_size(long long count);

/*
 * "INSERT INTO bootbench_insert (a, b) VALUES (...),(...)" for rows
 * first .. first + count - 1 into buf of insert_values_size(count) bytes.
 * Returns the statement's length.
 */
size_t insert_values_sql(char *buf, size_t size, long long first, long long count);

#endif
