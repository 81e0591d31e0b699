/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/stringify.h>. */
#ifndef _KUNIT_USER_LINUX_STRINGIFY_H
#define _KUNIT_USER_LINUX_STRINGIFY_H

#define __stringify_1(x...)	#x
#define __stringify(x...)	__stringify_1(x)

#endif /* _KUNIT_USER_LINUX_STRINGIFY_H */
