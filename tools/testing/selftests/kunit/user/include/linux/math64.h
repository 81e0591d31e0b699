/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/math64.h>: 64-bit divisions, which C does
 * in one operator on the machines a userspace test runs on.  Quotients
 * round toward zero and remainders take the dividend's sign, as in the
 * kernel.
 */
#ifndef _KUNIT_USER_LINUX_MATH64_H
#define _KUNIT_USER_LINUX_MATH64_H

#include <linux/types.h>

/* @dividend / @divisor, and the remainder in *@remainder. */
static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

/* @dividend / @divisor, and the remainder in *@remainder. */
static inline s64 div_s64_rem(s64 dividend, s32 divisor, s32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

/* @dividend / @divisor, and the remainder in *@remainder. */
static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline s64 div_s64(s64 dividend, s32 divisor)
{
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline s64 div64_s64(s64 dividend, s64 divisor)
{
	return dividend / divisor;
}

#endif /* _KUNIT_USER_LINUX_MATH64_H */
