# SPDX-License-Identifier: GPL-2.0-only
# cli.sh: the command-line conventions of qemu/run, lab/prepare-disk and
# lab/lava/make-job.  The caller sets PROG (the name it is run by).
#
# usage_error TEXT...   "PROG: TEXT" and where help is, on stderr; exit 2.
#
# cli_option VALUED FLAGS ARG [NEXT]   one argument of a command line.
#   VALUED and FLAGS list, blank-separated, the options that take a value
#   and those that take none; --option=VALUE is --option VALUE.  Sets opt
#   to the option ("" for an argument that is not one), val to its value
#   (or to the argument), and cli_took to the number of arguments used
#   (1, or 2 when NEXT was the value): the caller shifts that many.  An
#   unknown option, a value missing or empty (the next option is not taken
#   for one), or a value given to a flag: usage_error.

usage_error() {
	printf '%s\n' "$PROG: $*" "Try \"$PROG --help\" for more information." >&2
	exit 2
}

cli_option() {
	opt=$3 val='' cli_took=1
	_cli_has_val=0
	case $3 in
	--*=*) opt=${3%%=*} val=${3#*=} _cli_has_val=1 ;;
	-?*) ;;
	*) opt='' val=$3; return 0 ;;
	esac
	for _cli_o in $1; do
		[ "$_cli_o" = "$opt" ] || continue
		if [ "$_cli_has_val" = 0 ]; then
			case ${4-} in ''|--*) usage_error "option \"$opt\" needs a value" ;; esac
			val=$4 cli_took=2
		fi
		[ -n "$val" ] || usage_error "option \"$opt\" needs a value"
		return 0
	done
	for _cli_o in $2; do
		[ "$_cli_o" = "$opt" ] || continue
		[ "$_cli_has_val" = 0 ] || usage_error "option \"$opt\" takes no value"
		return 0
	done
	usage_error "unknown option \"$opt\""
}
