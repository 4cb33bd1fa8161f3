/* SPDX-License-Identifier: GPL-2.0-only */
/* clockmode.c: bootbench.clock='s value (clockmode.h). */
#include "common/clockmode.h"

#include <stdio.h>
#include <string.h>

#define INSTRUCTIONS "instructions:"
#define SLEEP_OFF ",sleep=off"
#define SLEEP_ON ",sleep=on"

int clock_parse(const char *text, struct clock_mode *c)
{
	const char *n, *end;
	bool jumps;

	if (strcmp(text, "host") == 0) {
		*c = (struct clock_mode){ .instructions = false };
		return 0;
	}
	if (strncmp(text, INSTRUCTIONS, strlen(INSTRUCTIONS)) != 0)
		return -1;
	n = text + strlen(INSTRUCTIONS);
	end = n + strspn(n, "0123456789");
	if (strcmp(end, SLEEP_OFF) == 0)
		jumps = true;
	else if (!*end || strcmp(end, SLEEP_ON) == 0)
		jumps = false;
	else
		return -1;
	/* One or two digits, no sign, no leading zero before a digit. */
	if (end == n || end - n > 2 || (end - n == 2 && n[0] == '0'))
		return -1;
	int shift = end - n == 2 ? (n[0] - '0') * 10 + (n[1] - '0') : n[0] - '0';
	if (shift > CLOCK_SHIFT_MAX)
		return -1;
	*c = (struct clock_mode){ .instructions = true, .shift = shift, .idle_jumps = jumps };
	return 0;
}

const char *clock_text(const struct clock_mode *c, char *buf, size_t size)
{
	if (c->instructions)
		snprintf(buf, size, INSTRUCTIONS "%d%s", c->shift, c->idle_jumps ? SLEEP_OFF : "");
	else
		snprintf(buf, size, "host");
	return buf;
}
