/*
 * testinit: a stand-in /init for the kernel boot test.  It does what the
 * appliance's init does first (mount proc, sys, devtmpfs; load the modules
 * of /lib/modules/<release>/load.list with finit_module, in order, EEXIST
 * being fine), then prints what the test checks, one "BBTEST" line each,
 * and powers off:
 *
 *   BBTEST release <uname -r>
 *   BBTEST module <file> loaded|present|failed <error>
 *   BBTEST modules <loaded> of <listed>
 *   BBTEST block <name>...            (/sys/block, after the disks of
 *                                      bbtest.disks=a,b appeared or 20 s)
 *   BBTEST filesystems <name>...      (/proc/filesystems)
 *   BBTEST done
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

static void mount_or_say(const char *src, const char *dir, const char *type)
{
	if (mkdir(dir, 0755) != 0 && errno != EEXIST)
		say("BBTEST error mkdir %s: %s\n", dir, strerror(errno));
	if (mount(src, dir, type, 0, NULL) != 0 && errno != EBUSY)
		say("BBTEST error mount %s on %s: %s\n", type, dir, strerror(errno));
}

static void load_modules(const char *release)
{
	char list[256], path[512], name[256];
	int listed = 0, loaded = 0;
	FILE *f;

	snprintf(list, sizeof(list), "/lib/modules/%s/load.list", release);
	f = fopen(list, "r");
	if (!f) {
		say("BBTEST error open %s: %s\n", list, strerror(errno));
		return;
	}
	while (fgets(name, sizeof(name), f)) {
		name[strcspn(name, "\n")] = '\0';
		if (!name[0])
			continue;
		listed++;
		snprintf(path, sizeof(path), "/lib/modules/%s/%s", release, name);
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			say("BBTEST module %s failed open: %s\n", name, strerror(errno));
			continue;
		}
		if (syscall(SYS_finit_module, fd, "", 0) == 0) {
			say("BBTEST module %s loaded\n", name);
			loaded++;
		} else if (errno == EEXIST) {
			say("BBTEST module %s present\n", name);
			loaded++;
		} else {
			say("BBTEST module %s failed finit_module: %s\n", name, strerror(errno));
		}
		close(fd);
	}
	fclose(f);
	say("BBTEST modules %d of %d\n", loaded, listed);
}

/* The comma-separated value of bbtest.disks= on the kernel command line. */
static void wanted_disks(char *out, size_t size)
{
	char line[1024] = "";
	FILE *f = fopen("/proc/cmdline", "r");

	out[0] = '\0';
	if (!f)
		return;
	if (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "bbtest.disks=");
		if (p) {
			p += strlen("bbtest.disks=");
			snprintf(out, size, "%.*s", (int)strcspn(p, " \n"), p);
		}
	}
	fclose(f);
}

static int all_present(const char *disks)
{
	char copy[256], path[300];

	snprintf(copy, sizeof(copy), "%s", disks);
	for (char *d = strtok(copy, ","); d; d = strtok(NULL, ",")) {
		snprintf(path, sizeof(path), "/sys/block/%s", d);
		if (access(path, F_OK) != 0)
			return 0;
	}
	return 1;
}

static void list_block(void)
{
	char disks[256];
	struct timespec tick = { 0, 100 * 1000 * 1000 };

	wanted_disks(disks, sizeof(disks));
	for (int i = 0; i < 200 && !all_present(disks); i++)
		nanosleep(&tick, NULL);

	DIR *d = opendir("/sys/block");
	if (!d) {
		say("BBTEST error opendir /sys/block: %s\n", strerror(errno));
		return;
	}
	say("BBTEST block");
	for (struct dirent *e; (e = readdir(d));)
		if (e->d_name[0] != '.')
			say(" %s", e->d_name);
	say("\n");
	closedir(d);
}

static void list_filesystems(void)
{
	char line[256];
	FILE *f = fopen("/proc/filesystems", "r");

	if (!f) {
		say("BBTEST error open /proc/filesystems: %s\n", strerror(errno));
		return;
	}
	say("BBTEST filesystems");
	while (fgets(line, sizeof(line), f)) {
		char *name = strrchr(line, '\t');
		name = name ? name + 1 : line;
		name[strcspn(name, "\n")] = '\0';
		say(" %s", name);
	}
	say("\n");
	fclose(f);
}

int main(void)
{
	struct utsname u;

	mount_or_say("proc", "/proc", "proc");
	mount_or_say("sysfs", "/sys", "sysfs");
	mount_or_say("devtmpfs", "/dev", "devtmpfs");
	if (uname(&u) != 0) {
		say("BBTEST error uname: %s\n", strerror(errno));
		strcpy(u.release, "unknown");
	}
	say("BBTEST release %s\n", u.release);
	load_modules(u.release);
	list_block();
	list_filesystems();
	say("BBTEST done\n");
	sync();
	reboot(RB_POWER_OFF);
	say("BBTEST error reboot: %s\n", strerror(errno));
	return 1;
}
