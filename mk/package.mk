# SPDX-License-Identifier: GPL-2.0-only
# The generic package.  A recipe rootfs/packages/NAME.mk sets variables and
# ends with
#
#   $(eval $(call package,NAME))
#
# which writes the rule of $(STAMP)/NAME: unpack the pinned source, configure,
# build, install, each step announced ("  UNPACK  NAME", ...) with the tools'
# output in $(BUILD)/log/NAME.log and the time taken in NAME.time
# (mk/common.mk: recipe_begin, recipe_quiet, recipe_end).  The result is
# kept in the cache of built packages under the package's key, and when an
# entry of that key is there already, the rule restores it instead of
# building ("  RESTORE NAME"; mk/package-cache.mk).
#
# P below is NAME in capitals with '-' as '_' (util-linux: UTIL_LINUX).
#
# What the package is
#   P_PIN             prefix of its pin in rootfs/versions.mk (P_SRC,
#                     P_VERSION, P_SUITE; P_DEB for a binary package,
#                     whose files are unpacked); default P
#   P_DIR             where its source is unpacked; default $(SRC)/NAME
#   P_DEPENDENCIES    packages it needs first (their sysroot files)
#   P_INPUTS          files of ours it reads; the recipe and
#                     rootfs/versions.mk always count
#   P_KERNEL_HEADERS  no: it needs no kernel headers ($(KINC)); default yes
#   P_IMAGE           yes: it goes into the image, from its staging tree
#                     P_STAGE, which the install step starts empty
#   P_KEEP            files or directories of its build (under $(BUILD))
#                     that later steps read; a restored package's build
#                     tree P_DIR holds only these
#   P_LABEL           its name on the step lines; default NAME.
#                     P_CONFIGURE_LABEL, P_BUILD_LABEL, P_INSTALL_LABEL:
#                     one step's, default P_LABEL
#
# The steps.  A P_*_CMDS variable (define ... endef) and a hook hold recipe
# lines: each starts with a tab, as in a rule, and ends with $(P_QUIET) if
# its tool talks.  They are put into the recipe as they are written when
# the macro is called, so they are defined before it.  The recipe is chosen
# when it runs (build or restore), so a line that runs make starts with +
# ($(MAKE) alone does not mark it): only then does the sub-make join the
# job pool.
#   Configure   P_CONFIGURE_CMDS, or if P_CONF_OPTS is set:
#                 cd $(P_DIR) && $(P_CONF_ENV) ./configure $(P_CONF_OPTS)
#               neither: no configure step
#   Build       P_BUILD_CMDS, or in each of P_BUILD_DIRS (subdirectories
#               of P_DIR, default .):
#                 $(SUBMAKE) -C DIR $(P_MAKE_OPTS) $(P_MAKE_TARGETS)
#   Install     P_INSTALL_CMDS, or in each of P_INSTALL_DIRS (default
#               P_BUILD_DIRS):
#                 $(MAKE) -C DIR $(P_MAKE_OPTS) DESTDIR=$(P_DESTDIR) $(P_INSTALL_TARGETS)
#               P_INSTALL_TARGETS defaults to install.  What goes into
#               the sysroot is installed under $(P_SYSROOT), which is
#               $(P_DESTDIR)$(SYSROOT): a package configured with
#               --prefix=$(SYSROOT) gets there by DESTDIR.  The sysroot
#               receives it after the step (anything else under
#               P_DESTDIR is an error); the sysroot itself is only read.
#   Hooks       P_PRE_CONFIGURE_HOOKS, P_POST_CONFIGURE_HOOKS, and the same
#               for BUILD and INSTALL: names of variables holding recipe
#               lines run before or after that step
#
# Set by the macro: P_DIR (unless set), P_STAGE (with P_IMAGE), P_DESTDIR
# and P_SYSROOT, P_RECIPE (the recipe's file), P_QUIET (after a command:
# its output into the log), and with P_IMAGE the stamp and P_STAGE are
# added to IMAGE_STAGES and IMAGE_STAGE_DIRS (rootfs/image.mk).  A variable
# that uses P_DIR, P_STAGE or P_SYSROOT before the call is set with =
# (expanded when used), not :=.

# $(call pkg_upper,NAME): the prefix of NAME's variables.
pkg_upper = $(subst -,_,$(subst a,A,$(subst b,B,$(subst c,C,$(subst d,D,$(subst e,E,$(subst f,F,$(subst g,G,$(subst h,H,$(subst i,I,$(subst j,J,$(subst k,K,$(subst l,L,$(subst m,M,$(call pkg_upper_nz,$(1))))))))))))))))
pkg_upper_nz = $(subst n,N,$(subst o,O,$(subst p,P,$(subst q,Q,$(subst r,R,$(subst s,S,$(subst t,T,$(subst u,U,$(subst v,V,$(subst w,W,$(subst x,X,$(subst y,Y,$(subst z,Z,$(1))))))))))))))

# A tab and a newline, for the recipe lines the macro writes.
pkg_empty :=
pkg_tab   := $(pkg_empty)	$(pkg_empty)
define pkg_newline


endef

# $(call pkg_each,LINES): recipe lines made by a $(foreach), without the
# space $(foreach) puts between its words.
pkg_each = $(subst $(pkg_newline) ,$(pkg_newline),$(1))

# $(call pkg_lines,VARS): the recipe lines held by the variables VARS.
pkg_lines = $(call pkg_each,$(foreach v,$(1),$(value $(v))$(pkg_newline)))

# $(call pkg_line,TEXT): TEXT as one recipe line.
pkg_line = $(pkg_tab)$(1)$(pkg_newline)

# $(call pkg_label,NAME,P,STEP): the name on STEP's line.
pkg_label = $(or $($(2)_$(3)_LABEL),$($(2)_LABEL),$(1))

# $(call pkg_subdir,P,DIR): DIR of the package's tree, as a reference.
pkg_subdir = $$($(1)_DIR)$(if $(filter .,$(2)),,/$(2))

# $(call pkg_step,NAME,P,STEP,WORD,DEFAULT[,FIRST]): the lines of STEP
# (CONFIGURE, BUILD, INSTALL): its line "  WORD  label", the lines FIRST, its
# pre-hooks, P_STEP_CMDS or else DEFAULT, its post-hooks.
pkg_step = $(call pkg_line,@echo "  $(4) $(call pkg_label,$(1),$(2),$(3))")$(6)$(call \
	pkg_lines,$($(2)_PRE_$(3)_HOOKS))$(if $(value $(2)_$(3)_CMDS),$(call \
	pkg_lines,$(2)_$(3)_CMDS),$(5))$(call pkg_lines,$($(2)_POST_$(3)_HOOKS))

# The default steps, $(call pkg_default_STEP,P).
pkg_default_configure = $(call pkg_line,$$(Q)cd $$($(1)_DIR) && $$($(1)_CONF_ENV) \
	./configure $$($(1)_CONF_OPTS) $$($(1)_QUIET))
pkg_default_build = $(call pkg_each,$(foreach d,$(or $($(1)_BUILD_DIRS),.),$(call \
	pkg_line,+$$(Q)$$(SUBMAKE) -C $(call pkg_subdir,$(1),$(d)) $$($(1)_MAKE_OPTS) \
	$$($(1)_MAKE_TARGETS) $$($(1)_QUIET))))
pkg_default_install = $(call pkg_each,$(foreach \
	d,$(or $($(1)_INSTALL_DIRS),$($(1)_BUILD_DIRS),.),$(call pkg_line,+$$(Q)$$(MAKE) -C $(call \
	pkg_subdir,$(1),$(d)) $$($(1)_MAKE_OPTS) DESTDIR=$$($(1)_DESTDIR) \
	$$(or $$($(1)_INSTALL_TARGETS),install) $$($(1)_QUIET))))

# $(call pkg_steps,NAME,P): configure (if the package has the step), build,
# install (P_DESTDIR, and an image package's staging tree, emptied first).
pkg_steps = $(if $(value $(2)_CONFIGURE_CMDS)$(value $(2)_CONF_OPTS),$(call \
	pkg_step,$(1),$(2),CONFIGURE,CONFIG ,$(call pkg_default_configure,$(2))))$(call \
	pkg_step,$(1),$(2),BUILD,BUILD  ,$(call pkg_default_build,$(2)))$(call \
	pkg_step,$(1),$(2),INSTALL,INSTALL,$(call pkg_default_install,$(2)),$(call \
	pkg_line,$$(Q)rm -rf $$($(2)_DESTDIR)$(if $(filter yes,$($(2)_IMAGE)), $$($(2)_STAGE))))

# The rule: the recipe of a build from source is P_BUILD_RECIPE; which one
# runs, that or a restore, is chosen when it runs (pkg_recipe).
define pkg_rule
$(if $(filter file,$(origin $(2)_DIR)),,$(2)_DIR := $$(SRC)/$(1))
$(2)_QUIET   = $$(call recipe_quiet,$(1))
$(2)_RECIPE := $(abspath $(lastword $(MAKEFILE_LIST)))
$(2)_DESTDIR := $$(PKG)/$(1)/dest
$(2)_SYSROOT := $$($(2)_DESTDIR)$$(SYSROOT)
ifeq ($$($(2)_IMAGE),yes)
$(2)_STAGE := $$(call stage,$(1))
IMAGE_STAGES     += $$(STAMP)/$(1)
IMAGE_STAGE_DIRS += $$($(2)_STAGE)
endif

define $(2)_BUILD_RECIPE
	@echo "  UNPACK  $(call pkg_label,$(1),$(2),UNPACK)"
	$$(Q)$$(call recipe_begin,$(1))
	$$(Q)$$(call unpack,$(or $($(2)_PIN),$(2)),$$($(2)_DIR)) $$($(2)_QUIET)
$(call pkg_steps,$(1),$(2))
	$$(Q)$$(call pkg_store,$(1),$(2)) >>$$(call recipe_log,$(1))
	$$(Q)$$(call pkg_install,$(1),$(2))
	$$(Q)$$(call recipe_end,$(1))
endef

$$(STAMP)/$(1): $$(if $$(filter no,$$($(2)_KERNEL_HEADERS)),,$$(KINC)/.done) \
		$$(addprefix $$(STAMP)/,$$($(2)_DEPENDENCIES)) $$($(2)_INPUTS) \
		$$(TOP)/rootfs/versions.mk $$($(2)_RECIPE) | deps
	$$(call pkg_recipe,$(1),$(2))
endef

# $(call package,NAME): the rules of package NAME, for $(eval).
package = $(call pkg_rule,$(1),$(call pkg_upper,$(1)))

include $(TOP)/mk/package-cache.mk
