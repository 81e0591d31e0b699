/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/random.h> (and the prandom helpers it
 * brings in): random numbers from the C library's arc4random(), after
 * the UAPI header of the same name.
 */
#ifndef _KUNIT_USER_LINUX_RANDOM_H
#define _KUNIT_USER_LINUX_RANDOM_H

#include_next <linux/random.h>
#include <linux/types.h>
#include <stdlib.h>

static inline void get_random_bytes(void *buf, size_t len)
{
	arc4random_buf(buf, len);
}

static inline u32 get_random_u32(void)
{
	return arc4random();
}

static inline u64 get_random_u64(void)
{
	return (u64)arc4random() << 32 | arc4random();
}

static inline u8 get_random_u8(void)
{
	return arc4random() & 0xff;
}

/* A number below @ceil, @ceil above 0. */
static inline u32 get_random_u32_below(u32 ceil)
{
	return arc4random_uniform(ceil);
}

static inline u32 prandom_u32_max(u32 ceil)
{
	return ceil ? get_random_u32_below(ceil) : 0;
}

#endif /* _KUNIT_USER_LINUX_RANDOM_H */
