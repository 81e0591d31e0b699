/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/mman.h>: the values of PROT_READ, MAP_PRIVATE and the rest, which
 * the C library's <sys/mman.h> gives as the kernel's uapi does.
 */
#ifndef _KUNIT_USER_LINUX_MMAN_H
#define _KUNIT_USER_LINUX_MMAN_H

#include <sys/mman.h>

#endif /* _KUNIT_USER_LINUX_MMAN_H */
