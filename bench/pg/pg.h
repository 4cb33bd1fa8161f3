/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pg.h: the life of the PostgreSQL server a suite runs against:
 * initdb, postgresql.conf, start, stop.  What it runs with goes into
 * bench.json (bench/run/benchjson_pg.c).
 *
 * Every PostgreSQL program runs as the postgres user with a clean
 * environment; the server listens only on its Unix socket.
 */
#ifndef BOOTBENCH_PG_H
#define BOOTBENCH_PG_H

#include <limits.h>
#include <stdbool.h>
#include <sys/types.h>

#include "bench/os/proc.h"
#include "bench/suite/matrix.h"

#define PG_BINDIR  "/opt/postgresql/bin"
#define PG_SOCKDIR "/run/postgresql"
#define PG_PORT    "5432"
#define PG_USER    "postgres"

struct pg_server {
	char datadir[PATH_MAX];
	char waldir[PATH_MAX];     /* "": inside datadir */
	uid_t uid;
	gid_t gid;
	char env[12][PATH_MAX + 16];
	const char *envp[13];
	char conninfo[256];        /* libpq's way to the server */
	pid_t pid;                 /* the postmaster; 0 when not running */
	pid_t session;             /* the session it leads (its pid); kept after it
	                           * ends, for what it left behind */
	char log_path[PATH_MAX];   /* the server's log */
	long long log_mark;        /* its size when the server was last started */
	const char *log_name;
};

/*
 * Prepare to run a server in datadir (and waldir unless NULL): look up
 * the postgres user, make the directories it owns.  0 or fail().
 */
int pg_setup(struct pg_server *pg, const char *datadir, const char *waldir);

/*
 * A spec to run PostgreSQL program NAME (from PG_BINDIR) as the postgres
 * user, in the client cgroup; argv[0] must be filled with pg_program().
 */
void pg_spec(const struct pg_server *pg, struct proc_spec *spec,
	     const char *name, const char *const *argv, const char *log_name);
/* Where the PostgreSQL programs are (default PG_BINDIR). */
void pg_set_bindir(const char *dir);
/* The cgroups the server (pg_start) and every other PostgreSQL program
 * (pg_spec) start in; NULL: the runner's own (bench/os/cgroup.h). */
void pg_set_cgroups(const char *server, const char *client);

void pg_program(char *buf, size_t len, const char *name);
/* Whether the programs are the image's own (PG_BINDIR). */
bool pg_bindir_is_image(void);

/* The options initdb runs with after -D, as one line:
 * "-U postgres -A trust -E UTF8 --no-locale --no-instructions". */
const char *pg_initdb_options(void);

/* initdb; each line of its output goes to fn.  0 or fail(). */
int pg_initdb(struct pg_server *pg, const char *log_path, const char *log_name,
	      proc_line_fn fn, void *ctx);

/* Append the suite's settings and ours to postgresql.conf.  0 or fail(). */
int pg_configure(struct pg_server *pg, const struct bench_case *c);

/*
 * Start the server, its output going to log_path, and wait until it
 * accepts connections.  Returns 0 or fail().
 */
int pg_start(struct pg_server *pg, const char *log_path, const char *log_name);

/* Has the server ended by itself (killed, crashed)?  Then it is reaped,
 * and why goes into buf ("killed by signal 9"): 1.  Else 0. */
int pg_ended(struct pg_server *pg, char *buf, size_t len);

/*
 * Stop the server if it runs: a fast shutdown, or an immediate one.
 * Returns 0 or fail().
 */
int pg_stop(struct pg_server *pg, bool immediate);

#endif
