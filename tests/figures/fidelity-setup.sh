# SPDX-License-Identifier: GPL-2.0-only
# fidelity-setup.sh: sourced by the scripts that run the image's PostgreSQL
# beside the reference build on the host (fidelity.sh,
# fidelity-instructions.sh), after they set WORK, IMAGE, REFERENCE and die().
#   fidelity_unpack NAME  WORK emptied and the image unpacked in WORK/image;
#                         IMG and REF, the two bin directories; DATA, the
#                         data directories' parent (FIDELITY_DATA/NAME, or
#                         a new NAME.XXXXXX on /dev/shm) and data_where
#   fidelity_owner        as root: WORK and DATA given to nobody, and
#                         as_user set so that run() runs as nobody
#   run CMD...            CMD as the servers' user, with a clean environment

fidelity_unpack() {
	rm -rf "$WORK"
	mkdir -p "$WORK/image"
	if [ -n "${FIDELITY_DATA:-}" ]; then
		DATA=$FIDELITY_DATA/$1 data_where=$FIDELITY_DATA
		rm -rf "$DATA" && mkdir -p "$DATA"
	else
		DATA=$(mktemp -d "/dev/shm/$1.XXXXXX") ||
			die "could not make a directory on /dev/shm: set FIDELITY_DATA"
		data_where="a tmpfs (/dev/shm)"
	fi
	(cd "$WORK/image" && gzip -dc "$IMAGE" | cpio -id --quiet --no-absolute-filenames)
	IMG=$WORK/image/opt/postgresql/bin REF=$REFERENCE/bin
}

as_user=
fidelity_owner() {
	[ "$(id -u)" -eq 0 ] || return 0
	command -v setpriv >/dev/null || die "setpriv missing: install util-linux"
	chown -R nobody:nogroup "$WORK" "$DATA"
	as_user="setpriv --reuid=nobody --regid=nogroup --clear-groups --"
}

run() {
	env -i PATH=/usr/bin:/bin HOME="$WORK" TZ=UTC LC_ALL=C $as_user "$@"
}
