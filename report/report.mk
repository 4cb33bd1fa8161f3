# report/: bootbench-report, the host tool that compares runs.
#
# Host gcc and glibc: it runs on the host, not in the image.

REPORT_BUILD := $(BUILD)/report
REPORT       := $(OUT)/bin/bootbench-report
REPORT_SRCS  := main.c options.c diag.c util.c runs.c group.c describe.c welch.c \
	fieller.c batchmeans.c compare.c \
	layout.c out_text.c out_markdown.c out_csv.c out_json.c out_plan.c svg.c out_html.c
REPORT_OBJS  := $(addprefix $(REPORT_BUILD)/,$(REPORT_SRCS:.c=.o)) \
	$(REPORT_BUILD)/jsonread.o $(REPORT_BUILD)/json.o $(REPORT_BUILD)/stats.o
REPORT_CFLAGS := $(OUR_CFLAGS) -MMD -MP -I$(TOP)/report -I$(TOP)/common

$(REPORT_BUILD)/%.o: $(TOP)/report/%.c
	@echo "  CC      report/$*.c"
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(REPORT_CFLAGS) -c $< -o $@

$(REPORT_BUILD)/jsonread.o $(REPORT_BUILD)/json.o $(REPORT_BUILD)/stats.o: $(REPORT_BUILD)/%.o: $(TOP)/common/%.c
	@echo "  CC      common/$*.c"
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(REPORT_CFLAGS) -c $< -o $@

$(REPORT): $(REPORT_OBJS)
	@echo "  LD      $(notdir $@)"
	$(Q)mkdir -p $(@D)
	$(Q)gcc -o $@ $(REPORT_OBJS) -lm

-include $(REPORT_OBJS:.o=.d)

all: $(REPORT)

# `make report` or `make out/bin/bootbench-report` from the top directory.
.PHONY: report
report: $(REPORT)
$(patsubst $(TOP)/%,%,$(REPORT)): $(REPORT) ;

# make run prints the report of the runs it made.
run: $(REPORT)
