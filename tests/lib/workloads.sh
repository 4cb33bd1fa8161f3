# SPDX-License-Identifier: GPL-2.0-only
# tests/lib/workloads.sh: the one list of workloads (bench/workloads/list.h),
# for tests (sourced).  workloads prints the names, one per line, in order.
workloads() {
	sed -n 's/^WORKLOAD(\([a-z0-9_]*\))$/\1/p' "$TOP/bench/workloads/list.h"
}
