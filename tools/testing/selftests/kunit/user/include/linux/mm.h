/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/mm.h>: the page size and the allocators,
 * which is what test files take from it.
 */
#ifndef _KUNIT_USER_LINUX_MM_H
#define _KUNIT_USER_LINUX_MM_H

#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#define PAGE_SHIFT		12
#define PAGE_SIZE		(1UL << PAGE_SHIFT)
#define PAGE_MASK		(~(PAGE_SIZE - 1))
#define PAGE_ALIGN(addr)	ALIGN(addr, PAGE_SIZE)

#endif /* _KUNIT_USER_LINUX_MM_H */
