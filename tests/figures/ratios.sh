# SPDX-License-Identifier: GPL-2.0-only
# ratios.sh: sourced by the figures scripts that compare two sides.
#   ratio A B      A / B, four decimals
#   median         the median of the numbers on stdin (blank-separated)

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
median() {
	tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 }
		END { printf "%.4f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
