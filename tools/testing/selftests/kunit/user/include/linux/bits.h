/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/bits.h>. */
#ifndef _KUNIT_USER_LINUX_BITS_H
#define _KUNIT_USER_LINUX_BITS_H

#define BITS_PER_LONG		(8 * (int)sizeof(long))
#define BITS_PER_LONG_LONG	64
#define BITS_PER_BYTE		8
#define BIT(nr)			(1UL << (nr))
#define BIT_ULL(nr)		(1ULL << (nr))
#define GENMASK(h, l)							\
	((~0UL << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define GENMASK_ULL(h, l)						\
	((~0ULL << (l)) & (~0ULL >> (BITS_PER_LONG_LONG - 1 - (h))))

#endif /* _KUNIT_USER_LINUX_BITS_H */
