# SPDX-License-Identifier: GPL-2.0-only
# inih: the INI parser of xfsprogs' mkfs.xfs (-c options=FILE) and of our
# suite files.  Static libinih.a, ini.h and inih.pc into the sysroot; nothing
# goes into the image by itself.  The tests compile ini.c itself, with the
# host's compiler and sanitizers (tests/bench.mk, tests/fuzz.mk): kept.
#
# inih is configured by macros that must be the same for the library and
# for every program including ini.h.  The installed ini.h therefore starts
# with the settings the library was compiled with:
#
#   INI_MAX_LINE=4096              long value lists fit on one line (the line
#                                  buffer is on the stack); a longer line
#                                  is an error (the handler has seen its
#                                  first 4095 bytes by then)
#   INI_ALLOW_MULTILINE=0          an indented line is a "name = value" line
#                                  of its own, not a continuation of the
#                                  value above
#   INI_STOP_ON_FIRST_ERROR=1      ini_parse*() returns at the first bad line
#                                  or the first handler returning 0; the
#                                  return value is that line's number
#   INI_ALLOW_NO_VALUE=0           "name" without "=" is an error
#   INI_HANDLER_LINENO=0 and INI_CALL_HANDLER_ON_NEW_SECTION=0
#                                  the standard four-argument handler, called
#                                  for "name = value" lines only: mkfs.xfs is
#                                  written for it (and would crash on the
#                                  NULL name of a section call).  A handler
#                                  that needs the current line number gets it
#                                  through ini_parse_stream() with an
#                                  fgets-like reader that counts the lines
#                                  it returns (a line ends with '\n').
#
# Unchanged defaults: comments start with ';' or '#' at the start of a line,
# ';' after whitespace starts an inline comment, a UTF-8 BOM is skipped,
# "name: value" is accepted like "name = value", section names are cut to
# 49 bytes (MAX_SECTION in ini.c).

INIH_SETTINGS := INI_MAX_LINE=4096 INI_ALLOW_MULTILINE=0 \
	INI_STOP_ON_FIRST_ERROR=1 INI_ALLOW_NO_VALUE=0 \
	INI_HANDLER_LINENO=0 INI_CALL_HANDLER_ON_NEW_SECTION=0

# One file, compiled here: no configure, no make.
define INIH_BUILD_CMDS
	$(Q)cd $(INIH_DIR) && $(MUSL_CC) $(MUSL_CFLAGS) $(addprefix -D,$(INIH_SETTINGS)) \
		-c ini.c -o ini.o $(INIH_QUIET)
	$(Q)cd $(INIH_DIR) && rm -f libinih.a && ar rcs libinih.a ini.o $(INIH_QUIET)
endef

INIH_KEEP = $(INIH_DIR)/ini.c $(INIH_DIR)/ini.h

define INIH_INSTALL_CMDS
	$(Q)mkdir -p $(INIH_SYSROOT)/lib/pkgconfig $(INIH_SYSROOT)/include
	$(Q)cp $(INIH_DIR)/libinih.a $(INIH_SYSROOT)/lib/
	$(Q){ echo '/* libinih.a in this sysroot was compiled with these settings. */'; \
	  $(foreach s,$(INIH_SETTINGS),echo '#define $(subst =, ,$(s))';) \
	  echo; cat $(INIH_DIR)/ini.h; } >$(INIH_SYSROOT)/include/ini.h
	$(Q)printf '%s\n' 'prefix=$(SYSROOT)' 'libdir=$${prefix}/lib' \
	  'includedir=$${prefix}/include' '' 'Name: inih' \
	  'Description: simple INI file parser' \
	  'Version: $(firstword $(subst -, ,$(INIH_VERSION)))' \
	  'Libs: -L$${libdir} -linih' 'Cflags: -I$${includedir}' \
	  >$(INIH_SYSROOT)/lib/pkgconfig/inih.pc
endef

$(eval $(call package,inih))
