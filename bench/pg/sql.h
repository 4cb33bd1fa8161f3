/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sql.h: talking to the server with libpq, for the workloads that send
 * SQL themselves (insert, seqscan, oltp's table) and for the engine
 * (CHECKPOINT, settings).  Every failure goes through fail() with what
 * was tried and the first line of the server's message.
 */
#ifndef BOOTBENCH_SQL_H
#define BOOTBENCH_SQL_H

#include <libpq-fe.h>

#include "bench/pg/pg.h"

/* A connection to the server, or NULL after fail(). */
PGconn *sql_connect(const struct pg_server *pg);

/* fail() with what and the first line of libpq's message. */
int sql_fail(PGconn *conn, const char *what);

/* Run a command (or a query whose rows are dropped).  0 or fail(). */
int sql_exec(PGconn *conn, const char *sql);

/* A query's result (PGRES_TUPLES_OK), or NULL after fail() naming what
 * was asked (NULL: the SQL itself). */
PGresult *sql_query(PGconn *conn, const char *sql, const char *what);

/* The first column of the first row as a number.  0 or fail(). */
int sql_number(PGconn *conn, const char *sql, double *out);

/* A size in bytes the query gives, on a connection of its own (e.g.
 * "SELECT pg_database_size(current_database())").  0 or fail(). */
int sql_bytes(const struct pg_server *pg, const char *sql, long long *bytes);

#endif
