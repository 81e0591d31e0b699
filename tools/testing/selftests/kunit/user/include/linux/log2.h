/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/log2.h>: powers of two and base-2
 * logarithms of unsigned values, with the compiler's bit-scan builtins.
 */
#ifndef _KUNIT_USER_LINUX_LOG2_H
#define _KUNIT_USER_LINUX_LOG2_H

#include <linux/bits.h>
#include <linux/types.h>

/**
 * is_power_of_2() - whether @n is a power of two
 * @n: the value; 0 is not one.
 *
 * Return: true when exactly one bit of @n is set.
 */
static inline bool is_power_of_2(unsigned long n)
{
	return n && !(n & (n - 1));
}

/* The index of the highest bit set in @n, which is not 0. */
static inline int __ilog2_u64(u64 n)
{
	return 63 - __builtin_clzll(n);
}

/*
 * ilog2() - the base-2 logarithm of @n, rounded down; -1 for 0, as the
 * kernel's gives for a value that is not a constant.
 */
#define ilog2(n)	((n) ? __ilog2_u64((u64)(n)) : -1)

/* The smallest power of two not below @n, which is 1 or more. */
#define roundup_pow_of_two(n)	((__typeof__(n))((n) == 1 ? 1 : 1ULL << (ilog2((n) - 1) + 1)))

/* The largest power of two not above @n, which is 1 or more. */
#define rounddown_pow_of_two(n)	((__typeof__(n))(1ULL << ilog2(n)))

/* The base-2 logarithm of @n rounded up; 0 for 0 and 1. */
#define order_base_2(n)		((n) > 1 ? ilog2((n) - 1) + 1 : 0)

#endif /* _KUNIT_USER_LINUX_LOG2_H */
