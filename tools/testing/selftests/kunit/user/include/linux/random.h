/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/random.h> (and the prandom helpers it
 * brings in), after the UAPI header of the same name.  The kernel's
 * get_random_*() never wait; neither do these.  The C library's
 * arc4random() would: it waits for the kernel to have seeded its random
 * pool, seconds on a machine that just booted (make run's guest).
 * getrandom(GRND_INSECURE) does not wait; a kernel older than 5.6, which
 * refuses that flag, gets arc4random().
 */
#ifndef _KUNIT_USER_LINUX_RANDOM_H
#define _KUNIT_USER_LINUX_RANDOM_H

#include_next <linux/random.h>
#include <linux/types.h>
#include <stdlib.h>
#include <sys/random.h>

static inline void get_random_bytes(void *buf, size_t len)
{
	unsigned char *p = buf;
	ssize_t got;

	while (len) {
		got = getrandom(p, len, GRND_INSECURE);
		if (got <= 0) {
			arc4random_buf(p, len);
			return;
		}
		p += got;
		len -= got;
	}
}

static inline u32 get_random_u32(void)
{
	u32 value;

	get_random_bytes(&value, sizeof(value));
	return value;
}

static inline u64 get_random_u64(void)
{
	u64 value;

	get_random_bytes(&value, sizeof(value));
	return value;
}

static inline u8 get_random_u8(void)
{
	return get_random_u32() & 0xff;
}

/* A number below @ceil, each as likely as the others; any, for 0. */
static inline u32 get_random_u32_below(u32 ceil)
{
	u32 skip, value;

	if (!ceil)
		return get_random_u32();
	/* The first (2^32 mod ceil) values would make the low ones likelier. */
	skip = -ceil % ceil;
	do {
		value = get_random_u32();
	} while (value < skip);
	return value % ceil;
}

static inline u32 prandom_u32_max(u32 ceil)
{
	return ceil ? get_random_u32_below(ceil) : 0;
}

#endif /* _KUNIT_USER_LINUX_RANDOM_H */
