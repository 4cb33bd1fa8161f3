# SPDX-License-Identifier: GPL-2.0-only
# Tests of report/: unit tests of the statistics (host
# gcc with AddressSanitizer and UBSan), the comparison on synthetic series
# (aa.c: A/A false-positive rates and detection), the text report of runs
# the appliance made under TCG against an expected file, A/A pairs of
# real runs (aa-runs.test), bad input, the header's provenance facts
# (provenance.test), --plan (plan.test), a --boots sequence as A/A and
# against a known difference (boots.test), --summary (summary.test),
# --monitors (monitors.test), the sys.csv reader and the charts' axes
# (charts.c), the HTML page rendered by headless Chromium, --profile on
# perf profiles recorded on the host (profile.test, made by make-profiles),
# its flame graphs in Chromium on stacks of its own (profile-html.test,
# tests/report/fixtures/flame/), the parsing of --threshold (threshold.c)
# and bootbench-gate on kept runs (gate.test).

# The unit tests (mk/unit-tests.mk) link the report's sources but its main
# and the common/ modules it links; pngcheck.c is a tool of html.test.
report_UNIT_SOURCES := $(addprefix $(TOP)/report/,$(filter-out report_main.c,$(REPORT_SRCS))) \
	$(REPORT_COMMON:%=$(TOP)/common/%.c)
report_UNIT_TOOLS   := pngcheck
# make check-report: the tests of report/ alone, with the command lines of
# the report and the gate and the replay of the fuzz inputs of its reading
# of run directories.
report_CHECK_MORE   := $(sort $(wildcard $(TOP)/tests/report/*.test)) $(TOP)/tests/cli/report.test \
	$(TOP)/tests/cli/gate.test $(FUZZ_REPLAY)/report-runs.test
report_CHECK_DEPS   := $(REPORT) $(GATE) $(BUILD)/tests/report/pngcheck $(FUZZ_REPLAY)/report-runs.test

$(eval $(call unit_tests,report))

# Reads a PNG (zlib) and counts its colours, for the HTML test.
$(BUILD)/tests/report/pngcheck: $(TOP)/tests/report/pngcheck.c
	@echo "  CC      tests/report/pngcheck.c"
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(OUR_CFLAGS) -o $@ $< -lz

CHECK_TESTS += $(patsubst $(TOP)/%,%,$(sort $(wildcard $(TOP)/tests/report/*.test)))
CHECK_DEPS  += $(REPORT) $(GATE) $(BUILD)/tests/report/pngcheck
