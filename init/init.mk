# SPDX-License-Identifier: GPL-2.0-only
# The appliance's two programs (init/README.md), linked statically with
# musl: /init, PID 1 (pid1.c and the few modules it calls), and
# /sbin/bootbench-boot, the boot program (every other source of init/ and
# its folders, the common/ modules of INIT_COMMON, and libblkid and
# libuuid from the sysroot, util-linux recipe).  One object per source:
# touching a file recompiles only it.

# The modules of common/ the boot program uses (tests/init.mk links them too).
INIT_COMMON := json jsonread utf8 fileio message spawn spawn_run linesplit procstat clockmode meminfo sysfs
INIT_SRCS := $(sort $(wildcard $(TOP)/init/*.c $(TOP)/init/*/*.c)) \
	$(INIT_COMMON:%=$(TOP)/common/%.c)

# PID 1 links no reader of JSON, nothing of the boot's steps.
PID1_SRCS := $(addprefix $(TOP)/,init/pid1.c init/supervise.c init/handover.c \
	init/console.c init/phase.c init/str.c init/files.c init/stop_all.c \
	init/kernel/mounts.c init/kernel/cmdline.c init/kernel/variant.c init/kernel/devspec.c \
	init/kernel/results_path.c init/results/endline.c init/results/results_state.c \
	common/json.c common/utf8.c common/fileio.c common/message.c common/spawn.c common/clockmode.c \
	common/sysfs.c)
BOOT_SRCS := $(filter-out $(TOP)/init/pid1.c,$(INIT_SRCS))
$(if $(filter %/jsonread.c,$(PID1_SRCS)),$(error PID 1 must not link a JSON reader))

PID1_OBJS := $(patsubst $(TOP)/%.c,$(BUILD)/init/obj/%.o,$(PID1_SRCS))
BOOT_OBJS := $(patsubst $(TOP)/%.c,$(BUILD)/init/obj/%.o,$(BOOT_SRCS))
PID1_BIN  := $(BUILD)/init/init
BOOT_BIN  := $(BUILD)/init/bootbench-boot

$(BUILD)/init/obj/%.o: $(TOP)/%.c $(KINC)/.done | deps
	@mkdir -p $(dir $@)
	@echo "  CC      $(<:$(TOP)/%=%)"
	$(Q)$(OUR_MUSL_CC) $(MUSL_CFLAGS) $(OUR_CFLAGS) -I$(SYSROOT)/include $(DEPFLAGS) -c $< -o $@

# Only the device scan uses libblkid's header.
$(BUILD)/init/obj/init/disks/devices.o: $(STAMP)/util-linux

$(PID1_BIN): $(PID1_OBJS)
	@echo "  LD      $(@:$(TOP)/%=%)"
	$(Q)$(MUSL_CC) -static $(MUSL_LDFLAGS) -o $@ $(PID1_OBJS)

$(BOOT_BIN): $(BOOT_OBJS) $(STAMP)/util-linux
	@echo "  LD      $(@:$(TOP)/%=%)"
	$(Q)$(MUSL_CC) -static $(MUSL_LDFLAGS) -o $@ $(BOOT_OBJS) -L$(SYSROOT)/lib -lblkid -luuid

-include $(BOOT_OBJS:.o=.d) $(BUILD)/init/obj/init/pid1.d

IMAGE_PROGRAMS      += $(PID1_BIN)=init $(BOOT_BIN)=sbin/bootbench-boot
IMAGE_PROGRAM_FILES += $(PID1_BIN) $(BOOT_BIN)
