/* SPDX-License-Identifier: GPL-2.0-only */
/* imageinfo.h: what the image was built from (run.json "image"). */
#ifndef BOOTBENCH_IMAGEINFO_H
#define BOOTBENCH_IMAGEINFO_H

/* Written at build time by rootfs/image-info (rootfs/image-info.mk). */
#define IMAGE_INFO_PATH "/etc/bootbench/image.json"

/* The text of path if it is one valid JSON object (trailing blanks cut),
 * else NULL after a warning.  The caller frees it. */
char *image_info_read(const char *path);

#endif
