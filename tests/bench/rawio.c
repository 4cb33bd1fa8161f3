/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rawio's file I/O (rawio_io.c) on a real file in /tmp: sizes, content
 * (no zero pages, no two sectors alike), the errors, MB/s arithmetic;
 * the case names and checks of rawio and seqscan.
 */
#include "bench/msg.h"
#include "bench/suite/matrix.h"
#include "bench/suite/suite_parse.h"
#include "bench/workloads/rawio/rawio_io.h"
#include "tap.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/bootbench-rawio-XXXXXX";
static char path[64];

static long long file_size(void)
{
	struct stat st;
	return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

/* Whole sectors of 512 bytes: none all zero, no two alike. */
static bool sectors_distinct(long long size)
{
	unsigned char *data = malloc((size_t)size);
	int fd = open(path, O_RDONLY);
	bool good = data && fd >= 0 && read(fd, data, (size_t)size) == size;

	for (long long a = 0; good && a + 512 <= size; a += 512) {
		bool zero = true;
		for (int i = 0; i < 512 && zero; i++)
			zero = data[a + i] == 0;
		good = !zero;
		/* The neighbours and the first sector: the likely repeats. */
		if (good && a >= 512)
			good = memcmp(data + a, data + a - 512, 512) != 0 &&
			       memcmp(data + a, data, 512) != 0;
	}
	if (fd >= 0)
		close(fd);
	free(data);
	return good;
}

static void write_read(void)
{
	struct rawio_span w = { .seconds = -1 }, r = { .seconds = -1 };
	const long long size = 3 * 65536 + 1000;   /* a short last block */

	is_int(rawio_write(path, size, 65536, true, NULL, &w), 0, "write with fdatasync");
	is_int(file_size(), size, "the file has size bytes");
	ok(w.seconds > 0, "write time measured (%.6f s)", w.seconds);
	ok(w.cpu.usage_us > 0 && w.cpu.usage_us == w.cpu.user_us + w.cpu.system_us,
	   "and its CPU time (%lld us)", w.cpu.usage_us);
	ok(sectors_distinct(size), "no zero sector, no sector repeated");
	is_int(rawio_read(path, size, 65536, NULL, &r), 0, "read it back");
	ok(r.seconds > 0 && r.cpu.usage_us >= 0, "read time measured (%.6f s), and its CPU time",
	   r.seconds);
	is_int(rawio_read(path, size, 4096, NULL, &r), 0, "read with another block size");

	is_int(rawio_write(path, 8192, 8192, false, NULL, &w), 0, "write without sync, one block");
	is_int(file_size(), 8192, "the file was truncated to the new size");
	is_int(rawio_write(path, 1000, 512, false, NULL, &w), 0, "blocks smaller than a page");
	is_int(file_size(), 1000, "1000 bytes");
	ok(sectors_distinct(1000), "small file: sectors distinct too");
}

static void errors(void)
{
	struct rawio_span s;
	char missing[96];

	rawio_write(path, 4096, 4096, false, NULL, &s);
	is_int(rawio_read(path, 8192, 4096, NULL, &s), -1, "a file shorter than expected");
	ok(fail_reason() && strstr(fail_reason(), "rawio.dat\" held 4096 bytes, "
				   "not the 8192 written"), "its reason names the sizes");
	snprintf(missing, sizeof(missing), "%s/no/such/file", dir);
	is_int(rawio_write(missing, 4096, 4096, true, NULL, &s), -1, "a file that cannot be made");
	is_int(rawio_read(missing, 4096, 4096, NULL, &s), -1, "a file that is not there");
	is_int(rawio_write(path, 0, 4096, true, NULL, &s), -1, "size 0");
}

static void mb_s(void)
{
	is_num(rawio_mb_s(64LL << 20, 0.5), 134.217728, "64 MiB in 0.5 s: 134.2 MB/s");
	is_num(rawio_mb_s(1000000, 1), 1, "MB is 10^6 bytes");
	is_num(rawio_mb_s(1000000, 0), 0, "no time: 0, not infinity");
	is_num(rawio_mb_s(1000000, -1), 0, "negative time: 0");
}

/* The case names of a suite, space-separated; or "error: ..." */
static const char *case_names(const char *text)
{
	static struct suite s;
	static char buf[1024];
	char err[256];
	size_t used = 0;

	if (suite_parse("t", "t.ini", text, &s, err, sizeof(err)) < 0) {
		snprintf(buf, sizeof(buf), "error: %s", err);
		return buf;
	}
	buf[0] = '\0';
	for (size_t i = 0; i < suite_case_count(&s) && used < sizeof(buf); i++) {
		struct bench_case c;
		suite_case(&s, i, &c);
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%s",
					 i ? " " : "", c.id);
	}
	return buf;
}

static void names(void)
{
	is_str(case_names("[rawio]\nsync = end\n"), "rawio-s64M-b1M",
	       "rawio with its defaults");
	is_str(case_names("[rawio]\nsize = 16M,1G\nblock_size = 4k\nsync = end,none\n"),
	       "rawio-s16M-b4k rawio-s16M-b4k-syncnone rawio-s1G-b4k rawio-s1G-b4k-syncnone",
	       "rawio: every list key in the names");
	const char *e = case_names("[rawio]\nsize = 1M\nblock_size = 64k,2M\n");
	ok(strncmp(e, "error: ", 7) == 0 && strstr(e, "line 3") &&
	   strstr(e, "block_size: 2M is larger than size (1M)"),
	   "rawio: a block larger than the file, on block_size's line");
	printf("# %s\n", e);
	is_str(case_names("[seqscan]\nparallel = 0\n"), "seqscan-s64M",
	       "seqscan with its defaults");
	is_str(case_names("[seqscan]\nsize = 8M,32M\nparallel = 0,1\n"),
	       "seqscan-s8M seqscan-s8M-parallel seqscan-s32M seqscan-s32M-parallel",
	       "seqscan: size and parallel in the names");
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(path, sizeof(path), "%s/rawio.dat", dir);
	write_read();
	errors();
	mb_s();
	names();
	unlink(path);
	rmdir(dir);
	return tap_done();
}
