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

/**
 * struct list_head - a link in a list, or the list's head
 * @next: following link (the head itself after the last entry).
 * @prev: preceding link (the head itself before the first entry).
 *
 * Here, as in the kernel, so that the tree's <linux/list.h> can stand on
 * this header in place of the project's.
 */
struct list_head {
	struct list_head *next, *prev;
};

/**
 * struct hlist_head - the head of a list with one pointer, as hash tables use
 * @first: the first node, or NULL.
 */
struct hlist_head {
	struct hlist_node *first;
};

/**
 * struct hlist_node - a link in an hlist
 * @next: the next node, or NULL.
 * @pprev: the previous node's @next, or the head's @first.
 */
struct hlist_node {
	struct hlist_node *next, **pprev;
};

/* What sort() and list_sort() take. */
typedef int (*cmp_func_t)(const void *a, const void *b);
typedef void (*swap_func_t)(void *a, void *b, int size);
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef void (*swap_r_func_t)(void *a, void *b, int size, const void *priv);

#endif /* _KUNIT_USER_LINUX_TYPES_H */
