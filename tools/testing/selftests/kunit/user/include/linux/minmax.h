/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/minmax.h>.  Each argument is evaluated
 * once; like the kernel's, min() and max() warn at compile time about
 * operands of different types, min_t() and max_t() cast both to the type
 * named.
 */
#ifndef _KUNIT_USER_LINUX_MINMAX_H
#define _KUNIT_USER_LINUX_MINMAX_H

#include <linux/compiler.h>

#define __kunit_cmp_once(x, y, op) ({					\
	__auto_type __x = (x);						\
	__auto_type __y = (y);						\
	(void)(&__x == &__y);						\
	__x op __y ? __x : __y; })

#define min(x, y)		__kunit_cmp_once(x, y, <)
#define max(x, y)		__kunit_cmp_once(x, y, >)
#define min_t(type, x, y)	__kunit_cmp_once((type)(x), (type)(y), <)
#define max_t(type, x, y)	__kunit_cmp_once((type)(x), (type)(y), >)
#define min3(x, y, z)		min_t(typeof(x), min(x, y), z)
#define max3(x, y, z)		max_t(typeof(x), max(x, y), z)
#define clamp(val, lo, hi)	min_t(typeof(val), max(val, lo), hi)
#define clamp_t(type, val, lo, hi)	min_t(type, max_t(type, val, lo), hi)
#define swap(a, b)							\
	do { typeof(a) __tmp = (a); (a) = (b); (b) = __tmp; } while (0)

#endif /* _KUNIT_USER_LINUX_MINMAX_H */
