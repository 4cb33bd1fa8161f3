/* SPDX-License-Identifier: GPL-2.0-only */
/* message.c: message text (message.h). */
#include "common/message.h"

#include <stdio.h>
#include <string.h>

void message_vformat(char *buf, size_t len, int err, const char *fmt, va_list ap)
{
	size_t n = strlen(fmt);

	if (len == 0)
		return;
	vsnprintf(buf, len, fmt, ap);
	if (n > 0 && fmt[n - 1] == ':') {
		size_t used = strlen(buf);
		snprintf(buf + used, len - used, " %s", strerror(err));
	}
}
