/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * [sysctl] and [machine]: CPU lists; the suite side (names, choices, the
 * '!' of a required value, quoted CPU lists, the matrix and case names);
 * and the machine side against a made-up /proc, /sys and /dev in a
 * temporary directory: each kind of bad input refused with one line
 * naming the suite, the line and the key, keys without a control noted
 * not applicable (a required one refused), sysctl values probed and put
 * back, an environment's values set and read back, a value the "kernel"
 * does not keep reported, and the machine's own values put back at the
 * end.  Whether a real kernel rounds or refuses is the boot test's
 * (tests/e2e/knobs.test); here /dev/full refuses and /dev/null forgets.
 */
#include "bench/knobs/knobs.h"
#include "bench/msg.h"
#include "bench/suite/cpuset.h"
#include "bench/suite/matrix.h"
#include "bench/suite/suite_parse.h"
#include "tap.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static struct suite s;
static struct knobs k;
static char err[1200];
static char root[256];

static const char *parse(const char *text)
{
	err[0] = '\0';
	suite_parse("t", "test", text, &s, err, sizeof(err));
	return err;
}

/* --- CPU lists ------------------------------------------------------------ */

static void cpusets(void)
{
	static const char *const good[][2] = {
		{ "0-3,8,10-11", "0-3,8,10-11" }, { "0", "0" }, { "3,1,2", "1-3" },
		{ "0-0", "0" }, { "", "" }, { "5-7\n", "5-7" },
	};
	static const char *const bad[] = { "3-1", "1,", "a", "0-", "1;2", "8192", "-1" };
	struct cpuset set;
	char buf[64];

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		int rc = cpuset_parse(good[i][0], &set);
		cpuset_format(&set, buf, sizeof(buf));
		ok(rc == 0 && strcmp(buf, good[i][1]) == 0, "cpuset \"%.*s\"%s is %s (got %s)",
		   (int)strcspn(good[i][0], "\n"), good[i][0],
		   strchr(good[i][0], '\n') ? " and a newline" : "", good[i][1],
		   rc == 0 ? buf : "an error");
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ok(cpuset_parse(bad[i], &set) < 0, "cpuset \"%s\" is refused", bad[i]);
	cpuset_parse("0-3,8", &set);
	is_int((long long)cpuset_count(&set), 5, "cpuset 0-3,8 has 5 CPUs");
}

/* --- the suite side -------------------------------------------------------- */

static const char good_suite[] =
	"[sysctl]\n"
	"vm.dirty_ratio = 10, 20\n"
	"net.ipv4.conf.all.rp_filter = 1\n"
	"[machine]\n"
	"governor = performance!\n"
	"cpus = '0-1,3'!, 2\n"
	"thp_enabled = never\n"
	"smt = off\n"
	"[timer]\n"
	"samples = 5\n";

static void suite_side(void)
{
	const struct suite_param *p;

	is_str(parse(good_suite), "", "a suite with [sysctl] and [machine] parses");
	p = suite_param(&s, "sysctl", "vm.dirty_ratio");
	ok(p && p->n == 2 && strcmp(p->values[1], "20") == 0, "[sysctl] a list of two values");
	p = suite_param(&s, "machine", "governor");
	ok(p && p->n == 1 && strcmp(p->values[0], "performance") == 0 && p->required == 1,
	   "[machine] governor = performance!: the value without its '!', required");
	p = suite_param(&s, "machine", "cpus");
	ok(p && p->n == 2 && strcmp(p->values[0], "0-1,3") == 0 &&
	   strcmp(p->values[1], "2") == 0 && p->required == 1,
	   "[machine] cpus = '0-1,3'!, 2: a quoted list is one value, the first required");
	ok(!suite_param(&s, "machine", "boost"),
	   "[machine] a key left out is not given a value (the machine keeps its own)");
	is_int((long long)suite_case_count(&s), 4,
	       "two [sysctl] values times two [machine] values: 4 environments of one case");
	struct bench_case c;
	suite_case(&s, 1, &c);
	is_str(c.id, "timer-n5-d3-vm.dirty_ratio-10-cpus-2",
	       "case 1 is named after its environment (sysctl slower than machine)");
	is_int(c.env, 1, "case 1 is environment 1");
	suite_case(&s, 2, &c);
	is_str(case_value(&c, "sysctl", "vm.dirty_ratio"), "20", "case 2: vm.dirty_ratio 20");
	is_str(case_value(&c, "machine", "cpus"), "0-1,3", "case 2: cpus 0-1,3");

	static const struct { const char *text, *want; } bad[] = {
		{ "[sysctl]\nvm/dirty_ratio = 1\n[timer]\n",
		  "suite \"t\" (test), line 2: [sysctl] \"vm/dirty_ratio\" is not a sysctl "
		  "name (words joined by dots, as sysctl(8) writes them: vm.dirty_ratio)" },
		{ "[sysctl]\nswappiness = 1\n[timer]\n",
		  "suite \"t\" (test), line 2: [sysctl] \"swappiness\" is not a sysctl name "
		  "(words joined by dots, as sysctl(8) writes them: vm.dirty_ratio)" },
		{ "[machine]\ngovernor = turbo\n[timer]\n",
		  "suite \"t\" (test), line 2: [machine] governor: \"turbo\" is not one of: "
		  "performance, powersave, schedutil, ondemand, conservative, userspace" },
		{ "[machine]\nthp_enabled = sometimes!\n[timer]\n",
		  "suite \"t\" (test), line 2: [machine] thp_enabled: \"sometimes\" is not "
		  "one of: always, madvise, never" },
		{ "[machine]\nsmt = maybe\n[timer]\n",
		  "suite \"t\" (test), line 2: [machine] smt: \"maybe\" is not 0 or 1" },
		{ "[machine]\ncpus = 0-\n[timer]\n",
		  "suite \"t\" (test), line 2: [machine] cpus: \"0-\" is neither a count of "
		  "CPUs (1, 2, ...) nor a list of them ('0-3,8'; one CPU: 3-3)" },
		{ "[machine]\ncpus = 0\n[timer]\n",
		  "suite \"t\" (test), line 2: [machine] cpus: \"0\" is neither a count of "
		  "CPUs (1, 2, ...) nor a list of them ('0-3,8'; one CPU: 3-3)" },
		{ "[machine]\nmax_cstate = C1 E\n[timer]\n",
		  "suite \"t\" (test), line 2: [machine] max_cstate: \"C1 E\" is not the name "
		  "of an idle state (POLL, C1, C1E, C6, ...)" },
		{ "[machine]\ngovernor = !\n[timer]\n",
		  "suite \"t\" (test), line 2: [machine] governor: \"!\" alone is not a value" },
		{ "[machine]\nturbo = on\n[timer]\n",
		  "suite \"t\" (test), line 2: unknown key \"turbo\" in [machine]" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		is_str(parse(bad[i].text), bad[i].want, "bad suite %zu: one line naming the "
		       "line and the key", i + 1);
}

/* --- a made-up machine ------------------------------------------------------ */

/* root/path with text (directories made). */
static void put(const char *path, const char *text)
{
	char full[512];

	snprintf(full, sizeof(full), "%s%s", root, path);
	for (char *p = full + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(full, 0755);
		*p = '/';
	}
	FILE *f = fopen(full, "w");
	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		printf("# could not write %s: %s\n", full, strerror(errno));
		exit(1);
	}
}

/* The text of root/path, trailing newline cut. */
static const char *got(const char *path)
{
	static char text[256];
	char full[512];

	snprintf(full, sizeof(full), "%s%s", root, path);
	FILE *f = fopen(full, "r");
	size_t n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
	if (f)
		fclose(f);
	text[n] = '\0';
	if (n && text[n - 1] == '\n')
		text[n - 1] = '\0';
	return f ? text : "(missing)";
}

static void link_to(const char *path, const char *target)
{
	char full[512];

	snprintf(full, sizeof(full), "%s%s", root, path);
	unlink(full);
	if (symlink(target, full) < 0) {
		printf("# could not link %s: %s\n", full, strerror(errno));
		exit(1);
	}
}

/* Four CPUs (cpu0 cannot go offline), THP, idle states; no cpufreq, no
 * SMT. */
static void make_machine(void)
{
	static const char *const names[] = { "POLL", "C1", "C6" };
	static const char *const latency[] = { "0", "2", "133" };
	char path[512];

	put("/proc/sys/vm/dirty_ratio", "20\n");
	put("/proc/sys/vm/nr_hugepages", "0\n");
	put("/proc/sys/kernel/osrelease", "6.12.0\n");
	chmod((snprintf(path, sizeof(path), "%s/proc/sys/kernel/osrelease", root), path), 0444);
	put("/proc/sys/kernel/printk", "4\t4\t1\t7\n");
	put("/proc/sys/net/ipv4/ip_forward", "0\n");
	put("/proc/sys/kernel/refuses", "1\n");
	put("/proc/sys/kernel/forgets", "1\n");
	put("/sys/devices/system/cpu/present", "0-3\n");
	put("/sys/devices/system/cpu/online", "0-3\n");
	put("/sys/devices/system/cpu/smt/control", "notsupported\n");
	put("/sys/devices/system/cpu/cpuidle/current_driver", "intel_idle\n");
	for (int cpu = 0; cpu < 4; cpu++) {
		if (cpu) {
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
			put(path, "1\n");
		}
		for (int st = 0; st < 3; st++) {
			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/name", cpu, st);
			put(path, names[st]);
			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/latency", cpu, st);
			put(path, latency[st]);
			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/disable", cpu, st);
			put(path, "0\n");
		}
	}
	put("/sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
	put("/sys/kernel/mm/transparent_hugepage/defrag", "always defer [madvise] never\n");
	put("/dev/cpu_dma_latency", "");
}

/* knobs_check of text against the made-up machine: its error, "" if none. */
static const char *check(const char *text)
{
	knobs_free(&k);
	const char *e = parse(text);
	if (e[0])
		return e;
	err[0] = '\0';
	knobs_check(&k, &s, root, err, sizeof(err));
	return err;
}

static void refused(const char *text, const char *want, const char *what)
{
	const char *e = check(text);
	if (!ok(strstr(e, want) != NULL && strncmp(e, "suite \"t\" (test), line ", 23) == 0 &&
		!strchr(e, '\n'), "refused before the run: %s", what))
		printf("#   got:  \"%s\"\n#   want: \"...%s...\"\n", e, want);
}

static void machine_checks(void)
{
	refused("[sysctl]\nvm.nope = 1\n[timer]\n",
		"line 2: [sysctl] vm.nope: the running kernel (", "a sysctl the kernel has not");
	refused("[sysctl]\nvm.nope = 1\n[timer]\n", ") has no /proc/sys/vm/nope",
		"... naming the entry");
	refused("[sysctl]\nkernel.osrelease = 7\n[timer]\n",
		"[sysctl] kernel.osrelease: /proc/sys/kernel/osrelease is read-only",
		"a read-only sysctl");
	refused("[sysctl]\nnet.ipv4 = 7\n[timer]\n",
		"[sysctl] net.ipv4: /proc/sys/net/ipv4 is a directory of entries, not one",
		"a directory of entries");
	refused("[sysctl]\nkernel.refuses = 7\n[timer]\n",
		"[sysctl] kernel.refuses: the kernel refuses \"7\" (writing "
		"/proc/sys/kernel/refuses: No space left on device)", "a value the kernel refuses");
	refused("[sysctl]\nkernel.forgets = 3, 7\n[timer]\n",
		"[sysctl] kernel.forgets: the kernel does not keep \"3\": "
		"/proc/sys/kernel/forgets read back \"\"", "a value the kernel does not keep");
	refused("[machine]\ncpus = '0-7'\n[timer]\n",
		"[machine] cpus: \"0-7\": CPU 4-7 are not on this machine (present: 0-3)",
		"a CPU list beyond the machine");
	refused("[machine]\ncpus = 5\n[timer]\n",
		"[machine] cpus: \"5\": the machine has 4 CPUs (present: 0-3)",
		"more CPUs than the machine has");
	refused("[machine]\ncpus = '1-3'\n[timer]\n",
		"[machine] cpus: \"1-3\": cpu0 cannot go offline on this machine (it has no "
		"/sys/devices/system/cpu/cpu0/online): keep it in the list", "cpu0 offline");
	refused("[machine]\ngovernor = powersave, performance!\n[timer]\n",
		"[machine] governor: performance! is required, but this machine cannot set "
		"it: no CPU frequency scaling: /sys/devices/system/cpu/cpufreq has no policy",
		"a required governor on a machine without cpufreq");
	refused("[machine]\nsmt = off!\n[timer]\n",
		"[machine] smt: off! is required, but this machine cannot set it: the CPUs "
		"have no SMT threads (/sys/devices/system/cpu/smt/control: notsupported)",
		"required SMT on a machine without it");
	refused("[machine]\nmax_cstate = C9\n[timer]\n",
		"[machine] max_cstate: \"C9\" is not one of this machine's idle states "
		"(POLL C1 C6)", "an idle state the machine has not");
	put("/sys/kernel/mm/transparent_hugepage/defrag", "always [madvise] never\n");
	refused("[machine]\nthp_defrag = defer+madvise\n[timer]\n",
		"[machine] thp_defrag: \"defer+madvise\" is not one of this kernel's choices "
		"in /sys/kernel/mm/transparent_hugepage/defrag: always [madvise] never",
		"a THP choice an older kernel has not");
	refused("[postgresql]\nhuge_pages = on\n[timer]\n",
		"line 2: [postgresql] huge_pages: on, but the machine has no huge pages "
		"(vm.nr_hugepages = 0): set [sysctl] vm.nr_hugepages",
		"huge_pages = on on a machine without huge pages");
	is_str(check("[postgresql]\nhuge_pages = on\n[sysctl]\nvm.nr_hugepages = 64\n[timer]\n"),
	       "", "huge_pages = on with vm.nr_hugepages set by the suite: accepted");
	is_str(got("/proc/sys/vm/nr_hugepages"), "0", "... and the probe put the own value back");

	is_str(check("[machine]\ngovernor = performance\nboost = on\nsmt = off\n[timer]\n"),
	       "", "keys the machine has no control for, not required: accepted");
	ok(k.n == 3 && !k.k[0].applicable && !k.k[1].applicable && !k.k[2].applicable,
	   "... each noted not applicable");
	ok(strstr(k.k[2].reason, "no CPU frequency") == NULL &&
	   strstr(k.k[1].reason, "no CPU frequency scaling") != NULL &&
	   strstr(k.k[2].reason, "no boost control") != NULL,
	   "... with its own reason (smt, governor, boost: %s)", k.k[2].reason);
}

static void machine_apply(void)
{
	struct bench_case c;
	char why[1024];

	is_str(check("[sysctl]\nvm.dirty_ratio = 10, 30\nkernel.printk = 3 4 1 7\n"
		     "[machine]\nmax_cstate = C1\nthp_enabled = never\ngovernor = performance\n"
		     "[timer]\n"), "", "a suite that sets what the machine has: accepted");
	is_str(got("/proc/sys/vm/dirty_ratio"), "20", "the probes of 10 and 30 put back 20");
	is_str(k.k[1].own, "C6", "max_cstate: the machine's own is its deepest state");
	is_str(k.k[2].own, "madvise", "thp_enabled: the machine's own");

	suite_case(&s, 1, &c);
	fail_take(why, sizeof(why));
	int rc = knobs_apply(&k, &c);
	fail_take(why, sizeof(why));
	/* A regular file is not sysfs: THP's read back has no [brackets]. */
	ok(rc < 0 && strstr(why, "[machine] thp_enabled = never: could not read "
			    "/sys/kernel/mm/transparent_hugepage/enabled"),
	   "a value that cannot be read back fails the environment: %s", why);
	is_str(got("/sys/kernel/mm/transparent_hugepage/enabled"), "never",
	       "... after it was written");
	is_str(got("/sys/devices/system/cpu/cpu3/cpuidle/state2/disable"), "1",
	       "max_cstate = C1: cpu3's C6 disabled");
	is_str(got("/sys/devices/system/cpu/cpu3/cpuidle/state1/disable"), "0",
	       "... its C1 allowed");
	is_int(k.n_envs, 1, "the environment is recorded");
	is_str(k.envs[0].read_back[1], "C1", "... with max_cstate read back C1");
	is_int(k.envs[0].dma_latency_us, 2, "... and cpu_dma_latency held at C1's 2 us");
	char full[512];
	snprintf(full, sizeof(full), "%s/dev/cpu_dma_latency", root);
	FILE *f = fopen(full, "r");
	int32_t held = -1;
	ok(f && fread(&held, sizeof(held), 1, f) == 1 && held == 2,
	   "/dev/cpu_dma_latency got 2 as a 32-bit number");
	if (f)
		fclose(f);
	knobs_restore(&k);
	is_str(got("/sys/devices/system/cpu/cpu3/cpuidle/state2/disable"), "0",
	       "after the failed environment, the end of the run puts C6 back");

	put("/sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
	is_str(check("[sysctl]\nvm.dirty_ratio = 10, 30\nkernel.printk = 3 4 1 7\n"
		     "[machine]\nmax_cstate = C1\n[timer]\n"), "", "the same without THP");
	suite_case(&s, 1, &c);
	is_int(knobs_apply(&k, &c), 0, "environment 1 set");
	is_str(got("/proc/sys/vm/dirty_ratio"), "30", "vm.dirty_ratio = 30 written");
	is_str(k.envs[0].read_back[1], "30", "... and read back");
	is_str(k.envs[0].read_back[2], "3 4 1 7", "kernel.printk read back");
	suite_case(&s, 0, &c);
	is_int(knobs_apply(&k, &c), 0, "environment 0 set");
	is_str(got("/proc/sys/vm/dirty_ratio"), "10", "vm.dirty_ratio = 10 written");
	is_int(k.n_envs, 2, "two environments recorded");
	is_int(knobs_restore(&k), 0, "the machine's own values put back");
	is_str(got("/proc/sys/vm/dirty_ratio"), "20", "vm.dirty_ratio is 20 again");
	is_str(got("/proc/sys/kernel/printk"), "4\t4\t1\t7", "kernel.printk is its own again");
	is_str(got("/sys/devices/system/cpu/cpu3/cpuidle/state2/disable"), "0",
	       "cpu3's C6 allowed again");
	ok(k.restored == 1 && k.dma_fd < 0, "restored, cpu_dma_latency let go");

	/* CPUs online: the made-up online file does not follow the writes,
	 * so the read back shows the value not kept. */
	is_str(check("[machine]\ncpus = 2\n[timer]\n"), "", "cpus = 2: accepted");
	suite_case(&s, 0, &c);
	rc = knobs_apply(&k, &c);
	fail_take(why, sizeof(why));
	is_str(why, "[machine] cpus = 2: the machine does not keep it: read back \"0-3\"",
	       "a value the machine does not keep fails the environment, naming what it read");
	ok(rc < 0 && strcmp(got("/sys/devices/system/cpu/cpu2/online"), "0") == 0 &&
	   strcmp(got("/sys/devices/system/cpu/cpu1/online"), "1") == 0,
	   "cpus = 2: cpu2 and cpu3 taken offline, cpu1 kept");
	knobs_restore(&k);
	is_str(got("/sys/devices/system/cpu/cpu2/online"), "1", "cpu2 online again at the end");
}

int main(void)
{
	snprintf(root, sizeof(root), "%s/knobs.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(root)) {
		perror("mkdtemp");
		return 1;
	}
	cpusets();
	suite_side();
	make_machine();
	link_to("/proc/sys/kernel/refuses", "/dev/full");
	link_to("/proc/sys/kernel/forgets", "/dev/null");
	machine_checks();
	machine_apply();
	knobs_free(&k);
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", root);
	return tap_done();
}
