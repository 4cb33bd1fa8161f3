/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * string-functions: check the memcpy, memmove, memcmp or strlen linked into
 * this program against byte-by-byte definitions of what the C standard
 * asks of them: pseudo-random bytes (zero and high-bit bytes included),
 * every length from 0 to 300 and a few longer ones, every alignment of
 * both pointers within 32 bytes; memmove within one buffer, so that the
 * two areas overlap both ways; memcpy and memmove must leave the 64 bytes
 * either side of the destination alone.  tests/postgres/string-functions.test
 * links it with the object postgres links (rootfs/packages/llvm-libc.mk).
 * Built with -fno-builtin -fno-tree-loop-distribute-patterns, so that every
 * call reaches the linked function and the reference loops stay loops.
 *
 *   string-functions FUNCTION
 *
 * Prints the number of cases and the first wrong one; exit status 0 when
 * every case is right, 1 when one is not, 2 on a usage error.
 */
#include <stdio.h>
#include <string.h>

#define MARGIN 64
#define ALIGNS 32
#define SHORT 300
#define BUF (2 * MARGIN + 2 * ALIGNS + 4096)

static const size_t long_lengths[] = { 511, 512, 1000, 1024, 2047, 4000 };
#define NLONG (sizeof(long_lengths) / sizeof(long_lengths[0]))

static unsigned char buf[BUF], other[BUF], want[BUF];
static unsigned long long rng = 1;

static unsigned char random_byte(void)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned char)(rng >> 56);
}

static void fill(unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = random_byte();
}

static void copy_bytes(unsigned char *to, const unsigned char *from, size_t n)
{
	for (size_t i = 0; i < n; i++)
		to[i] = from[i];
}

static int same_bytes(const unsigned char *a, const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

static int compare_bytes(const unsigned char *a, const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

/* memcpy from other+from to buf+to. */
static int check_memcpy(size_t len, size_t to, size_t from)
{
	unsigned char *dst = buf + MARGIN + to, *src = other + from;
	size_t window = len + 2 * MARGIN;

	fill(dst - MARGIN, window);
	fill(src, len);
	copy_bytes(want, dst - MARGIN, window);
	copy_bytes(want + MARGIN, src, len);
	if (memcpy(dst, src, len) != dst)
		return 0;
	return same_bytes(dst - MARGIN, want, window);
}

/* memmove within buf, from buf+from to buf+to (both after one margin). */
static int check_memmove(size_t len, size_t to, size_t from)
{
	unsigned char *base = buf + MARGIN, *dst = base + to;
	size_t window = len + 2 * ALIGNS + 2 * MARGIN;

	fill(buf, window);
	copy_bytes(other, base + from, len);
	copy_bytes(want, buf, window);
	copy_bytes(want + MARGIN + to, other, len);
	if (memmove(dst, base + from, len) != dst)
		return 0;
	return same_bytes(buf, want, window);
}

/* memcmp of buf+a and other+b, equal or differing in one bit. */
static int check_memcmp(size_t len, size_t a, size_t b)
{
	unsigned char *p = buf + a, *q = other + b;

	fill(p, len);
	copy_bytes(q, p, len);
	if (len > 0 && random_byte() & 1)
		q[random_byte() * len / 256] ^= (unsigned char)(1u << (random_byte() & 7));
	return sign(memcmp(p, q, len)) == compare_bytes(p, q, len);
}

/* strlen of a string of len non-zero bytes at buf+a (unused: y). */
static int check_strlen(size_t len, size_t a, size_t unused)
{
	unsigned char *s = buf + a;

	(void)unused;
	for (size_t i = 0; i < len; i++)
		do
			s[i] = random_byte();
		while (s[i] == 0);
	s[len] = 0;
	fill(s + len + 1, MARGIN);
	return strlen((const char *)s) == len;
}

static const struct {
	const char *name;
	int (*check)(size_t len, size_t x, size_t y);
	int two_pointers;
} checks[] = {
	{ "memcpy", check_memcpy, 1 },
	{ "memmove", check_memmove, 1 },
	{ "memcmp", check_memcmp, 1 },
	{ "strlen", check_strlen, 0 },
};

int main(int argc, char **argv)
{
	size_t c, cases = 0;

	for (c = 0; argc == 2 && c < sizeof(checks) / sizeof(checks[0]); c++)
		if (strcmp(argv[1], checks[c].name) == 0)
			break;
	if (argc != 2 || c == sizeof(checks) / sizeof(checks[0])) {
		fprintf(stderr, "usage: string-functions memcpy|memmove|memcmp|strlen\n");
		return 2;
	}
	for (size_t n = 0; n <= SHORT + NLONG; n++) {
		size_t len = n <= SHORT ? n : long_lengths[n - SHORT - 1];
		for (size_t x = 0; x < ALIGNS; x++)
			for (size_t y = 0; y < (checks[c].two_pointers ? ALIGNS : 1); y++) {
				cases++;
				if (!checks[c].check(len, x, y)) {
					printf("%s: wrong for length %zu, offsets %zu and %zu"
					       " (case %zu)\n", checks[c].name, len, x, y, cases);
					return 1;
				}
			}
	}
	printf("%s: %zu cases right\n", checks[c].name, cases);
	return 0;
}
