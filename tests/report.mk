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

REPORT_TEST_BUILD := $(BUILD)/tests/report
# Every tests/report/*.c is a unit test but pngcheck.c, a tool of html.test.
REPORT_UNIT_TESTS := $(filter-out pngcheck,$(basename $(notdir \
	$(sort $(wildcard $(TOP)/tests/report/*.c)))))
REPORT_TEST_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O1 -g -I$(TOP) \
	-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

REPORT_STATS_SRCS := $(addprefix $(TOP)/report/stats/,describe.c welch.c fieller.c batchmeans.c compare.c) \
	$(TOP)/common/stats.c

# Each source, ours or the test's, compiled once into obj/ (its header
# dependencies in the .d beside it); a test links the objects it names.
$(REPORT_TEST_BUILD)/obj/%.o: $(TOP)/%.c
	@echo "  CC      $*.c"
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(REPORT_TEST_CFLAGS) -MMD -MP -c $< -o $@

# $(call report_test_objs,SOURCES): their objects.
report_test_objs = $(patsubst $(TOP)/%.c,$(REPORT_TEST_BUILD)/obj/%.o,$(1))

$(REPORT_TEST_BUILD)/%.test:
	$(Q)gcc $(REPORT_TEST_CFLAGS) -o $@ $^ -lm

# Each unit test's sources: its own and those of ours it tests (a new
# tests/report/NAME.c names them in REPORT_TEST_SRCS_NAME).
REPORT_TEST_SRCS_stats := $(TOP)/tests/report/stats.c $(REPORT_STATS_SRCS)
# The comparison on synthetic series with known autocorrelation and shifts.
REPORT_TEST_SRCS_aa := $(TOP)/tests/report/aa.c $(REPORT_STATS_SRCS)
# The parts of the HTML charts: sys.csv columns, the axes, the layout.
REPORT_TEST_SRCS_charts := $(TOP)/tests/report/charts.c $(TOP)/common/message.c \
	$(addprefix $(TOP)/report/,syscsv.c svg.c svg_axis.c svg_text.c util.c diag.c)
# --threshold PCT and METRIC=PCT.
REPORT_TEST_SRCS_threshold := $(TOP)/tests/report/threshold.c $(TOP)/common/message.c \
	$(TOP)/report/stats/threshold.c $(TOP)/report/diag.c

$(foreach t,$(REPORT_UNIT_TESTS),$(eval $(REPORT_TEST_BUILD)/$(t).test: \
	$(call report_test_objs,$(REPORT_TEST_SRCS_$(t)))))
REPORT_TEST_OBJS := $(call report_test_objs,$(sort $(foreach t,$(REPORT_UNIT_TESTS),$(REPORT_TEST_SRCS_$(t)))))
.SECONDARY: $(REPORT_TEST_OBJS)
-include $(REPORT_TEST_OBJS:.o=.d)

# Reads a PNG (zlib) and counts its colours, for the HTML test.
$(REPORT_TEST_BUILD)/pngcheck: $(TOP)/tests/report/pngcheck.c
	@echo "  CC      tests/report/pngcheck.c"
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(OUR_CFLAGS) -o $@ $< -lz

REPORT_UNIT_TEST_FILES := $(REPORT_UNIT_TESTS:%=$(REPORT_TEST_BUILD)/%.test)
CHECK_TESTS += $(REPORT_UNIT_TEST_FILES:$(TOP)/%=%) \
	$(patsubst $(TOP)/%,%,$(sort $(wildcard $(TOP)/tests/report/*.test)))
CHECK_DEPS  += $(REPORT_UNIT_TEST_FILES) $(REPORT) $(GATE) $(REPORT_TEST_BUILD)/pngcheck

# make check-report: the tests of report/ alone, with the command lines of
# the report and the gate and the replay of the fuzz inputs of its reading
# of run directories.
REPORT_CHECK_TESTS := $(REPORT_UNIT_TEST_FILES) \
	$(sort $(wildcard $(TOP)/tests/report/*.test)) $(TOP)/tests/cli/report.test \
	$(TOP)/tests/cli/gate.test $(FUZZ_REPLAY)/report-runs.test

.PHONY: check-report
check-report: $(REPORT_UNIT_TEST_FILES) $(REPORT) $(GATE) $(REPORT_TEST_BUILD)/pngcheck \
		$(FUZZ_REPLAY)/report-runs.test
	$(Q)TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) $(TOP)/tests/run-tests $(REPORT_CHECK_TESTS)
