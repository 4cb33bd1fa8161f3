# SPDX-License-Identifier: GPL-2.0-only
# qemu/lib/host.sh: the host's conditions during a boot, recorded beside
# its run (host.json; doc/results-format.md).  Sourced by qemu/run; POSIX sh.
#
#   host_begin              note the clock, the host's CPU counters, the CPU
#                           time of this shell's children and the load
#   host_end FILE BOOT      after the boot's QEMU has been waited for: write
#                           FILE; BOOT is the JSON object of the boot's place
#                           in the sequence
#
# Whose CPU time: /proc/stat counts the whole host's; QEMU and the tools
# this shell ran (it waits for them all, so their time is its children's,
# read with the shell's `times`) are ours; the rest is the others'.  Steal
# is time the hypervisor under this host gave to someone else.
#
# The load is put in a class by the others' share of the host's CPUs:
# quiet below 5 %, busy below 25 %, loaded from 25 %.  The report flags
# columns whose boots ran in different classes.

# BUSY STEAL: clock ticks of the host's CPUs so far.
_host_jiffies() {
	awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8, $9; exit }' /proc/stat
}
# _host_cpu: the seconds of CPU this shell's waited-for children have used.
# Not to be called in $(...): "times" must run in this shell, a subshell
# would count its own children only.
_host_children_cpu() {
	times >"$_host_tmp"
	_host_cpu=$(awk 'NR == 2 {
		t = 0
		for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] }
		printf "%.2f\n", t }' "$_host_tmp")
}
_host_json_str() {
	printf '"%s"' "$(printf '%s' "$1" | tr -d '\000-\037' | sed 's/\\/\\\\/g; s/"/\\"/g')"
}

host_begin() {
	_host_tmp=$(mktemp "${TMPDIR:-/tmp}/bootbench-host.XXXXXX")
	_host_t0=$(date +%s.%N)
	_host_j0=$(_host_jiffies)
	_host_children_cpu
	_host_c0=$_host_cpu
	_host_l0=$(cut -d' ' -f1-3 /proc/loadavg)
}

host_end() {
	_he_t1=$(date +%s.%N)
	_he_j1=$(_host_jiffies)
	_host_children_cpu
	_he_c1=$_host_cpu
	_he_l1=$(cut -d' ' -f1-3 /proc/loadavg)
	rm -f "$_host_tmp"
	_he_cpus=$(getconf _NPROCESSORS_ONLN)
	_he_hz=$(getconf CLK_TCK)
	_he_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
	[ -n "$_he_model" ] || _he_model=$(uname -m)
	_he_gov=null
	if [ -r /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor ]; then
		_he_gov=$(_host_json_str "$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor)")
	fi
	awk -v t0="$_host_t0" -v t1="$_he_t1" -v j0="$_host_j0" -v j1="$_he_j1" \
		-v c0="$_host_c0" -v c1="$_he_c1" -v l0="$_host_l0" -v l1="$_he_l1" \
		-v cpus="$_he_cpus" -v hz="$_he_hz" -v boot="$2" -v accel="${QEMU_ACCEL:-tcg}" \
		-v model="$(_host_json_str "$_he_model")" -v gov="$_he_gov" '
	function loads(s, a) { split(s, a, " "); return sprintf("[%s, %s, %s]", a[1], a[2], a[3]) }
	BEGIN {
		split(j0, a, " "); split(j1, b, " ")
		secs = t1 - t0
		busy = (b[1] - a[1]) / hz; steal = (b[2] - a[2]) / hz; ours = c1 - c0
		others = busy - ours; if (others < 0) others = 0
		pct = secs > 0 ? 100 * others / (secs * cpus) : 0
		class = pct < 5 ? "quiet" : pct < 25 ? "busy" : "loaded"
		printf "{\n  \"recorded_by\": \"qemu/run\",\n  \"boot\": %s,\n", boot
		printf "  \"accelerator\": \"%s\",\n  \"cpu_model\": %s,\n  \"cpus\": %d,\n", accel, model, cpus
		printf "  \"governor\": %s,\n  \"seconds\": %.1f,\n", gov, secs
		printf "  \"load_average\": { \"start\": %s, \"end\": %s },\n", loads(l0), loads(l1)
		printf "  \"cpu_s\": { \"ours\": %.1f, \"others\": %.1f, \"steal\": %.1f },\n", ours, others, steal
		printf "  \"others_pct\": %.1f,\n  \"load\": \"%s\"\n}\n", pct, class
	}' >"$1.part" && mv "$1.part" "$1"
}
