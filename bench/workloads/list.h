/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * list.h: the one list of workloads, in the order the documentation and
 * `bootbench-bench keys` list them.
 *
 * Each WORKLOAD(name) is a suite section [name] and a folder
 * bench/workloads/name/: its spec in name_spec.c (struct workload_spec
 * name_spec: keys, checks, case names, cost model), its engine side in
 * name.c (struct workload workload_name: prepare, measure), its helpers,
 * and README.md, what it measures and its key table.  Every other list of
 * workloads -- the registries, doc/suites.md, the results schema, the
 * tests -- derives from this one or is checked against it
 * (tests/bench/workload-list.test).  Adding a workload is its folder, a
 * line here, its value in the results schema and the suites that run it.
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
