# /etc/bootbench/image.json: what the image was built from, recorded in
# every run.json as "image" (doc/results-format.md): git describe of the
# tree, a hash of rootfs/versions.mk, and how PostgreSQL was compiled.
# rootfs/image-info runs on every make and rewrites the file (so the image
# is rebuilt) only when its text changes.
#
# The PostgreSQL recipe defines POSTGRESQL_BUILD_CC, POSTGRESQL_BUILD_CFLAGS,
# POSTGRESQL_ALLOCATOR and POSTGRESQL_MEMCPY; a recipe without them compiles
# with musl-gcc -O2, musl's malloc and libc's memcpy.

IMAGE_INFO := $(BUILD)/image-info/image.json

$(IMAGE_INFO): export IMAGE_INFO_CC = $(or $(POSTGRESQL_BUILD_CC),$(MUSL_CC))
$(IMAGE_INFO): export IMAGE_INFO_CFLAGS = $(if $(filter undefined,$(origin \
	POSTGRESQL_BUILD_CFLAGS)),-O2,$(POSTGRESQL_BUILD_CFLAGS))
$(IMAGE_INFO): export IMAGE_INFO_ALLOCATOR = $(or $(POSTGRESQL_ALLOCATOR),musl)
$(IMAGE_INFO): export IMAGE_INFO_MEMCPY = $(or $(POSTGRESQL_MEMCPY),libc)

$(IMAGE_INFO): image-info-always
	@mkdir -p $(@D)
	$(Q)$(TOP)/rootfs/image-info $@ $(TOP)

.PHONY: image-info-always
image-info-always:

IMAGE_PROGRAMS      += $(IMAGE_INFO)=etc/bootbench/image.json
IMAGE_PROGRAM_FILES += $(IMAGE_INFO)
