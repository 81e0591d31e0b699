/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Socket buffers that a test owns.  Kernel only: userspace has no network
 * stack, and a userspace build of a test that includes this header stops
 * here, saying so.
 */
#ifndef _KUNIT_SKBUFF_H
#define _KUNIT_SKBUFF_H

#include <kunit/platform.h>

#if !KUNIT_PLATFORM_HAS_NETWORK
#error "<kunit/skbuff.h>: userspace has no network stack (struct sk_buff); run this test in the kernel"
#else

#include <kunit/resource.h>
#include <linux/skbuff.h>

KUNIT_DEFINE_ACTION_WRAPPER(kunit_skb_free_action, kfree_skb, struct sk_buff *);

/**
 * kunit_zalloc_skb() - a socket buffer of @len zeroed bytes, freed when the case ends
 * @test: the test that owns the buffer
 * @len: the number of bytes
 * @gfp: how to allocate it
 *
 * Return: the buffer, or NULL when it, its padding or its deferred free
 * could not be allocated.
 */
static inline struct sk_buff *kunit_zalloc_skb(struct kunit *test, int len, gfp_t gfp)
{
	struct sk_buff *skb = alloc_skb(len, gfp);

	/* skb_pad() zeroes the tail and frees the buffer when it fails. */
	if (!skb || skb_pad(skb, len))
		return NULL;
	if (kunit_add_action_or_reset(test, kunit_skb_free_action, skb))
		return NULL;
	return skb;
}

/**
 * kunit_kfree_skb() - free a buffer of kunit_zalloc_skb() now
 * @test: the test that owns the buffer
 * @skb: the buffer, or NULL
 */
static inline void kunit_kfree_skb(struct kunit *test, struct sk_buff *skb)
{
	if (skb)
		kunit_release_action(test, kunit_skb_free_action, skb);
}

#endif /* KUNIT_PLATFORM_HAS_NETWORK */

#endif /* _KUNIT_SKBUFF_H */
