# SPDX-License-Identifier: GPL-2.0-only
# qemu/lib/disks.sh: disk images for QEMU boots, made and read without root.
# Sourced by qemu/run and the tests; POSIX sh.

PATH=$PATH:/usr/sbin:/sbin

# part_offset IMG: byte offset of partition 1 of the GPT image IMG.
part_offset() {
	sfdisk --dump "$1" | sed -n 's/.*start= *\([0-9]*\),.*/\1/p' | head -n 1 |
		awk '{ print $1 * 512 }'
}

# part_kib IMG: size of partition 1 of IMG in KiB.
part_kib() {
	sfdisk --dump "$1" | sed -n 's/.*size= *\([0-9]*\),.*/\1/p' | head -n 1 |
		awk '{ print int($1 / 2) }'
}

# gpt_disk_create IMG MIB NAME: a sparse image of MIB MiB holding a GPT with
# one Linux partition named NAME over the whole disk.
gpt_disk_create() {
	rm -f "$1"
	truncate -s "${2}M" "$1"
	printf 'label: gpt\ntype=L, name="%s"\n' "$3" | sfdisk -q "$1" >/dev/null
}

# target_disk_create IMG MIB NAME: a fresh, blank target disk.
target_disk_create() { gpt_disk_create "$@"; }

# results_disk_create IMG MIB: a results disk: GPT partition
# "bootbench-results", ext4 labelled "bootbench-res" with a feature set every
# supported kernel mounts, holding runs/ and suites/.
results_disk_create() {
	gpt_disk_create "$1.part" "$2" bootbench-results
	mkfs.ext4 -q -F -L bootbench-res -O ^orphan_file,^metadata_csum_seed \
		-E offset="$(part_offset "$1.part")" "$1.part" "$(part_kib "$1.part")k"
	debugfs_w "$1.part" "mkdir runs" && debugfs_w "$1.part" "mkdir suites"
	mv "$1.part" "$1"
}

# debugfs_w IMG REQUEST: run one debugfs write request on partition 1.
debugfs_w() {
	_out=$(debugfs -w -R "$2" "$1?offset=$(part_offset "$1")" 2>&1 | grep -v -e '^debugfs [0-9]' -e '^Allocated inode' || true)
	[ -z "$_out" ] || { echo "qemu/run: debugfs '$2' on $1: $_out" >&2; return 1; }
}

# results_disk_put IMG FILE PATH: copy FILE onto the results disk as PATH
# (replacing it; PATH's directory is made if missing, one level deep).
results_disk_put() {
	case $3 in */*)
		debugfs -w -R "mkdir ${3%/*}" "$1?offset=$(part_offset "$1")" >/dev/null 2>&1 || true ;;
	esac
	debugfs -w -R "rm $3" "$1?offset=$(part_offset "$1")" >/dev/null 2>&1 || true
	debugfs_w "$1" "write $2 $3"
}

# results_disk_extract IMG DIR: copy the runs of the results disk that DIR
# does not hold yet into DIR (a run is complete once its boot has ended).
results_disk_extract() {
	_tmp=$(mktemp -d "${TMPDIR:-/tmp}/bootbench-extract.XXXXXX")
	if ! debugfs -R "rdump runs $_tmp" "$1?offset=$(part_offset "$1")" >/dev/null 2>"$_tmp.err"; then
		cat "$_tmp.err" >&2
		rm -rf "$_tmp" "$_tmp.err"
		return 1
	fi
	mkdir -p "$2"
	if [ -d "$_tmp/runs" ]; then
		for _rx in "$_tmp"/runs/*/; do
			[ -d "$_rx" ] && [ ! -e "$2/$(basename "$_rx")" ] || continue
			cp -R "$_rx" "$2/"
		done
	fi
	rm -rf "$_tmp" "$_tmp.err"
}
