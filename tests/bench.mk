# SPDX-License-Identifier: GPL-2.0-only
# Tests of bench/: unit tests (tests/bench/*.c, host gcc with
# AddressSanitizer and UBSan, linked with an archive of every bench source
# -- a test takes only the objects it needs, none of them with libpq --
# and inih built the same way as the sysroot's) and the loopback test (the image's bootbench-bench on a loop
# device, in a chroot of the image).

BENCH_TEST_BUILD := $(BUILD)/tests/bench
BENCH_UNIT_TESTS := $(basename $(notdir $(wildcard $(TOP)/tests/bench/*.c)))
BENCH_TEST_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O1 -g -I$(TOP) \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer -I$(SYSROOT)/include $(LIBPQ_CFLAGS)

BENCH_TEST_OBJS := $(addprefix $(BENCH_TEST_BUILD)/obj/,$(filter-out bench_main.o,$(BENCH_SRCS:.c=.o))) \
	$(BENCH_TEST_BUILD)/obj/builtin-suites.o \
	$(BENCH_COMMON:%=$(BENCH_TEST_BUILD)/obj/%.o)
BENCH_TEST_LIB := $(BENCH_TEST_BUILD)/libbench.a

$(BENCH_TEST_BUILD)/obj/%.o: $(TOP)/bench/%.c $(STAMP)/inih $(STAMP)/postgresql
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(BENCH_TEST_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BENCH_COMMON:%=$(BENCH_TEST_BUILD)/obj/%.o): $(BENCH_TEST_BUILD)/obj/%.o: $(TOP)/common/%.c
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(BENCH_TEST_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BENCH_TEST_BUILD)/obj/builtin-suites.o: $(BENCH_BUILD)/builtin-suites.c
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(BENCH_TEST_CFLAGS) -c $< -o $@

# inih's own source, with the settings libinih.a was compiled with.
$(BENCH_TEST_BUILD)/obj/ini.o: $(STAMP)/inih
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) -O1 -g -fsanitize=address,undefined $(addprefix -D,$(INIH_SETTINGS)) \
		-c $(INIH_DIR)/ini.c -o $@

$(BENCH_TEST_LIB): $(BENCH_TEST_OBJS)
	$(Q)rm -f $@ && ar rcs $@ $^

BENCH_UNIT_TEST_OBJS := $(BENCH_UNIT_TESTS:%=$(BENCH_TEST_BUILD)/obj/tests/%.o)

$(BENCH_UNIT_TEST_OBJS): $(BENCH_TEST_BUILD)/obj/tests/%.o: $(TOP)/tests/bench/%.c \
		$(TOP)/tests/lib/tap.h $(STAMP)/inih $(STAMP)/postgresql
	@echo "  CC      tests/bench/$*.c"
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) -I$(TOP)/tests/lib $(BENCH_TEST_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BENCH_TEST_BUILD)/%.test: $(BENCH_TEST_BUILD)/obj/tests/%.o $(BENCH_TEST_LIB) \
		$(BENCH_TEST_BUILD)/obj/ini.o
	$(Q)gcc $(BENCH_TEST_CFLAGS) -o $@ $< $(BENCH_TEST_LIB) $(BENCH_TEST_BUILD)/obj/ini.o -lm

# Objects made by pattern rules for pattern targets: keep them.
.SECONDARY: $(BENCH_TEST_OBJS) $(BENCH_UNIT_TEST_OBJS) $(BENCH_TEST_BUILD)/obj/ini.o

-include $(BENCH_TEST_OBJS:.o=.d) $(BENCH_UNIT_TEST_OBJS:.o=.d)

BENCH_UNIT_TEST_FILES := $(BENCH_UNIT_TESTS:%=$(BENCH_TEST_BUILD)/%.test)

# make check-bench: the unit tests alone.
.PHONY: check-bench
check-bench: $(BENCH_UNIT_TEST_FILES)
	$(Q)TOP=$(TOP) BUILD=$(BUILD) $(TOP)/tests/run-tests $(BENCH_UNIT_TEST_FILES)

# profile.test: profiles in host mode, in a chroot of the image with the
# perf archive (make perf).
CHECK_TESTS += $(BENCH_UNIT_TEST_FILES:$(TOP)/%=%) tests/bench/loopback.test \
	tests/bench/keys-doc.test tests/bench/workload-list.test tests/bench/fstypes-doc.test \
	tests/bench/knobs-check.test tests/bench/profile.test
CHECK_DEPS  += $(BENCH_UNIT_TEST_FILES) $(IMAGE) $(PERF_IMAGE)
