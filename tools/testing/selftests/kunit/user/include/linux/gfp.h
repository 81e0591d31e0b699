/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/gfp.h>.  Allocation flags are accepted so
 * that kernel code compiles; only __GFP_ZERO changes what malloc() gives.
 */
#ifndef _KUNIT_USER_LINUX_GFP_H
#define _KUNIT_USER_LINUX_GFP_H

#include <linux/types.h>

#define __GFP_HIGH		((gfp_t)0x20u)
#define __GFP_IO		((gfp_t)0x40u)
#define __GFP_FS		((gfp_t)0x80u)
#define __GFP_ZERO		((gfp_t)0x100u)
#define __GFP_NOWARN		((gfp_t)0x2000u)
#define __GFP_NOFAIL		((gfp_t)0x8000u)
#define __GFP_NORETRY		((gfp_t)0x10000u)
#define __GFP_DIRECT_RECLAIM	((gfp_t)0x400u)
#define __GFP_KSWAPD_RECLAIM	((gfp_t)0x800u)
#define __GFP_RECLAIM		(__GFP_DIRECT_RECLAIM | __GFP_KSWAPD_RECLAIM)

#define GFP_ATOMIC		(__GFP_HIGH | __GFP_KSWAPD_RECLAIM)
#define GFP_KERNEL		(__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_NOWAIT		(__GFP_KSWAPD_RECLAIM)
#define GFP_NOIO		(__GFP_RECLAIM)
#define GFP_NOFS		(__GFP_RECLAIM | __GFP_IO)
#define GFP_USER		GFP_KERNEL
#define GFP_DMA			((gfp_t)0x01u)
#define GFP_DMA32		((gfp_t)0x04u)
#define GFP_HIGHUSER		GFP_USER

#endif /* _KUNIT_USER_LINUX_GFP_H */
