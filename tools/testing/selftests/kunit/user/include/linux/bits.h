/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/bits.h>. */
#ifndef _KUNIT_USER_LINUX_BITS_H
#define _KUNIT_USER_LINUX_BITS_H

#include <linux/compiler.h>

/* A number the preprocessor can compare, as the kernel's is. */
#define BITS_PER_LONG		(8 * __SIZEOF_LONG__)
#define BITS_PER_LONG_LONG	64
#define BITS_PER_BYTE		8
#define BIT(nr)			(1UL << (nr))
#define BIT_ULL(nr)		(1ULL << (nr))
/* 0, and a build error when both are constants and @l is above @h. */
#define GENMASK_INPUT_CHECK(h, l)					\
	BUILD_BUG_ON_ZERO(__builtin_choose_expr(__builtin_constant_p((l) > (h)),	\
						(l) > (h), 0))
#define GENMASK(h, l)							\
	((~0UL << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define GENMASK_ULL(h, l)						\
	((~0ULL << (l)) & (~0ULL >> (BITS_PER_LONG_LONG - 1 - (h))))

#endif /* _KUNIT_USER_LINUX_BITS_H */
