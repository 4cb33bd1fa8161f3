/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rawio_io.h: lmdd-style sequential I/O on a file: write it in blocks
 * (with or without fdatasync at the end), read it back in blocks.  No
 * libpq: the rawio and seqscan workloads both use it.
 */
#ifndef BOOTBENCH_RAWIO_IO_H
#define BOOTBENCH_RAWIO_IO_H

#include <stdbool.h>

#include "bench/os/cputime.h"
#include "bench/workloads/io_figures.h"

/* Buffers are aligned to this (and blocks need not be a multiple). */
#define RAWIO_ALIGN 4096

/* A timed transfer: its time, this program's CPU time in it
 * (cpu.usage_us -1 if getrusage failed), and the I/O counters of the
 * devices at its edges (io_figures.h). */
struct rawio_span {
	double seconds;
	struct cputime cpu;
	struct io_reading io0, io1;
};

/*
 * Create (or truncate) path and write size bytes to it in blocks of
 * block bytes (the last one may be shorter), each block a different,
 * incompressible pattern; then fdatasync if sync_end.  The time from
 * the first write to the end of fdatasync goes to *span, with the
 * counters of io's devices (NULL: none).  0 or fail().
 */
int rawio_write(const char *path, long long size, long long block,
		bool sync_end, const struct io_devices *io, struct rawio_span *span);

/*
 * Read path from start to end with read() in blocks of block bytes; the
 * time of the reads goes to *span, with the counters of io's devices.
 * Fails unless it held size bytes.
 */
int rawio_read(const char *path, long long size, long long block,
	       const struct io_devices *io, struct rawio_span *span);

/* Throughput in MB/s, MB = 10^6 bytes; 0 if seconds is not positive. */
double rawio_mb_s(long long bytes, double seconds);

#endif
