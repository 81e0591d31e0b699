/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/stdarg.h>: the compiler's own. */
#ifndef _KUNIT_USER_LINUX_STDARG_H
#define _KUNIT_USER_LINUX_STDARG_H

#include <stdarg.h>

#endif /* _KUNIT_USER_LINUX_STDARG_H */
