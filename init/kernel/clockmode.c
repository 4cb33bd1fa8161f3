/* SPDX-License-Identifier: GPL-2.0-only */
/* clockmode.c: bootbench.clock='s value (clockmode.h). */
#include "init/kernel/clockmode.h"

#include <stdio.h>
#include <string.h>

#define INSTRUCTIONS "instructions:"

int clock_parse(const char *text, struct clock_mode *c)
{
	const char *n;

	if (strcmp(text, "host") == 0) {
		c->instructions = false;
		c->shift = 0;
		return 0;
	}
	if (strncmp(text, INSTRUCTIONS, strlen(INSTRUCTIONS)) != 0)
		return -1;
	n = text + strlen(INSTRUCTIONS);
	/* One or two digits, no sign, no leading zero before a digit. */
	if (n[0] < '0' || n[0] > '9' || (n[1] && (n[0] == '0' || n[1] < '0' || n[1] > '9' || n[2])))
		return -1;
	int shift = n[1] ? (n[0] - '0') * 10 + (n[1] - '0') : n[0] - '0';
	if (shift > CLOCK_SHIFT_MAX)
		return -1;
	c->instructions = true;
	c->shift = shift;
	return 0;
}

const char *clock_text(const struct clock_mode *c, char *buf, size_t size)
{
	if (c->instructions)
		snprintf(buf, size, INSTRUCTIONS "%d", c->shift);
	else
		snprintf(buf, size, "host");
	return buf;
}
