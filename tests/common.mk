# SPDX-License-Identifier: GPL-2.0-only
# Unit tests of common/: tests/common/<name>.c, built with the host's gcc
# and the address and undefined-behaviour sanitizers, linked against an
# archive of every common/ source (a test takes only the objects it needs).

COMMON_TEST_DIR    := $(BUILD)/tests/common
COMMON_TEST_CFLAGS := $(OUR_CFLAGS) -O1 -g -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all -I$(TOP)/common \
	-I$(TOP)/tests/lib
COMMON_TEST_LIBSRC := $(sort $(wildcard $(TOP)/common/*.c))
COMMON_TEST_LIBOBJ := $(patsubst $(TOP)/%.c,$(COMMON_TEST_DIR)/obj/%.o,$(COMMON_TEST_LIBSRC))
COMMON_TEST_SRCS   := $(sort $(wildcard $(TOP)/tests/common/*.c))
COMMON_TESTS       := $(patsubst $(TOP)/tests/common/%.c,$(COMMON_TEST_DIR)/%.test,$(COMMON_TEST_SRCS))

$(COMMON_TEST_DIR)/obj/%.o: $(TOP)/%.c
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $(<:$(TOP)/%=%)"
	$(Q)gcc $(COMMON_TEST_CFLAGS) -MMD -MP -c $< -o $@

$(COMMON_TEST_DIR)/libcommon.a: $(COMMON_TEST_LIBOBJ)
	$(Q)rm -f $@ && ar rcs $@ $^

$(COMMON_TEST_DIR)/%.test: $(COMMON_TEST_DIR)/obj/tests/common/%.o $(COMMON_TEST_DIR)/libcommon.a
	@echo "  HOSTLD  $(@:$(TOP)/%=%)"
	$(Q)gcc $(COMMON_TEST_CFLAGS) -o $@ $^ -lm

# Every test includes the shared TAP helper.
$(patsubst $(TOP)/%.c,$(COMMON_TEST_DIR)/obj/%.o,$(COMMON_TEST_SRCS)): $(TOP)/tests/lib/tap.h

-include $(COMMON_TEST_LIBOBJ:.o=.d) $(COMMON_TEST_SRCS:$(TOP)/%.c=$(COMMON_TEST_DIR)/obj/%.d)

.PHONY: check-common
check-common: $(COMMON_TESTS)
	$(Q)TOP=$(TOP) BUILD=$(BUILD) $(TOP)/tests/run-tests $(COMMON_TESTS)

CHECK_TESTS += $(patsubst $(TOP)/%,%,$(COMMON_TESTS))
CHECK_DEPS  += $(COMMON_TESTS)
