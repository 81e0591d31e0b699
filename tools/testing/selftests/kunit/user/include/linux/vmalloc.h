/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/vmalloc.h>: vmalloc() lives with kmalloc() here. */
#ifndef _KUNIT_USER_LINUX_VMALLOC_H
#define _KUNIT_USER_LINUX_VMALLOC_H

#include <linux/slab.h>

#endif /* _KUNIT_USER_LINUX_VMALLOC_H */
