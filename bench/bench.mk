# bench/: bootbench-bench, the suite runner, and the built-in suites.
#
# Static musl program linked with libpq and libinih from the sysroot.
# The suite files in bench/suites/ are embedded (built-in suites) and also
# installed as files in /usr/share/bootbench/suites/.

BENCH_BUILD  := $(BUILD)/bench
BENCH        := $(BENCH_BUILD)/bootbench-bench
BENCH_SUITES := $(sort $(wildcard $(TOP)/bench/suites/*.ini))

# Sources without libpq, also built into the unit tests (tests/bench.mk).
BENCH_CORE_SRCS := fsio.c msg.c options.c pgbench_output.c proc.c record.c \
	results.c suite.c suite_parse.c volume.c
BENCH_SRCS := $(BENCH_CORE_SRCS) main.c pg.c pgbench.c run.c

BENCH_OBJS := $(addprefix $(BENCH_BUILD)/,$(BENCH_SRCS:.c=.o)) \
	$(BENCH_BUILD)/builtin-suites.o $(BENCH_BUILD)/json.o $(BENCH_BUILD)/fileio.o
BENCH_CFLAGS := $(MUSL_CFLAGS) $(OUR_CFLAGS) -MMD -MP \
	-I$(TOP)/bench -I$(TOP)/common -I$(SYSROOT)/include $(LIBPQ_CFLAGS)
# LIBPQ_*: libpq.a and the archives it needs, from the PostgreSQL recipe.
BENCH_LIBS := -L$(SYSROOT)/lib -linih $(LIBPQ_LIBS)

# Headers and libraries come from these.
BENCH_INPUTS := $(KINC)/.done $(STAMP)/inih $(STAMP)/postgresql

$(BENCH_BUILD)/%.o: $(TOP)/bench/%.c $(BENCH_INPUTS) | deps
	@echo "  CC      bench/$*.c"
	$(Q)mkdir -p $(@D)
	$(Q)$(MUSL_CC) $(BENCH_CFLAGS) -c $< -o $@

$(BENCH_BUILD)/json.o $(BENCH_BUILD)/fileio.o: $(BENCH_BUILD)/%.o: $(TOP)/common/%.c $(BENCH_INPUTS) | deps
	@echo "  CC      common/$*.c"
	$(Q)mkdir -p $(@D)
	$(Q)$(MUSL_CC) $(BENCH_CFLAGS) -c $< -o $@

$(BENCH_BUILD)/builtin-suites.c: $(TOP)/bench/embed-suites $(BENCH_SUITES)
	@echo "  GEN     bench/builtin-suites.c"
	$(Q)mkdir -p $(@D)
	$(Q)$(TOP)/bench/embed-suites $(BENCH_SUITES) >$@.part && mv $@.part $@

$(BENCH_BUILD)/builtin-suites.o: $(BENCH_BUILD)/builtin-suites.c $(BENCH_INPUTS) | deps
	@echo "  CC      bench/builtin-suites.c"
	$(Q)$(MUSL_CC) $(BENCH_CFLAGS) -c $< -o $@

$(BENCH): $(BENCH_OBJS)
	@echo "  LD      bench/bootbench-bench"
	$(Q)$(MUSL_CC) -static -s -o $@ $(BENCH_OBJS) $(BENCH_LIBS)

-include $(BENCH_OBJS:.o=.d)

IMAGE_PROGRAMS += $(BENCH)=usr/bin/bootbench-bench \
	$(foreach f,$(BENCH_SUITES),$(f)=usr/share/bootbench/suites/$(notdir $(f)))
IMAGE_PROGRAM_FILES += $(BENCH) $(BENCH_SUITES)
