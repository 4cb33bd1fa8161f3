/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The mkfs command lines a suite's filesystem gives (ext2, ext3, ext4, xfs;
 * profiles, features, sizes, discard), the kernel name of a device, the
 * scheduler list of a queue, and mount options.
 */
#include "bench/target/volume.h"
#include "tap.h"

#include <stdlib.h>
#include <sys/mount.h>
#include <unistd.h>

#define EXT4_COMPAT "none,has_journal,ext_attr,resize_inode,dir_index,filetype," \
	"extent,64bit,flex_bg,sparse_super,large_file,huge_file,dir_nlink," \
	"extra_isize,metadata_csum"
#define EXT2_COMPAT "none,ext_attr,resize_inode,dir_index,filetype," \
	"sparse_super,large_file"
#define EXT3_COMPAT "none,has_journal,ext_attr,resize_inode,dir_index,filetype," \
	"sparse_super,large_file"
#define LAZY "lazy_itable_init=0,lazy_journal_init=0"

/* The command line as a string. */
static const char *joined(const struct volume *v)
{
	static char buf[2048];

	volume_mkfs_command(v, buf, sizeof(buf));
	return buf;
}

/* volume_init on /dev/vdb1; the command line, or "error: <err>". */
static const char *command(struct volume *v, const struct fs_config *fs)
{
	static char buf[2048];
	char err[256] = "";

	if (volume_init(v, "target", "/dev/vdb1", "/mnt/target", fs, err,
			sizeof(err)) < 0) {
		snprintf(buf, sizeof(buf), "error: %s", err);
		return buf;
	}
	return joined(v);
}

static const struct fs_config base = {
	.type = "ext4", .profile = "compat", .features = "",
	.mount_options = "noatime", .scheduler = "", .readahead_kb = -1,
};

static void ext4(void)
{
	struct fs_config fs = base;
	struct volume v;

	is_str(command(&v, &fs),
	       "/sbin/mkfs.ext4 -F -O " EXT4_COMPAT " -E nodiscard," LAZY " /dev/vdb1",
	       "ext4 compat: the complete feature list");
	is_str(v.features_used, EXT4_COMPAT, "ext4 compat: features recorded");
	ok(strstr(joined(&v), "orphan_file") == NULL &&
	   strstr(joined(&v), "metadata_csum_seed") == NULL,
	   "ext4 compat: nothing kernel 5.10 cannot mount");

	fs.block_size = 4096;
	fs.inode_size = 256;
	fs.inode_ratio = 16384;
	is_str(command(&v, &fs),
	       "/sbin/mkfs.ext4 -F -b 4096 -I 256 -i 16384 -O " EXT4_COMPAT
	       " -E nodiscard," LAZY " /dev/vdb1",
	       "ext4: block size, inode size and ratio");
	is_str(v.mkfs_argv[9], EXT4_COMPAT, "the feature list is one word");
	is_str(v.mkfs_argv[12], "/dev/vdb1", "the device is the last word");
	ok(v.mkfs_argv[13] == NULL, "argv ends with NULL");

	fs.block_size = fs.inode_size = fs.inode_ratio = 0;
	fs.profile = "default";
	is_str(command(&v, &fs), "/sbin/mkfs.ext4 -F -E nodiscard," LAZY " /dev/vdb1",
	       "ext4 default: no -O, mkfs's own features");
	is_str(v.features_used, "", "ext4 default: no features recorded");

	fs.features = "none,has_journal,extent";
	is_str(command(&v, &fs),
	       "/sbin/mkfs.ext4 -F -O none,has_journal,extent -E nodiscard," LAZY
	       " /dev/vdb1", "ext4: features replace the default profile");
	fs.profile = "compat";
	fs.features = "^metadata_csum";
	is_str(command(&v, &fs),
	       "/sbin/mkfs.ext4 -F -O ^metadata_csum -E nodiscard," LAZY " /dev/vdb1",
	       "ext4: features replace the compat profile");
	is_str(v.features_used, "^metadata_csum", "ext4: the given features recorded");

	fs.features = "";
	fs.discard = true;
	is_str(command(&v, &fs),
	       "/sbin/mkfs.ext4 -F -O " EXT4_COMPAT " -E discard," LAZY " /dev/vdb1",
	       "ext4: discard asked for");
}

static void ext2(void)
{
	struct fs_config fs = base;
	struct volume v;

	fs.type = "ext2";
	is_str(command(&v, &fs),
	       "/sbin/mkfs.ext2 -F -O " EXT2_COMPAT " -E nodiscard," LAZY " /dev/vdb1",
	       "ext2 compat: no journal, no extents");
	fs.profile = "default";
	fs.block_size = 1024;
	is_str(command(&v, &fs), "/sbin/mkfs.ext2 -F -b 1024 -E nodiscard," LAZY
	       " /dev/vdb1", "ext2 default with a block size");
	fs.features = "none,dir_index,filetype";
	fs.discard = true;
	is_str(command(&v, &fs), "/sbin/mkfs.ext2 -F -b 1024 -O none,dir_index,filetype "
	       "-E discard," LAZY " /dev/vdb1", "ext2 features and discard");
}

static void ext3(void)
{
	struct fs_config fs = base;
	struct volume v;

	fs.type = "ext3";
	is_str(command(&v, &fs),
	       "/sbin/mkfs.ext3 -F -O " EXT3_COMPAT " -E nodiscard," LAZY " /dev/vdb1",
	       "ext3 compat: a journal, no extents");
	is_str(v.features_used, EXT3_COMPAT, "ext3 compat: features recorded");
	ok(strstr(v.features_used, "extent") == NULL && strstr(v.features_used, "64bit") == NULL &&
	   strstr(v.features_used, "flex_bg") == NULL,
	   "ext3 compat: nothing of ext4 that the kernel's ext3 refuses");
	is_str(v.type->mount_type, "ext3", "ext3 is mounted as ext3");
	fs.inode_ratio = 8192;
	fs.profile = "default";
	is_str(command(&v, &fs), "/sbin/mkfs.ext3 -F -i 8192 -E nodiscard," LAZY
	       " /dev/vdb1", "ext3 default with an inode ratio");
}

static void xfs(void)
{
	struct fs_config fs = base;
	struct volume v;

	fs.type = "xfs";
	is_str(command(&v, &fs), "/sbin/mkfs.xfs -f -c options=" XFS_COMPAT_PROFILE
	       " -K /dev/vdb1", "xfs compat: the 5.10 LTS profile, no discard");
	is_str(v.features_used, "-c options=" XFS_COMPAT_PROFILE,
	       "xfs compat: the profile recorded");
	is_str(v.mkfs_argv[3], "options=" XFS_COMPAT_PROFILE, "-c and its value: two words");

	fs.block_size = 4096;
	fs.inode_size = 512;
	fs.discard = true;
	is_str(command(&v, &fs), "/sbin/mkfs.xfs -f -c options=" XFS_COMPAT_PROFILE
	       " -b size=4096 -i size=512 /dev/vdb1",
	       "xfs: block and inode size; discard is mkfs.xfs's default");

	fs.profile = "default";
	fs.block_size = fs.inode_size = 0;
	fs.discard = false;
	is_str(command(&v, &fs), "/sbin/mkfs.xfs -f -K /dev/vdb1",
	       "xfs default: mkfs.xfs's own features");
	is_str(v.features_used, "", "xfs default: nothing recorded");

	fs.features = "-m reflink=1,rmapbt=1  -i sparse=1";
	is_str(command(&v, &fs), "/sbin/mkfs.xfs -f -m reflink=1,rmapbt=1 -i sparse=1 "
	       "-K /dev/vdb1", "xfs: features are option words, in place of the profile");
	is_str(v.mkfs_argv[3], "reflink=1,rmapbt=1", "each word its own argument");
	is_str(v.mkfs_argv[7], "/dev/vdb1", "device last");
	ok(v.mkfs_argv[8] == NULL, "argv ends with NULL");
	is_str(v.features_used, "-m reflink=1,rmapbt=1  -i sparse=1",
	       "xfs: the features recorded as given");

	fs.features = "reflink=1";
	is_str(command(&v, &fs), "error: features: mkfs.xfs options start with an "
	       "option such as \"-m\", not \"reflink=1\"", "xfs: features must be options");
	char many[512] = "";
	for (int i = 0; i < 30; i++)
		strcat(many, "-m crc=1 ");
	fs.features = many;
	is_str(command(&v, &fs), "error: features: too many mkfs.xfs options "
	       "(at most 22 words)", "xfs: too many words");

	fs.features = "";
	fs.inode_ratio = 16384;
	is_str(command(&v, &fs), "error: inode_ratio: xfs has no bytes-per-inode ratio",
	       "xfs: inode_ratio refused");
}

static void refused(void)
{
	struct fs_config fs = base;
	struct volume v;

	fs.type = "btrfs";
	is_str(command(&v, &fs), "error: filesystem type \"btrfs\" is not supported "
	       "(supported: ext2, ext3, ext4, xfs)", "unsupported filesystem");
	fs.type = "ext4";
	fs.profile = "newest";
	is_str(command(&v, &fs), "error: profile \"newest\" is not one of: compat, default",
	       "unknown profile");
}

static void kernel_names(void)
{
	struct fs_config fs = base;
	struct volume v;
	char err[256], dir[] = "/tmp/bootbench-volume-XXXXXX", link_path[64];

	command(&v, &fs);
	is_str(volume_kernel_name(&v), "vdb1", "a device that does not exist: its name");
	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	snprintf(link_path, sizeof(link_path), "%s/by-label", dir);
	ok(symlink("/dev/null", link_path) == 0, "symlink to /dev/null");
	volume_init(&v, "target", link_path, "/mnt/target", &fs, err, sizeof(err));
	is_str(volume_kernel_name(&v), "null", "a symlink: the name it resolves to");
	unlink(link_path);
	rmdir(dir);
}

static void mount_options(void)
{
	unsigned long flags;
	char data[64];

	is_int(mount_options_parse("noatime", &flags, data, sizeof(data)), 0, "noatime");
	ok(flags == MS_NOATIME && data[0] == '\0', "noatime is a flag, no data");

	is_int(mount_options_parse("noatime,data=writeback,nodiratime,commit=30",
				   &flags, data, sizeof(data)), 0, "flags and data");
	ok(flags == (MS_NOATIME | MS_NODIRATIME), "both flags");
	is_str(data, "data=writeback,commit=30", "data keeps its order");

	is_int(mount_options_parse("noatime,relatime", &flags, data, sizeof(data)), 0,
	       "the last atime option wins");
	ok(flags == MS_RELATIME, "relatime replaces noatime");

	is_int(mount_options_parse("", &flags, data, sizeof(data)), 0, "no options");
	ok(flags == 0 && data[0] == '\0', "nothing set");
	is_int(mount_options_parse("defaults,,ro", &flags, data, sizeof(data)), 0,
	       "defaults and an empty item");
	ok(flags == MS_RDONLY && data[0] == '\0', "ro only");

	is_int(mount_options_parse("journal_checksum,journal_async_commit,"
				   "errors=remount-ro,barrier=1", &flags, data, 20),
	       -1, "data that does not fit");
}

int main(void)
{
	ext4();
	ext2();
	ext3();
	xfs();
	refused();
	kernel_names();
	mount_options();
	return tap_done();
}
