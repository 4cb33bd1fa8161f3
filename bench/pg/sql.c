/* SPDX-License-Identifier: GPL-2.0-only */
/* sql.c: libpq calls with their failures reported. */
#include "bench/pg/sql.h"
#include "bench/msg.h"
#include "common/clock.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

PGconn *sql_connect(const struct pg_server *pg)
{
	PGconn *conn = PQconnectdb(pg->conninfo);

	if (PQstatus(conn) != CONNECTION_OK) {
		sql_fail(conn, "could not connect to the server");
		PQfinish(conn);
		return NULL;
	}
	return conn;
}

int sql_fail(PGconn *conn, const char *what)
{
	char msg[512];

	snprintf(msg, sizeof(msg), "%s", conn ? PQerrorMessage(conn) : "no connection");
	msg[strcspn(msg, "\n")] = '\0';
	return fail("%s: %s", what, msg);
}

int sql_exec(PGconn *conn, const char *sql)
{
	PGresult *res = PQexec(conn, sql);
	ExecStatusType st = PQresultStatus(res);

	PQclear(res);
	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
		return sql_fail(conn, sql);
	return 0;
}

PGresult *sql_query(PGconn *conn, const char *sql, const char *what)
{
	PGresult *res = PQexec(conn, sql);

	if (PQresultStatus(res) != PGRES_TUPLES_OK) {
		sql_fail(conn, what ? what : sql);
		PQclear(res);
		return NULL;
	}
	return res;
}

int sql_number(PGconn *conn, const char *sql, double *out)
{
	PGresult *res = sql_query(conn, sql, NULL);
	char *end;

	if (!res)
		return -1;
	if (PQntuples(res) < 1 || PQgetisnull(res, 0, 0)) {
		PQclear(res);
		return fail("%s: no value", sql);
	}
	*out = strtod(PQgetvalue(res, 0, 0), &end);
	int ok = *end == '\0';
	PQclear(res);
	if (!ok)
		return fail("%s: not a number", sql);
	return 0;
}

int sql_bytes(const struct pg_server *pg, const char *sql, long long *bytes)
{
	PGconn *conn = sql_connect(pg);
	double v;

	if (!conn)
		return -1;
	int rc = sql_number(conn, sql, &v);
	PQfinish(conn);
	if (rc == 0)
		*bytes = (long long)v;
	return rc;
}

PGconn *sql_connect_quiet(const struct pg_server *pg, char *why, size_t len)
{
	PGconn *conn = PQconnectdb(pg->conninfo);

	if (PQstatus(conn) == CONNECTION_OK)
		return conn;
	snprintf(why, len, "could not connect to the server: %s",
		 conn ? PQerrorMessage(conn) : "out of memory");
	why[strcspn(why, "\n")] = '\0';
	PQfinish(conn);
	return NULL;
}

#define WAL_POSITION_SQL "SELECT pg_current_wal_insert_lsn() - '0/0'::pg_lsn"

/* why gets what and the first line of libpq's message; -1. */
static int wal_failed(PGconn *conn, const char *what, char *why, size_t len)
{
	snprintf(why, len, "%s: %s", what, conn ? PQerrorMessage(conn) : "no connection");
	why[strcspn(why, "\n")] = '\0';
	return -1;
}

int sql_wal_position_send(PGconn *conn, char *why, size_t len)
{
	if (!conn || !PQsendQuery(conn, WAL_POSITION_SQL))
		return wal_failed(conn, "could not ask for the WAL position", why, len);
	return 0;
}

/* Until libpq holds a whole result (or the end of them): 0, or -1 with why. */
static int wait_result(PGconn *conn, double deadline, char *why, size_t len)
{
	while (PQisBusy(conn)) {
		double left = deadline - clock_now();
		if (left <= 0) {
			snprintf(why, len, "the WAL position did not come within %.0f s",
				 SQL_WAL_WAIT_S);
			return -1;
		}
		struct pollfd pfd = { .fd = PQsocket(conn), .events = POLLIN };
		int n = poll(&pfd, 1, (int)(left * 1000) + 1);
		if (n < 0 && errno != EINTR) {
			snprintf(why, len, "could not wait for the WAL position: %s",
				 strerror(errno));
			return -1;
		}
		if (n > 0 && !PQconsumeInput(conn))
			return wal_failed(conn, WAL_POSITION_SQL, why, len);
	}
	return 0;
}

int sql_wal_position_take(PGconn *conn, double *bytes, char *why, size_t len)
{
	double deadline = clock_now() + SQL_WAL_WAIT_S;
	PGresult *res, *last = NULL;
	int rc = 0;

	/* every result of the query, the last one kept */
	while ((rc = wait_result(conn, deadline, why, len)) == 0 && (res = PQgetResult(conn))) {
		PQclear(last);
		last = res;
	}
	if (rc == 0 && PQresultStatus(last) != PGRES_TUPLES_OK)
		rc = wal_failed(conn, WAL_POSITION_SQL, why, len);
	if (rc < 0) {
		PQclear(last);
		return -1;
	}
	const char *text = PQntuples(last) == 1 && !PQgetisnull(last, 0, 0) ?
		PQgetvalue(last, 0, 0) : "";
	char *end;
	double v = strtod(text, &end);
	int ok = end != text && *end == '\0' && v >= 0;
	if (ok)
		*bytes = v;
	else
		snprintf(why, len, "%s: not a position: \"%.40s\"", WAL_POSITION_SQL, text);
	PQclear(last);
	return ok ? 0 : -1;
}

int sql_wal_position(PGconn *conn, double *bytes, char *why, size_t len)
{
	if (sql_wal_position_send(conn, why, len) < 0)
		return -1;
	return sql_wal_position_take(conn, bytes, why, len);
}
