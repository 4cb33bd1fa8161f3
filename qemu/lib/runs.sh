# SPDX-License-Identifier: GPL-2.0-only
# qemu/lib/runs.sh: find prepared kernels and read extracted run directories.
# Sourced by qemu/run and the tests; POSIX sh.

# kernel_dir VER: the directory make kernels prepared for VER (a short
# version such as 6.12 or a kernel release), holding vmlinuz and
# initramfs.cpio.gz.
kernel_dir() {
	_kd=$TOP/out/kernels/$1
	if [ ! -f "$_kd/vmlinuz" ] || [ ! -f "$_kd/initramfs.cpio.gz" ]; then
		echo "qemu/run: kernel $1 is not prepared: run make kernels KERNELS=$1" >&2
		return 1
	fi
	(cd "$_kd" && pwd -P)
}

# kernel_prepare VER: VER's name in out/kernels, after preparing it when VER
# is a kernel of the user's (NAME=PATH, or a PATH with a /: a built kernel
# tree or a .deb, named after its file) with make kernels.
kernel_prepare() {
	case $1 in
	*=*|*/*) ;;
	*) echo "$1"; return 0 ;;
	esac
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$TOP" kernels KERNELS="$1" >&2 || {
		echo "qemu/run: kernel $1 could not be prepared (see above)" >&2
		return 1
	}
	case $1 in
	*=*) echo "${1%%=*}" ;;
	*) _kp=${1%/}; _kp=${_kp##*/}; echo "${_kp%.deb}" ;;
	esac
}

# run_dir_of RUNS ID: the run directory of run ID under RUNS.
run_dir_of() {
	for _rd in "$1"/*_"$2"; do
		[ -d "$_rd" ] && { echo "$_rd"; return 0; }
	done
	return 1
}

# json_field KEY < FILE: the first value of "KEY" that is a string (its
# escapes kept) or a number, in the flat JSON files written here and by the
# build, one key per line (host.json, image.json).  Runs are read by
# bootbench-report (run_status, run_summary).
json_field() {
	sed -n -E 's/^[[:space:]]*"'"$1"'": *("((\\.|[^"\\])*)"|([^],}" ]+)).*/\2\4/p' | head -n 1
}

# report_tool ARGS...: bootbench-report, as make built it.
report_tool() {
	if [ ! -x "$TOP/out/bin/bootbench-report" ]; then
		echo "qemu/run: $TOP/out/bin/bootbench-report is not built: run make" >&2
		return 2
	fi
	"$TOP/out/bin/bootbench-report" "$@"
}

# run_status RUN: "done", "failed", "running" (never finished), "interrupted"
# (found running by a later boot) or "missing".
run_status() {
	report_tool --summary "$1" 2>/dev/null | sed -n '1s/^[^:]*: \([a-z]*\).*/\1/p'
}

# run_summary RUN: RUN's status and one line per measurement
# (bootbench-report --summary); fails if RUN is not done.
run_summary() {
	report_tool --summary "$1" 2>/dev/null
}
