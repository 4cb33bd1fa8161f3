/* SPDX-License-Identifier: GPL-2.0-only */
/* imageinfo.c: read /etc/bootbench/image.json for run.json. */
#include "init/kernel/imageinfo.h"

#include <stdlib.h>
#include <string.h>

#include "common/jsonread.h"
#include "init/console.h"
#include "init/files.h"

#define IMAGE_INFO_MAX (64 << 10)

char *image_info_read(const char *path)
{
	size_t len;
	char *text = read_text(path, IMAGE_INFO_MAX, &len);

	if (!text) {
		warning("could not read \"%s\":", path);
		return NULL;
	}
	if (len == IMAGE_INFO_MAX) {
		warning("%s is larger than %d KiB; run.json records no image", path,
			IMAGE_INFO_MAX >> 10);
		free(text);
		return NULL;
	}
	while (len && text[len - 1] && strchr(" \t\r\n", text[len - 1]))
		text[--len] = '\0';
	if (!jr_valid(text, len) ||
	    text[strspn(text, " \t\r\n")] != '{') {
		warning("%s is not a JSON object; run.json records no image", path);
		free(text);
		return NULL;
	}
	return text;
}
