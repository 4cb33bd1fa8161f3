# SPDX-License-Identifier: GPL-2.0-only
# Unit tests, built with the host's gcc and the address and
# undefined-behaviour sanitizers.  An area (tests/AREA.mk) sets variables
# and ends with
#
#   $(eval $(call unit_tests,AREA))
#
# which compiles the area's sources into one archive, each
# tests/AREA/<name>.c into $(BUILD)/tests/AREA/<name>.test linked against
# it (a test takes only the objects it needs), and registers the tests
# with make check.  Every object goes through ccache (mk/ccache.mk) and is
# kept, so that a second build compiles nothing unchanged.
#
#   AREA_UNIT_SOURCES  the sources of ours the tests link, by their paths
#   AREA_UNIT_CFLAGS   more compiler flags (include directories)
#   AREA_UNIT_OBJECTS  objects the area's own rules make, for the archive
#                      (a generated source, a third-party file)
#   AREA_UNIT_NEEDS    what compiling needs first (the stamps of packages
#                      whose headers it includes)
#   AREA_UNIT_TOOLS    names of tests/AREA/<name>.c that are no unit test
#                      (a program another test runs); the area builds them
#   AREA_CHECK_MORE    other tests that make check-AREA runs, and
#   AREA_CHECK_DEPS    what they need built
#
# It defines AREA_TESTS (the test programs), AREA_TEST_CFLAGS and
# check-AREA (the area's unit tests and AREA_CHECK_MORE, only).

# The sanitizers of every test build (the fuzz harnesses' too:
# tests/fuzz.mk), and the flags they are compiled with.
SANITIZERS      := -fsanitize=address,undefined
SANITIZE_CFLAGS := -O1 -g -fno-omit-frame-pointer $(SANITIZERS) -fno-sanitize-recover=all
UNIT_TEST_CFLAGS := $(OUR_CFLAGS) $(SANITIZE_CFLAGS) -I$(TOP)/tests/lib

define unit_tests
$(1)_TEST_DIR    := $$(BUILD)/tests/$(1)
$(1)_TEST_CFLAGS := $$(UNIT_TEST_CFLAGS) $$($(1)_UNIT_CFLAGS)
$(1)_TEST_LIBOBJ := $$(patsubst $$(TOP)/%.c,$$($(1)_TEST_DIR)/obj/%.o,$$($(1)_UNIT_SOURCES)) \
	$$($(1)_UNIT_OBJECTS)
$(1)_TEST_SRCS   := $$(filter-out $$($(1)_UNIT_TOOLS:%=$$(TOP)/tests/$(1)/%.c), \
	$$(sort $$(wildcard $$(TOP)/tests/$(1)/*.c)))
$(1)_TEST_OBJS   := $$(patsubst $$(TOP)/%.c,$$($(1)_TEST_DIR)/obj/%.o,$$($(1)_TEST_SRCS))
$(1)_TESTS       := $$(patsubst $$(TOP)/tests/$(1)/%.c,$$($(1)_TEST_DIR)/%.test,$$($(1)_TEST_SRCS))

$$($(1)_TEST_DIR)/obj/%.o: $$(TOP)/%.c $$($(1)_UNIT_NEEDS)
	@mkdir -p $$(dir $$@)
	@echo "  HOSTCC  $$(<:$$(TOP)/%=%)"
	$$(Q)$$(OUR_HOST_CC) $$($(1)_TEST_CFLAGS) $$(DEPFLAGS) -c $$< -o $$@

$$($(1)_TEST_DIR)/lib$(1).a: $$($(1)_TEST_LIBOBJ)
	$$(Q)rm -f $$@ && ar rcs $$@ $$^

$$($(1)_TEST_DIR)/%.test: $$($(1)_TEST_DIR)/obj/tests/$(1)/%.o $$($(1)_TEST_DIR)/lib$(1).a
	@echo "  HOSTLD  $$(@:$$(TOP)/%=%)"
	$$(Q)gcc $$($(1)_TEST_CFLAGS) -o $$@ $$^ -lm

# Every test includes the shared TAP helper.
$$($(1)_TEST_OBJS): $$(TOP)/tests/lib/tap.h

.SECONDARY: $$($(1)_TEST_LIBOBJ) $$($(1)_TEST_OBJS)
-include $$($(1)_TEST_LIBOBJ:.o=.d) $$($(1)_TEST_OBJS:.o=.d)

.PHONY: check-$(1)
check-$(1): $$($(1)_TESTS) $$($(1)_CHECK_DEPS)
	$$(Q)TOP=$$(TOP) BUILD=$$(BUILD) OUT=$$(OUT) $$(TOP)/tests/run-tests $$($(1)_TESTS) \
		$$($(1)_CHECK_MORE)

CHECK_TESTS += $$(patsubst $$(TOP)/%,%,$$($(1)_TESTS))
CHECK_DEPS  += $$($(1)_TESTS)
endef
