/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/string.h>: the C library's plus the kernel's own. */
#ifndef _KUNIT_USER_LINUX_STRING_H
#define _KUNIT_USER_LINUX_STRING_H

#include_next <linux/string.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <string.h>
#include <strings.h>

/**
 * strscpy - copy a C string into a buffer of known size, always terminated
 * @dest: where to copy.
 * @src: the string to copy.
 * @count: size of @dest in bytes.
 *
 * Return: the length of the copy, or -E2BIG if @src had to be cut short.
 */
static inline ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (!count)
		return -E2BIG;
	/* Byte by byte: @src may be shorter than @count, and unterminated beyond. */
	for (i = 0; i < count; i++) {
		dest[i] = src[i];
		if (!src[i])
			return i;
	}
	dest[count - 1] = '\0';
	return -E2BIG;
}

/**
 * skip_spaces - skip what the kernel's isspace() takes for space
 * @str: the text.
 *
 * The kernel's character table, unlike the C library's in the C locale,
 * counts the Latin-1 no-break space (0xa0) as a space.
 *
 * Return: the first byte of @str that is not a space.
 */
static inline char *skip_spaces(const char *str)
{
	while (*str == ' ' || (*str >= '\t' && *str <= '\r') || (unsigned char)*str == 0xa0)
		str++;
	return (char *)str;
}

static inline size_t str_has_prefix(const char *str, const char *prefix)
{
	size_t len = strlen(prefix);

	return strncmp(str, prefix, len) == 0 ? len : 0;
}

static inline void *memchr_inv(const void *start, int c, size_t bytes)
{
	const u8 *p = start;
	size_t i;

	for (i = 0; i < bytes; i++)
		if (p[i] != (u8)c)
			return (void *)(p + i);
	return NULL;
}

static inline void *kmemdup(const void *src, size_t len, gfp_t gfp)
{
	void *p = kmalloc(len, gfp);

	/* 0 bytes is ZERO_SIZE_PTR, from any source, NULL too. */
	if (!ZERO_OR_NULL_PTR(p))
		memcpy(p, src, len);
	return p;
}

static inline char *kstrdup(const char *s, gfp_t gfp)
{
	return s ? kmemdup(s, strlen(s) + 1, gfp) : NULL;
}

static inline char *kstrndup(const char *s, size_t max, gfp_t gfp)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = strnlen(s, max);
	p = kmalloc(len + 1, gfp);
	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

#endif /* _KUNIT_USER_LINUX_STRING_H */
