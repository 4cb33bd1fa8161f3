/* SPDX-License-Identifier: GPL-2.0-only */
/* Fuzz target: the JSON reader (common/jsonread.c) on any bytes, not
 * NUL-terminated; jr_valid() must agree with jr_parse(), and every value
 * of the tree is read back. */
#include <stdint.h>
#include <stdlib.h>

#include "common/jsonread.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void walk(const struct jr_value *v)
{
	double d;
	long long n;

	(void)jr_str(v);
	(void)jr_num(v, &d);
	(void)jr_int(v, &n);
	if (v->line < 1)
		abort();
	for (size_t i = 0; (v->type == JR_ARRAY || v->type == JR_OBJECT) && i < v->count; i++) {
		if (v->type == JR_OBJECT && jr_get(v, v->keys[i]) == NULL)
			abort();
		walk(&v->items[i]);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct jr_error err;
	struct jr_value *v = jr_parse(text, size, &err);

	if (jr_valid(text, size) != (v != NULL))
		abort();
	if (v) {
		walk(v);
		(void)jr_path(v, "kernel.release");
		jr_free(v);
	}
	return 0;
}
