# qemu/lib/runs.sh: find prepared kernels and read extracted run directories.
# Sourced by qemu/run and the tests; POSIX sh.

# kernel_dir VER: the directory make kernels prepared for VER (a short
# version such as 6.12 or a kernel release), holding vmlinuz and
# initramfs.cpio.gz.
kernel_dir() {
	d=$TOP/out/kernels/$1
	if [ ! -f "$d/vmlinuz" ] || [ ! -f "$d/initramfs.cpio.gz" ]; then
		echo "qemu/run: kernel $1 is not prepared: run make kernels KERNELS=$1" >&2
		return 1
	fi
	(cd "$d" && pwd -P)
}

# run_dir_of RUNS ID: the run directory of run ID under RUNS.
run_dir_of() {
	for r in "$1"/*_"$2"; do
		[ -d "$r" ] && { echo "$r"; return 0; }
	done
	return 1
}

# json_field KEY < FILE: the first string or number value of "KEY".
json_field() {
	sed -n "s/.*\"$1\": *\"\\{0,1\\}\\([^\",}]*\\).*/\\1/p" | head -n 1
}

# run_status RUN: "done", "failed", "running" (never finished) or "missing".
run_status() {
	[ -f "$1/run.json" ] || { echo missing; return; }
	s=$(json_field status <"$1/run.json")
	echo "${s:-missing}"
}

# run_summary RUN: one line per measurement of RUN; fails if RUN is not done.
run_summary() {
	name=$(basename "$1")
	status=$(run_status "$1")
	if [ "$status" != done ]; then
		reason=$(json_field reason <"$1/run.json" 2>/dev/null)
		echo "$name: $status${reason:+: $reason}"
		return 1
	fi
	if [ ! -s "$1/results.jsonl" ]; then
		echo "$name: done, but no measurements"
		return 1
	fi
	while IFS= read -r line; do
		w=$(echo "$line" | json_field workload)
		c=$(echo "$line" | json_field clients)
		t=$(echo "$line" | json_field tps)
		printf '%s  %-10s clients=%-4s tps=%s\n' "$name" "$w" "${c:--}" "${t:--}"
	done <"$1/results.jsonl"
}
