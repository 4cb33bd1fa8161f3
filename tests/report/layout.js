// SPDX-License-Identifier: GPL-2.0-only
// layout.js: put at the end of a copy of a report page by html.test, it
// measures in the browser what the page's charts drew and writes what it
// found into <pre id="layout-check">, for chromium --dump-dom:
//   charts N / texts N     what it looked at
//   overlap: CHART: "A" / "B"   two texts of a chart that overlap
//   plot: CHART: "A"            a text over the chart's plot area
//   outside: CHART: "A"         a text not wholly inside its chart
//   charts-overlap: "A" / "B"   two charts drawn over each other
// A text's box is its glyph cells (getBBox) turned as the text is turned
// (getScreenCTM), so that slanted labels are compared as drawn.
(function () {
	"use strict";
	const out = [];
	const slack = 0.5;      // boxes that merely touch do not overlap

	// The four corners of element el's box, on the page.
	function quad(el) {
		const b = el.getBBox(), m = el.getScreenCTM();
		const pts = [[b.x, b.y], [b.x + b.width, b.y],
			[b.x + b.width, b.y + b.height], [b.x, b.y + b.height]];
		return pts.map(function (p) {
			return [m.a * p[0] + m.c * p[1] + m.e, m.b * p[0] + m.d * p[1] + m.f];
		});
	}
	// Whether convex quads a and b overlap by more than the slack: no
	// edge normal of either separates them.
	function overlap(a, b) {
		for (const q of [a, b]) {
			for (let i = 0; i < 4; i++) {
				const p = q[i], r = q[(i + 1) % 4];
				const len = Math.hypot(r[0] - p[0], r[1] - p[1]) || 1;
				const nx = (p[1] - r[1]) / len, ny = (r[0] - p[0]) / len;
				const pa = a.map(function (v) { return v[0] * nx + v[1] * ny; });
				const pb = b.map(function (v) { return v[0] * nx + v[1] * ny; });
				if (Math.max.apply(null, pa) - slack <= Math.min.apply(null, pb) ||
				    Math.max.apply(null, pb) - slack <= Math.min.apply(null, pa))
					return false;
			}
		}
		return true;
	}
	function inside(q, box) {
		return q.every(function (p) {
			return p[0] >= box.left - slack && p[0] <= box.right + slack &&
				p[1] >= box.top - slack && p[1] <= box.bottom + slack;
		});
	}
	function name(el) {
		return JSON.stringify(el.textContent);
	}

	const charts = Array.from(document.querySelectorAll("svg.chart"));
	let ntexts = 0;
	for (const svg of charts) {
		const title = svg.querySelector("text.ctitle");
		const chart = title ? title.textContent : svg.getAttribute("class");
		const texts = Array.from(svg.querySelectorAll("text"))
			.filter(function (t) { return t.textContent.trim() !== ""; });
		const quads = texts.map(quad);
		const plot = svg.querySelector("rect.plot");
		const pq = plot ? quad(plot) : null;
		const box = svg.getBoundingClientRect();
		ntexts += texts.length;
		for (let i = 0; i < texts.length; i++) {
			for (let j = i + 1; j < texts.length; j++)
				if (overlap(quads[i], quads[j]))
					out.push("overlap: " + chart + ": " + name(texts[i]) + " / " + name(texts[j]));
			if (pq && overlap(quads[i], pq))
				out.push("plot: " + chart + ": " + name(texts[i]));
			if (!inside(quads[i], box))
				out.push("outside: " + chart + ": " + name(texts[i]));
		}
	}
	const boxes = charts.map(function (c) {
		const r = c.getBoundingClientRect();
		return [[r.left, r.top], [r.right, r.top], [r.right, r.bottom], [r.left, r.bottom]];
	});
	for (let i = 0; i < charts.length; i++)
		for (let j = i + 1; j < charts.length; j++)
			if (overlap(boxes[i], boxes[j]))
				out.push("charts-overlap: " + name(charts[i].querySelector("title")) + " / " +
					 name(charts[j].querySelector("title")));
	out.unshift("charts " + charts.length, "texts " + ntexts);
	const pre = document.createElement("pre");
	pre.id = "layout-check";
	pre.textContent = out.join("\n") + "\n";
	document.body.appendChild(pre);
})();
