# SPDX-License-Identifier: GPL-2.0-only
# qemu/lib/qemu.sh: shared QEMU pieces for host scripts (POSIX sh).
#
#   . "$TOP/qemu/lib/qemu.sh"
#
# Functions
#   qemu_accel KERNEL
#       Print the accelerator to use, "kvm" or "tcg", and set QEMU_ACCEL.
#       KVM is used only if /dev/kvm is usable and a short test boot of
#       KERNEL under KVM (no initramfs) reaches the kernel's own panic and
#       ends in time: on some hosts /dev/kvm exists but guests stop with
#       "KVM internal error" or hang.  The verdict is cached per host kernel,
#       QEMU version and /dev/kvm in $QEMU_ACCEL_CACHE (remove it to probe
#       again).  Falling back to TCG prints one notice line on stderr.
#       QEMU_ACCEL=kvm or tcg skips the probe.
#   qemu_run LOG SECONDS [QEMU ARGS...]
#       Run QEMU with the common arguments (-accel $QEMU_ACCEL, default tcg;
#       -cpu host under KVM, max under TCG; -nographic, no monitor,
#       -no-reboot, -nic none, -m $QEMU_MEM, -smp $QEMU_SMP), the serial
#       console written to LOG, and the given arguments; kill it after
#       SECONDS.  Returns QEMU's exit status, 124 on timeout.
#   qemu_boot LOG SECONDS KERNEL INITRD CMDLINE [QEMU ARGS...]
#       qemu_accel KERNEL, then qemu_run booting KERNEL with INITRD and the
#       command line "console=ttyS0 panic=-1 CMDLINE" (a panic ends QEMU at
#       once, as does a power-off).
#   qemu_disk FILE SIZE
#       Create (or empty) a sparse raw disk image FILE of SIZE (truncate(1)
#       units, e.g. 64M) and print the -drive argument of a virtio disk on it.
#
# Variables (all optional)
#   QEMU              the QEMU binary (qemu-system-x86_64)
#   QEMU_MEM          guest memory in MiB (1024)
#   QEMU_SMP          guest CPUs (2)
#   QEMU_ACCEL        kvm or tcg: skip the probe
#   QEMU_ACCEL_CACHE  file caching the probe's verdict
#                     (${BUILD:-build}/qemu/accel)

QEMU=${QEMU:-qemu-system-x86_64}
QEMU_MEM=${QEMU_MEM:-1024}
QEMU_SMP=${QEMU_SMP:-2}
QEMU_ACCEL_CACHE=${QEMU_ACCEL_CACHE:-${BUILD:-build}/qemu/accel}

qemu_accel() {
	case ${QEMU_ACCEL:-} in
	kvm|tcg) echo "$QEMU_ACCEL"; return 0 ;;
	esac
	_qa_key="$(uname -r) $("$QEMU" --version 2>/dev/null | head -n 1) $(ls -l /dev/kvm 2>&1 || true)"
	if [ -r "$QEMU_ACCEL_CACHE" ] && [ "$(sed -n 2p "$QEMU_ACCEL_CACHE")" = "$_qa_key" ]; then
		QEMU_ACCEL=$(sed -n 1p "$QEMU_ACCEL_CACHE")
	else
		QEMU_ACCEL=$(_qemu_probe_kvm "$1")
		mkdir -p "$(dirname "$QEMU_ACCEL_CACHE")"
		printf '%s\n%s\n' "$QEMU_ACCEL" "$_qa_key" >"$QEMU_ACCEL_CACHE"
	fi
	[ "$QEMU_ACCEL" = kvm ] ||
		echo "qemu: KVM unavailable or not working here (cached in $QEMU_ACCEL_CACHE); using -accel tcg" >&2
	export QEMU_ACCEL
	echo "$QEMU_ACCEL"
}

# Boot KERNEL under KVM without an initramfs: a working guest panics
# ("VFS: Unable to mount root fs") and, with panic=-1 and -no-reboot, QEMU
# exits 0 within seconds.  Prints kvm or tcg.
_qemu_probe_kvm() {
	if [ ! -c /dev/kvm ] || [ ! -r /dev/kvm ] || [ ! -w /dev/kvm ]; then
		echo tcg; return 0
	fi
	_qp_log=$(mktemp "${TMPDIR:-/tmp}/qemu-kvm-probe.XXXXXX")
	if QEMU_ACCEL=kvm qemu_run "$_qp_log" 30 -kernel "$1" \
		-append "console=ttyS0 panic=-1" >/dev/null 2>&1 &&
		grep -q 'Kernel panic' "$_qp_log"; then
		echo kvm
	else
		echo tcg
	fi
	rm -f "$_qp_log"
}

qemu_run() {
	_qr_log=$1 _qr_secs=$2
	shift 2
	: >"$_qr_log"
	# The guest CPU: the host's under KVM, under TCG the emulated CPU with
	# most features (the default qemu64 lacks SSE4.2, so crc32c-intel
	# would not load).  TCG runs all vCPUs in one thread: with one thread
	# per vCPU, kernels that patch their own code at boot (static keys)
	# sometimes die of a stray int3 on the other vCPU.
	case ${QEMU_ACCEL:-tcg} in
	kvm) _qr_accel=kvm _qr_cpu=host ;;
	*) _qr_accel=tcg,thread=single _qr_cpu=max ;;
	esac
	timeout -k 5 "$_qr_secs" "$QEMU" -accel "$_qr_accel" -cpu "$_qr_cpu" \
		-nographic -monitor none -serial "file:$_qr_log" \
		-no-reboot -nic none -m "$QEMU_MEM" -smp "$QEMU_SMP" "$@" </dev/null
}

qemu_boot() {
	_qb_log=$1 _qb_secs=$2 _qb_kernel=$3 _qb_initrd=$4 _qb_cmdline=$5
	shift 5
	qemu_accel "$_qb_kernel" >/dev/null
	qemu_run "$_qb_log" "$_qb_secs" -kernel "$_qb_kernel" -initrd "$_qb_initrd" \
		-append "console=ttyS0 panic=-1 $_qb_cmdline" "$@"
}

qemu_disk() {
	: >"$1" && truncate -s "$2" "$1" || return 1
	echo "file=$1,if=virtio,format=raw"
}
