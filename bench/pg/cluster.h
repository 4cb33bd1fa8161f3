/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cluster.h: the image's cluster template, a data directory made by
 * initdb when the image was built (rootfs/cluster-template), which a
 * fresh environment gets a copy of instead of running initdb
 * (doc/fidelity.md#the-cluster-template).
 *
 * Its manifest, written when the image is built, has two header lines
 * and one line per directory and file, in the order cluster_scan() walks
 * the template (each directory before what it holds, names in strcmp()
 * order):
 *
 *     bootbench-cluster 1
 *     initdb -U postgres -A trust -E UTF8 --no-locale --no-instructions
 *     d 0700 0 00000000 .
 *     f 0600 3 7c1a08e8 PG_VERSION
 *     ...
 *
 * The loaded template (CLUSTER_LOADED) is the same cluster after a load
 * ran on it when the image was built, which a case whose workload would
 * run the same load starts from instead (doc/fidelity.md#the-loaded-template).
 * Its manifest has a third header line, the load's command line:
 *
 *     load pgbench -i -q -s 1 -I dtgvp
 *
 * kind (d or f), mode (octal), size, CRC-32C (hex) and the path from the
 * template's top.  The cluster's digest is the SHA-256 of the manifest:
 * image.json records it, and bench.json the digest of the template a run
 * used.
 *
 * The manifest describes the files as initdb wrote them.  The image
 * stores them packed (cluster_pack()): a file without its trailing zero
 * bytes (the first WAL segment is 16 MiB, its last 9 MiB zeros), and files of
 * the same bytes as one file under each name (hard links: template0,
 * template1 and postgres are mostly copies of one another).  The check
 * counts a file's missing tail as zeros; the copy writes those zeros, so
 * each copy is the bytes initdb wrote, in separate files.
 */
#ifndef BOOTBENCH_CLUSTER_H
#define BOOTBENCH_CLUSTER_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "common/sha256.h"

#define CLUSTER_TEMPLATE "/usr/share/bootbench/cluster"
#define CLUSTER_MANIFEST "/usr/share/bootbench/cluster.manifest"
#define CLUSTER_FORMAT   "bootbench-cluster 1"
#define CLUSTER_LOADED   "/usr/share/bootbench/cluster-pgbench"
#define CLUSTER_LOADED_MANIFEST "/usr/share/bootbench/cluster-pgbench.manifest"
#define CLUSTER_LOAD_MAX 256       /* a load's command line, its '\0' included */

struct cluster_entry {
	char kind;                 /* 'd' or 'f' */
	unsigned mode;             /* permission bits */
	long long size;            /* 0 for a directory */
	uint32_t crc;              /* CRC-32C of the contents; 0 for a directory */
	char *path;                /* from the top: ".", "base/1/1259" */
};

struct cluster_manifest {
	char initdb[256];          /* initdb's options as it was run */
	char load[CLUSTER_LOAD_MAX];   /* the load's command line; "": none */
	struct cluster_entry *e;
	size_t n;
	size_t files;              /* entries that are files */
	long long bytes;           /* of every file */
	char digest[SHA256_HEX_SIZE];
};

/* The entries of the directory tree dir, in the manifest's order.  Only
 * directories and regular files; anything else fails.  0 or fail(). */
int cluster_scan(const char *dir, struct cluster_manifest *m);

/* Write the entry lines of m (no header) to out.  0, or -1 with errno. */
int cluster_print(const struct cluster_manifest *m, FILE *out);

/* Read the manifest at path: its header, entries and digest.  0 or fail(). */
int cluster_read(const char *path, struct cluster_manifest *m);

/* Whether the template dir is what manifest m says, entry by entry, a
 * file shorter than its size followed by zeros: 0, or fail() naming the
 * first difference. */
int cluster_check(const char *dir, const struct cluster_manifest *m);

/* Pack the template dir, which is what m says, as the image stores it:
 * each file cut after its last byte that is not zero, then each file with
 * the bytes and mode of one before it, or of one of the packed template
 * base_dir (manifest base; NULL: none), made a hard link to that one.
 * *stored: the bytes left.  0 or fail(). */
int cluster_pack(const char *dir, const struct cluster_manifest *m, const char *base_dir,
		 const struct cluster_manifest *base, long long *stored);

/* Copy the template dir (manifest m) into datadir, which exists, each
 * file to its manifest's size (the zeros after what is stored written); with
 * waldir (not NULL), pg_wal's files go there and datadir/pg_wal is a
 * link to it, as initdb -X makes it.  Everything copied is owned by
 * uid:gid; the filesystems are synced at the end, as initdb syncs what it
 * wrote (*sync_s: how long that took).  0 or fail(). */
int cluster_copy(const char *dir, const struct cluster_manifest *m, const char *datadir,
		 const char *waldir, uid_t uid, gid_t gid, double *sync_s);

void cluster_free(struct cluster_manifest *m);

#endif
