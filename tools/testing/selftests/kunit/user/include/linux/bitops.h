/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/bitops.h>: bit counts and bit searches on
 * the compiler's builtins, with the kernel's names and types.  Like the
 * kernel's, __ffs() and __fls() of 0 are undefined: callers check first.
 */
#ifndef _KUNIT_USER_LINUX_BITOPS_H
#define _KUNIT_USER_LINUX_BITOPS_H

#include <linux/bits.h>
#include <linux/types.h>
#include <strings.h>	/* ffs(), as the kernel's */

#define BITS_PER_TYPE(type)	(sizeof(type) * BITS_PER_BYTE)
#define BITS_TO_LONGS(nr)	(((nr) + BITS_PER_TYPE(long) - 1) / BITS_PER_TYPE(long))

/* Builtins, so that a constant argument gives a constant, as in the kernel. */
#define hweight8(w)		((unsigned int)__builtin_popcount((u8)(w)))
#define hweight16(w)		((unsigned int)__builtin_popcount((u16)(w)))
#define hweight32(w)		((unsigned int)__builtin_popcount((u32)(w)))
#define hweight64(w)		((unsigned long)__builtin_popcountll((u64)(w)))
#define hweight_long(w)		((unsigned long)__builtin_popcountl((unsigned long)(w)))

/* Index of the lowest set bit of @word; undefined for 0. */
static inline unsigned long __ffs(unsigned long word)
{
	return __builtin_ctzl(word);
}

/* Index of the lowest set bit of a 64-bit @word; undefined for 0. */
static inline unsigned long __ffs64(u64 word)
{
	return __builtin_ctzll(word);
}

/* Index of the highest set bit of @word; undefined for 0. */
static inline unsigned long __fls(unsigned long word)
{
	return BITS_PER_LONG - 1 - __builtin_clzl(word);
}

/* One plus the index of the highest set bit of @x, or 0 for 0. */
static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

/* One plus the index of the highest set bit of @x, or 0 for 0. */
static inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

#endif /* _KUNIT_USER_LINUX_BITOPS_H */
