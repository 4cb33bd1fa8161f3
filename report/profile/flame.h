/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * flame.h: flame graphs as inline SVG, drawn here (no script): the
 * processes at the bottom, each function above its caller, as wide as
 * its share of the samples; a frame's text is its name cut to the width
 * it has ("read_hp..") and its <title> the whole: name, object, samples
 * and share (a tooltip).  The frames of the kernel are orange, of
 * PostgreSQL red to yellow, of other objects green to blue, the
 * processes grey.
 *
 * A differential flame graph (Brendan Gregg's) draws a column's samples
 * the same way, each frame coloured by how its share of the samples
 * changed from the baseline's samples of the same stack: red where it
 * grew, blue where it shrank, the deepest colour for the largest change
 * of the graph, white for none.
 */
#ifndef BOOTBENCH_REPORT_FLAME_H
#define BOOTBENCH_REPORT_FLAME_H

#include "report/profile/stacks.h"

#include <stdio.h>

struct flame {
	const char *title;
	const char *note;       /* the caption, or NULL */
	const char *attrs;      /* more attributes of the <svg>, escaped, or NULL */
	const struct funcs *fs;
	const struct stacks *s;
	const struct stacks *base;      /* differential: the baseline's; NULL: plain */
};

void flame_svg(FILE *f, const struct flame *fl);

#endif
