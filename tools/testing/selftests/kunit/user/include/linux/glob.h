/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/glob.h>, on the C library's fnmatch(). */
#ifndef _KUNIT_USER_LINUX_GLOB_H
#define _KUNIT_USER_LINUX_GLOB_H

#include <fnmatch.h>
#include <stdbool.h>

/**
 * glob_match - match a string against a shell-style pattern
 * @pat: pattern with '*', '?' and '[...]'.
 * @str: the string to test.
 *
 * Return: true if the whole of @str matches @pat.
 */
static inline bool glob_match(const char *pat, const char *str)
{
	return fnmatch(pat, str, 0) == 0;
}

#endif /* _KUNIT_USER_LINUX_GLOB_H */
