/* SPDX-License-Identifier: GPL-2.0-only */
/* rawio_io.c: timed sequential write and read of a file. */
#include "bench/workloads/rawio/rawio_io.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "common/clock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* An aligned buffer of len bytes, or NULL after fail(). */
static unsigned char *buffer(long long len)
{
	void *p = NULL;
	int rc = posix_memalign(&p, RAWIO_ALIGN, (size_t)len);

	if (rc != 0) {
		errno = rc;
		fail("could not allocate a %lld-byte I/O buffer:", len);
		return NULL;
	}
	return p;
}

/* xorshift64: bytes no compressing or deduplicating device can shrink. */
static void fill(unsigned char *buf, long long len, uint64_t seed)
{
	uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;

	for (long long i = 0; i < len; i++) {
		if (i % 8 == 0) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
		}
		buf[i] = (unsigned char)(x >> (8 * (i % 8)));
	}
}

/* Each 512-byte sector starts with its offset in the file: no two
 * sectors are the same. */
static void stamp(unsigned char *buf, long long len, long long offset)
{
	for (long long s = 0; s < len; s += 512) {
		uint64_t at = (uint64_t)(offset + s);
		for (int i = 0; i < 8 && s + i < len; i++)
			buf[s + i] = (unsigned char)(at >> (8 * i));
	}
}

static int write_block(int fd, const unsigned char *buf, size_t len,
		       const char *path)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return fail("could not write \"%s\":", path);
		if (n == 0)
			return fail("could not write \"%s\": no progress", path);
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* A span's start: its time, the CPU time so far in *cpu0 (-1: not known)
 * and the devices' counters. */
static double span_begin(struct cputime *cpu0, const struct io_devices *io,
			 struct rawio_span *span)
{
	if (cputime_self(cpu0) < 0)
		cpu0->usage_us = -1;
	io_read(io, &span->io0);
	return clock_now();
}

/* Its end: its time, CPU time (cpu.usage_us -1: not known) and the
 * devices' counters into *span. */
static void span_end(struct rawio_span *span, double start, const struct cputime *cpu0,
		     const struct io_devices *io)
{
	struct cputime cpu1;

	span->seconds = clock_now() - start;
	io_read(io, &span->io1);
	if (cpu0->usage_us >= 0 && cputime_self(&cpu1) == 0)
		span->cpu = cputime_sub(&cpu1, cpu0);
	else
		span->cpu = (struct cputime){ .usage_us = -1 };
}

int rawio_write(const char *path, long long size, long long block,
		bool sync_end, const struct io_devices *io, struct rawio_span *span)
{
	if (size <= 0 || block <= 0)
		return fail("rawio: size %lld and block %lld must be positive",
			    size, block);
	unsigned char *buf = buffer(block);
	if (!buf)
		return -1;
	fill(buf, block, (uint64_t)size ^ (uint64_t)block);

	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		free(buf);
		return fail("could not create \"%s\":", path);
	}
	int rc = 0;
	struct cputime cpu0;
	double start = span_begin(&cpu0, io, span);
	for (long long done = 0; done < size && rc == 0; ) {
		long long len = size - done < block ? size - done : block;
		stamp(buf, len, done);
		rc = write_block(fd, buf, (size_t)len, path);
		done += len;
	}
	if (rc == 0 && sync_end && fdatasync(fd) < 0)
		rc = fail("could not fdatasync \"%s\":", path);
	span_end(span, start, &cpu0, io);
	if (close(fd) < 0 && rc == 0)
		rc = fail("could not close \"%s\":", path);
	free(buf);
	return rc;
}

int rawio_read(const char *path, long long size, long long block,
	       const struct io_devices *io, struct rawio_span *span)
{
	if (block <= 0)
		return fail("rawio: block %lld must be positive", block);
	unsigned char *buf = buffer(block);
	if (!buf)
		return -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		free(buf);
		return fail("could not open \"%s\":", path);
	}
	int rc = 0;
	long long done = 0;
	struct cputime cpu0;
	double start = span_begin(&cpu0, io, span);
	for (;;) {
		ssize_t n = read(fd, buf, (size_t)block);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = fail("could not read \"%s\":", path);
			break;
		}
		if (n == 0)
			break;
		done += n;
	}
	span_end(span, start, &cpu0, io);
	close(fd);
	free(buf);
	if (rc == 0 && done != size)
		rc = fail("\"%s\" held %lld bytes, not the %lld written", path,
			  done, size);
	return rc;
}

double rawio_mb_s(long long bytes, double seconds)
{
	return seconds > 0 ? (double)bytes / 1e6 / seconds : 0;
}
