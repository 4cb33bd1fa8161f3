# SPDX-License-Identifier: GPL-2.0-only
# Tests of bench/: unit tests (tests/bench/*.c) and the loopback test (the
# image's bootbench-bench on a loop device, in a chroot of the image).

# The unit tests (mk/unit-tests.mk) link every source of the runner but its
# main, the common/ modules it links, the built-in suites and inih built
# the same way as the sysroot's (a test takes only the objects it needs,
# none of them with libpq), with PostgreSQL's and inih's headers from the
# sysroot.
bench_UNIT_SOURCES := $(addprefix $(TOP)/bench/,$(filter-out bench_main.c,$(BENCH_SRCS))) \
	$(BENCH_COMMON:%=$(TOP)/common/%.c)
bench_UNIT_CFLAGS  := -I$(SYSROOT)/include $(LIBPQ_CFLAGS)
bench_UNIT_OBJECTS := $(BUILD)/tests/bench/obj/builtin-suites.o $(BUILD)/tests/bench/obj/ini.o
bench_UNIT_NEEDS   := $(STAMP)/inih $(STAMP)/postgresql

$(BUILD)/tests/bench/obj/builtin-suites.o: $(BENCH_BUILD)/builtin-suites.c
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) $(bench_TEST_CFLAGS) -c $< -o $@

# inih's own source, with the settings libinih.a was compiled with.
$(BUILD)/tests/bench/obj/ini.o: $(STAMP)/inih
	$(Q)mkdir -p $(@D)
	$(Q)$(OUR_HOST_CC) -O1 -g $(SANITIZERS) $(addprefix -D,$(INIH_SETTINGS)) \
		-c $(INIH_DIR)/ini.c -o $@

$(eval $(call unit_tests,bench))

# profile.test: profiles in host mode, in a chroot of the image with the
# perf archive (make perf).
CHECK_TESTS += tests/bench/loopback.test \
	tests/bench/keys-doc.test tests/bench/workload-list.test tests/bench/fstypes-doc.test \
	tests/bench/knobs-check.test tests/bench/profile.test
CHECK_DEPS  += $(IMAGE) $(PERF_IMAGE)
