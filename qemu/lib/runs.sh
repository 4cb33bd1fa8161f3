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

# run_dir_of RUNS ID: the run directory of run ID under RUNS.
run_dir_of() {
	for _rd in "$1"/*_"$2"; do
		[ -d "$_rd" ] && { echo "$_rd"; return 0; }
	done
	return 1
}

# json_field KEY < FILE: the first value of "KEY" that is a string (its
# escapes kept) or a number.
json_field() {
	sed -n -E 's/.*"'"$1"'": *("((\\.|[^"\\])*)"|([^],}" ]+)).*/\2\4/p' | head -n 1
}

# run_status RUN: "done", "failed", "running" (never finished) or "missing".
run_status() {
	[ -f "$1/run.json" ] || { echo missing; return; }
	_st=$(json_field status <"$1/run.json")
	echo "${_st:-missing}"
}

# run_summary RUN: one line per measurement of RUN; fails if RUN is not done.
run_summary() {
	_rs_name=$(basename "$1")
	_rs_status=$(run_status "$1")
	if [ "$_rs_status" != done ]; then
		_rs_reason=$(json_field reason <"$1/run.json" 2>/dev/null)
		echo "$_rs_name: $_rs_status${_rs_reason:+: $_rs_reason}"
		return 1
	fi
	if [ ! -s "$1/results.jsonl" ]; then
		echo "$_rs_name: done, but no measurements"
		return 1
	fi
	while IFS= read -r _rs_line; do
		_rs_w=$(echo "$_rs_line" | json_field workload)
		_rs_c=$(echo "$_rs_line" | json_field clients)
		_rs_t=$(echo "$_rs_line" | json_field tps)
		printf '%s  %-10s clients=%-4s tps=%s\n' "$_rs_name" "$_rs_w" "${_rs_c:--}" "${_rs_t:--}"
	done <"$1/results.jsonl"
}
