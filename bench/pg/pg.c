/* SPDX-License-Identifier: GPL-2.0-only */
/* pg.c: initdb, postgresql.conf, start and stop the server. */
#include "bench/pg/pg.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "common/clock.h"
#include "common/spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libpq-fe.h>

#define INITDB_TIMEOUT_S   600
#define START_TIMEOUT_S    120
#define STOP_TIMEOUT_S     300   /* a fast shutdown writes a checkpoint */
#define QUIT_TIMEOUT_S     10
#define PING_INTERVAL_S    0.1

static char bindir[1024] = PG_BINDIR;
static const char *server_cgroup, *client_cgroup;

void pg_set_bindir(const char *dir)
{
	snprintf(bindir, sizeof(bindir), "%s", dir);
}

bool pg_bindir_is_image(void)
{
	return strcmp(bindir, PG_BINDIR) == 0;
}

/* initdb's options after -D: every cluster the runner makes has them, and
 * the image's cluster template was made with them (rootfs/cluster-template). */
static const char *const initdb_options[] = {
	"-U", PG_USER, "-A", "trust", "-E", "UTF8", "--no-locale", "--no-instructions", NULL
};

const char *pg_initdb_options(void)
{
	static char text[128];

	if (!text[0])
		for (size_t i = 0, len = 0; initdb_options[i]; i++)
			len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%s",
						i ? " " : "", initdb_options[i]);
	return text;
}

void pg_set_cgroups(const char *server, const char *client)
{
	server_cgroup = server;
	client_cgroup = client;
}

static const char conninfo[] =
	"host=" PG_SOCKDIR " port=" PG_PORT " user=" PG_USER " dbname=postgres"
	" connect_timeout=10 application_name=bootbench-bench"
	" options='-c statement_timeout=60000'";

static int add_env(struct pg_server *pg, size_t *n, const char *name,
		   const char *value)
{
	if (snprintf(pg->env[*n], sizeof(pg->env[*n]), "%s=%s", name, value) >=
	    (int)sizeof(pg->env[*n]))
		return fail("environment value too long: %s=%s", name, value);
	pg->envp[*n] = pg->env[*n];
	(*n)++;
	pg->envp[*n] = NULL;
	return 0;
}

/* A directory the server owns (mode 0700), new on a new filesystem. */
static int make_owned_dir(const struct pg_server *pg, const char *dir)
{
	if (mkdir(dir, 0700) < 0)
		return fail("could not create directory \"%s\":", dir);
	if (chown(dir, pg->uid, pg->gid) < 0)
		return fail("could not change the owner of \"%s\":", dir);
	return 0;
}

int pg_setup(struct pg_server *pg, const char *datadir, const char *waldir)
{
	size_t n = 0;

	*pg = (struct pg_server){ .pid = 0 };
	errno = 0;
	struct passwd *pw = getpwnam(PG_USER);
	if (!pw)
		return errno ? fail("could not look up user \"%s\":", PG_USER)
			     : fail("no user \"%s\" in /etc/passwd", PG_USER);
	pg->uid = pw->pw_uid;
	pg->gid = pw->pw_gid;
	snprintf(pg->datadir, sizeof(pg->datadir), "%s", datadir);
	snprintf(pg->waldir, sizeof(pg->waldir), "%s", waldir ? waldir : "");
	snprintf(pg->conninfo, sizeof(pg->conninfo), "%s", conninfo);

	char path[PATH_MAX + 32];
	snprintf(path, sizeof(path), "%s:/bin:/sbin:/usr/bin", bindir);
	if (add_env(pg, &n, "PATH", path) < 0 ||
	    add_env(pg, &n, "HOME", pw->pw_dir) < 0 ||
	    add_env(pg, &n, "USER", PG_USER) < 0 ||
	    add_env(pg, &n, "LOGNAME", PG_USER) < 0 ||
	    add_env(pg, &n, "PGDATA", datadir) < 0 ||
	    add_env(pg, &n, "PGHOST", PG_SOCKDIR) < 0 ||
	    add_env(pg, &n, "PGPORT", PG_PORT) < 0 ||
	    add_env(pg, &n, "PGUSER", PG_USER) < 0 ||
	    add_env(pg, &n, "PGDATABASE", "postgres") < 0 ||
	    add_env(pg, &n, "TZ", "UTC") < 0 ||
	    add_env(pg, &n, "LC_ALL", "C") < 0)
		return -1;

	if (make_owned_dir(pg, pg->datadir) < 0)
		return -1;
	if (pg->waldir[0] && make_owned_dir(pg, pg->waldir) < 0)
		return -1;
	if (make_dirs(PG_SOCKDIR, 0755) < 0)
		return -1;
	if (chown(PG_SOCKDIR, pg->uid, pg->gid) < 0)
		return fail("could not change the owner of \"%s\":", PG_SOCKDIR);
	return 0;
}

void pg_program(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", bindir, name);
}

void pg_spec(const struct pg_server *pg, struct proc_spec *spec,
	     const char *name, const char *const *argv, const char *log_name)
{
	*spec = (struct proc_spec){
		.name = name,
		.spawn.argv = argv,
		.spawn.envp = pg->envp,
		.spawn.drop_privileges = true,
		.spawn.uid = pg->uid,
		.spawn.gid = pg->gid,
		.spawn.out_fd = -1,
		.log_name = log_name,
		.spawn.cgroup = client_cgroup,
	};
}

int pg_initdb(struct pg_server *pg, const char *log_path, const char *log_name,
	      proc_line_fn fn, void *ctx)
{
	char initdb[PATH_MAX];
	const char *argv[16];
	size_t n = 0;
	struct proc_spec spec;

	pg_program(initdb, sizeof(initdb), "initdb");
	argv[n++] = initdb;
	argv[n++] = "-D";
	argv[n++] = pg->datadir;
	for (size_t i = 0; initdb_options[i]; i++)
		argv[n++] = initdb_options[i];
	if (pg->waldir[0]) {
		argv[n++] = "-X";
		argv[n++] = pg->waldir;
	}
	argv[n] = NULL;
	pg_spec(pg, &spec, "initdb", argv, log_name);

	return proc_run_logged(&spec, INITDB_TIMEOUT_S, log_path, NULL, fn, ctx);
}

/* name = 'value', quoted for postgresql.conf. */
static int write_setting(FILE *out, const char *name, const char *value)
{
	if (strpbrk(value, "\n\r"))
		return fail("setting %s: the value has a line break", name);
	fprintf(out, "%s = '", name);
	for (const char *p = value; *p; p++) {
		if (*p == '\'' || *p == '\\')
			fputc(*p, out);
		fputc(*p, out);
	}
	fputs("'\n", out);
	return 0;
}

int pg_configure(struct pg_server *pg, const struct bench_case *c)
{
	const struct suite *s = c->s;
	char path[PATH_MAX + 32];
	char *text = NULL;
	size_t len = 0;
	int rc = 0;

	snprintf(path, sizeof(path), "%s/postgresql.conf", pg->datadir);
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		return fail("could not allocate memory:");
	fprintf(mem, "\n# Added by bootbench-bench: the settings of suite \"%s\" (%s),\n"
		"# then the runner's own.\n", s->name, s->source);
	for (size_t i = 0; i < s->n_params && rc == 0; i++)
		if (strcmp(s->params[i].section, "postgresql") == 0)
			rc = write_setting(mem, s->params[i].key,
					   s->params[i].values[c->choice[i]]);
	if (rc == 0) {
		write_setting(mem, "listen_addresses", "");
		write_setting(mem, "port", PG_PORT);
		write_setting(mem, "unix_socket_directories", PG_SOCKDIR);
	}
	if (fclose(mem) != 0 && rc == 0)
		rc = fail("could not format postgresql.conf:");
	if (rc == 0) {
		int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
		if (fd < 0)
			rc = fail("could not open \"%s\":", path);
		else {
			if (write_all(fd, text, len) < 0)
				rc = fail("could not write \"%s\":", path);
			else if (fsync(fd) < 0)
				rc = fail("could not fsync \"%s\":", path);
			close(fd);
		}
	}
	free(text);
	return rc;
}

/* fail() for a server that ended: how, and its last words. */
static int server_ended(struct pg_server *pg, int status, const char *when)
{
	char line[512];
	char name[64];
	struct proc_spec spec = { .name = name, .log_name = pg->log_name };

	pg->pid = 0;
	/* The line that says why, rather than the shutdown that follows it:
	 * the first PANIC or FATAL since the start (the FATALs of the
	 * start-up checks' connections come later). */
	if (!line_with(pg->log_path, pg->log_mark, "PANIC:", false, line, sizeof(line)) &&
	    !line_with(pg->log_path, pg->log_mark, "FATAL:", false, line, sizeof(line)))
		last_line(pg->log_path, line, sizeof(line));
	snprintf(name, sizeof(name), "postgres (%s)", when);
	return proc_status_fail(&spec, status, line);
}

int pg_start(struct pg_server *pg, const char *log_path, const char *log_name)
{
	char postgres[PATH_MAX];
	const char *argv[] = { postgres, "-D", pg->datadir, NULL };
	struct proc_spec spec;
	struct stat log_st;

	snprintf(pg->log_path, sizeof(pg->log_path), "%s", log_path);
	pg->log_name = log_name;
	pg->log_mark = stat(log_path, &log_st) == 0 ? (long long)log_st.st_size : 0;
	pg_program(postgres, sizeof(postgres), "postgres");
	pg_spec(pg, &spec, "postgres", argv, log_name);
	spec.spawn.out_fd = open_log_append(log_path);
	/* A session of its own, as pg_ctl gives it: with the kernel's
	 * autogroup scheduling the server's processes then share the CPUs
	 * with the clients as they do on any installation. */
	spec.spawn.new_session = true;
	spec.spawn.cgroup = server_cgroup;
	if (spec.spawn.out_fd < 0)
		return -1;
	int rc = proc_spawn(&spec, &pg->pid);
	close(spec.spawn.out_fd);
	if (rc < 0)
		return -1;
	pg->session = pg->pid;

	double deadline = clock_now() + START_TIMEOUT_S;
	for (;;) {
		int status;
		int w = proc_wait(pg->pid, 0, true, &status);
		if (w == 1)
			return server_ended(pg, status, "start-up");
		if (w < 0)
			return proc_stopped_fail("postgres start-up");
		PGPing ping = PQping(pg->conninfo);
		if (ping == PQPING_OK)
			return 0;
		if (ping == PQPING_NO_ATTEMPT)
			return fail("could not check the server: bad connection "
				    "parameters \"%s\"", pg->conninfo);
		if (clock_now() >= deadline)
			return fail("postgres did not accept connections within "
				    "%d s (see %s)", START_TIMEOUT_S, log_name);
		if (proc_sleep(PING_INTERVAL_S) < 0)
			return proc_stopped_fail("postgres start-up");
	}
}

int pg_ended(struct pg_server *pg, char *buf, size_t len)
{
	int status;

	if (pg->pid == 0 || waitpid(pg->pid, &status, WNOHANG) != pg->pid)
		return 0;
	pg->pid = 0;
	spawn_status_text(status, buf, len);
	return 1;
}

int pg_stop(struct pg_server *pg, bool immediate)
{
	int status;
	int rc = 0;

	if (pg->pid == 0)
		return 0;
	if (kill(pg->pid, immediate ? SIGQUIT : SIGINT) < 0 && errno != ESRCH)
		return fail("could not signal postgres (pid %d):", (int)pg->pid);
	if (proc_wait(pg->pid, immediate ? QUIT_TIMEOUT_S : STOP_TIMEOUT_S,
		      false, &status) == 1) {
		if (immediate || (WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
			pg->pid = 0;
			return 0;
		}
		return server_ended(pg, status, "shutdown");
	}
	if (immediate) {
		rc = fail("postgres did not stop within %d s of SIGQUIT", QUIT_TIMEOUT_S);
	} else {
		rc = fail("postgres did not stop within %d s (fast shutdown)",
			  STOP_TIMEOUT_S);
		if (kill(pg->pid, SIGQUIT) == 0 &&
		    proc_wait(pg->pid, QUIT_TIMEOUT_S, false, &status) == 1) {
			pg->pid = 0;
			return rc;
		}
	}
	proc_end(pg->pid, 1);
	pg->pid = 0;
	return rc;
}
