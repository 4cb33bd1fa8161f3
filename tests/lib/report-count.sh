# SPDX-License-Identifier: GPL-2.0-only
# tests/lib/report-count.sh: the A/A tests' side labels and count of the
# cells of bootbench-report CSV output (sourced; POSIX sh and awk).
#
# with_side RUN DEST SIDE: a copy of run directory RUN as DEST/<its name>,
# every measurement of its results.jsonl given the env key "side" = SIDE,
# for bootbench-report --by side.
with_side() {
	_ws_dest=$2/$(basename "$1")
	mkdir -p "$_ws_dest"
	cp -R "$1/." "$_ws_dest/"
	sed "s/\"env\":{/\"env\":{\"side\":\"$3\",/" "$1/results.jsonl" >"$_ws_dest/results.jsonl"
}
#
# count CSV...: "fields boot_tested boot_sig within_tested within_sig
# within_bound boot_bound compared fewer_boots" of the reports CSV...
# (the header of the first names the fields; a line with another number
# of fields, a quoted comma, is counted as bad).  Marked cells are listed
# as TAP diagnostics.
count() {
	awk -F, -v alpha=0.05 -v q=0.999 '
		# The upper quantile: the smallest x with P(X <= x) >= q.
		function bound(n,   pmf, cdf, x) {
			pmf = (1 - alpha) ^ n; cdf = pmf; x = 0
			while (cdf < q && x < n) {
				pmf *= (n - x) / (x + 1) * alpha / (1 - alpha)
				x++
				cdf += pmf
			}
			return x
		}
		FNR == 1 { if (NR == 1) { for (i = 1; i <= NF; i++) col[$i] = i; nf = NF }; next }
		NF != nf { bad++; next }
		$col["column"] != $col["baseline"] {
			compared++
			if ($col["no_claim"] == "fewer-boots")
				few++
			if ($col["test"] == "boots") {
				btested++
				if ($col["significant"] == "true") {
					bsig++
					printf "#   marked on boots: %s=%s %s: %s%% [%s, %s], p %s\n",
					       $col["row_key"], $col["row"], $col["table"], $col["change_mean_pct"],
					       $col["ci_low_pct"], $col["ci_high_pct"], $col["p"]
				}
			}
			w = $col["within_boot_test"]
			if (w == "repeats" || w == "batch-means") {
				wtested++
				if ($col["within_boot_p"] < alpha)
					wsig++
			}
			if ($col["significant"] == "true" && $col["test"] != "boots")
				bsig++
		}
		END {
			print bad + 0, btested + 0, bsig + 0, wtested + 0, wsig + 0, bound(wtested),
			      bound(btested), compared + 0, few + 0
		}' "$@"
}
