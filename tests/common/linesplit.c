/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: output split into lines (common/linesplit.h). */
#include <stdlib.h>
#include <string.h>

#include "linesplit.h"
#include "tap.h"

/* Every line, each followed by '|', and their lengths. */
struct seen {
	int n;
	size_t len[8];
	char all[3 * LINESPLIT_MAX];
};

static void collect(void *ctx, const char *line)
{
	struct seen *s = ctx;
	size_t used = strlen(s->all);

	if (s->n < 8)
		s->len[s->n] = strlen(line);
	s->n++;
	snprintf(s->all + used, sizeof(s->all) - used, "%s|", line);
}

/* Feed text in pieces of step bytes (0: all at once), then end. */
static struct seen *split(const char *text, size_t len, size_t step)
{
	static struct linesplit ls;
	static struct seen s;

	memset(&s, 0, sizeof(s));
	linesplit_init(&ls, collect, &s);
	if (step == 0)
		step = len ? len : 1;
	for (size_t at = 0; at < len; at += step)
		linesplit_feed(&ls, text + at, at + step <= len ? step : len - at);
	linesplit_end(&ls);
	return &s;
}

static struct seen *split_str(const char *text, size_t step)
{
	return split(text, strlen(text), step);
}

static void plain(void)
{
	is_str(split_str("one\ntwo\n", 0)->all, "one|two|", "lines end at \\n");
	is_str(split_str("one\ntwo", 0)->all, "one|two|", "a last line without newline is passed on");
	is_str(split_str("", 0)->all, "", "no output: no line");
	is_str(split_str("one\n\n\ntwo\n", 0)->all, "one|two|", "empty lines are not passed on");
	is_str(split_str("a\r\nb\r\n", 0)->all, "a|b|", "\\r\\n ends one line");
	is_str(split_str("10%\r20%\rdone\n", 0)->all, "10%|20%|done|", "a lone \\r ends a line");
	is_str(split_str("a\r\n\r\nb", 0)->all, "a|b|", "\\r\\n\\r\\n: no empty line");
	is_str(split_str("one\r\ntwo\nthree", 1)->all, "one|two|three|",
	       "fed a byte at a time: the same lines");
	is_str(split_str("a\r", 1)->all, "a|", "a \\r at the end of a piece ends the line");
}

static void long_lines(void)
{
	size_t max = LINESPLIT_MAX - 1;
	char *text = malloc(3 * LINESPLIT_MAX);
	struct seen *s;

	memset(text, 'x', max);
	text[max] = '\n';
	s = split(text, max + 1, 0);
	ok(s->n == 1 && s->len[0] == max, "a line of %zu bytes is one line (%d)", max, s->n);
	s = split(text, max, 0);
	ok(s->n == 1 && s->len[0] == max, "... also without newline (%d)", s->n);

	memset(text, 'y', max + 1);
	text[max + 1] = '\n';
	s = split(text, max + 2, 0);
	ok(s->n == 2 && s->len[0] == max && s->len[1] == 1,
	   "a line of %zu bytes comes as %zu + 1 (%d)", max + 1, max, s->n);

	memset(text, 'z', 10000);
	memcpy(text + 10000, "\nend\n", 5);
	s = split(text, 10005, 7);
	ok(s->n == 4 && s->len[0] == max && s->len[1] == max &&
	   s->len[2] == 10000 - 2 * max && s->len[3] == 3,
	   "a 10000-byte line comes as pieces of at most %zu bytes, then the next line (%d)",
	   max, s->n);
	free(text);
}

static void last_line(void)
{
	struct linesplit ls;

	linesplit_init(&ls, NULL, NULL);
	is_str(ls.last, "", "no line yet: last is empty");
	linesplit_feed(&ls, "first\nerror: it failed\n\n", 24);
	is_str(ls.last, "error: it failed", "the last line is kept, without a callback");
	linesplit_feed(&ls, "tail", 4);
	linesplit_end(&ls);
	is_str(ls.last, "tail", "... a last line without newline too");
}

int main(void)
{
	plain();
	long_lines();
	last_line();
	return tap_done();
}
