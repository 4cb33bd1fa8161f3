#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# tcg-flags.sh: QEMU's cmpxchg16b under TCG, in a guest.  Runs tcg-flags.c,
# built static, on this host's CPU, then boots the 6.12 kernel (make
# kernels) with it as its init, once on -cpu max and once on the guest CPU
# the host tools use under TCG (qemu.TCG_CPU), and prints what the probe
# found: on QEMU 7.2 (Debian 12's) -cpu max computes the flags of that
# instruction from a register's bits, which is the double fault
# doc/models.md describes; TCG_CPU has no cmpxchg16b.  QEMU: the QEMU to
# ask (default qemu-system-x86_64).  About a minute.
set -eu
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
OUT=${OUT:-$TOP/out}
BUILD=${BUILD:-$TOP/build}
prog=tcg-flags.sh
kernel=$OUT/kernels/${TCG_FLAGS_KERNEL:-6.12}
for f in "$kernel/vmlinuz" "$kernel/initramfs.cpio.gz"; do
	[ -f "$f" ] || { echo "$prog: $f missing: make kernels"; exit 1; }
done
qemu=${QEMU:-qemu-system-x86_64}
cpu=$(PYTHONPATH=$TOP/host python3 -c 'from bootbench import qemu; print(qemu.TCG_CPU)')

mkdir -p "$BUILD/tests"
work=$(mktemp -d "$BUILD/tests/tcg-flags.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/layer"
${CC:-cc} -std=c11 -Wall -Wextra -Werror -O1 -static -o "$work/layer/tcg-flags" \
	"$TOP/tests/figures/tcg-flags.c"
cat >"$work/layer/init" <<'INIT'
#!/bin/sh
/tcg-flags
echo "tcg-flags: exit $?"
poweroff -f
INIT
chmod 755 "$work/layer/init"
(cd "$work/layer" && printf 'init\ntcg-flags\n' | cpio -o -H newc -R 0:0 --quiet) |
	gzip >"$work/layer.cpio.gz"
cat "$kernel/initramfs.cpio.gz" "$work/layer.cpio.gz" >"$work/initrd"

echo "$prog: $("$qemu" --version | head -n 1), kernel $(cat "$kernel/release" 2>/dev/null ||
	basename "$(readlink -f "$kernel")")"
printf '%-10s %s\n' "this host:" "$("$work/layer/tcg-flags")"
for c in max "$cpu"; do
	timeout -k 5 300 "$qemu" -accel tcg,thread=single -cpu "$c" -nographic \
		-monitor none -serial "file:$work/console.log" -no-reboot -nic none -m 1024 -smp 1 \
		-kernel "$kernel/vmlinuz" -initrd "$work/initrd" \
		-append "console=ttyS0 panic=-1 loglevel=1" </dev/null >/dev/null 2>&1 || true
	printf '%-10s %s\n' "-cpu $c:" "$(tr -d '\r' <"$work/console.log" | grep -o 'tcg-flags: [En].*' ||
		{ echo "no answer; the console's end:"; tail -n 5 "$work/console.log"; })"
done
