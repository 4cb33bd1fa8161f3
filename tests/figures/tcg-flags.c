/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tcg-flags: whether the CPU computes cmpxchg16b's flags from its own
 * comparison.  popf ends a block of QEMU's translation and leaves its
 * flags "computed"; in the next block an add changes them lazily; then
 * cmpxchg16b, which changes only ZF.  A correct CPU leaves every bit but
 * the arithmetic flags as popf set them.  Prints one line; exit 0 when
 * right, 1 when wrong, 2 when the CPU has no cmpxchg16b.
 */
#include <cpuid.h>
#include <stdint.h>
#include <stdio.h>

#define ARITH 0x8d5u /* CF PF AF ZF SF OF */

int main(void)
{
	static _Alignas(16) uint64_t slot[2];
	unsigned a, b, c, d;
	uint64_t before = 0x202, after, rax = 0, rdx = 0, junk = 0x7e5a5a00;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_CMPXCHG16B)) {
		printf("tcg-flags: no cmpxchg16b (CPUID.1:ECX.CX16 clear)\n");
		return 2;
	}
	__asm__ volatile("pushq %[before]\n\tpopfq\n\t"
			 "jmp 1f\n1:\n\t"
			 "addq %[junk], %[junk]\n\t"
			 "cmpxchg16b %[slot]\n\t"
			 "pushfq\n\tpopq %[after]"
			 : [after] "=r"(after), "+a"(rax), "+d"(rdx), [slot] "+m"(*slot),
			   [junk] "+r"(junk)
			 : [before] "r"(before), "b"((uint64_t)1), "c"((uint64_t)2)
			 : "cc", "memory");
	printf("tcg-flags: EFLAGS 0x%llx before, 0x%llx after cmpxchg16b: %s\n",
	       (unsigned long long)before, (unsigned long long)after,
	       (after & ~(uint64_t)ARITH) == (before & ~(uint64_t)ARITH) ? "right" : "wrong");
	return (after & ~(uint64_t)ARITH) == (before & ~(uint64_t)ARITH) ? 0 : 1;
}
