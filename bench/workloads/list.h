/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * list.h: the one list of workloads, in the order the documentation and
 * `bootbench-bench keys` list them.
 *
 * Each WORKLOAD(name) is a suite section [name] with its spec in
 * bench/workloads/name_spec.c (struct workload_spec name_spec: keys,
 * checks, case names) and its engine side in bench/workloads/name.c
 * (struct workload workload_name: prepare, measure).  Every other list of
 * workloads -- the registries, the README's and doc/'s key tables, the
 * results schema, the tests -- derives from this one or is checked
 * against it (tests/bench/workload-list.test).  Adding a workload is its
 * two files, a line here, its doc/workloads/name.md and the suites.
 *
 * No include guard: included with WORKLOAD defined, once per use.
 */
WORKLOAD(pgbench)
WORKLOAD(oltp)
WORKLOAD(insert)
WORKLOAD(seqscan)
WORKLOAD(rawio)
WORKLOAD(fsync)
WORKLOAD(timer)
