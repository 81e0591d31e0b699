/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/errno.h>: the C library's codes (the C
 * library includes this header itself) plus the kernel-internal ones.
 */
#ifndef _KUNIT_USER_LINUX_ERRNO_H
#define _KUNIT_USER_LINUX_ERRNO_H

#include_next <linux/errno.h>

#define ERESTARTSYS	512
#define ENOIOCTLCMD	515
#define EPROBE_DEFER	517
#define ENOTSUPP	524

#endif /* _KUNIT_USER_LINUX_ERRNO_H */
