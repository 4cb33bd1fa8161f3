/* SPDX-License-Identifier: GPL-2.0-only */
/* benchjson_pg.c: the server's version and settings, for bench.json. */
#include "bench/msg.h"
#include "bench/pg/sql.h"
#include "bench/run/benchjson.h"

#include <stdlib.h>
#include <string.h>

/*
 * The server's settings worth recording: all that do not have their
 * defaults (but those of the connection asking), and these even when
 * they do.
 */
#define RECORDED_DEFAULTS \
	"'{shared_buffers,max_connections,wal_level,fsync,synchronous_commit," \
	"full_page_writes,wal_sync_method,wal_buffers,wal_compression," \
	"checkpoint_timeout,max_wal_size,min_wal_size,io_method,io_workers," \
	"huge_pages,effective_io_concurrency,work_mem,maintenance_work_mem," \
	"data_checksums,block_size,wal_segment_size,huge_pages_status}'"

static char *copy_value(const PGresult *res, int row, int col)
{
	if (PQgetisnull(res, row, col))
		return NULL;
	return strdup(PQgetvalue(res, row, col));
}

/* The rows of res into r->settings.  0 or fail(). */
static int keep_settings(struct record *r, const PGresult *res)
{
	int rows = PQntuples(res);

	r->settings = calloc((size_t)rows, sizeof(*r->settings));
	if (!r->settings && rows > 0)
		return fail("could not allocate memory:");
	for (int i = 0; i < rows; i++) {
		struct record_setting *s = &r->settings[i];
		s->name = copy_value(res, i, 0);
		s->setting = copy_value(res, i, 1);
		s->unit = copy_value(res, i, 2);
		s->source = copy_value(res, i, 3);
		if (!s->name)
			return fail("could not allocate memory:");
		r->n_settings++;
	}
	return 0;
}

int record_server(struct record *r, const struct pg_server *pg)
{
	PGconn *conn = sql_connect(pg);
	PGresult *res;
	int rc = -1;

	if (!conn)
		return -1;
	r->pg_version_num = PQserverVersion(conn);
	if (!(res = sql_query(conn, "SELECT version()",
			      "could not query the server version")))
		goto out;
	free(r->pg_version);
	r->pg_version = copy_value(res, 0, 0);
	PQclear(res);

	if (!(res = sql_query(conn,
			      "SELECT name, setting, unit, source FROM pg_settings "
			      "WHERE (source NOT IN ('default', 'client') "
			      "       AND name NOT LIKE 'transaction\\_%') "
			      "   OR name = ANY (" RECORDED_DEFAULTS ") "
			      "ORDER BY name", "could not query the server settings")))
		goto out;
	rc = keep_settings(r, res);
	PQclear(res);
out:
	PQfinish(conn);
	return rc;
}

const char *record_setting_value(const struct record *r, const char *name)
{
	for (size_t i = 0; i < r->n_settings; i++)
		if (strcmp(r->settings[i].name, name) == 0)
			return r->settings[i].setting;
	return NULL;
}
