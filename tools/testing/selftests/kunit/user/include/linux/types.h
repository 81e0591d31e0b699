/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/types.h>: the kernel's integer names on top
 * of the UAPI header of the same name.
 */
#ifndef _KUNIT_USER_LINUX_TYPES_H
#define _KUNIT_USER_LINUX_TYPES_H

#include_next <linux/types.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef __u8 u8;
typedef __s8 s8;
typedef __u16 u16;
typedef __s16 s16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;
/* __bitwise only matters to sparse; it marks gfp_t as a type of its own. */
#define __bitwise
typedef unsigned int __bitwise gfp_t;
typedef u64 phys_addr_t;
typedef u64 resource_size_t;

/* What sort() and list_sort() take. */
typedef int (*cmp_func_t)(const void *a, const void *b);
typedef void (*swap_func_t)(void *a, void *b, int size);
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef void (*swap_r_func_t)(void *a, void *b, int size, const void *priv);

#endif /* _KUNIT_USER_LINUX_TYPES_H */
