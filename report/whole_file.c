/* SPDX-License-Identifier: GPL-2.0-only */
/* whole_file.c: an output written to its file whole or not at all
 * (whole_file.h). */
#include "report/whole_file.h"

#include "common/fileio.h"
#include "report/diag.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

bool whole_file_open(struct whole_file *w, const char *path)
{
	memset(w, 0, sizeof *w);
	w->path = path;
	w->f = open_memstream(&w->buf, &w->len);
	if (!w->f)
		fail("could not make \"%s\":", path);
	return w->f != NULL;
}

bool whole_file_write(struct whole_file *w)
{
	char err[PATH_MAX + 64];
	bool ok = fclose(w->f) == 0;

	if (!ok)
		fail("could not make \"%s\":", w->path);
	else if (write_file_atomic(w->path, w->buf, w->len, err, sizeof err) != 0) {
		fail("could not %s:", err);
		ok = false;
	}
	free(w->buf);
	w->buf = NULL;
	w->f = NULL;
	return ok;
}
