/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sql.h: talking to the server with libpq, for the workloads that send
 * SQL themselves (insert, seqscan, oltp's table) and for the engine
 * (CHECKPOINT, settings).  Every failure goes through fail() with what
 * was tried and the first line of the server's message.
 */
#ifndef BOOTBENCH_SQL_H
#define BOOTBENCH_SQL_H

#include <stddef.h>

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

/* A connection to the server, or NULL with the reason in why: nothing is
 * recorded as the run's failure (for a reading a case can go without). */
PGconn *sql_connect_quiet(const struct pg_server *pg, char *why, size_t len);

/* How long sql_wal_position_take() waits for the answer. */
#define SQL_WAL_WAIT_S 5.0

/*
 * The WAL's insert position, in bytes from the start of the WAL: every
 * WAL record the server has inserted so far, page headers included
 * (pg_current_wal_insert_lsn()).  Sent without waiting for the answer
 * (sql_wal_position_send()) and taken later (sql_wal_position_take(),
 * which waits SQL_WAL_WAIT_S at most: a server that hangs never holds
 * the caller), so that the server reads it while the caller reads other
 * counters, or both in one (sql_wal_position()).  Each returns 0, or -1
 * with the reason in why: nothing is recorded as the run's failure (a
 * figure left out fails no case).  After a -1 from a wait the answer may
 * still come: the connection is of no further use.
 */
int sql_wal_position_send(PGconn *conn, char *why, size_t len);
int sql_wal_position_take(PGconn *conn, double *bytes, char *why, size_t len);
int sql_wal_position(PGconn *conn, double *bytes, char *why, size_t len);

#endif
