# SPDX-License-Identifier: GPL-2.0-only
# The cache of built packages, for mk/package.mk: how the recipe of
# $(STAMP)/NAME chooses between restoring an entry and building, and what
# it stores.  The entries and their format: mk/package-cache.
#
# A package's key is made, when its stamp's recipe is about to run, of its
# recipe file, its pin, mk/package.mk, mk/common.mk, this file,
# mk/package-cache, its P_INPUTS, the keys its dependencies were built or restored with
# ($(PKG)/DEP/key), the versions of musl-gcc, musl, gcc and ld, the kernel
# headers and the host's architecture (pkg_inputs).  With an entry of that
# key in $(BOOTBENCH_PACKAGE_CACHE)/NAME/, the recipe restores it
# (pkg_restore_recipe): no download, no compiler.  Otherwise it builds
# (P_BUILD_RECIPE) and stores the result under the key.  Either way the
# package's sysroot files are then copied into $(SYSROOT) and its key
# written to $(PKG)/NAME/key.  A package whose key cannot be made (a
# dependency built without one, BOOTBENCH_PACKAGE_CACHE empty) is built and
# not stored; so is one whose entry cannot be written (a warning).
#
# Make remakes a stamp as it always has (its recipe, pin, inputs or a
# dependency newer than it); the key only decides how.

PACKAGE_CACHE_TOOL := $(TOP)/mk/package-cache

# $(call pkg_pin_words,PIN): the pin of prefix PIN, as rootfs/unpack reads it.
pkg_pin_words = $(if $($(1)_DEB),deb $($(1)_SUITE) $($(1)_DEB),src $($(1)_SUITE) \
	$($(1)_SRC)) $($(1)_VERSION)

# $(call pkg_inputs,NAME,P): the INPUT words of mk/package-cache.
pkg_inputs = package=$(1) 'pin=$(strip $(call pkg_pin_words,$(or $($(2)_PIN),$(2))))' \
	file=$($(2)_RECIPE) file=$(TOP)/mk/package.mk file=$(TOP)/mk/common.mk \
	file=$(TOP)/mk/package-cache.mk file=$(PACKAGE_CACHE_TOOL) \
	$(addprefix file=,$($(2)_INPUTS)) \
	$(foreach d,$($(2)_DEPENDENCIES),dependency=$(d):$(PKG)/$(d)/key) \
	'cc=$(MUSL_CC)' libc=$(MUSL_LDSO) \
	$(if $(filter no,$($(2)_KERNEL_HEADERS)),,headers=$(KINC)) top=$(TOP)

# $(call pkg_entry,NAME,P): the entry of the package's key.
pkg_entry = $(BOOTBENCH_PACKAGE_CACHE)/$(1)/$($(2)_KEY)

# $(call pkg_recipe,NAME,P): the recipe of $(STAMP)/NAME, made when it is
# about to run: P_KEY is set, then a restore or a build.
pkg_recipe = $(eval $(2)_KEY := $(if $(BOOTBENCH_PACKAGE_CACHE),$(shell \
	$(PACKAGE_CACHE_TOOL) key $(call pkg_inputs,$(1),$(2)))))$(if $(and \
	$($(2)_KEY),$(wildcard $(call pkg_entry,$(1),$(2)))),$(call \
	pkg_restore_recipe,$(1),$(2)),$($(2)_BUILD_RECIPE))

# The options of mk/package-cache store and restore naming the package's
# files.
pkg_files = --entry $(call pkg_entry,$(1),$(2)) --build $(BUILD) \
	--sysroot $($(2)_SYSROOT) $(if $($(2)_STAGE),--stage $($(2)_STAGE)) \
	$(addprefix --keep ,$($(2)_KEEP))

# $(call pkg_store,NAME,P): the command that stores a build (or nothing).
pkg_store = $(if $($(2)_KEY),$(PACKAGE_CACHE_TOOL) store $(call pkg_files,$(1),$(2)) \
	--start $(BUILD)/log/$(1).start -- $(call pkg_inputs,$(1),$(2)),:)

# $(call pkg_install,NAME,P): the command that copies the package's sysroot
# files into $(SYSROOT) and records its key.
pkg_install = $(PACKAGE_CACHE_TOOL) install $(1) $($(2)_DESTDIR) $(SYSROOT) \
	$(PKG)/$(1)/manifest && echo '$($(2)_KEY)' >$(PKG)/$(1)/key

define pkg_restore_recipe
	@echo "  RESTORE $(call pkg_label,$(1),$(2),RESTORE)"
	$(Q)$(call recipe_begin,$(1))
	$(Q)$(PACKAGE_CACHE_TOOL) restore $(call pkg_files,$(1),$(2)) \
		--tree $($(2)_DIR) $($(2)_QUIET)
	$(Q)$(call pkg_install,$(1),$(2))
	$(Q)$(call recipe_end,$(1))
endef
