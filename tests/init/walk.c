/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * walk.c: tests of init/walk/walk_file.c and walk_cmdline() (init/walk/walk.c): the
 * walk file is read and written back the same, every mistake in it is
 * named with its line, and the next kernel's command line gets the walk's
 * run id in place of the current one.
 */
#include "init/walk/walk.h"
#include "init/walk/walk_file.h"

#include "tap.h"

#include <stdlib.h>
#include <string.h>

#include "init/console.h"

static const char good[] =
	"# a walk of two kernels\n"
	"id 3f2a9c1b\n"
	"deadline 1764560000\n"
	"next 1\n"
	"kernel 6.1.0-57-cloud-amd64 walk/6.1.0-57-cloud-amd64.vmlinuz walk/6.1.0-57-cloud-amd64.initrd\n"
	"kernel 6.12.117+deb13-cloud-amd64 walk/6.12.vmlinuz walk/6.12.initrd   # the new one\n";

static const char variants[] =
	"next 1\n"
	"kernel 6.1 walk/a.vmlinuz walk/a.initrd\n"
	"kernel 6.12 walk/b.vmlinuz walk/b.initrd pti=on nosmt   # a variant\n";

/* parse_err TEXT: the error walk_parse() gives for TEXT, "" if none. */
static const char *parse_err(const char *text)
{
	static char err[256];
	struct walk w;

	if (walk_parse(text, &w, err, sizeof err) == 0)
		return "";
	return err;
}

int main(void)
{
	struct walk w, again;
	char err[256], *text = NULL, cmd[512];
	size_t len = 0;
	FILE *out;
	struct variant none = { 0 }, pti, hpet;

	console_use_fd(2);
	ok(walk_parse(good, &w, err, sizeof err) == 0, "a good walk file parses (%s)", err);
	is_str(w.id, "3f2a9c1b", "its id");
	ok(w.deadline == 1764560000 && w.next == 1 && w.count == 2, "deadline, next, two kernels");
	is_str(w.entry[1].name, "6.12.117+deb13-cloud-amd64", "the second kernel's name");
	is_str(w.entry[1].initrd, "walk/6.12.initrd", "its initramfs, the comment after it left out");

	out = open_memstream(&text, &len);
	ok(out && walk_write(out, &w) == 0 && fclose(out) == 0, "written back");
	ok(walk_parse(text, &again, err, sizeof err) == 0 && memcmp(&w, &again, sizeof w) == 0,
	   "what is written back reads the same (%s)", err);
	free(text);

	is_str(parse_err("next 0\n"), "line 1: no kernel line", "no kernel");
	is_str(parse_err("kernel a b c\n"), "line 1: no next line", "no next");
	is_str(parse_err("next 3\nkernel a b c\nkernel d e f\n"), "line 3: next 3 is past the last of 2 kernels",
	       "next past the end");
	is_str(parse_err("next 0\nkernel a b\n"), "line 2: expected \"kernel NAME VMLINUZ INITRD [PARAMETER...]\"",
	       "a kernel line without its initramfs");
	is_str(parse_err("next 0\nkernel a /boot/vmlinuz c\n"),
	       "line 2: kernel a: each path must be " RESULTS_PATH_RULE, "an absolute path");
	is_str(parse_err("next 0\nkernel a walk/../../etc c\n"),
	       "line 2: kernel a: each path must be " RESULTS_PATH_RULE, "a path with ..");
	ok(parse_err("next 0\nkernel a walk/..x c\n")[0] == '\0', "\"..x\" is a name, not \"..\"");
	ok(parse_err("next 0\nkernel a kernels/6.12@mine/vmlinuz c\n")[0] == '\0',
	   "a kernel of one's own: '@' in the path");
	is_str(parse_err("next 0\nkernel a walk/x;y c\n"),
	       "line 2: kernel a: each path must be " RESULTS_PATH_RULE, "a ';' in a path");
	is_str(parse_err("next 0\nkernel a;b c d\n"),
	       "line 2: kernel name \"a;b\": letters, digits and ._+- (at most 64)", "a bad kernel name");
	is_str(parse_err("next -1\nkernel a b c\n"), "line 1: next \"-1\": a number from 0 to 16", "a negative next");
	is_str(parse_err("deadline soon\nnext 0\nkernel a b c\n"),
	       "line 1: deadline \"soon\": a Unix time in seconds", "a deadline that is no time");
	is_str(parse_err("next 0\nkernel a b c\nreboot now\n"),
	       "line 3: unknown key \"reboot\" (id, deadline, next, kernel)", "an unknown key");
	is_str(parse_err("next 0 1\nkernel a b c\n"),
	       "line 1: expected \"KEY VALUE\" or \"kernel NAME VMLINUZ INITRD [PARAMETER...]\"",
	       "a key with two values");

	/* Variants: the parameters after the initramfs. */
	ok(walk_parse(variants, &w, err, sizeof err) == 0, "a walk of variants parses (%s)", err);
	ok(w.entry[0].variant.name[0] == '\0', "a kernel without parameters is no variant");
	is_str(w.entry[1].variant.name, "pti=on+nosmt", "the variant's name: its parameters joined by +");
	ok(w.entry[1].variant.count == 2 && !strcmp(w.entry[1].variant.param[1], "nosmt"),
	   "and its parameters");
	out = open_memstream(&text, &len);
	ok(out && walk_write(out, &w) == 0 && fclose(out) == 0 &&
	   strstr(text, "walk/b.initrd pti=on nosmt\n") != NULL, "written back with its parameters");
	ok(walk_parse(text, &again, err, sizeof err) == 0 && memcmp(&w, &again, sizeof w) == 0,
	   "and read the same (%s)", err);
	free(text);
	is_str(parse_err("next 0\nkernel a b c pti=\"on\"\n"),
	       "line 2: kernel a: parameter 'pti=\"on\"' holds '\"': a parameter is made of letters, "
	       "digits and _-.,:=@", "a parameter with a quote");
	is_str(parse_err("next 0\nkernel a b c pti=on nosmt pti=on\n"),
	       "line 2: kernel a: parameter 'pti=on' is given twice", "a parameter given twice");
	is_str(parse_err("next 0\nkernel a b c pti=on+nosmt\n"),
	       "line 2: kernel a: parameter 'pti=on+nosmt' holds '+': a parameter is made of letters, "
	       "digits and _-.,:=@", "a '+' in a parameter");

	ok(walk_cmdline("console=ttyS0 bootbench.id=3f2a9c1b-0 bootbench.next=walk/w bootbench.suite=quick",
			&none, &none, "3f2a9c1b", 1, cmd, sizeof cmd) == 0, "the next command line");
	is_str(cmd, "console=ttyS0 bootbench.next=walk/w bootbench.suite=quick bootbench.id=3f2a9c1b-1",
	       "its run id is the walk's id and the entry's number, once");
	ok(walk_cmdline("a  b\tbootbench.id=x\n", &none, &none, "", 2, cmd, sizeof cmd) == 0,
	   "without a walk id");
	is_str(cmd, "a b", "no run id: each run makes its own");
	ok(walk_cmdline("console=ttyS0 bootbench.suite=quick", &none, &none, "abc", 1, cmd, 20) == -1,
	   "a command line that does not fit: -1");

	/* From one variant to the next: this boot's parameters go (once
	 * each: the same word given apart from the variant stays), the next
	 * one's come with its name. */
	variant_parse("pti=on+nosmt", &pti, err, sizeof err);
	variant_parse("clocksource=hpet", &hpet, err, sizeof err);
	ok(walk_cmdline("console=ttyS0 nosmt bootbench.id=w-0 pti=on nosmt bootbench.variant=pti=on+nosmt",
			&pti, &hpet, "w", 1, cmd, sizeof cmd) == 0, "from a variant to another");
	is_str(cmd, "console=ttyS0 nosmt clocksource=hpet bootbench.variant=clocksource=hpet bootbench.id=w-1",
	       "its parameters and name in place of this one's");
	ok(walk_cmdline("console=ttyS0 bootbench.id=w-1 clocksource=hpet bootbench.variant=clocksource=hpet",
			&hpet, &none, "w", 2, cmd, sizeof cmd) == 0, "from a variant to a plain kernel");
	is_str(cmd, "console=ttyS0 bootbench.id=w-2", "the kernel's own command line");
	return tap_done();
}
