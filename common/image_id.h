/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * image_id.h: the id of the image a program was built for, as
 * rootfs/image-info writes it into /etc/bootbench/image.json ("id": git
 * describe of the tree and a hash of rootfs/versions.mk).  The definition
 * is generated at build time from that file (rootfs/image-info.mk writes
 * $(BUILD)/image-info/image-id.c); --version prints it.
 */
#ifndef BOOTBENCH_IMAGE_ID_H
#define BOOTBENCH_IMAGE_ID_H

extern const char bootbench_image_id[];

#endif
