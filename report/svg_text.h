/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svg_text.h: the room a text takes in a chart, so that svg.c can lay
 * texts out without overlaps: an estimate of its width in a sans-serif
 * font (on the wide side: DejaVu Sans's advances, the widest of the
 * common sans-serif fonts), and a text broken into lines of a width.
 */
#ifndef BOOTBENCH_REPORT_SVG_TEXT_H
#define BOOTBENCH_REPORT_SVG_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* The width in pixels of s (UTF-8) at font size px, bold or not. */
double svg_text_width(const char *s, double px, bool bold);
/* s broken at spaces into lines no wider than width (a word wider than
 * that alone on its line): a new array of *n new strings. */
char **svg_text_wrap(const char *s, double px, bool bold, double width, size_t *n);
void svg_text_free(char **lines, size_t n);

#endif
