/* SPDX-License-Identifier: GPL-2.0-only */
/* interrupted.c: marking the runs an earlier boot left "running". */
#include "init/results/interrupted.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fileio.h"
#include "init/console.h"
#include "init/results/record_close.h"
#include "init/results/results_state.h"
#include "init/str.h"

char *interrupted_record(const char *text, size_t len, const char *reason)
{
	return record_close(text, len, "interrupted", reason, NULL, NULL);
}

/* Mark base/runs/name; 1 if it was marked, 0 if it was not running, -1
 * on an error (warned). */
static int mark_one(const char *base, const char *name, const char *reason)
{
	char path[PATH_MAX], err[PATH_MAX + 32];
	size_t len;
	char *text, *marked;

	if (str_printf(path, sizeof path, "%s/runs/%s/run.json", base, name) < 0)
		return 0;
	text = read_text(path, RUN_JSON_MAX, &len);
	if (!text) {
		if (errno == ENOENT)
			return 0;	/* an empty run directory: nothing to mark */
		warning("could not read \"%s\":", path);
		return -1;
	}
	marked = record_running(text, len) ? interrupted_record(text, len, reason) : NULL;
	if (!marked) {
		int rc = record_running(text, len) ? -1 : 0;

		if (rc < 0)
			warning("\"%s\" says \"running\" but is not laid out as the init writes it: "
				"left as it is", path);
		free(text);
		return rc;
	}
	free(text);
	if (write_file_atomic(path, marked, strlen(marked), err, sizeof err) < 0) {
		warning("could not mark \"%s\" interrupted: %s:", path, err);
		free(marked);
		return -1;
	}
	free(marked);
	note("run runs/%s was interrupted (its run.json said \"running\"): marked \"interrupted\"",
	     name);
	return 1;
}

int interrupted_mark_all(const char *base, const char *skip, const char *by_id,
			 const char *utc)
{
	char dir[PATH_MAX], reason[256];
	struct dirent *e;
	DIR *d;
	int marked = 0;

	if (str_printf(dir, sizeof dir, "%s/runs", base) < 0)
		return 0;
	snprintf(reason, sizeof reason, "interrupted: the machine stopped before the run "
		 "finished (power cut, reset, hang or crash); found by run %s at %s", by_id, utc);
	d = opendir(dir);
	if (!d) {
		if (errno != ENOENT)
			warning("could not open \"%s\":", dir);
		return 0;
	}
	while ((e = readdir(d))) {
		char marker[PATH_MAX];
		int rc;

		if (e->d_name[0] == '.' || strcmp(e->d_name, skip) == 0)
			continue;
		if (str_printf(marker, sizeof marker, "%s/%s/%s", dir, e->d_name,
			       RESULTS_RESERVE_NAME) < 0 || access(marker, F_OK) < 0)
			continue;	/* finished: only unfinished runs hold it */
		rc = mark_one(base, e->d_name, reason);
		if (rc > 0)
			marked++;
		if (rc >= 0 && unlink(marker) < 0)
			warning("could not remove \"%s\":", marker);
	}
	closedir(d);
	return marked;
}
