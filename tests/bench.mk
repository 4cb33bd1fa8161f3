# Tests of bench/: unit tests (host gcc with AddressSanitizer and UBSan,
# the bench sources that need no libpq, inih built the same way as the
# sysroot's) and the loopback test (the image's bootbench-bench on a loop
# device, in a chroot of the image).

BENCH_TEST_BUILD := $(BUILD)/tests/bench
BENCH_UNIT_TESTS := options suite stats sysstat volume pgbench-output results proc rawio \
	insert-rows fsync-output timer pgbench-log pgbench-spec
BENCH_TEST_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O1 -g \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer -I$(TOP)/bench -I$(TOP)/common -I$(SYSROOT)/include

BENCH_TEST_OBJS := $(addprefix $(BENCH_TEST_BUILD)/obj/,$(BENCH_CORE_SRCS:.c=.o)) \
	$(BENCH_TEST_BUILD)/obj/builtin-suites.o \
	$(BENCH_COMMON:%=$(BENCH_TEST_BUILD)/obj/%.o) $(BENCH_TEST_BUILD)/obj/ini.o

$(BENCH_TEST_BUILD)/obj/%.o: $(TOP)/bench/%.c $(STAMP)/inih
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(BENCH_TEST_CFLAGS) -MMD -MP -c $< -o $@

$(BENCH_COMMON:%=$(BENCH_TEST_BUILD)/obj/%.o): $(BENCH_TEST_BUILD)/obj/%.o: $(TOP)/common/%.c
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(BENCH_TEST_CFLAGS) -MMD -MP -c $< -o $@

$(BENCH_TEST_BUILD)/obj/builtin-suites.o: $(BENCH_BUILD)/builtin-suites.c
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(BENCH_TEST_CFLAGS) -c $< -o $@

# inih's own source, with the settings libinih.a was compiled with.
$(BENCH_TEST_BUILD)/obj/ini.o: $(STAMP)/inih
	$(Q)mkdir -p $(@D)
	$(Q)gcc -O1 -g -fsanitize=address,undefined $(addprefix -D,$(INIH_SETTINGS)) \
		-c $(INIH_DIR)/ini.c -o $@

$(BENCH_TEST_BUILD)/%.test: $(TOP)/tests/bench/%.c $(TOP)/tests/bench/tap.h \
		$(BENCH_TEST_OBJS)
	@echo "  CC      tests/bench/$*.c"
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(BENCH_TEST_CFLAGS) -o $@ $< $(BENCH_TEST_OBJS) -lm

# Objects made by pattern rules for pattern targets: keep them.
.SECONDARY: $(BENCH_TEST_OBJS)

-include $(BENCH_TEST_OBJS:.o=.d)

BENCH_UNIT_TEST_FILES := $(BENCH_UNIT_TESTS:%=$(BENCH_TEST_BUILD)/%.test)
CHECK_TESTS += $(BENCH_UNIT_TEST_FILES:$(TOP)/%=%) tests/bench/loopback.test \
	tests/bench/keys-doc.test
CHECK_DEPS  += $(BENCH_UNIT_TEST_FILES) $(IMAGE)
