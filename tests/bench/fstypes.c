/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The table of filesystem types: each row whole, the choices and the
 * list drawn from it, the rows the kernels mount (ext3 is ext2's compat
 * list with a journal), `bootbench-bench filesystems`; and the type of a
 * mount read from /proc/self/mounts text.
 */
#include "bench/target/fstypes.h"
#include "bench/target/mounttab.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static void rows(void)
{
	size_t n = 0;

	for (const struct fs_type *t = fs_types; t->name; t++, n++) {
		char mkfs[64];
		snprintf(mkfs, sizeof(mkfs), "/sbin/mkfs.%s", t->name);
		is_str(t->mkfs, mkfs, "%s: formatted by /sbin/mkfs.<type>", t->name);
		ok(t->compat && t->compat[0], "%s: has a compat profile", t->name);
		ok(t->family != FS_FAMILY_EXT || strncmp(t->compat, "none,", 5) == 0,
		   "%s: an ext compat list is complete (starts with none)", t->name);
		ok(t->mount_type && t->mount_type[0], "%s: has a mount type", t->name);
		ok(fs_type_find(t->name) == t, "%s: found by its name", t->name);
		ok(fs_type_names[n] && strcmp(fs_type_names[n], t->name) == 0,
		   "%s: the choice at %zu", t->name, n);
	}
	ok(n >= 4, "%zu types", n);
	ok(fs_type_names[n] == NULL, "the choices end with NULL after the last type");
	ok(fs_type_find("btrfs") == NULL, "an unknown type is not found");

	char list[128];
	fs_type_list(list, sizeof(list));
	is_str(list, "ext2, ext3, ext4, xfs", "the list of types");
	fs_type_list(list, 8);
	ok(strlen(list) < 8, "the list is cut to its buffer");
}

static void ext3(void)
{
	const struct fs_type *e2 = fs_type_find("ext2"), *e3 = fs_type_find("ext3");

	if (!e2 || !e3) {
		ok(0, "ext2 and ext3 are in the table");
		return;
	}
	is_str(e3->mkfs, "/sbin/mkfs.ext3", "ext3: mkfs.ext3 (mke2fs)");
	ok(e3->family == FS_FAMILY_EXT && e3->inode_ratio, "ext3: an ext type, with -i");
	is_str(e3->mount_type, "ext3", "ext3: mounted as ext3");
	char want[256];
	snprintf(want, sizeof(want), "none,has_journal,%s", e2->compat + strlen("none,"));
	is_str(e3->compat, want, "ext3 compat: ext2's features and a journal");
	ok(strstr(e3->compat, "extent") == NULL && strstr(e3->compat, "flex_bg") == NULL &&
	   strstr(e3->compat, "64bit") == NULL && strstr(e3->compat, "metadata_csum") == NULL,
	   "ext3 compat: no feature the kernel's ext3 refuses");
	ok(e3->min_bytes == 0, "ext3: no smallest size of ours");

	const struct fs_type *x = fs_type_find("xfs");
	ok(x && !x->inode_ratio && x->min_bytes == 300LL << 20 && x->family == FS_FAMILY_XFS,
	   "xfs: no inode ratio, 300 MiB at least");
}

static void printed(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f) {
		ok(0, "open_memstream");
		return;
	}
	fs_types_print(f);
	fclose(f);
	ok(strstr(text, "\next3: mkfs /sbin/mkfs.ext3 (mke2fs), compat \"none,has_journal,"
		  "ext_attr,resize_inode,dir_index,filetype,sparse_super,large_file\", "
		  "inode_ratio yes, min_mib 0, mount ext3\n") != NULL,
	   "filesystems: the ext3 line");
	ok(strstr(text, "xfs: mkfs /sbin/mkfs.xfs (mkfs.xfs), compat \"options="
		  XFS_COMPAT_PROFILE "\", inode_ratio no, min_mib 300, mount xfs\n") != NULL,
	   "filesystems: the xfs line");
	size_t lines = 0;
	for (const char *p = text; *p; p++)
		lines += *p == '\n';
	is_int((long long)lines, 4, "filesystems: one line per type");
	free(text);
}

static void mounts(void)
{
	static const char text[] =
		"proc /proc proc rw,nosuid 0 0\n"
		"/dev/vda1 /mnt/results ext4 rw,nodev,nosuid,noatime 0 0\n"
		"/dev/vdb1 /mnt/target ext3 rw,noatime 0 0\n"
		"/dev/vdc1 /mnt/target2 xfs rw 0 0";
	char type[16];

	is_int(mounttab_type(text, "/mnt/target", type, sizeof(type)), 0, "a mount found");
	is_str(type, "ext3", "its type");
	is_int(mounttab_type(text, "/mnt/target2", type, sizeof(type)), 0,
	       "a last line without a newline");
	is_str(type, "xfs", "its type");
	is_int(mounttab_type(text, "/mnt", type, sizeof(type)), -1,
	       "a prefix of a mount point is not it");
	is_int(mounttab_type(text, "/mnt/wal", type, sizeof(type)), -1, "nothing mounted");
	is_int(mounttab_type("a /m ext2 rw 0 0\nb /m ext4 rw 0 0\n", "/m", type,
			     sizeof(type)), 0, "two mounts on one point");
	is_str(type, "ext4", "the last one is on top");
	is_int(mounttab_type(text, "/mnt/results", type, 4), -1, "a type that does not fit");
	is_int(mounttab_type("", "/mnt/target", type, sizeof(type)), -1, "no text");
}

int main(void)
{
	rows();
	ext3();
	printed();
	mounts();
	return tap_done();
}
