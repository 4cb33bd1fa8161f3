# SPDX-License-Identifier: GPL-2.0-only
# The init (PID 1): every source of init/ and its folders and the common/
# modules of INIT_COMMON, linked statically with musl, libblkid and
# libuuid from the sysroot (util-linux recipe).  One object per source:
# touching a file recompiles only it.

# The modules of common/ it uses (tests/init.mk links them too).
INIT_COMMON := json jsonread utf8 fileio message spawn spawn_run linesplit
INIT_SRCS := $(sort $(wildcard $(TOP)/init/*.c $(TOP)/init/*/*.c)) \
	$(INIT_COMMON:%=$(TOP)/common/%.c)
INIT_OBJS := $(patsubst $(TOP)/%.c,$(BUILD)/init/obj/%.o,$(INIT_SRCS))
INIT_BIN  := $(BUILD)/init/init

$(BUILD)/init/obj/%.o: $(TOP)/%.c $(KINC)/.done | deps
	@mkdir -p $(dir $@)
	@echo "  CC      $(<:$(TOP)/%=%)"
	$(Q)$(MUSL_CC) $(MUSL_CFLAGS) $(OUR_CFLAGS) -I$(SYSROOT)/include -MMD -MP -c $< -o $@

# Only the device scan uses libblkid's header.
$(BUILD)/init/obj/init/disks/devices.o: $(STAMP)/util-linux

$(INIT_BIN): $(INIT_OBJS) $(STAMP)/util-linux
	@echo "  LD      $(@:$(TOP)/%=%)"
	$(Q)$(MUSL_CC) -static -s -o $@ $(INIT_OBJS) -L$(SYSROOT)/lib -lblkid -luuid

-include $(INIT_OBJS:.o=.d)

IMAGE_PROGRAMS      += $(INIT_BIN)=init
IMAGE_PROGRAM_FILES += $(INIT_BIN)
