/* SPDX-License-Identifier: GPL-2.0-only */
/* sql.c: libpq calls with their failures reported. */
#include "bench/pg/sql.h"
#include "bench/msg.h"

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
