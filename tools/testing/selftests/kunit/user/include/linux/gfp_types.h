/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/gfp_types.h>: the gfp flags, which
 * <linux/gfp.h> here defines.
 */
#ifndef _KUNIT_USER_LINUX_GFP_TYPES_H
#define _KUNIT_USER_LINUX_GFP_TYPES_H

#include <linux/gfp.h>

#endif /* _KUNIT_USER_LINUX_GFP_TYPES_H */
