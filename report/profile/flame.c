/* SPDX-License-Identifier: GPL-2.0-only */
/* flame.c: flame graphs and differential flame graphs in SVG (flame.h). */
#include "report/profile/flame.h"

#include "report/diag.h"
#include "report/svg.h"
#include "report/svg_text.h"
#include "report/util.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FW 1200                 /* the graph's width */
#define PAD 10                  /* its margins */
#define FH 17                   /* a frame's height */
#define TEXT_PX 11
#define TITLE_PX 13
#define NOTE_PX 10
#define MIN_PX 0.25             /* narrower frames (and what they call) are left out */
#define MAX_DEPTH 160

/* A node of the call tree: a process (depth 0) or a function. */
struct node {
	uint32_t id;            /* comm or function number */
	unsigned long long count, base;  /* samples here; the baseline's */
	struct node *kids;
	size_t nkids, cap;
};

static struct node *kid(struct node *n, uint32_t id)
{
	for (size_t i = 0; i < n->nkids; i++)
		if (n->kids[i].id == id)
			return &n->kids[i];
	grow(&n->kids, &n->cap, n->nkids + 1, sizeof *n->kids);
	memset(&n->kids[n->nkids], 0, sizeof *n->kids);
	n->kids[n->nkids].id = id;
	return &n->kids[n->nkids++];
}

/* Add the stacks of s to the tree at root, as samples or as the baseline's;
 * the baseline's only where the column has the stack's frames. */
static void add_stacks(struct node *root, const struct stacks *s, bool base)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct stack *st = &s->v[i];
		struct node *n = kid(root, st->comm);
		for (size_t k = 0;; k++) {
			if (base)
				n->base += st->count;
			else
				n->count += st->count;
			if (k >= st->nframes || k + 1 >= MAX_DEPTH)
				break;
			n = kid(n, st->frames[k]);
		}
	}
}

static void tree_free(struct node *n)
{
	for (size_t i = 0; i < n->nkids; i++)
		tree_free(&n->kids[i]);
	free(n->kids);
}

/* Sorting children by name, as flamegraph.pl does: depth 0 by process. */
static const struct funcs *sort_fs;
static bool sort_comms;

static int cmp_nodes(const void *a, const void *b)
{
	const struct node *x = a, *y = b;

	if (sort_comms)
		return strcmp(sort_fs->comms[x->id], sort_fs->comms[y->id]);
	return strcmp(sort_fs->v[x->id].name, sort_fs->v[y->id].name);
}

/* Sort the tree and return the depth of its frames that are drawn (at
 * least MIN_PX wide at scale pixels per sample). */
static size_t tree_depth(struct node *n, const struct funcs *fs, bool comms, double scale)
{
	size_t d = 0;

	sort_fs = fs;
	sort_comms = comms;
	if (n->nkids > 1)
		qsort(n->kids, n->nkids, sizeof *n->kids, cmp_nodes);
	for (size_t i = 0; i < n->nkids; i++) {
		size_t k;
		if ((double)n->kids[i].count * scale < MIN_PX)
			continue;
		k = 1 + tree_depth(&n->kids[i], fs, false, scale);
		d = k > d ? k : d;
	}
	return d;
}

struct draw {
	FILE *f;
	const struct funcs *fs;
	double scale;           /* pixels per sample */
	double total, base_total;
	double max_change;      /* the largest change of a share, in points */
	double bottom;          /* the y below the processes' frames */
	bool diff;
};

/* A number 0..1 of name, to vary the colour of frames of a kind. */
static double name_hash(const char *name)
{
	uint32_t h = 2166136261u;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	return (double)(h % 1000) / 999.0;
}

static void colour(const struct draw *d, const struct node *n, bool comm, char *buf, size_t size)
{
	int rgb[3];

	if (d->diff) {
		double change = 100 * ((double)n->count / d->total - (double)n->base / d->base_total);
		int v = d->max_change > 0 ? (int)lround(180 * fmin(1, fabs(change) / d->max_change)) : 0;
		rgb[0] = change > 0 ? 255 : 255 - v;
		rgb[1] = 255 - v;
		rgb[2] = change > 0 ? 255 - v : 255;
	} else if (comm) {
		rgb[0] = rgb[1] = rgb[2] = 190;
	} else {
		const struct func *fn = &d->fs->v[n->id];
		double h = name_hash(fn->name);
		switch (fn->kind) {
		case KIND_KERNEL:
			rgb[0] = 230 + (int)(25 * h), rgb[1] = 120 + (int)(60 * h), rgb[2] = (int)(40 * h);
			break;
		case KIND_POSTGRES:
			rgb[0] = 200 + (int)(55 * h), rgb[1] = 60 + (int)(50 * h), rgb[2] = 60 + (int)(30 * h);
			break;
		default:
			rgb[0] = 60 + (int)(60 * h), rgb[1] = 170 + (int)(55 * h), rgb[2] = 150 + (int)(75 * h);
		}
	}
	snprintf(buf, size, "#%02x%02x%02x", rgb[0] & 255, rgb[1] & 255, rgb[2] & 255);
}

/* name cut to fit width pixels at TEXT_PX, ".." marking the cut; NULL
 * when not even two characters fit. */
static char *fit(const char *name, double width)
{
	size_t n = strlen(name);
	char *s;

	if (svg_text_width(name, TEXT_PX, false) <= width)
		return xstrdup(name);
	s = xmalloc(n + 3);
	memcpy(s, name, n + 1);
	while (n > 2) {
		n--;
		while (n > 0 && ((unsigned char)name[n] & 0xc0) == 0x80)
			n--;    /* never inside a UTF-8 character */
		sprintf(s + n, "..");
		if (svg_text_width(s, TEXT_PX, false) <= width)
			return s;
	}
	free(s);
	return NULL;
}

/* Frame n at x, depth depth (0: the process), and above it what it calls. */
static void frame(const struct draw *d, const struct node *n, double x, size_t depth)
{
	double w = (double)n->count * d->scale, y = d->bottom - (double)(depth + 1) * FH;
	const char *name = depth == 0 ? d->fs->comms[n->id] : d->fs->v[n->id].name;
	char fill[48], *label;

	if (w < MIN_PX)
		return;
	colour(d, n, depth == 0, fill, sizeof fill);
	fprintf(d->f, "<g class=\"frame\"><title>");
	html_escape(d->f, name);
	if (depth > 0) {
		fprintf(d->f, " (");
		html_escape(d->f, d->fs->v[n->id].dso);
		fprintf(d->f, ")");
	}
	fprintf(d->f, ": %llu samples, %.2f%%", n->count, 100 * (double)n->count / d->total);
	if (d->diff)
		fprintf(d->f, ", %+.2f points against the baseline's %.2f%%",
			100 * ((double)n->count / d->total - (double)n->base / d->base_total),
			100 * (double)n->base / d->base_total);
	fprintf(d->f, "</title><rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" fill=\"%s\" "
		"rx=\"2\"%s/>", x, y, w, FH - 1, fill,
		d->diff ? " stroke=\"#bbb\" stroke-width=\"0.5\"" : "");
	label = w > 8 ? fit(name, w - 6) : NULL;
	if (label) {
		fprintf(d->f, "<text x=\"%.2f\" y=\"%.1f\">", x + 3, y + FH - 5);
		html_escape(d->f, label);
		fprintf(d->f, "</text>");
		free(label);
	}
	fprintf(d->f, "</g>\n");
	for (size_t i = 0; i < n->nkids; i++) {
		frame(d, &n->kids[i], x, depth + 1);
		x += (double)n->kids[i].count * d->scale;
	}
}

/* The largest change of a drawn frame's share in the tree, in points. */
static double max_change(const struct node *n, const struct draw *d, bool top)
{
	double m = 0;

	if (!top) {
		if ((double)n->count * d->scale < MIN_PX)
			return 0;
		m = fabs(100 * ((double)n->count / d->total - (double)n->base / d->base_total));
	}
	for (size_t i = 0; i < n->nkids; i++)
		m = fmax(m, max_change(&n->kids[i], d, false));
	return m;
}

/* The legend: swatches and their names side by side at y. */
static void legend(FILE *f, const struct draw *d, double y)
{
	static const char *const plain[][2] = { { "kernel", "#f29614" }, { "postgres", "#e4554b" },
		{ "other", "#5ac5bb" }, { "process", "#bebebe" } };
	static const char *const diff[][2] = { { "share grew", "#ff4b4b" }, { "shrank", "#4b4bff" },
		{ "no change", "#ffffff" } };
	const char *const (*e)[2] = d->diff ? diff : plain;
	size_t n = d->diff ? 3 : 4;
	double x = PAD;

	for (size_t i = 0; i < n; i++) {
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\" "
			"stroke=\"#999\" stroke-width=\"0.5\"/><text x=\"%.1f\" y=\"%.1f\" class=\"legend\">%s</text>\n",
			x, y, e[i][1], x + 16, y + 10, e[i][0]);
		x += 16 + svg_text_width(e[i][0], TEXT_PX, false) + 18;
	}
}

/* Text s broken into lines at y (the first baseline at *y + px). */
static void block(FILE *f, const char *s, const char *cls, double *y, double px, bool bold)
{
	size_t n;
	char **lines = svg_text_wrap(s, px, bold, FW - 2 * PAD, &n);

	for (size_t i = 0; i < n; i++) {
		*y += px * 1.3;
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" class=\"%s\">", PAD, *y, cls);
		html_escape(f, lines[i]);
		fprintf(f, "</text>\n");
	}
	svg_text_free(lines, n);
}

void flame_svg(FILE *f, const struct flame *fl)
{
	struct node root = { 0 };
	struct draw d = { .fs = fl->fs, .diff = fl->base != NULL };
	double y = 4, height, x = PAD;
	char *head = NULL;
	size_t depth, len = 0;
	FILE *h;

	add_stacks(&root, fl->s, false);
	if (fl->base)
		add_stacks(&root, fl->base, true);
	d.total = fl->s->samples > 0 ? (double)fl->s->samples : 1;
	d.base_total = fl->base && fl->base->samples > 0 ? (double)fl->base->samples : 1;
	d.scale = (FW - 2 * PAD) / d.total;
	depth = tree_depth(&root, fl->fs, true, d.scale);
	if (d.diff)
		d.max_change = max_change(&root, &d, true);
	/* The title, caption and legend first, into a buffer: the height of
	 * the whole is known after them. */
	h = open_memstream(&head, &len);
	if (!h) {
		fail("could not open a memory stream:");
		exit(2);
	}
	block(h, fl->title, "ctitle", &y, TITLE_PX, true);
	if (fl->note)
		block(h, fl->note, "caption", &y, NOTE_PX, false);
	y += 6;
	legend(h, &d, y);
	fclose(h);
	d.bottom = ceil(y + 22 + (double)depth * FH);
	height = d.bottom + PAD;
	fprintf(f, "<svg class=\"chart flame\" width=\"%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\" "
		"role=\"img\"%s%s>\n<title>", FW, height, FW, height, fl->attrs ? " " : "",
		fl->attrs ? fl->attrs : "");
	html_escape(f, fl->title);
	fprintf(f, "</title>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%.0f\" fill=\"#ffffff\"/>\n%s",
		FW, height, head);
	free(head);
	d.f = f;
	for (size_t i = 0; i < root.nkids; i++) {
		frame(&d, &root.kids[i], x, 0);
		x += (double)root.kids[i].count * d.scale;
	}
	fprintf(f, "</svg>\n");
	tree_free(&root);
}
