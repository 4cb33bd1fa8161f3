# SPDX-License-Identifier: GPL-2.0-only
# The image's cluster template: a data directory made by the image's own
# initdb when the image is built (rootfs/cluster-template), which each
# fresh environment of a run gets a copy of instead of running initdb
# (bench/pg/cluster.h, doc/fidelity.md#the-cluster-template).  In the
# image: /usr/share/bootbench/cluster and its manifest cluster.manifest
# (the format line, initdb's options, then bootbench-bench cluster-manifest's
# lines of what initdb wrote); the template packed (bootbench-bench
# cluster-pack: trailing zeros not stored, files of the same bytes hard
# links), which checks it against the manifest before and after, as
# bootbench-bench cluster-check does; the manifest's SHA-256 is the
# cluster's digest in image.json.
#
# Beside it the loaded template, the same cluster after pgbench -i at
# scale 1 (doc/fidelity.md#the-loaded-template):
# /usr/share/bootbench/cluster-pgbench and cluster-pgbench.manifest, whose
# third line names the load; packed, its files of the same bytes as the
# cluster template's are links to those.

CLUSTER_BUILD    := $(BUILD)/cluster
CLUSTER_INITDB   := $(CLUSTER_BUILD)/initdb
CLUSTER_STAGE    := $(CLUSTER_BUILD)/stage
CLUSTER_DIR      := $(CLUSTER_STAGE)/usr/share/bootbench/cluster
CLUSTER_MANIFEST_FILE := $(CLUSTER_STAGE)/usr/share/bootbench/cluster.manifest
LOADED_DIR       := $(CLUSTER_STAGE)/usr/share/bootbench/cluster-pgbench
LOADED_MANIFEST_FILE := $(CLUSTER_STAGE)/usr/share/bootbench/cluster-pgbench.manifest

# initdb runs again only when what it runs changes: each run makes another
# cluster (its system identifier, its times), so another digest.  Its
# cluster stays in $(CLUSTER_INITDB)/pgdata, as initdb wrote it, and the
# loaded one in $(CLUSTER_INITDB)/pgbench/pgdata.
CLUSTER_MADE     := $(CLUSTER_INITDB)/pgdata/PG_VERSION
$(CLUSTER_MADE): $(STAMP)/postgresql $(STAMP)/busybox \
		$(shell find $(TOP)/rootfs/skeleton) $(TOP)/rootfs/cluster-template | deps
	@echo "  INITDB  the cluster template"
	$(Q)$(TOP)/rootfs/cluster-template $(CLUSTER_INITDB) $(TOP)/rootfs/skeleton \
		$(POSTGRESQL_STAGE) $(BUSYBOX_STAGE) && touch $@

# The stage: initdb's cluster copied, its manifest, the copy packed.
$(CLUSTER_MANIFEST_FILE): $(CLUSTER_MADE) $(BENCH) $(TOP)/rootfs/cluster.mk
	$(Q)rm -rf $(CLUSTER_STAGE) && mkdir -p $(dir $(CLUSTER_DIR)) && \
	cp -a $(CLUSTER_INITDB)/pgdata $(CLUSTER_DIR) && \
	{ echo 'bootbench-cluster 1' && echo "initdb $$(cat $(CLUSTER_INITDB)/initdb-options)" && \
	  $(BENCH) cluster-manifest --template $(CLUSTER_DIR); } >$(CLUSTER_BUILD)/manifest.part && \
	$(BENCH) cluster-pack --template $(CLUSTER_DIR) \
		--manifest $(CLUSTER_BUILD)/manifest.part >$(CLUSTER_BUILD)/pack.log && \
	mv $(CLUSTER_BUILD)/manifest.part $@ && \
	echo "  CLUSTER $$(grep -c '^f ' $@) files, digest $$(sha256sum <$@ | cut -c1-12)," \
		"$$(sed 's/.*: //' $(CLUSTER_BUILD)/pack.log)"

# The loaded template, after the cluster template is packed: its files of
# the same bytes become links to that one's.
$(LOADED_MANIFEST_FILE): $(CLUSTER_MANIFEST_FILE)
	$(Q)rm -rf $(LOADED_DIR) && \
	cp -a $(CLUSTER_INITDB)/pgbench/pgdata $(LOADED_DIR) && \
	{ echo 'bootbench-cluster 1' && echo "initdb $$(cat $(CLUSTER_INITDB)/initdb-options)" && \
	  echo "load $$(cat $(CLUSTER_INITDB)/pgbench/load)" && \
	  $(BENCH) cluster-manifest --template $(LOADED_DIR); } >$(CLUSTER_BUILD)/loaded.part && \
	$(BENCH) cluster-pack --template $(LOADED_DIR) --manifest $(CLUSTER_BUILD)/loaded.part \
		--base $(CLUSTER_DIR) >$(CLUSTER_BUILD)/loaded-pack.log && \
	mv $(CLUSTER_BUILD)/loaded.part $@ && \
	echo "  CLUSTER loaded by $$(cat $(CLUSTER_INITDB)/pgbench/load): $$(grep -c '^f ' $@) files," \
		"digest $$(sha256sum <$@ | cut -c1-12), $$(sed 's/.*: //' $(CLUSTER_BUILD)/loaded-pack.log)"

IMAGE_STAGES     += $(CLUSTER_MANIFEST_FILE) $(LOADED_MANIFEST_FILE)
IMAGE_STAGE_DIRS += $(CLUSTER_STAGE)
