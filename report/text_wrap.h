/* SPDX-License-Identifier: GPL-2.0-only */
/* text_wrap.h: the lines of the text outputs, at most TEXT_WIDTH columns wide. */
#ifndef BOOTBENCH_REPORT_TEXT_WRAP_H
#define BOOTBENCH_REPORT_TEXT_WRAP_H

#include <stddef.h>
#include <stdio.h>

#define TEXT_WIDTH 100

/* Print text after prefix, wrapped at spaces (or anywhere in a word that
 * is too long) to TEXT_WIDTH, continuation lines indented by indent. */
void text_wrapped(FILE *f, const char *prefix, size_t indent, const char *text);

#endif
