/* SPDX-License-Identifier: GPL-2.0-only */
/* Fuzz target: the bootbench.* parameters of a kernel command line
 * (init/kernel/cmdline.c), the input being the whole line, as the boot
 * program reads them and as PID 1 reads its two (init/supervise.c). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "init/kernel/cmdline.h"
#include "init/supervise.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = malloc(size + 1), err[1024];
	struct supervision s;
	struct params p;

	if (!line)
		return 0;
	memcpy(line, data, size);
	line[size] = '\0';
	params_defaults(&p);
	if (params_parse(&p, line, err, sizeof err) == 0)
		(void)after_name(p.after);
	else if (!err[0])
		abort();        /* a refusal always says why */
	supervise_read(line, &s);
	if (s.timeout != p.timeout || s.after != p.after)
		abort();	/* PID 1 reads them as the boot program does */
	free(line);
	return 0;
}
