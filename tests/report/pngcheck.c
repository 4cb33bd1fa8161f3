/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pngcheck: read an 8-bit RGB or RGBA PNG (as Chromium's screenshots are)
 * and print what a test needs to know about it:
 *
 *   size WIDTH HEIGHT
 *   colours N             distinct colours
 *   #rrggbb COUNT         pixels of each colour given on the command line
 *
 * Usage: pngcheck FILE [RRGGBB...].  Exit status 1 if FILE is not such a PNG.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static int die(const char *path, const char *msg)
{
	fprintf(stderr, "pngcheck: %s: %s\n", path, msg);
	return 1;
}

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int paeth(int a, int b, int c)
{
	int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);

	return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	unsigned char *file = NULL, *idat = NULL, *raw;
	size_t len = 0, cap = 0, nidat = 0, got;
	uint32_t w = 0, h = 0, *px;
	int bpp = 0;
	FILE *f;

	if (argc < 2)
		return die("usage", "pngcheck FILE [RRGGBB...]");
	f = fopen(argv[1], "rb");
	if (!f)
		return die(argv[1], "cannot open");
	do {
		if (len == cap)
			file = realloc(file, cap = cap ? cap * 2 : 65536);
		if (!file)
			return die(argv[1], "out of memory");
		got = fread(file + len, 1, cap - len, f);
		len += got;
	} while (got > 0);
	fclose(f);
	if (len < 8 || memcmp(file, sig, 8) != 0)
		return die(argv[1], "not a PNG file");
	for (size_t off = 8; off + 12 <= len;) {
		uint32_t n = be32(file + off);
		const unsigned char *type = file + off + 4, *data = file + off + 8;
		if (n > len - off - 12)
			return die(argv[1], "chunk runs past the end");
		if (crc32(crc32(0, NULL, 0), type, n + 4) != be32(data + n))
			return die(argv[1], "chunk CRC mismatch");
		if (memcmp(type, "IHDR", 4) == 0) {
			w = be32(data);
			h = be32(data + 4);
			if (data[8] != 8 || (data[9] != 2 && data[9] != 6) || data[12] != 0)
				return die(argv[1], "not an 8-bit non-interlaced RGB or RGBA PNG");
			bpp = data[9] == 6 ? 4 : 3;
		} else if (memcmp(type, "IDAT", 4) == 0) {
			idat = realloc(idat, nidat + n + 1);
			if (!idat)
				return die(argv[1], "out of memory");
			memcpy(idat + nidat, data, n);
			nidat += n;
		} else if (memcmp(type, "IEND", 4) == 0) {
			break;
		}
		off += 12 + n;
	}
	if (!bpp || !w || !h || !idat || w > 20000 || h > 20000)
		return die(argv[1], "no image header or data");
	uLongf rawlen = (uLongf)h * (1 + (uLongf)w * bpp);
	raw = malloc(rawlen);
	px = malloc((size_t)w * h * sizeof *px);
	if (!raw || !px)
		return die(argv[1], "out of memory");
	if (uncompress(raw, &rawlen, idat, nidat) != Z_OK || rawlen != (uLongf)h * (1 + (uLongf)w * bpp))
		return die(argv[1], "image data does not inflate to the image size");
	size_t stride = (size_t)w * bpp;
	for (uint32_t y = 0; y < h; y++) {
		unsigned char *line = raw + y * (stride + 1), ft = line[0], *cur = line + 1;
		unsigned char *prev = y ? raw + (y - 1) * (stride + 1) + 1 : NULL;
		for (size_t i = 0; i < stride; i++) {
			int a = i >= (size_t)bpp ? cur[i - bpp] : 0, b = prev ? prev[i] : 0;
			int c = prev && i >= (size_t)bpp ? prev[i - bpp] : 0;
			switch (ft) {
			case 0: break;
			case 1: cur[i] = (unsigned char)(cur[i] + a); break;
			case 2: cur[i] = (unsigned char)(cur[i] + b); break;
			case 3: cur[i] = (unsigned char)(cur[i] + (a + b) / 2); break;
			case 4: cur[i] = (unsigned char)(cur[i] + paeth(a, b, c)); break;
			default: return die(argv[1], "bad filter type");
			}
		}
		for (uint32_t x = 0; x < w; x++)
			px[(size_t)y * w + x] = (uint32_t)cur[x * bpp] << 16 |
				(uint32_t)cur[x * bpp + 1] << 8 | cur[x * bpp + 2];
	}
	printf("size %u %u\n", w, h);
	for (int i = 2; i < argc; i++) {
		uint32_t want = (uint32_t)strtoul(argv[i], NULL, 16);
		size_t count = 0;
		for (size_t k = 0; k < (size_t)w * h; k++)
			count += px[k] == want;
		printf("#%06x %zu\n", want, count);
	}
	qsort(px, (size_t)w * h, sizeof *px, cmp_u32);
	size_t distinct = 0;
	for (size_t k = 0; k < (size_t)w * h; k++)
		distinct += k == 0 || px[k] != px[k - 1];
	printf("colours %zu\n", distinct);
	free(px);
	free(raw);
	free(idat);
	free(file);
	return 0;
}
