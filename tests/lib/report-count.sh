# SPDX-License-Identifier: GPL-2.0-only
# tests/lib/report-count.sh: the A/A tests' side labels, kernel variants
# made of kept runs, and the count of the cells of bootbench-report CSV
# output (sourced; the work is Python's).
#
# with_side RUN DEST SIDE: a copy of run directory RUN as DEST/<its name>,
# every measurement of its results.jsonl given the env key "side" = SIDE
# (the first key of its env), for bootbench-report --by side.
with_side() {
	_ws_dest=$2/$(basename "$1")
	mkdir -p "$_ws_dest"
	cp -R "$1/." "$_ws_dest/"
	python3 - "$TOP/host" "$1/results.jsonl" "$3" >"$_ws_dest/results.jsonl" <<'PY'
import json, sys
sys.path.insert(0, sys.argv[1])
from bootbench import jsonfile
for line in open(sys.argv[2]):
    if line.strip():
        m = jsonfile.parse(line, sys.argv[2])
        m["env"] = dict({"side": sys.argv[3]}, **m["env"])
        print(json.dumps(m, separators=(",", ":")))
PY
}
#
# with_variant RUN DEST NAME [PYTHON]: a copy of run directory RUN as
# DEST/<its name>, its run.json made that of a boot of the kernel variant
# NAME (parameters joined with '+'; "" for the kernel as it is): the
# variant recorded, its parameters and bootbench.variant= on the command
# line; then the Python statement PYTHON run on the record j.
with_variant() {
	_wv_dest=$2/$(basename "$1")
	mkdir -p "$_wv_dest"
	cp -R "$1/." "$_wv_dest/"
	python3 - "$TOP/host" "$_wv_dest/run.json" "$3" "${4:-pass}" <<'PY'
import json, sys
sys.path.insert(0, sys.argv[1])
from bootbench import jsonfile, variants
j = jsonfile.read(sys.argv[2])
name = sys.argv[3]
j["variant"] = {"name": name, "parameters": variants.parameters(name)} if name else None
j["kernel"]["cmdline"] = " ".join([j["kernel"]["cmdline"]] + variants.cmdline(name))
exec(sys.argv[4])
with open(sys.argv[2], "w") as f:
    json.dump(j, f, indent=2)
PY
}
#
# count CSV...: "fields boot_tested boot_sig within_tested within_sig
# within_bound boot_bound compared fewer_boots" of the reports CSV...
# (the header of the first names the fields; a line with another number
# of fields, a quoted comma, is counted as bad).  The bounds are the upper
# 99.9 % quantile of Binomial(tested cells, 0.05).  Marked cells are
# listed as TAP diagnostics on stderr.
count() {
	python3 - "$@" <<'PY'
import sys
ALPHA, Q = 0.05, 0.999


def bound(n):
    """The upper quantile: the smallest x with P(X <= x) >= Q."""
    pmf = (1 - ALPHA) ** n
    cdf, x = pmf, 0
    while cdf < Q and x < n:
        pmf *= (n - x) / (x + 1) * ALPHA / (1 - ALPHA)
        x += 1
        cdf += pmf
    return x


bad = btested = bsig = wtested = wsig = compared = few = 0
col = None
for path in sys.argv[1:]:
    with open(path) as f:
        header = f.readline().rstrip("\n").split(",")
        col = col or {name: i for i, name in enumerate(header)}
        for line in f:
            v = line.rstrip("\n").split(",")
            if len(v) != len(col):
                bad += 1
                continue
            c = {name: v[i] for name, i in col.items()}
            if c["column"] == c["baseline"]:
                continue
            compared += 1
            few += c["no_claim"] == "fewer-boots"
            if c["test"] == "boots":
                btested += 1
            if c["significant"] == "true":
                bsig += 1
                if c["test"] == "boots":
                    sys.stderr.write("#   marked on boots: %s=%s %s: %s%% [%s, %s], p %s\n" % (
                        c["row_key"], c["row"], c["table"], c["change_mean_pct"], c["ci_low_pct"],
                        c["ci_high_pct"], c["p"]))
            if c["within_boot_test"] in ("repeats", "batch-means"):
                wtested += 1
                wsig += float(c["within_boot_p"]) < ALPHA
print(bad, btested, bsig, wtested, wsig, bound(wtested), bound(btested), compared, few)
PY
}
