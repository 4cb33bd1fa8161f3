/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: finding devices by spec, device facts, module lists, mounts. */
#include <string.h>

#include "init/disks/blockdev.h"
#include "init/kernel/module_match.h"
#include "init/kernel/modules.h"
#include "init/kernel/mounts.h"
#include "tap.h"

static struct blockdev devs[] = {
	{ .name = "vda", .path = "/dev/vda", .major = 254, .minor = 0, .disk = "vda",
	  .probed = true, .pttype = "gpt" },
	{ .name = "vda1", .path = "/dev/vda1", .major = 254, .minor = 1, .partition = true,
	  .disk = "vda", .probed = true, .fstype = "ext4", .label = "bootbench-res",
	  .partlabel = "bootbench-results", .partuuid = "11111111-2222-3333-4444-555555555555" },
	{ .name = "vdb", .path = "/dev/vdb", .major = 254, .minor = 16, .disk = "vdb",
	  .probed = true, .pttype = "gpt" },
	{ .name = "vdb1", .path = "/dev/vdb1", .major = 254, .minor = 17, .partition = true,
	  .disk = "vdb", .probed = true, .partlabel = "bootbench-target",
	  .partuuid = "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" },
	{ .name = "vdc", .path = "/dev/vdc", .major = 254, .minor = 32, .disk = "vdc",
	  .probed = true, .pttype = "gpt" },
	{ .name = "vdc1", .path = "/dev/vdc1", .major = 254, .minor = 33, .partition = true,
	  .disk = "vdc", .probed = true, .fstype = "xfs", .label = "data", .partlabel = "decoy",
	  .in_use = "mounted" },
	{ .name = "vdc2", .path = "/dev/vdc2", .major = 254, .minor = 34, .partition = true,
	  .disk = "vdc", .probed = true, .partlabel = "twin" },
	{ .name = "vdd", .path = "/dev/vdd", .major = 254, .minor = 48, .disk = "vdd",
	  .probed = true, .fstype = "ext4", .label = "twin" },
	{ .name = "vde1", .path = "/dev/vde1", .major = 254, .minor = 65, .partition = true,
	  .disk = "vde", .probed = true, .partlabel = "twin" },
};
static struct blockdevs list = { devs, sizeof devs / sizeof devs[0] };

static const struct blockdev *find(const char *text, int want, const char *err_part)
{
	const struct blockdev *d;
	struct devspec s;
	char err[512] = "", why[128];
	int rc;

	if (devspec_parse(&s, text, why, sizeof why) < 0) {
		ok(false, "spec %s parses", text);
		return NULL;
	}
	rc = blockdev_find(&list, &s, &d, err, sizeof err);
	ok(rc == want && (!err_part || strstr(err, err_part)), "find %s -> %d", text, want);
	if (rc != want || (err_part && !strstr(err, err_part)))
		printf("#   got %d, \"%s\"\n", rc, err);
	return d;
}

static void finding(void)
{
	const struct blockdev *d;

	d = find("PARTLABEL=bootbench-target", FIND_OK, NULL);
	ok(d && !strcmp(d->path, "/dev/vdb1"), "PARTLABEL finds the GPT partition");
	d = find("PARTLABEL=bootbench-results", FIND_OK, NULL);
	ok(d && !strcmp(d->path, "/dev/vda1"), "results partition by PARTLABEL");
	d = find("LABEL=bootbench-res", FIND_OK, NULL);
	ok(d && !strcmp(d->path, "/dev/vda1"), "results partition by filesystem label");
	d = find("PARTUUID=AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE", FIND_OK, NULL);
	ok(d && !strcmp(d->path, "/dev/vdb1"), "PARTUUID is matched without regard to case");
	find("PARTLABEL=bootbench-wal", FIND_NONE, "no device with PARTLABEL=bootbench-wal");
	find("LABEL=bootbench-results", FIND_NONE, "no device with LABEL=bootbench-results");
	find("PARTLABEL=twin", FIND_MANY, "PARTLABEL=twin names more than one device: /dev/vdc2 /dev/vde1");
	d = find("LABEL=twin", FIND_OK, NULL);
	ok(d && !strcmp(d->path, "/dev/vdd"), "LABEL and PARTLABEL are different namespaces");
	find("/dev/bootbench-no-such-device", FIND_NONE, "no device /dev/bootbench-no-such-device");
	find("/dev/null", FIND_NONE, "/dev/null is not a block device");
}

static void facts(void)
{
	struct blockdev blank = { .probed = true }, unread = { .probed = false };
	struct blockdev amb = { .probed = true, .ambivalent = true };

	ok(blockdev_blank(&blank), "no signature: blank");
	ok(!blockdev_blank(&devs[1]), "a filesystem: not blank");
	ok(!blockdev_blank(&devs[0]), "a partition table: not blank");
	ok(!blockdev_blank(&unread), "unreadable: not blank");
	ok(!blockdev_blank(&amb), "conflicting signatures: not blank");

	blockdev_propagate(&list);
	ok(devs[0].has_partitions && devs[2].has_partitions, "disks with partitions are marked");
	ok(!devs[7].has_partitions, "a disk without partitions is not");
	ok(!strcmp(devs[4].in_use, "its partition vdc1 is mounted"), "a disk is in use when its partition is");
	ok(!devs[2].in_use[0], "the target's disk is not in use");

	const char *mountinfo =
		"22 1 0:21 / /proc rw,nosuid - proc proc rw\n"
		"25 1 254:1 / /mnt/results rw,noatime - ext4 /dev/vda1 rw\n"
		"26 1 254:170 / /mnt/x rw - ext4 /dev/vdk10 rw";
	ok(mountinfo_has(mountinfo, 254, 1), "mountinfo: 254:1 is mounted");
	ok(mountinfo_has(mountinfo, 254, 170), "mountinfo: last line without newline");
	ok(!mountinfo_has(mountinfo, 254, 17), "mountinfo: 254:17 is not mounted");
	ok(!mountinfo_has(mountinfo, 0, 2), "mountinfo: 0:2 is not 0:21");
}

static void module_lists(void)
{
	char text[] = "# order computed at build time\nvirtio.ko\n\n  virtio_ring.ko  \n"
		      "virtio_blk.ko # disks\nxfs.ko\n";
	char bad1[] = "virtio.ko\n../evil.ko\n", bad2[] = "virtio.ko.xz\n", bad3[] = "a.ko\nb.ko\nc.ko\n";
	const char *names[8];
	char err[128];
	size_t n;

	ok(module_list_parse(text, names, 8, &n, err, sizeof err) == 0 && n == 4 &&
	   !strcmp(names[0], "virtio.ko") && !strcmp(names[1], "virtio_ring.ko") &&
	   !strcmp(names[2], "virtio_blk.ko") && !strcmp(names[3], "xfs.ko"),
	   "module list: names in order, comments and blanks skipped");
	ok(module_list_parse(bad1, names, 8, &n, err, sizeof err) == -1 &&
	   strstr(err, "\"../evil.ko\" is not a .ko file name"), "module list: a path is refused");
	ok(module_list_parse(bad2, names, 8, &n, err, sizeof err) == -1,
	   "module list: compressed modules are refused (decompressed at build time)");
	ok(module_list_parse(bad3, names, 2, &n, err, sizeof err) == -1 && strstr(err, "more than 2"),
	   "module list: too many");
}

/* The modules a machine's devices call for: QEMU's pc machine with one
 * virtio disk, then an AHCI controller whose SCSI disk appears once ahci
 * is loaded. */
static void module_matching(void)
{
	static const char *const names[] = { "virtio_blk.ko", "scsi_common.ko", "scsi_mod.ko",
		"libata.ko", "ahci.ko", "sd_mod.ko", "bfq.ko" };
	static const char alias[] = "# device aliases\nalias virtio:d00000002v* virtio_blk.ko\n"
		       "alias pci:v*d*sv*sd*bc01sc06i01* ahci.ko\nalias scsi:t-0x00* sd_mod.ko\n";
	static const char dep[] = "virtio_blk.ko:\nscsi_common.ko:\nscsi_mod.ko: scsi_common.ko\n"
		     "libata.ko: scsi_common.ko scsi_mod.ko\n"
		     "ahci.ko: scsi_common.ko scsi_mod.ko libata.ko\n"
		     "sd_mod.ko: scsi_common.ko scsi_mod.ko\nbfq.ko:\n";
	const char *pc[] = { "pci:v00008086d00001237sv00001AF4sd00001100bc06sc00i00",
		"virtio:d00000002v00001AF4", "cpu:type:x86,ven0000fam0006mod003F:feature:,0000" };
	const char *sata[] = { "pci:v00008086d00002922sv00001AF4sd00001100bc01sc06i01" };
	const char *disk[] = { "pci:v00008086d00002922sv00001AF4sd00001100bc01sc06i01",
		"scsi:t-0x00" };
	char a2[sizeof alias], d2[sizeof dep], bad_alias[] = "alias pci:v* nosuch.ko\n";
	char bad_dep[] = "ahci.ko libata.ko\n", err[256];
	struct module_match m;

	memcpy(a2, alias, sizeof alias);
	memcpy(d2, dep, sizeof dep);
	ok(module_match_init(&m, names, 7, a2, d2, err, sizeof err) == 0, "module match: lists read");
	ok(module_match_want(&m, pc, 3) == 2 && m.wanted[0] && m.wanted[6] &&
	   !m.wanted[1] && !m.wanted[2] && !m.wanted[4] && !m.wanted[5],
	   "module match: a virtio disk wants virtio_blk, a scheduler comes always, no SCSI");
	ok(module_match_want(&m, pc, 3) == 0, "module match: the same devices want nothing more");
	module_match_free(&m);
	memcpy(a2, alias, sizeof alias);
	memcpy(d2, dep, sizeof dep);
	ok(module_match_init(&m, names, 7, a2, d2, err, sizeof err) == 0 &&
	   module_match_want(&m, sata, 1) == 5 && m.wanted[1] && m.wanted[2] && m.wanted[3] &&
	   m.wanted[4] && !m.wanted[5] && !m.wanted[0],
	   "module match: an AHCI controller wants ahci and what it needs, in one round");
	ok(module_match_want(&m, disk, 2) == 1 && m.wanted[5],
	   "module match: the SCSI disk ahci brought wants sd_mod in the next round");
	module_match_free(&m);
	memcpy(d2, dep, sizeof dep);
	ok(module_match_init(&m, names, 7, bad_alias, d2, err, sizeof err) == -1 &&
	   strstr(err, "load.alias:1: \"nosuch.ko\" is not in load.list"),
	   "module match: an alias of a module not listed is refused (%s)", err);
	memcpy(a2, alias, sizeof alias);
	ok(module_match_init(&m, names, 7, a2, bad_dep, err, sizeof err) == -1 &&
	   strstr(err, "load.dep:1: not"), "module match: a dependency line without ':' is refused");
}

static void mount_points(void)
{
	char text[] = "proc /proc proc rw 0 0\n/dev/vda1 /mnt/results ext4 rw 0 0\n"
		      "/dev/vdb1 /mnt/target xfs rw 0 0\ntmpfs /mnt/target/x tmpfs rw 0 0\n"
		      "tmpfs /mntx tmpfs rw 0 0\n";
	char *points[8];
	size_t n = mounts_under(text, "/mnt/", points, 8);

	ok(n == 3 && !strcmp(points[0], "/mnt/results") && !strcmp(points[1], "/mnt/target") &&
	   !strcmp(points[2], "/mnt/target/x"), "mount points under /mnt/, in mount order");
}

int main(void)
{
	finding();
	facts();
	module_lists();
	module_matching();
	mount_points();
	return tap_done();
}
