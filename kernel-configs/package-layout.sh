# SPDX-License-Identifier: GPL-2.0-only
# kernel-configs/package-layout.sh: where an unpacked kernel package (or a
# modules_install directory) keeps its parts: the layouts of README.md's
# "Debian package layouts", which make bindeb-pkg's packages share.
# Sourced by debian-kernel and user-kernel; POSIX sh.

# package_releases ROOT: the <release> of each ROOT/lib/modules/<release>
# and ROOT/usr/lib/modules/<release> directory, one a line, each once.
package_releases() {
	for _pr in "$1"/usr/lib/modules/* "$1"/lib/modules/*; do
		[ -d "$_pr" ] && echo "${_pr##*/}"
	done | awk '!seen[$0]++'
}

# package_file ROOT RELEASE vmlinuz|config: the kernel image or config of
# RELEASE, ROOT/boot/<what>-RELEASE or ROOT/usr/lib/modules/RELEASE/<what>;
# nothing if neither exists.
package_file() {
	for _pf in "$1/boot/$3-$2" "$1/usr/lib/modules/$2/$3"; do
		[ -f "$_pf" ] && { echo "$_pf"; return 0; }
	done
	return 0
}
