/* SPDX-License-Identifier: GPL-2.0-only */
/* jsoncheck.h: is a text one valid JSON value (RFC 8259)? */
#ifndef BOOTBENCH_JSONCHECK_H
#define BOOTBENCH_JSONCHECK_H

#include <stdbool.h>
#include <stddef.h>

/* True if text[0..len) is exactly one JSON value, blanks around it
 * allowed.  Nesting deeper than 64 levels counts as invalid. */
bool json_valid(const char *text, size_t len);

#endif
