/* SPDX-License-Identifier: GPL-2.0-only */
/* svg.c: line charts with axes, ticks, legend and error bars. */
#include "report/svg.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#define W 560
#define H 360
#define ML 64                   /* margins: left, right, top, bottom */
#define MR 16
#define MT 36
#define MB 48
#define LEGEND_LINE 16

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
		default: fputc(*s, f);
		}
	}
}

/* A round step so that about n ticks cover span. */
static double nice_step(double span, int n)
{
	double raw = span / n, mag = pow(10, floor(log10(raw))), r = raw / mag;

	return (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * mag;
}

static int step_decimals(double step)
{
	int d = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);

	return d > 6 ? 6 : d;
}

static void fmt_tick(char *buf, size_t size, double v, double step)
{
	snprintf(buf, size, "%.*f", step_decimals(step), v);
}

void svg_axis_linear(double min, double max, struct svg_axis *a)
{
	double step;

	min = fmin(min, 0);
	max = fmax(max, 0);
	if (!(max > min))
		max = min + 1;
	step = nice_step(max - min, 5);
	a->lo = floor(min / step + 1e-9) * step;
	a->hi = ceil(max / step - 1e-9) * step;
	a->n = 0;
	for (double v = a->lo; v <= a->hi + step / 2 && a->n < 32; v += step)
		a->ticks[a->n++] = fabs(v) < step / 1e6 ? 0 : v;
	a->decimals = step_decimals(step);
}

void svg_axis_log(double min, double max, struct svg_axis *a)
{
	static const double mult[] = { 1, 2, 5 };
	int lo, hi;

	if (!(min > 0) || !isfinite(min))
		min = 1;
	if (!(max >= min) || !isfinite(max))
		max = min;
	lo = (int)floor(log10(min) + 1e-9);
	hi = (int)ceil(log10(max) - 1e-9);
	if (hi <= lo)
		hi = lo + 1;
	a->lo = pow(10, lo);
	a->hi = pow(10, hi);
	a->n = 0;
	a->decimals = lo < 0 ? (-lo > 6 ? 6 : -lo) : 0;
	for (int e = lo; e <= hi; e++)
		for (size_t m = 0; m < 3 && a->n < 32; m++) {
			if ((m > 0 && hi - lo > 3) || (e == hi && m > 0))
				continue;
			a->ticks[a->n++] = mult[m] * pow(10, e);
		}
}

const char *svg_dash(size_t i)
{
	static const char *const dashes[] = { "", "7 4", "2 3", "10 3 2 3", "4 2 4 6" };

	return dashes[i % (sizeof dashes / sizeof *dashes)];
}

void svg_chart(FILE *f, const struct svg_chart *c)
{
	double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY, xstep = 0;
	double ly0 = 0, ly1 = 1;
	int plot_w = W - ML - MR, plot_h = H - MT - MB;
	int legend_h = (int)c->nseries * LEGEND_LINE + 8;
	struct svg_axis ya;
	char buf[64];

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
	if (!isfinite(ymin)) {
		ymin = c->log_y ? 1 : 0;
		ymax = c->log_y ? 10 : 1;
	}
	if (c->log_y) {
		svg_axis_log(ymin, ymax, &ya);
		ly0 = log10(ya.lo);
		ly1 = log10(ya.hi);
	} else {
		svg_axis_linear(ymin, ymax, &ya);
	}
	if (!c->xticks)
		xstep = nice_step(xmax - xmin, 6);

#define X(v) (ML + ((v) - xmin) / (xmax - xmin) * plot_w)
#define Y(v) (MT + plot_h - (c->log_y ? (log10(v) - ly0) / (ly1 - ly0) : \
			     ((v) - ya.lo) / (ya.hi - ya.lo)) * plot_h)
#define SHOWN(v) (!c->log_y || (v) > 0)
	fprintf(f, "<svg class=\"chart %s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\"%s>\n",
		c->cls, W, H + legend_h, W, H + legend_h, c->log_y ? " data-scale=\"log\"" : "");
	fprintf(f, "<title>");
	html_escape(f, c->title);
	fprintf(f, "</title>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
		W, H + legend_h);
	fprintf(f, "<text x=\"%d\" y=\"20\" class=\"ctitle\">", ML);
	html_escape(f, c->title);
	fprintf(f, "</text>\n");
	/* Grid and y ticks. */
	for (size_t i = 0; i < ya.n; i++) {
		double v = ya.ticks[i];
		snprintf(buf, sizeof buf, "%.*f", ya.decimals, v);
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>"
			"<text x=\"%d\" y=\"%.1f\" class=\"ytick\">%s</text>\n",
			ML, Y(v), ML + plot_w, Y(v), ML - 6, Y(v) + 4, buf);
	}
	if (c->zero_line && !c->log_y)
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"axis zero\"/>\n",
			ML, Y(0.0), ML + plot_w, Y(0.0));
	/* x ticks. */
	if (c->xticks) {
		for (size_t i = 0; i < c->nxticks; i++) {
			fprintf(f, "<text x=\"%.1f\" y=\"%d\" class=\"xtick\">", X(c->xticks[i]), MT + plot_h + 16);
			html_escape(f, c->xtick_labels[i]);
			fprintf(f, "</text>\n");
		}
	} else {
		for (double v = ceil(xmin / xstep) * xstep; v <= xmax + xstep / 1e6; v += xstep) {
			fmt_tick(buf, sizeof buf, v, xstep);
			fprintf(f, "<text x=\"%.1f\" y=\"%d\" class=\"xtick\">%s</text>\n",
				X(v), MT + plot_h + 16, buf);
		}
	}
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"axis\"/>"
		"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"axis\"/>\n",
		ML, MT, ML, MT + plot_h, ML, MT + plot_h, ML + plot_w, MT + plot_h);
	fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"xlabel\">", ML + plot_w / 2, MT + plot_h + 36);
	html_escape(f, c->xlabel);
	fprintf(f, "</text>\n<text x=\"14\" y=\"%d\" class=\"ylabel\" transform=\"rotate(-90 14 %d)\">",
		MT + plot_h / 2, MT + plot_h / 2);
	html_escape(f, c->ylabel);
	fprintf(f, "</text>\n");
	/* Series. */
	for (size_t s = 0; s < c->nseries; s++) {
		const struct svg_series *se = &c->series[s];
		const char *col = svg_color(se->color);
		const char *dash = svg_dash(se->dash);
		bool first = true;
		fprintf(f, "<g class=\"series\" %s>\n<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"",
			se->attrs ? se->attrs : "", col);
		if (*dash)
			fprintf(f, " stroke-dasharray=\"%s\"", dash);
		fprintf(f, " points=\"");
		for (size_t i = 0; i < se->n; i++) {
			const struct svg_point *p = &se->pts[i];
			if (!SHOWN(p->y) || p->x < xmin || p->x > xmax)
				continue;
			fprintf(f, "%s%.1f,%.1f", first ? "" : " ", X(p->x), Y(p->y));
			first = false;
		}
		fprintf(f, "\"/>\n");
		for (size_t i = 0; i < se->n; i++) {
			const struct svg_point *p = &se->pts[i];
			if (!SHOWN(p->y) || p->x < xmin || p->x > xmax)
				continue;
			if (!isnan(p->lo) && !isnan(p->hi) && SHOWN(p->lo))
				fprintf(f, "<path class=\"errorbar\" stroke=\"%s\" d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\"/>\n",
					col, X(p->x), Y(p->lo), Y(p->hi),
					X(p->x) - 4, Y(p->lo), X(p->x) + 4,
					X(p->x) - 4, Y(p->hi), X(p->x) + 4);
			if (se->markers)
				fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>\n",
					X(p->x), Y(p->y), col);
		}
		if (*dash)
			fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\" "
				"stroke-dasharray=\"%s\"/>", ML - 8, H + 10 + (int)s * LEGEND_LINE, ML + 14,
				H + 10 + (int)s * LEGEND_LINE, col, dash);
		else
			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>",
				ML, H + 4 + (int)s * LEGEND_LINE, col);
		fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"legend\">", ML + 18, H + 14 + (int)s * LEGEND_LINE);
		html_escape(f, se->name);
		fprintf(f, "</text>\n</g>\n");
	}
	if (c->note) {
		fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"note\">", ML + plot_w, 20);
		html_escape(f, c->note);
		fprintf(f, "</text>\n");
	}
	fprintf(f, "</svg>\n");
#undef X
#undef Y
#undef SHOWN
}
