/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpus_online.h: the CPUs the kernel booted without, brought online
 * (bootbench.online-cpus=1).  qemu/run boots Linux before 6.5 with
 * maxcpus=1 and this key under instruction time: QEMU 7.2's round robin of
 * vCPUs under -icount never lets the second vCPU run while the boot CPU
 * waits for it in do_boot_cpu(), and the boot hangs; once the boot CPU's
 * tick is one-shot, bringing the CPU online works (doc/clocks.md).
 */
#ifndef BOOTBENCH_INIT_CPUS_ONLINE_H
#define BOOTBENCH_INIT_CPUS_ONLINE_H

/* Write 1 into cpus/cpuN/online for every CPU of cpus/present that is not
 * in cpus/online (cpus: /sys/devices/system/cpu).  How many CPUs are
 * online after it, or -1 after fail(). */
int cpus_online_all(const char *cpus);

#define CPUS_SYSFS "/sys/devices/system/cpu"

/* cpus_online_all(), and *count the CPUs online after it when it worked. */
void cpus_online_count(const char *cpus, int *count);

/* The CPUs of a list as /sys/devices/system/cpu/{present,online} write
 * it ("0-3,5") into set (set[i] for CPU i < max); -1 if it is not one. */
int cpu_list_parse(const char *text, unsigned char *set, int max);

#endif
