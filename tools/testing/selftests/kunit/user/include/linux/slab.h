/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/slab.h>: the kmalloc() family on top of the
 * C library's allocator, so code under test and KUnit's own core allocate
 * the same way in both worlds.
 */
#ifndef _KUNIT_USER_LINUX_SLAB_H
#define _KUNIT_USER_LINUX_SLAB_H

#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/gfp.h>
#include <linux/overflow.h>
#include <linux/types.h>
#include <limits.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

/*
 * What the kernel's allocators return for 0 bytes: not NULL, so that it
 * reads as a success, but a pointer nothing may be read through.
 */
#define ZERO_SIZE_PTR		((void *)16)
#define ZERO_OR_NULL_PTR(x)	((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)

/*
 * The largest object kmalloc() hands out, as on x86_64 with SLUB: 4 MiB.
 * Larger requests fail, as tests of saturated sizes expect.
 */
#define KMALLOC_MAX_SIZE	(1UL << 22)

/*
 * Larger than an allocator hands out: as the kernel's page allocator, it
 * warns unless __GFP_NOWARN says the caller expects it.
 */
#define __kunit_too_large(flags)	WARN_ON_ONCE(!((flags) & __GFP_NOWARN))

/* An allocation as the kernel's allocators answer it, up to @limit bytes. */
static inline void *__kunit_alloc(size_t size, size_t limit, gfp_t flags)
{
	if (!size)
		return ZERO_SIZE_PTR;
	if (size > limit) {
		__kunit_too_large(flags);
		return NULL;
	}
	return flags & __GFP_ZERO ? calloc(1, size) : malloc(size);
}

static inline void *kmalloc(size_t size, gfp_t flags)
{
	return __kunit_alloc(size, KMALLOC_MAX_SIZE, flags);
}

/* As the kernel's: up to INT_MAX bytes, beyond what kmalloc() takes. */
static inline void *kvmalloc(size_t size, gfp_t flags)
{
	return __kunit_alloc(size, INT_MAX, flags);
}

static inline void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}

static inline void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (check_mul_overflow(n, size, &bytes))
		return NULL;
	return kmalloc(bytes, flags);
}

static inline void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}

/*
 * Out of line, as in the kernel: the compiler must not reason about which
 * objects reach it (resource records, for instance, are freed only when
 * KUnit allocated them).  NULL and ZERO_SIZE_PTR are no objects.  It
 * reads nothing through @p, which GCC 12 would otherwise take for a read
 * of memory never written (-Wmaybe-uninitialized).
 */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
__attribute__((__access__(__none__, 1)))
#endif
void kfree(const void *p);

/*
 * As the kernel's: to 0 bytes frees the object and returns ZERO_SIZE_PTR;
 * beyond KMALLOC_MAX_SIZE fails and leaves it; with __GFP_ZERO, what it
 * gains is zeroed.
 */
static inline void *krealloc(const void *p, size_t new_size, gfp_t flags)
{
	size_t old_size;
	char *q;

	if (!new_size) {
		kfree(p);
		return ZERO_SIZE_PTR;
	}
	if (ZERO_OR_NULL_PTR(p))
		return kmalloc(new_size, flags);
	if (new_size > KMALLOC_MAX_SIZE) {
		__kunit_too_large(flags);
		return NULL;
	}
	old_size = malloc_usable_size((void *)p);
	q = realloc((void *)p, new_size);
	if (q && (flags & __GFP_ZERO) && new_size > old_size)
		memset(q + old_size, 0, new_size - old_size);
	return q;
}

#define kvzalloc(size, flags)		kvmalloc(size, (flags) | __GFP_ZERO)
#define kvmalloc_array(n, s, flags)					\
	({ size_t __kunit_bytes;					\
	   check_mul_overflow((size_t)(n), (size_t)(s), &__kunit_bytes) ?	\
	   NULL : kvmalloc(__kunit_bytes, flags); })
#define kvcalloc(n, s, flags)		kvmalloc_array(n, s, (flags) | __GFP_ZERO)
#define kvfree(p)			kfree(p)
/* vmalloc() of 0 bytes fails in the kernel. */
#define vmalloc(size)	({ size_t __kunit_size = (size);		\
			   __kunit_size ? kvmalloc(__kunit_size, GFP_KERNEL) : NULL; })
#define vzalloc(size)	({ size_t __kunit_size = (size);		\
			   __kunit_size ? kvmalloc(__kunit_size, GFP_KERNEL | __GFP_ZERO) : NULL; })
#define __vmalloc(size, flags)	({ size_t __kunit_size = (size);		\
			   __kunit_size ? kvmalloc(__kunit_size, flags) : NULL; })
#define vfree(p)			kfree(p)

/* One memory node here: the node arguments of the _node() forms are ignored. */
#define NUMA_NO_NODE			(-1)
#define kmalloc_node(size, flags, node)		kmalloc(size, flags)
#define kzalloc_node(size, flags, node)		kzalloc(size, flags)
#define kvmalloc_node(size, flags, node)	kvmalloc(size, flags)
#define kvzalloc_node(size, flags, node)	kvzalloc(size, flags)

/* The kernel declares the k*dup() helpers in string.h; code expects both. */
#include <linux/string.h>

#endif /* _KUNIT_USER_LINUX_SLAB_H */
