/* run.h: `bootbench-bench run` -- one suite on one target, start to end. */
#ifndef BOOTBENCH_RUN_H
#define BOOTBENCH_RUN_H

#include "options.h"
#include "suite.h"

/*
 * Format and mount the devices, set up and start PostgreSQL, run every
 * case of the suite, stop, unmount; write the run directory as it goes.
 * Returns the exit status: 0, 1 (failed) or 143 (stopped by a signal).
 */
int run_suite(const struct options *o, const struct suite *s);

#endif
