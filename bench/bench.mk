# bench/: bootbench-bench, the suite runner, and the built-in suites.
#
# Static musl program linked with libpq and libinih from the sysroot.
# The suite files in bench/suites/ are embedded (built-in suites) and also
# installed as files in /usr/share/bootbench/suites/.

BENCH_BUILD  := $(BUILD)/bench
BENCH        := $(BENCH_BUILD)/bootbench-bench
BENCH_SUITES := $(sort $(wildcard $(TOP)/bench/suites/*.ini))

# Sources without libpq, also built into the unit tests (tests/bench.mk).
BENCH_CORE_SRCS := fsio.c matrix.c measurement.c msg.c options.c \
	pgbench_output.c proc.c record.c results.c suite.c suite_keys.c \
	suite_parse.c sysstat.c volume.c volume_queue.c warnings.c workload_specs.c \
	rawio_io.c rawio_spec.c seqscan_spec.c \
	insert_rows.c insert_spec.c fsync_output.c fsync_spec.c \
	timer_hist.c timing_output.c timer_spec.c \
	pgbench_log.c pgbench_spec.c oltp_spec.c
BENCH_SRCS := $(BENCH_CORE_SRCS) env.c main.c pg.c pg_settings.c run.c sql.c \
	workloads.c rawio.c seqscan.c insert.c fsync.c timer.c \
	pgbench_run.c pgbench.c oltp.c
BENCH_COMMON := json fileio stats

BENCH_OBJS := $(addprefix $(BENCH_BUILD)/,$(BENCH_SRCS:.c=.o)) \
	$(BENCH_BUILD)/builtin-suites.o $(BENCH_COMMON:%=$(BENCH_BUILD)/%.o)
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

$(BENCH_COMMON:%=$(BENCH_BUILD)/%.o): $(BENCH_BUILD)/%.o: $(TOP)/common/%.c $(BENCH_INPUTS) | deps
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
