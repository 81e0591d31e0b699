/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/stddef.h>. */
#ifndef _KUNIT_USER_LINUX_STDDEF_H
#define _KUNIT_USER_LINUX_STDDEF_H

#include_next <linux/stddef.h>
#include <stdbool.h>
#include <stddef.h>

#define sizeof_field(type, member)	sizeof(((type *)0)->member)

#endif /* _KUNIT_USER_LINUX_STDDEF_H */
