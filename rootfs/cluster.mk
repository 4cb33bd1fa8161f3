# SPDX-License-Identifier: GPL-2.0-only
# The image's cluster template: a data directory made by the image's own
# initdb when the image is built (rootfs/cluster-template), which each
# fresh environment of a run gets a copy of instead of running initdb
# (bench/pg/cluster.h, doc/fidelity.md#the-cluster-template).  In the
# image: /usr/share/bootbench/cluster and its manifest cluster.manifest
# (the format line, initdb's options, then bootbench-bench cluster-manifest's
# lines), checked with bootbench-bench cluster-check before it is kept; the
# manifest's SHA-256 is the cluster's digest in image.json.

CLUSTER_BUILD    := $(BUILD)/cluster
CLUSTER_INITDB   := $(CLUSTER_BUILD)/initdb
CLUSTER_STAGE    := $(CLUSTER_BUILD)/stage
CLUSTER_DIR      := $(CLUSTER_STAGE)/usr/share/bootbench/cluster
CLUSTER_MANIFEST_FILE := $(CLUSTER_STAGE)/usr/share/bootbench/cluster.manifest

# initdb runs again only when what it runs changes: each run makes another
# cluster (its system identifier, its times), so another digest.
$(CLUSTER_INITDB)/initdb-options: $(STAMP)/postgresql $(STAMP)/busybox \
		$(shell find $(TOP)/rootfs/skeleton) $(TOP)/rootfs/cluster-template | deps
	@echo "  INITDB  the cluster template"
	$(Q)$(TOP)/rootfs/cluster-template $(CLUSTER_INITDB) $(TOP)/rootfs/skeleton \
		$(POSTGRESQL_STAGE) $(BUSYBOX_STAGE)
	$(Q)rm -rf $(CLUSTER_STAGE) && mkdir -p $(dir $(CLUSTER_DIR)) && \
	mv $(CLUSTER_INITDB)/pgdata $(CLUSTER_DIR)

# The manifest, rewritten only when its text changes.
$(CLUSTER_MANIFEST_FILE): $(CLUSTER_INITDB)/initdb-options $(BENCH) $(TOP)/rootfs/cluster.mk
	$(Q){ echo 'bootbench-cluster 1' && echo "initdb $$(cat $<)" && \
	  $(BENCH) cluster-manifest --template $(CLUSTER_DIR); } >$@.part && \
	$(BENCH) cluster-check --template $(CLUSTER_DIR) --manifest $@.part >/dev/null && \
	if cmp -s $@.part $@; then rm $@.part; touch $@; else mv $@.part $@ && \
	echo "  CLUSTER $$(grep -c '^f ' $@) files, digest $$(sha256sum <$@ | cut -c1-12)"; fi

IMAGE_STAGES     += $(CLUSTER_MANIFEST_FILE)
IMAGE_STAGE_DIRS += $(CLUSTER_STAGE)
