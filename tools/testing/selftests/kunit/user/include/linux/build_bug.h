/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/build_bug.h>; the macros live with the compiler ones. */
#ifndef _KUNIT_USER_LINUX_BUILD_BUG_H
#define _KUNIT_USER_LINUX_BUILD_BUG_H

#include <linux/compiler.h>

#endif /* _KUNIT_USER_LINUX_BUILD_BUG_H */
