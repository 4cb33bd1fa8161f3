/* SPDX-License-Identifier: GPL-2.0-only */
/* fstypes.c: the table of filesystem types. */
#include "bench/target/fstypes.h"

#include <string.h>

/*
 * The compat lists are complete ("none" first clears mke2fs.conf's
 * defaults): nothing the 5.10 kernel cannot mount read-write (no
 * orphan_file, no metadata_csum_seed).  ext3 is ext2's list with a
 * journal, which is what the kernel's ext3 (the ext4 driver) accepts.
 */
const struct fs_type fs_types[] = {
	{
		.name = "ext2", .mkfs = "/sbin/mkfs.ext2", .family = FS_FAMILY_EXT,
		.compat = "none,ext_attr,resize_inode,dir_index,filetype,"
			  "sparse_super,large_file",
		.inode_ratio = true, .min_bytes = 0, .mount_type = "ext2",
	},
	{
		.name = "ext3", .mkfs = "/sbin/mkfs.ext3", .family = FS_FAMILY_EXT,
		.compat = "none,has_journal,ext_attr,resize_inode,dir_index,"
			  "filetype,sparse_super,large_file",
		.inode_ratio = true, .min_bytes = 0, .mount_type = "ext3",
	},
	{
		.name = "ext4", .mkfs = "/sbin/mkfs.ext4", .family = FS_FAMILY_EXT,
		.compat = "none,has_journal,ext_attr,resize_inode,dir_index,"
			  "filetype,extent,64bit,flex_bg,sparse_super,large_file,"
			  "huge_file,dir_nlink,extra_isize,metadata_csum",
		.inode_ratio = true, .min_bytes = 0, .mount_type = "ext4",
	},
	{
		/* mkfs.xfs refuses smaller filesystems ("must be larger than 300MB") */
		.name = "xfs", .mkfs = "/sbin/mkfs.xfs", .family = FS_FAMILY_XFS,
		.compat = "options=" XFS_COMPAT_PROFILE,
		.inode_ratio = false, .min_bytes = 300LL << 20, .mount_type = "xfs",
	},
	{ .name = NULL },
};

#define N_TYPES (sizeof(fs_types) / sizeof(fs_types[0]))

const char *fs_type_names[N_TYPES];

/* The choices are the table's names; the suite keys point at them. */
__attribute__((constructor)) static void fill_names(void)
{
	for (size_t i = 0; i < N_TYPES; i++)
		fs_type_names[i] = fs_types[i].name;
}

const struct fs_type *fs_type_find(const char *name)
{
	for (const struct fs_type *t = fs_types; t->name; t++)
		if (strcmp(t->name, name) == 0)
			return t;
	return NULL;
}

void fs_type_list(char *buf, size_t len)
{
	size_t used = 0;

	if (len)
		buf[0] = '\0';
	for (const struct fs_type *t = fs_types; t->name && used < len; t++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 used ? ", " : "", t->name);
}

void fs_types_print(FILE *out)
{
	static const char *const families[] = {
		[FS_FAMILY_EXT] = "mke2fs", [FS_FAMILY_XFS] = "mkfs.xfs",
	};

	for (const struct fs_type *t = fs_types; t->name; t++)
		fprintf(out, "%s: mkfs %s (%s), compat \"%s\", inode_ratio %s, "
			"min_mib %lld, mount %s\n", t->name, t->mkfs,
			families[t->family], t->compat, t->inode_ratio ? "yes" : "no",
			t->min_bytes >> 20, t->mount_type);
}
