/* SPDX-License-Identifier: GPL-2.0-only */
/* Fuzz target: a suite file (bench/suite/suite_parse.c through inih), and the
 * first cases of the matrix it expands to. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench/suite/matrix.h"
#include "bench/suite/suite.h"
#include "bench/suite/suite_parse.h"

#define CASES_MAX 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), err[1024];
	static struct suite s;   /* large: not on the stack */

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	err[0] = '\0';
	if (suite_parse("fuzz", "fuzz.ini", text, &s, err, sizeof err) == 0) {
		size_t n = suite_case_count(&s);
		struct bench_case c;

		for (size_t i = 0; i < n && i < CASES_MAX; i++) {
			suite_case(&s, i, &c);
			(void)case_value(&c, "filesystem", "type");
		}
		if (n > CASES_MAX)
			suite_case(&s, n - 1, &c);
		suite_free(&s);
	} else if (!err[0]) {
		abort();        /* a refusal always says why */
	}
	free(text);
	return 0;
}
