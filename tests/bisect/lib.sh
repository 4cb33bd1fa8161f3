# SPDX-License-Identifier: GPL-2.0-only
# tests/bisect/lib.sh: synthetic histories for bootbench-bisect's tests
# (sourced after tests/lib/tap.sh).
#
#   history DIR N K [BROKEN]
#       a git repository of N commits c0 .. c(N-1), each with a file
#       "kernel" read by tests/bisect/build-hook: $BASE_KERNEL (default
#       6.12) before commit K, $BAD_KERNEL (default "6.12 pti=on") from K
#       on; commit BROKEN (if given) holds a file "broken": its build fails.
#       Commit i's subject is "commit i" (K's: "commit K: the change").
#   commit_of DIR I    the id of commit I of such a repository

history() {
	_dir=$1 _n=$2 _k=$3 _broken=${4:-}
	mkdir -p "$_dir" && git -C "$_dir" init -q &&
		git -C "$_dir" config user.email test@bootbench &&
		git -C "$_dir" config user.name test || return 1
	_i=0
	while [ $_i -lt "$_n" ]; do
		if [ $_i -lt "$_k" ]; then echo "${BASE_KERNEL:-6.12}"; else echo "${BAD_KERNEL:-6.12 pti=on}"; fi \
			>"$_dir/kernel"
		rm -f "$_dir/broken"
		[ "$_i" != "$_broken" ] || echo "commit $_i does not compile" >"$_dir/broken"
		echo "$_i" >"$_dir/counter"
		_subject="commit $_i"
		[ $_i -ne "$_k" ] || _subject="commit $_i: the change"
		git -C "$_dir" add -A && git -C "$_dir" commit -q -m "$_subject" || return 1
		git -C "$_dir" tag "c$_i"
		_i=$((_i + 1))
	done
}

commit_of() {
	git -C "$1" rev-parse "c$2"
}
