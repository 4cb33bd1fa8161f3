/* SPDX-License-Identifier: GPL-2.0-only */
/* cgroup.c: the server's and the client's cgroups, and their CPU time (cgroup.h). */
#include "bench/os/cgroup.h"
#include "bench/msg.h"
#include "common/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROC_TEXT_MAX (1 << 20)

/* Field k (from 0) of a line of words split by spaces, its length in *n. */
static const char *word(const char *line, int k, size_t *n)
{
	const char *p = line;

	for (int i = 0; i < k; i++) {
		p += strcspn(p, " \n");
		if (*p != ' ')
			return NULL;
		p++;
	}
	*n = strcspn(p, " \n");
	return p;
}

/* A mountinfo field into buf, its octal escapes (\040 for a space) undone. */
static int unescape(const char *s, size_t n, char *buf, size_t len)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++, o++) {
		if (o + 1 >= len)
			return -1;
		if (s[i] == '\\' && i + 3 < n && strspn(s + i + 1, "01234567") >= 3) {
			buf[o] = (char)((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
			i += 3;
		} else {
			buf[o] = s[i];
		}
	}
	buf[o] = '\0';
	return 0;
}

int cgroup2_mount_point(const char *mountinfo, char *buf, size_t len)
{
	for (const char *line = mountinfo; *line; ) {
		const char *sep = strstr(line, " - ");
		const char *nl = strchr(line, '\n');
		size_t n = 0, tn;
		const char *point = word(line, 4, &n);

		if (sep && (!nl || sep < nl) && point && point < sep) {
			const char *type = sep + 3;
			tn = strcspn(type, " \n");
			if (tn == 7 && strncmp(type, "cgroup2", 7) == 0)
				return unescape(point, n, buf, len);
		}
		if (!nl)
			break;
		line = nl + 1;
	}
	return -1;
}

int cgroup2_own_path(const char *proc_cgroup, char *buf, size_t len)
{
	for (const char *line = proc_cgroup; *line; ) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);

		if (n > 3 && strncmp(line, "0::/", 4) == 0) {
			if (n - 3 >= len)
				return -1;
			memcpy(buf, line + 3, n - 3);
			buf[n - 3] = '\0';
			return 0;
		}
		if (!nl)
			break;
		line = nl + 1;
	}
	return -1;
}

/* Close and remove what was made; a warning for a cgroup that will not go. */
static void remove_dirs(struct cgroups *g)
{
	if (g->server_stat >= 0)
		close(g->server_stat);
	if (g->client_stat >= 0)
		close(g->client_stat);
	g->server_stat = g->client_stat = -1;
	const char *dirs[] = { g->server, g->client, g->dir };
	for (size_t i = 0; i < 3; i++)
		if (dirs[i][0] && rmdir(dirs[i]) < 0 && errno != ENOENT)
			warning("could not remove cgroup \"%s\":", dirs[i]);
	g->dir[0] = g->server[0] = g->client[0] = '\0';
}

static int unavailable(struct cgroups *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Not available, and why: -1. */
static int unavailable(struct cgroups *g, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(g->why, sizeof(g->why), fmt, ap);
	va_end(ap);
	remove_dirs(g);
	g->ok = false;
	return -1;
}

/* A child moves into dir and exits: 0, or the errno that stopped it. */
static int try_move(const char *dir)
{
	char path[PATH_MAX + 16];
	int status;

	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	pid_t pid = fork();
	if (pid < 0)
		return errno;
	if (pid == 0) {
		int fd = open(path, O_WRONLY | O_CLOEXEC);
		_exit(fd < 0 ? errno : write(fd, "0", 1) == 1 ? 0 : errno);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return errno;
	return WIFEXITED(status) ? WEXITSTATUS(status) : EIO;
}

/* dir made, its cpu.stat open at *fd and read once. */
static int make_one(struct cgroups *g, char *dir, size_t len, const char *name, int *fd)
{
	char stat[PATH_MAX + 16];
	struct cputime t;

	if (snprintf(dir, len, "%s/%s", g->dir, name) >= (int)len) {
		dir[0] = '\0';
		return unavailable(g, "the cgroup path \"%s/%s\" is too long", g->dir, name);
	}
	if (mkdir(dir, 0755) < 0) {
		dir[0] = '\0';
		return unavailable(g, "could not create cgroup \"%s/%s\": %s", g->dir,
				   name, strerror(errno));
	}
	snprintf(stat, sizeof(stat), "%s/cpu.stat", dir);
	*fd = open(stat, O_RDONLY | O_CLOEXEC);
	if (*fd < 0 || cputime_read(*fd, &t) < 0)
		return unavailable(g, "could not read \"%s\": %s", stat, strerror(errno));
	return 0;
}

/* What find (cgroup2_mount_point, cgroup2_own_path) finds in the text of
 * the file path, into buf: 0, or -1 after unavailable() with why (none:
 * when it finds nothing). */
static int from_proc(struct cgroups *g, const char *path,
		     int (*find)(const char *, char *, size_t), char *buf, size_t len,
		     const char *none)
{
	char *text = read_text(path, PROC_TEXT_MAX, NULL);

	if (!text)
		return unavailable(g, "could not read \"%s\": %s", path, strerror(errno));
	int rc = find(text, buf, len);
	free(text);
	return rc < 0 ? unavailable(g, "%s", none) : 0;
}

static int setup(struct cgroups *g)
{
	char mount[PATH_MAX], own[PATH_MAX], dir[PATH_MAX];
	int err;

	*g = (struct cgroups){ .server_stat = -1, .client_stat = -1 };
	if (from_proc(g, "/proc/self/mountinfo", cgroup2_mount_point, mount, sizeof(mount),
		      "no cgroup2 filesystem is mounted (the kernel has none, or it is "
		      "not mounted)") < 0 ||
	    from_proc(g, "/proc/self/cgroup", cgroup2_own_path, own, sizeof(own),
		      "\"/proc/self/cgroup\" names no cgroup2 path") < 0)
		return -1;
	if (snprintf(dir, sizeof(dir), "%s%s/bootbench-bench.%d", mount,
		     strcmp(own, "/") == 0 ? "" : own, (int)getpid()) >= (int)sizeof(dir))
		return unavailable(g, "the cgroup path under \"%s\" is too long", mount);
	if (mkdir(dir, 0755) < 0)
		return unavailable(g, "could not create cgroup \"%s\": %s", dir,
				   strerror(errno));
	snprintf(g->dir, sizeof(g->dir), "%s", dir);
	if (make_one(g, g->server, sizeof(g->server), "server", &g->server_stat) < 0 ||
	    make_one(g, g->client, sizeof(g->client), "client", &g->client_stat) < 0)
		return -1;
	if ((err = try_move(g->client)) != 0)
		return unavailable(g, "could not move a process into cgroup \"%s\": %s",
				   g->client, strerror(err));
	g->ok = true;
	return 0;
}

void cgroups_setup(struct cgroups *g)
{
	(void)setup(g);
}

int cgroups_read(const struct cgroups *g, struct cputime *server,
		 struct cputime *client)
{
	if (!g->ok) {
		errno = ENOENT;
		return -1;
	}
	return cputime_read(g->server_stat, server) < 0 ||
	       cputime_read(g->client_stat, client) < 0 ? -1 : 0;
}

void cgroups_remove(struct cgroups *g)
{
	if (g->dir[0])
		remove_dirs(g);
	g->ok = false;
}
