/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * workload.h: what a workload is to the suite engine (bench/run/run.c).
 *
 * Each workload is one section of a suite ([pgbench], [insert], ...) with
 * its own keys, named in bench/workloads/list.h, and one folder,
 * bench/workloads/<name>/: <name>_spec.c defines its struct workload_spec
 * (keys, checks, case names, cost model: bench/suite/workload_spec.h),
 * <name>.c its struct workload (prepare, measure), README.md what it
 * measures.  The engine walks the matrix; for each case it calls
 * prepare() (load the data the case needs, unless it is already there) and
 * then measure(), which fills a struct measurement_out.  The engine samples
 * CPU and disk around measure() and the machine each second during it
 * (monitor.h), adds the warnings it can judge itself and
 * appends the line to results.jsonl (doc/results-jsonl.md).
 *
 * The measured window: what the engine does only while the workload
 * measures (a profile, bench/run/profiler.h) follows window_open() and
 * window_close().  A workload whose measure() does more than it measures
 * (a warm-up, a server restarted for cold caches) says .marks_window and
 * calls them at the edges of what its figures come from; for any other,
 * the engine holds the window open over the whole of measure().
 */
#ifndef BOOTBENCH_WORKLOAD_H
#define BOOTBENCH_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/os/cgroup.h"
#include "bench/pg/pg.h"
#include "bench/suite/matrix.h"
#include "bench/suite/workload_spec.h"
#include "bench/target/volume.h"

struct io_devices;

#define MEASURE_MAX_METRICS  64
#define MEASURE_MAX_WARNINGS 16
#define MEASURE_MAX_FACTS    96

struct metric {
	char name[48];             /* "tps", "latency_p99_ms" */
	double value;
};

struct measure_warning {
	char code[32];             /* "fits-in-ram" */
	char message[256];
};

/* How a figure was made, not a figure: results.jsonl gathers a
 * measurement's facts into one object per name ("percentiles": {...}). */
struct measure_fact {
	char object[24];           /* "percentiles", "load" */
	char key[32];
	char text[64];             /* a text value; "" for the number: */
	double value;
};

/* What measure() found. */
struct measurement_out {
	struct metric metrics[MEASURE_MAX_METRICS];
	size_t n_metrics;
	const char *primary;       /* the headline metric: "tps" */
	const char *unit;          /* its unit: "tps", "MB/s", "us" */
	bool higher_is_better;
	char series[160];          /* "series/<id>.csv" or "" */
	struct measure_warning warnings[MEASURE_MAX_WARNINGS];
	size_t n_warnings;
	long long dataset_bytes;   /* the data the case works on; 0: none */
	double measured_s;         /* length of the measured interval; 0: n/a */
	struct measure_fact facts[MEASURE_MAX_FACTS];
	size_t n_facts;
};

void metric_set(struct measurement_out *m, const char *name, double value);
double metric_get(const struct measurement_out *m, const char *name);
void measure_warn(struct measurement_out *m, const char *code,
		  const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A fact of object: a number, or text. */
void measure_fact(struct measurement_out *m, const char *object, const char *key,
		  double value);
void measure_fact_text(struct measurement_out *m, const char *object, const char *key,
		       const char *text);

/* Who listens to the edges of the measured window (the engine sets it;
 * NULL: no one). */
struct measure_window {
	void (*open)(void *ctx);
	void (*close)(void *ctx);
	void *ctx;
	bool is_open;
};

/* What a workload may use while it runs. */
struct workload_env {
	struct pg_server *pg;
	const char *run_dir;       /* logs/<id>.txt, series/<id>.csv go here */
	const char *suite_dir;     /* for custom scripts; "" for built-in suites */
	struct volume *target;     /* mounted; NULL in host mode */
	const char *data_dir;      /* where the target is mounted (or the host dir) */
	long long mem_total_bytes; /* MemTotal */
	int generation;            /* changes with every fresh initdb */
	const char *loaded;        /* the load this generation's cluster came
				      with (the loaded template's: the spec's
				      load()); NULL: none */
	struct measure_window *window;
	const struct cgroups *cgroups;   /* the server's and the client's, for
					    CPU time (cpu_figures.h); NULL: none */
	int icount_shift;          /* the instructions clock's shift N
				      (BOOTBENCH_CLOCK=instructions:N); -1: host */
	const struct io_devices *io;     /* the devices whose I/O is counted
					    (io_figures.h); NULL: none */
};

/* The measured window opens (closes) now.  It may open again after it
 * closed; an open while it is open, or a close while it is closed, does
 * nothing. */
void window_open(const struct workload_env *e);
void window_close(const struct workload_env *e);

/* dir/fmt... into buf: a path inside the run directory. */
const char *run_path(const struct workload_env *e, char *buf, size_t len,
		     const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* What the engine runs (bench/workloads/<name>/<name>.c). */
struct workload {
	const struct workload_spec *spec;
	/* Load what the case needs (or nothing if e->generation and the
	 * parameters say it is there).  0 or fail(). */
	int (*prepare)(struct workload_env *e, const struct bench_case *c);
	/* One measurement.  0 or fail(). */
	int (*measure)(struct workload_env *e, const struct bench_case *c,
		       struct measurement_out *m);
	/* measure() calls window_open() and window_close() itself. */
	bool marks_window;
};

/* All workloads (workloads.c, the engine's side), in the same order. */
extern const struct workload *const workloads[];
const struct workload *workload_find(const char *name);

/* Each workload's spec and engine side: pgbench_spec and workload_pgbench,
 * ... (bench/workloads/list.h). */
#define WORKLOAD(name) extern const struct workload_spec name##_spec; \
	extern const struct workload workload_##name;
#include "bench/workloads/list.h"
#undef WORKLOAD

/* How many workloads there are. */
enum {
	WORKLOAD_COUNT = 0
#define WORKLOAD(name) + 1
#include "bench/workloads/list.h"
#undef WORKLOAD
};

#endif
