/* The mkfs command line a suite's filesystem gives, and mount options. */
#include "volume.h"
#include "tap.h"

#include <sys/mount.h>

/* The command line as a string. */
static const char *joined(const struct volume *v)
{
	static char buf[2048];

	volume_mkfs_command(v, buf, sizeof(buf));
	return buf;
}

static void mkfs(void)
{
	struct suite_fs fs = {
		.type = "ext4", .features = "none,has_journal,extent",
		.block_size = 4096, .inode_size = 256, .inode_ratio = 16384,
		.discard = false, .mount_options = "noatime",
	};
	struct volume v;
	char err[256] = "";

	is_int(volume_init(&v, "target", "/dev/vdb1", "/mnt/target", &fs, err,
			   sizeof(err)), 0, "ext4 volume");
	is_str(joined(&v),
	       "/sbin/mkfs.ext4 -F -b 4096 -I 256 -i 16384 -O none,has_journal,extent "
	       "-E nodiscard,lazy_itable_init=0,lazy_journal_init=0 /dev/vdb1",
	       "explicit mkfs command line");

	is_str(v.mkfs_argv[9], "none,has_journal,extent", "feature list is one word");
	is_str(v.mkfs_argv[12], "/dev/vdb1", "device is the last word");
	ok(v.mkfs_argv[13] == NULL, "argv ends with NULL");

	fs.block_size = fs.inode_size = fs.inode_ratio = 0;
	volume_init(&v, "target", "/dev/vdb1", "/mnt/target", &fs, err, sizeof(err));
	is_str(joined(&v),
	       "/sbin/mkfs.ext4 -F -O none,has_journal,extent "
	       "-E nodiscard,lazy_itable_init=0,lazy_journal_init=0 /dev/vdb1",
	       "sizes the suite leaves to mkfs are not given");

	fs.discard = true;
	volume_init(&v, "target", "/dev/vdb1", "/mnt/target", &fs, err, sizeof(err));
	ok(strstr(joined(&v), "-E discard,") != NULL, "discard asked for");

	fs.type = "btrfs";
	is_int(volume_init(&v, "target", "/dev/vdb1", "/mnt/target", &fs, err,
			   sizeof(err)), -1, "unsupported filesystem");
	is_str(err, "filesystem type \"btrfs\" is not supported (supported: ext4)",
	       "message names the type");
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
	mkfs();
	mount_options();
	return tap_done();
}
