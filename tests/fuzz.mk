# SPDX-License-Identifier: GPL-2.0-only
# Fuzzing the parsers of input from outside: the kernel command line
# (init/kernel/cmdline.c), suite files (bench/suite/suite_parse.c), JSON
# (common/jsonread.c), the report's reading of run directories
# (report/runs.c, measurements.c, run_facts.c), pgbench's logs and its
# output.  One harness per target, tests/fuzz/<target>.c
# (LLVMFuzzerTestOneInput).
#
#   make fuzz                    each target under libFuzzer (clang, ASan,
#                                UBSan) for FUZZ_SECONDS, one at a time;
#                                figures and crash inputs at the end
#   make fuzz FUZZ_TARGETS=suite only some targets
#
# clang and libFuzzer are needed only here (mk/host-deps fuzz).  In make
# check, each harness is built with gcc, ASan and UBSan and the driver
# tests/fuzz/replay.c, and runs every input of tests/fuzz/regress/<target>/.

FUZZ_TARGETS ?= cmdline suite jsonread report-runs pgbench-log pgbench-output
FUZZ_SECONDS ?= 60
FUZZ_BUILD   := $(BUILD)/fuzz
FUZZ_ALL     := cmdline suite jsonread report-runs pgbench-log pgbench-output

# The sources each target's harness reads: init, bench, report or common.
FUZZ_AREA_cmdline        := init
FUZZ_AREA_suite          := bench
FUZZ_AREA_jsonread       := common
FUZZ_AREA_report-runs    := report
FUZZ_AREA_pgbench-log    := bench
FUZZ_AREA_pgbench-output := bench

FUZZ_INC_init   :=
FUZZ_INC_bench  := -I$(SYSROOT)/include $(LIBPQ_CFLAGS)
FUZZ_INC_report :=
FUZZ_INC_common :=

FUZZ_COMMON := $(sort $(basename $(notdir $(wildcard $(TOP)/common/*.c))))
FUZZ_SRC_init   := $(patsubst $(TOP)/init/%,%,$(filter-out $(TOP)/init/boot_main.c $(TOP)/init/pid1.c \
	$(TOP)/init/disks/devices.c,$(wildcard $(TOP)/init/*.c $(TOP)/init/*/*.c)))
FUZZ_SRC_bench  := $(filter-out bench_main.c,$(BENCH_SRCS))
FUZZ_SRC_report := $(filter-out report_main.c,$(REPORT_SRCS))

# ---- libFuzzer builds (clang) ----

# clang warns of tables ended by { NULL }, which gcc takes: not here.
FUZZ_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wno-missing-field-initializers \
	$(SANITIZE_CFLAGS) -I$(TOP)

$(FUZZ_BUILD)/obj/init/%.o: $(TOP)/init/%.c | fuzz-deps
	$(Q)mkdir -p $(@D)
	$(Q)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_INC_init) $(DEPFLAGS) -c $< -o $@

$(FUZZ_BUILD)/obj/bench/%.o: $(TOP)/bench/%.c $(STAMP)/inih $(STAMP)/postgresql | fuzz-deps
	$(Q)mkdir -p $(@D)
	$(Q)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_INC_bench) $(DEPFLAGS) -c $< -o $@

$(FUZZ_BUILD)/obj/report/%.o: $(TOP)/report/%.c | fuzz-deps
	$(Q)mkdir -p $(@D)
	$(Q)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_INC_report) $(DEPFLAGS) -c $< -o $@

$(FUZZ_BUILD)/obj/common/%.o: $(TOP)/common/%.c | fuzz-deps
	$(Q)mkdir -p $(@D)
	$(Q)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_INC_common) $(DEPFLAGS) -c $< -o $@

$(FUZZ_BUILD)/obj/builtin-suites.o: $(BENCH_BUILD)/builtin-suites.c | fuzz-deps
	$(Q)mkdir -p $(@D)
	$(Q)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_INC_bench) -c $< -o $@

# inih's own source, with the settings libinih.a was compiled with.
$(FUZZ_BUILD)/obj/ini.o: $(STAMP)/inih | fuzz-deps
	$(Q)mkdir -p $(@D)
	$(Q)clang -O1 -g -fsanitize=fuzzer-no-link $(SANITIZERS) \
		$(addprefix -D,$(INIH_SETTINGS)) -c $(INIH_DIR)/ini.c -o $@

FUZZ_OBJ_common := $(FUZZ_COMMON:%=$(FUZZ_BUILD)/obj/common/%.o)
FUZZ_OBJ_init   := $(FUZZ_SRC_init:%.c=$(FUZZ_BUILD)/obj/init/%.o) $(FUZZ_OBJ_common)
FUZZ_OBJ_bench  := $(FUZZ_SRC_bench:%.c=$(FUZZ_BUILD)/obj/bench/%.o) $(FUZZ_OBJ_common) \
	$(FUZZ_BUILD)/obj/builtin-suites.o
FUZZ_OBJ_report := $(FUZZ_SRC_report:%.c=$(FUZZ_BUILD)/obj/report/%.o) $(FUZZ_OBJ_common)

FUZZ_OBJ_bench  += $(FUZZ_BUILD)/obj/ini.o

$(FUZZ_BUILD)/lib%.a:
	$(Q)rm -f $@ && ar rcs $@ $^

$(FUZZ_BUILD)/bin/%: $(TOP)/tests/fuzz/%.c | fuzz-deps
	@echo "  FUZZ    tests/fuzz/$*.c"
	$(Q)mkdir -p $(@D)
	$(Q)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_INC_$(FUZZ_AREA_$*)) -o $@ $< \
		$(filter %.a,$^) -lm

# Each area's archive, and the one each target links.
$(foreach a,init bench report common,$(eval $(FUZZ_BUILD)/lib$(a).a: $(FUZZ_OBJ_$(a))))
$(foreach t,$(FUZZ_ALL),$(eval $(FUZZ_BUILD)/bin/$(t): $(FUZZ_BUILD)/lib$(FUZZ_AREA_$(t)).a))

.SECONDARY: $(FUZZ_OBJ_init) $(FUZZ_OBJ_bench) $(FUZZ_OBJ_report) \
	$(foreach a,init bench report common,$(FUZZ_BUILD)/lib$(a).a)
-include $(wildcard $(FUZZ_BUILD)/obj/*/*.d $(FUZZ_BUILD)/obj/*/*/*.d $(FUZZ_BUILD)/obj/*/*/*/*.d)

.PHONY: fuzz fuzz-deps
fuzz-deps:
	$(Q)PATH="$$PATH:/usr/sbin:/sbin" $(TOP)/mk/host-deps fuzz

fuzz: $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/bin/%)
	$(Q)TOP=$(TOP) FUZZ_BUILD=$(FUZZ_BUILD) FUZZ_SECONDS=$(FUZZ_SECONDS) \
		$(TOP)/tests/fuzz/run $(FUZZ_TARGETS)

# ---- the regression inputs in make check (gcc) ----

FUZZ_REPLAY := $(BUILD)/tests/fuzz
# The unit tests' sanitizers (mk/unit-tests.mk).  gcc's
# -fsanitize=undefined leaves out float-cast-overflow, which clang's has:
# named here, so that an input clang found stays caught.
FUZZ_REPLAY_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror \
	-fsanitize=float-cast-overflow $(SANITIZE_CFLAGS) -I$(TOP)

# Each area's archive, from the same sources as the libFuzzer builds.
FUZZ_REPLAY_OBJ_common := $(FUZZ_COMMON:%=$(FUZZ_REPLAY)/obj/common/%.o)
FUZZ_REPLAY_OBJ_init   := $(FUZZ_SRC_init:%.c=$(FUZZ_REPLAY)/obj/init/%.o) $(FUZZ_REPLAY_OBJ_common)
FUZZ_REPLAY_OBJ_bench  := $(FUZZ_SRC_bench:%.c=$(FUZZ_REPLAY)/obj/bench/%.o) \
	$(FUZZ_REPLAY_OBJ_common) $(FUZZ_REPLAY)/obj/builtin-suites.o $(FUZZ_REPLAY)/obj/ini.o
FUZZ_REPLAY_OBJ_report := $(FUZZ_SRC_report:%.c=$(FUZZ_REPLAY)/obj/report/%.o) \
	$(FUZZ_REPLAY_OBJ_common)

$(FUZZ_REPLAY)/obj/bench/%.o: $(TOP)/bench/%.c $(STAMP)/inih $(STAMP)/postgresql
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(FUZZ_REPLAY_CFLAGS) $(FUZZ_INC_bench) $(DEPFLAGS) -c $< -o $@

$(FUZZ_REPLAY)/obj/builtin-suites.o: $(BENCH_BUILD)/builtin-suites.c
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(FUZZ_REPLAY_CFLAGS) $(FUZZ_INC_bench) -c $< -o $@

$(FUZZ_REPLAY)/obj/ini.o: $(STAMP)/inih
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) -O1 -g $(SANITIZERS) $(addprefix -D,$(INIH_SETTINGS)) \
		-c $(INIH_DIR)/ini.c -o $@

$(FUZZ_REPLAY)/obj/init/%.o: $(TOP)/init/%.c
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(FUZZ_REPLAY_CFLAGS) $(FUZZ_INC_init) $(DEPFLAGS) -c $< -o $@

$(FUZZ_REPLAY)/obj/report/%.o: $(TOP)/report/%.c
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(FUZZ_REPLAY_CFLAGS) $(FUZZ_INC_report) $(DEPFLAGS) -c $< -o $@

$(FUZZ_REPLAY)/obj/common/%.o: $(TOP)/common/%.c
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(FUZZ_REPLAY_CFLAGS) $(FUZZ_INC_common) $(DEPFLAGS) -c $< -o $@

$(FUZZ_REPLAY)/lib%.a:
	$(Q)rm -f $@ && ar rcs $@ $^

# A harness and the replay driver made for it (FUZZ_TARGET names it).
$(FUZZ_ALL:%=$(FUZZ_REPLAY)/obj/tests/%.o): $(FUZZ_REPLAY)/obj/tests/%.o: $(TOP)/tests/fuzz/%.c
	@echo "  CC      tests/fuzz/$*.c"
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(FUZZ_REPLAY_CFLAGS) $(FUZZ_INC_$(FUZZ_AREA_$*)) -I$(TOP)/tests/lib \
		$(DEPFLAGS) -c $< -o $@

$(FUZZ_ALL:%=$(FUZZ_REPLAY)/obj/replay/%.o): $(FUZZ_REPLAY)/obj/replay/%.o: \
		$(TOP)/tests/fuzz/replay.c $(TOP)/tests/lib/tap.h
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(FUZZ_REPLAY_CFLAGS) -I$(TOP)/tests/lib -DFUZZ_TARGET='"$*"' \
		$(DEPFLAGS) -c $< -o $@

$(FUZZ_REPLAY)/%.test: $(FUZZ_REPLAY)/obj/tests/%.o $(FUZZ_REPLAY)/obj/replay/%.o
	$(Q)gcc $(FUZZ_REPLAY_CFLAGS) -o $@ $(filter %.o,$^) $(filter %.a,$^) -lm

$(foreach a,init bench report common,$(eval $(FUZZ_REPLAY)/lib$(a).a: $(FUZZ_REPLAY_OBJ_$(a))))
$(foreach t,$(FUZZ_ALL),$(eval $(FUZZ_REPLAY)/$(t).test: $(FUZZ_REPLAY)/lib$(FUZZ_AREA_$(t)).a))

.SECONDARY: $(FUZZ_REPLAY_OBJ_init) $(FUZZ_REPLAY_OBJ_bench) $(FUZZ_REPLAY_OBJ_report) \
	$(FUZZ_ALL:%=$(FUZZ_REPLAY)/obj/tests/%.o) $(FUZZ_ALL:%=$(FUZZ_REPLAY)/obj/replay/%.o) \
	$(foreach a,init bench report common,$(FUZZ_REPLAY)/lib$(a).a)
-include $(wildcard $(FUZZ_REPLAY)/obj/*/*.d $(FUZZ_REPLAY)/obj/*/*/*.d \
	$(FUZZ_REPLAY)/obj/*/*/*/*.d)

FUZZ_REPLAY_TESTS := $(FUZZ_ALL:%=$(FUZZ_REPLAY)/%.test)
CHECK_TESTS += $(FUZZ_REPLAY_TESTS:$(TOP)/%=%)
CHECK_DEPS  += $(FUZZ_REPLAY_TESTS)
