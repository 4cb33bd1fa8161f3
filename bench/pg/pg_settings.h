/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pg_settings.h: check a suite's [postgresql] section against the server
 * it will run on, before anything is formatted: every name must be one of
 * `postgres --describe-config`, and a boolean setting must get a boolean.
 */
#ifndef BOOTBENCH_PG_SETTINGS_H
#define BOOTBENCH_PG_SETTINGS_H

#include "bench/suite/suite.h"

/* 0, or fail() naming the suite's file, line and key. */
int pg_check_settings(const struct suite *s, const char *log_path);

#endif
