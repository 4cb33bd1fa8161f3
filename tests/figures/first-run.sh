#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# first-run.sh: a newcomer's first `make run` (README.md), timed.  In a bare
# Debian 12 made here (debootstrap --variant=minbase with git, make and
# ca-certificates: what cloning the tree takes), as root, every cache empty:
# the host packages the Makefile installs, every source and kernel
# downloaded, every package built, the quick suite booted in QEMU and its
# report printed.  The bare system gets the host's apt sources and
# apt.conf.d, so that it reaches the archive the way the host does, as a new
# machine of the same place would; the tree is a clone of HEAD.  Root only
# (debootstrap, chroot); about 5 minutes on 2 idle cores.
set -eu
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
prog=first-run.sh
mirror=${BOOTBENCH_DEBIAN_MIRROR:-http://deb.debian.org}

if [ "$(id -u)" -ne 0 ]; then
	echo "$prog: needs root (debootstrap, chroot): skipped"
	exit 0
fi
if ! command -v debootstrap >/dev/null; then
	echo "$prog: installing debootstrap"
	apt-get install -y -qq debootstrap >/dev/null
fi

work=$(mktemp -d "${TMPDIR:-/var/tmp}/bootbench-first-run.XXXXXX")
root=$work/root
binds="proc sys dev dev/pts"
cleanup() {
	for d in dev/pts dev sys proc; do
		umount "$root/$d" 2>/dev/null || :
	done
	# Never remove through a mount that is still there (the host's /dev).
	if grep -q " $root/" /proc/mounts; then
		echo "$prog: $root still has mounts: left in place" >&2
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT

. "$TOP/tests/figures/lib.sh"

if ! debootstrap --variant=minbase --include=git,make,ca-certificates bookworm "$root" \
	"$mirror/debian" >"$work/debootstrap.log" 2>&1; then
	tail -n 20 "$work/debootstrap.log" >&2
	echo "$prog: debootstrap failed" >&2
	exit 1
fi
rm -f "$root/etc/apt/sources.list"
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources \
	/etc/apt/apt.conf.d/*; do
	if [ -f "$f" ]; then
		cp "$f" "$root$f"
	fi
done
cp /etc/resolv.conf "$root/etc/resolv.conf"
for d in $binds; do
	mount --bind "/$d" "$root/$d"
done
git clone -q "$TOP" "$root/root/bootbench"

l0=$(load)
start=$(date +%s)
rc=0
chroot "$root" env -i HOME=/root TERM=dumb PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	sh -c 'cd /root/bootbench && make run' >"$work/make-run.log" 2>&1 || rc=$?
end=$(date +%s)
if [ "$rc" -ne 0 ]; then
	tail -n 30 "$work/make-run.log" >&2
	echo "$prog: make run in a bare Debian 12 failed (exit $rc)" >&2
	exit 1
fi
boot=$(sed -n 's/^qemu\/run: .* finished in \([0-9]*\) s .*/\1/p' "$work/make-run.log" | head -n 1)
echo "make run in a bare Debian 12 (debootstrap minbase with git, make, ca-certificates), as root, every cache empty:"
printf '  %s, %d CPUs, tree %s: the host packages, the downloads, the build, the boot of the quick suite (%s s) and its report; load before %s, after %s\n' \
	"$(minutes $((end - start)))" "$(nproc)" "$(git -C "$TOP" rev-parse --short HEAD)" "${boot:-?}" "$l0" "$(load)"
echo "  goal: <= 8 min"
