# SPDX-License-Identifier: GPL-2.0-only
# qemu/lib/walk.sh: a walk of kernels in one QEMU process (qemu/run --walk).
# Sourced by qemu/run and the tests after disks.sh; POSIX sh.
#
# The first kernel boots as usual with bootbench.next=walk/ID.txt; after
# each run the init loads the next kernel of that walk file with
# kexec_file_load(2) (init/walk.h).

# walk_prepare DISK ID DEADLINE KDIR...: the walk file walk/ID.txt on the
# results disk DISK, listing the kernels of the prepared kernel directories
# KDIR (vmlinuz, initramfs.cpio.gz, config) in order, the first as the one
# booted (next 1), runs ID-0, ID-1, ..., no kernel loaded after the Unix
# time DEADLINE; and each kernel's files beside it.  A kernel that must
# load the next one but whose config lacks CONFIG_KEXEC_FILE=y is refused
# with one line before anything is written: returns 1.
walk_prepare() {
	_wdisk=$1 _wid=$2 _wdeadline=$3
	shift 3
	_wi=0
	for _wdir; do
		_wi=$((_wi + 1))
		[ "$_wi" -lt $# ] || break
		grep -qx 'CONFIG_KEXEC_FILE=y' "$_wdir/config" 2>/dev/null || {
			echo "qemu/run: --walk: Linux $(basename "$_wdir") cannot load the next kernel: its config ($_wdir/config) lacks CONFIG_KEXEC_FILE=y" >&2
			return 1
		}
	done
	_wfile=$(mktemp "${TMPDIR:-/tmp}/bootbench-walk.XXXXXX") || return 1
	{
		echo "# qemu/run --walk: $# kernels in one QEMU process"
		echo "id $_wid"
		echo "deadline $_wdeadline"
		echo "next 1"
		for _wdir; do
			_wrel=$(basename "$_wdir")
			echo "kernel $_wrel walk/$_wrel.vmlinuz walk/$_wrel.initramfs.cpio.gz"
		done
	} >"$_wfile"
	for _wdir; do
		_wrel=$(basename "$_wdir")
		results_disk_put "$_wdisk" "$_wdir/vmlinuz" "walk/$_wrel.vmlinuz" &&
			results_disk_put "$_wdisk" "$_wdir/initramfs.cpio.gz" "walk/$_wrel.initramfs.cpio.gz" ||
			{ rm -f "$_wfile"; return 1; }
	done
	results_disk_put "$_wdisk" "$_wfile" "walk/$_wid.txt"
	_wrc=$?
	rm -f "$_wfile"
	return $_wrc
}
