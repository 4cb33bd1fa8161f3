# SPDX-License-Identifier: GPL-2.0-only
# Unit tests of the init: its pure logic, built with the host's gcc and
# the address and undefined-behaviour sanitizers.  Every init source but
# the ones that need libblkid (devices.c) or are the program (main.c)
# goes into one archive; each tests/init/<name>.c links against it.

INIT_TEST_DIR    := $(BUILD)/tests/init
INIT_TEST_CFLAGS := $(OUR_CFLAGS) -O1 -g -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all -I$(TOP)/init \
	-I$(TOP)/tests/lib
INIT_TEST_LIBSRC := $(filter-out $(TOP)/init/main.c $(TOP)/init/devices.c, \
	$(sort $(wildcard $(TOP)/init/*.c))) $(INIT_COMMON:%=$(TOP)/common/%.c)
INIT_TEST_LIBOBJ := $(patsubst $(TOP)/%.c,$(INIT_TEST_DIR)/obj/%.o,$(INIT_TEST_LIBSRC))
INIT_TEST_SRCS   := $(sort $(wildcard $(TOP)/tests/init/*.c))
INIT_TESTS       := $(patsubst $(TOP)/tests/init/%.c,$(INIT_TEST_DIR)/%.test,$(INIT_TEST_SRCS))

$(INIT_TEST_DIR)/obj/%.o: $(TOP)/%.c
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $(<:$(TOP)/%=%)"
	$(Q)gcc $(INIT_TEST_CFLAGS) -MMD -MP -c $< -o $@

$(INIT_TEST_DIR)/libinit.a: $(INIT_TEST_LIBOBJ)
	$(Q)rm -f $@ && ar rcs $@ $^

$(INIT_TEST_DIR)/%.test: $(INIT_TEST_DIR)/obj/tests/init/%.o $(INIT_TEST_DIR)/libinit.a
	@echo "  HOSTLD  $(@:$(TOP)/%=%)"
	$(Q)gcc $(INIT_TEST_CFLAGS) -o $@ $^ -lm

# Every test includes the shared TAP helper.
$(patsubst $(TOP)/%.c,$(INIT_TEST_DIR)/obj/%.o,$(INIT_TEST_SRCS)): $(TOP)/tests/lib/tap.h

-include $(INIT_TEST_LIBOBJ:.o=.d) $(INIT_TEST_SRCS:$(TOP)/%.c=$(INIT_TEST_DIR)/obj/%.d)

.PHONY: check-init
check-init: $(INIT_TESTS)
	$(Q)TOP=$(TOP) BUILD=$(BUILD) $(TOP)/tests/run-tests $(INIT_TESTS)

CHECK_TESTS += $(patsubst $(TOP)/%,%,$(INIT_TESTS))
CHECK_DEPS  += $(INIT_TESTS)
