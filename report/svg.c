/* SPDX-License-Identifier: GPL-2.0-only */
/* svg.c: charts with axes, ticks, legend and error bars, laid out in rows
 * of texts that do not overlap (svg.h). */
#include "report/svg.h"

#include "report/diag.h"
#include "report/svg_text.h"
#include "report/util.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define W 560                   /* the chart's width */
#define PH 276                  /* the plot's height */
#define MR 20                   /* right margin */
#define TICK_PX 11              /* font sizes: tick labels and legend, */
#define TITLE_PX 13             /* title (bold), */
#define NOTE_PX 10              /* caption, */
#define LABEL_PX 12             /* axis labels */
#define LEGEND_LINE 16
#define SLANT 40                /* degrees of x tick labels that do not fit */

static const char *const palette[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};

const char *svg_color(size_t i)
{
	return palette[i % (sizeof palette / sizeof *palette)];
}

void html_escape(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default:
			/* Control characters but tab and newline: none in XML 1.0. */
			fputc((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n' ? '?' : *s, f);
		}
	}
}

const char *svg_dash(size_t i)
{
	static const char *const dashes[] = { "", "7 4", "2 3", "10 3 2 3", "4 2 4 6" };

	return dashes[i % (sizeof dashes / sizeof *dashes)];
}

/* Where things go: the plot from (ml, mt), pw by PH; the x and y ranges. */
struct frame {
	double ml, mt, pw;
	double xmin, xmax, ly0, ly1;
	struct svg_axis ya;
	bool log_y;
	/* The x ticks: positions, labels, their angle (0, -SLANT or -90). */
	double *tx;
	char **tl;
	size_t nt;
	int angle;
};

static double fx(const struct frame *fr, double v)
{
	return fr->ml + (v - fr->xmin) / (fr->xmax - fr->xmin) * fr->pw;
}

static double fy(const struct frame *fr, double v)
{
	double frac = fr->log_y ? (log10(v) - fr->ly0) / (fr->ly1 - fr->ly0)
				: (v - fr->ya.lo) / (fr->ya.hi - fr->ya.lo);
	return fr->mt + PH - frac * PH;
}

static bool shown(const struct frame *fr, const struct svg_point *p)
{
	return (!fr->log_y || p->y > 0) && p->x >= fr->xmin && p->x <= fr->xmax;
}

/* The x and y ranges of the points, the ticks and c's own x range. */
static void ranges(const struct svg_chart *c, struct frame *fr)
{
	double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;

	for (size_t s = 0; s < c->nseries; s++)
		for (size_t i = 0; i < c->series[s].n; i++) {
			const struct svg_point *p = &c->series[s].pts[i];
			xmin = fmin(xmin, p->x);
			xmax = fmax(xmax, p->x);
			if (c->log_y && !(p->y > 0))
				continue;
			ymin = fmin(ymin, isnan(p->lo) || (c->log_y && !(p->lo > 0)) ? p->y : fmin(p->y, p->lo));
			ymax = fmax(ymax, isnan(p->hi) ? p->y : fmax(p->y, p->hi));
		}
	for (size_t i = 0; i < c->nxticks; i++) {
		xmin = fmin(xmin, c->xticks[i]);
		xmax = fmax(xmax, c->xticks[i]);
	}
	if (!isfinite(xmin)) {
		xmin = 0;
		xmax = 1;
	}
	if (c->xhi > c->xlo) {
		xmin = c->xlo;
		xmax = c->xhi;
	} else if (xmax == xmin) {
		xmin -= 0.5;
		xmax += 0.5;
	} else if (c->xticks) {
		double pad = (xmax - xmin) * 0.05;
		xmin -= pad;
		xmax += pad;
	}
	fr->xmin = xmin;
	fr->xmax = xmax;
	if (!isfinite(ymin)) {
		ymin = c->log_y ? 1 : 0;
		ymax = c->log_y ? 10 : 1;
	}
	fr->log_y = c->log_y;
	if (c->log_y) {
		svg_axis_log(ymin, ymax, &fr->ya);
		fr->ly0 = log10(fr->ya.lo);
		fr->ly1 = log10(fr->ya.hi);
	} else {
		svg_axis_linear(ymin, ymax, &fr->ya);
	}
}

/* The x ticks: c's, or round numbers over the range. */
static void x_ticks(const struct svg_chart *c, struct frame *fr)
{
	if (c->xticks) {
		fr->nt = c->nxticks;
		fr->tx = xcalloc(fr->nt, sizeof *fr->tx);
		fr->tl = xcalloc(fr->nt, sizeof *fr->tl);
		for (size_t i = 0; i < fr->nt; i++) {
			fr->tx[i] = c->xticks[i];
			fr->tl[i] = xstrdup(c->xtick_labels[i]);
		}
		return;
	}
	double step = svg_nice_step(fr->xmax - fr->xmin, 6);
	fr->tx = xcalloc(64, sizeof *fr->tx);
	fr->tl = xcalloc(64, sizeof *fr->tl);
	fr->nt = 0;
	for (double v = ceil(fr->xmin / step) * step; v <= fr->xmax + step / 1e6 && fr->nt < 64;
	     v += step) {
		fr->tx[fr->nt] = v;
		fr->tl[fr->nt++] = xasprintf("%.*f", svg_step_decimals(step), v);
	}
}

/* The angle of the x tick labels: level if they fit side by side, else
 * slanted if the first fits to the left of its tick, else upright; and
 * the height they take below the plot. */
static double tick_band(struct frame *fr)
{
	double slot = fr->pw, widest = 0, first = W, last = 0, cs = cos(SLANT * M_PI / 180);

	for (size_t i = 0; i < fr->nt; i++) {
		double x = fx(fr, fr->tx[i]), w = svg_text_width(fr->tl[i], TICK_PX, false);
		widest = fmax(widest, w);
		first = fmin(first, x - w / 2);
		last = fmax(last, x + w / 2);
		if (i > 0)
			slot = fmin(slot, fabs(x - fx(fr, fr->tx[i - 1])));
	}
	if (widest + 8 <= slot && first >= 2 && last <= W - 2) {
		fr->angle = 0;
		return 22;
	}
	first = W;
	for (size_t i = 0; i < fr->nt; i++)
		first = fmin(first, fx(fr, fr->tx[i]) - svg_text_width(fr->tl[i], TICK_PX, false) * cs);
	if (first >= 2 && slot >= 2 * TICK_PX) {
		fr->angle = -SLANT;
		return 14 + widest * sin(SLANT * M_PI / 180) + TICK_PX;
	}
	fr->angle = -90;
	return 12 + widest;
}

/* Text s broken into lines of width at x; the first baseline at *y + px,
 * *y past the last line afterwards. */
static void text_block(FILE *f, const char *s, const char *cls, double x, double *y, double px,
		       bool bold, double width)
{
	size_t n;
	char **lines = svg_text_wrap(s, px, bold, width, &n);

	for (size_t i = 0; i < n; i++) {
		*y += px * 1.3;
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"%s\">", x, *y, cls);
		html_escape(f, lines[i]);
		fprintf(f, "</text>\n");
	}
	svg_text_free(lines, n);
}

static void y_axis(FILE *f, const struct svg_chart *c, const struct frame *fr)
{
	char buf[64];

	for (size_t i = 0; i < fr->ya.n; i++) {
		double v = fr->ya.ticks[i];
		svg_axis_label(&fr->ya, i, buf, sizeof buf);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>"
			"<text x=\"%.1f\" y=\"%.1f\" class=\"ytick\">%s</text>\n",
			fr->ml, fy(fr, v), fr->ml + fr->pw, fy(fr, v), fr->ml - 6, fy(fr, v) + 4, buf);
	}
	if (c->zero_line && !c->log_y)
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"axis zero\"/>\n",
			fr->ml, fy(fr, 0.0), fr->ml + fr->pw, fy(fr, 0.0));
	fprintf(f, "<text x=\"16\" y=\"%.1f\" class=\"ylabel\" transform=\"rotate(-90 16 %.1f)\">",
		fr->mt + PH / 2.0, fr->mt + PH / 2.0);
	html_escape(f, c->ylabel);
	fprintf(f, "</text>\n");
}

static void x_axis(FILE *f, const struct frame *fr)
{
	double base = fr->mt + PH;

	for (size_t i = 0; i < fr->nt; i++) {
		double x = fx(fr, fr->tx[i]);
		if (fr->angle == 0)
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"xtick\">", x, base + 18);
		else
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"xtick\" style=\"text-anchor:end\" "
				"transform=\"rotate(%d %.1f %.1f)\">", x + 4, base + 12, fr->angle, x + 4,
				base + 12);
		html_escape(f, fr->tl[i]);
		fprintf(f, "</text>\n");
	}
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"axis\"/>"
		"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"axis\"/>\n",
		fr->ml, fr->mt, fr->ml, base, fr->ml, base, fr->ml + fr->pw, base);
}

static void points(FILE *f, const struct svg_chart *c, const struct frame *fr,
		   const struct svg_series *se)
{
	const char *col = svg_color(se->color), *dash = svg_dash(se->dash);
	bool first = true;

	if (!c->dots) {
		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"", col);
		if (*dash)
			fprintf(f, " stroke-dasharray=\"%s\"", dash);
		fprintf(f, " points=\"");
		for (size_t i = 0; i < se->n; i++)
			if (shown(fr, &se->pts[i])) {
				fprintf(f, "%s%.1f,%.1f", first ? "" : " ", fx(fr, se->pts[i].x),
					fy(fr, se->pts[i].y));
				first = false;
			}
		fprintf(f, "\"/>\n");
	}
	for (size_t i = 0; i < se->n; i++) {
		const struct svg_point *p = &se->pts[i];
		double x = fx(fr, p->x);
		if (!shown(fr, p))
			continue;
		if (!isnan(p->lo) && !isnan(p->hi) && (!c->log_y || p->lo > 0))
			fprintf(f, "<path class=\"errorbar\" stroke=\"%s\" d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\"/>\n",
				col, x, fy(fr, p->lo), fy(fr, p->hi), x - 4, fy(fr, p->lo), x + 4,
				x - 4, fy(fr, p->hi), x + 4);
		if (se->markers || c->dots)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\"/>\n",
				x, fy(fr, p->y), c->dots ? "4.5" : "3.5", col);
	}
}

/* Whether series s is the first of its name: the one with a legend entry. */
static bool named_first(const struct svg_chart *c, size_t s)
{
	for (size_t k = 0; k < s; k++)
		if (strcmp(c->series[k].name, c->series[s].name) == 0)
			return false;
	return true;
}

/* The legend entry of series s at top y, unless an earlier series has its
 * name; the y of the next entry. */
static double legend_entry(FILE *f, const struct svg_chart *c, const struct frame *fr, size_t s,
			   double y)
{
	const struct svg_series *se = &c->series[s];
	const char *col = svg_color(se->color), *dash = svg_dash(se->dash);

	if (!named_first(c, s))
		return y;
	if (c->dots)
		fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\"/>", fr->ml + 6, y + 6, col);
	else if (*dash)
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			"stroke-width=\"3\" stroke-dasharray=\"%s\"/>", fr->ml - 8, y + 6, fr->ml + 14,
			y + 6, col, dash);
	else
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>",
			fr->ml, y, col);
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"legend\">", fr->ml + 18, y + 10);
	html_escape(f, se->name);
	fprintf(f, "</text>\n");
	return y + LEGEND_LINE;
}

void svg_chart(FILE *f, const struct svg_chart *c)
{
	struct frame fr = { 0 };
	double ytick_w = 0, y = 4, band, base, height;
	char buf[64], *head = NULL;
	size_t len = 0;
	FILE *h;

	ranges(c, &fr);
	for (size_t i = 0; i < fr.ya.n; i++) {
		svg_axis_label(&fr.ya, i, buf, sizeof buf);
		ytick_w = fmax(ytick_w, svg_text_width(buf, TICK_PX, false));
	}
	fr.ml = fmax(56, ceil(30 + ytick_w));
	fr.pw = W - fr.ml - MR;
	/* Title and caption first, into a buffer: the height of the whole
	 * is known only at the end. */
	h = open_memstream(&head, &len);
	if (!h) {
		fail("could not open a memory stream:");
		exit(2);
	}
	text_block(h, c->title, "ctitle", fr.ml, &y, TITLE_PX, true, W - fr.ml - 8);
	if (c->note)
		text_block(h, c->note, "caption", fr.ml, &y, NOTE_PX, false, W - fr.ml - 8);
	fclose(h);
	fr.mt = ceil(y + 14);
	x_ticks(c, &fr);
	band = tick_band(&fr);
	base = fr.mt + PH + band;
	if (*c->xlabel)
		base += 18;
	height = base + 12;
	for (size_t s = 0; s < c->nseries; s++)
		height += named_first(c, s) ? LEGEND_LINE : 0;
	height = ceil(height);

	fprintf(f, "<svg class=\"chart %s\" width=\"%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\" role=\"img\"%s%s>\n",
		c->cls, W, height, W, height, c->log_y ? " data-scale=\"log\"" : "",
		c->dots ? " data-points=\"dots\"" : "");
	fprintf(f, "<title>");
	html_escape(f, c->title);
	fprintf(f, "</title>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%.0f\" fill=\"#ffffff\"/>\n%s",
		W, height, head);
	free(head);
	fprintf(f, "<rect class=\"plot\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"none\"/>\n",
		fr.ml, fr.mt, fr.pw, PH);
	y_axis(f, c, &fr);
	x_axis(f, &fr);
	if (*c->xlabel) {
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"xlabel\">", fr.ml + fr.pw / 2, base - 4);
		html_escape(f, c->xlabel);
		fprintf(f, "</text>\n");
	}
	y = base + 4;
	for (size_t s = 0; s < c->nseries; s++) {
		const struct svg_series *se = &c->series[s];
		fprintf(f, "<g class=\"series\" %s>\n", se->attrs ? se->attrs : "");
		points(f, c, &fr, se);
		y = legend_entry(f, c, &fr, s, y);
		fprintf(f, "</g>\n");
	}
	fprintf(f, "</svg>\n");
	for (size_t i = 0; i < fr.nt; i++)
		free(fr.tl[i]);
	free(fr.tl);
	free(fr.tx);
}
