# SPDX-License-Identifier: GPL-2.0-only
# Unit tests of one area, built with the host's gcc and the address and
# undefined-behaviour sanitizers: each tests/AREA/<name>.c is linked
# against one archive of the area's sources (a test takes only the
# objects it needs), and registered with make check.
#
#   $(eval $(call unit_tests,AREA,SOURCES,CFLAGS))
#
# defines AREA_TESTS (the test programs) and check-AREA (run them only).

define unit_tests
$(1)_TEST_DIR    := $$(BUILD)/tests/$(1)
$(1)_TEST_CFLAGS := $$(OUR_CFLAGS) -O1 -g -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all $(3) -I$$(TOP)/tests/lib
$(1)_TEST_LIBOBJ := $$(patsubst $$(TOP)/%.c,$$($(1)_TEST_DIR)/obj/%.o,$(2))
$(1)_TEST_SRCS   := $$(sort $$(wildcard $$(TOP)/tests/$(1)/*.c))
$(1)_TESTS       := $$(patsubst $$(TOP)/tests/$(1)/%.c,$$($(1)_TEST_DIR)/%.test,$$($(1)_TEST_SRCS))

$$($(1)_TEST_DIR)/obj/%.o: $$(TOP)/%.c
	@mkdir -p $$(dir $$@)
	@echo "  HOSTCC  $$(<:$$(TOP)/%=%)"
	$$(Q)$$(OUR_HOST_CC) $$($(1)_TEST_CFLAGS) $$(DEPFLAGS) -c $$< -o $$@

$$($(1)_TEST_DIR)/lib$(1).a: $$($(1)_TEST_LIBOBJ)
	$$(Q)rm -f $$@ && ar rcs $$@ $$^

$$($(1)_TEST_DIR)/%.test: $$($(1)_TEST_DIR)/obj/tests/$(1)/%.o $$($(1)_TEST_DIR)/lib$(1).a
	@echo "  HOSTLD  $$(@:$$(TOP)/%=%)"
	$$(Q)gcc $$($(1)_TEST_CFLAGS) -o $$@ $$^ -lm

# Every test includes the shared TAP helper.
$$(patsubst $$(TOP)/%.c,$$($(1)_TEST_DIR)/obj/%.o,$$($(1)_TEST_SRCS)): $$(TOP)/tests/lib/tap.h

-include $$($(1)_TEST_LIBOBJ:.o=.d) $$($(1)_TEST_SRCS:$$(TOP)/%.c=$$($(1)_TEST_DIR)/obj/%.d)

.PHONY: check-$(1)
check-$(1): $$($(1)_TESTS)
	$$(Q)TOP=$$(TOP) BUILD=$$(BUILD) $$(TOP)/tests/run-tests $$($(1)_TESTS)

CHECK_TESTS += $$(patsubst $$(TOP)/%,%,$$($(1)_TESTS))
CHECK_DEPS  += $$($(1)_TESTS)
endef
