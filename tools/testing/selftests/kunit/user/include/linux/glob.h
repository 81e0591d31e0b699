/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/glob.h>, with the kernel's glob_match()
 * semantics rather than the C library's fnmatch(): '?', '*', '\' to take
 * the next character literally, and "[...]" sets of characters and
 * ranges, negated by a leading '!' (not '^'), with no "[:digit:]" named
 * classes.  A '[' whose set never closes is an ordinary character.  One
 * difference: the kernel's lets a negated set match the end of the string
 * and reads on past it; here nothing matches the end but the pattern's.
 */
#ifndef _KUNIT_USER_LINUX_GLOB_H
#define _KUNIT_USER_LINUX_GLOB_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Whether @c is in the set that starts after the '[' at @set; where the
 * pattern goes on after the set in *@after.  False with *@after NULL when
 * the set is never closed.
 */
static inline bool __kunit_glob_set(const char *set, unsigned char c, const char **after)
{
	bool negated = *set == '!', found = false;
	const char *p = set + negated;
	unsigned char low, high;

	/* A ']' first in the set is one of its characters. */
	do {
		low = *p++;
		if (!low) {
			*after = NULL;
			return false;
		}
		high = low;
		if (p[0] == '-' && p[1] != ']') {
			high = p[1];
			if (!high) {
				*after = NULL;
				return false;
			}
			p += 2;
		}
		if (low <= c && c <= high)
			found = true;
	} while (*p != ']');
	*after = p + 1;
	return found != negated;
}

/**
 * glob_match - match a string against a shell-style pattern
 * @pat: pattern with '?', '*', '\' and '[...]', as the kernel reads them.
 * @str: the string to test.
 *
 * Return: true if the whole of @str matches @pat.
 */
static inline bool glob_match(const char *pat, const char *str)
{
	/* Just after the last '*', and where in @str what it takes ends. */
	const char *star = NULL, *star_end = NULL, *after;
	unsigned char literal;

	for (;;) {
		switch (*pat) {
		case '*':
			star = ++pat;
			star_end = str;
			continue;
		case '?':
			if (!*str)
				goto retry;
			pat++;
			str++;
			continue;
		case '[':
			if (*str) {
				bool in_set = __kunit_glob_set(pat + 1, *str, &after);

				if (after && in_set) {
					pat = after;
					str++;
					continue;
				}
				if (after)
					goto retry;
			}
			/* Never closed: an ordinary character. */
			literal = *pat++;
			break;
		case '\\':
			pat++;
			literal = *pat;
			if (*pat)
				pat++;
			break;
		default:
			literal = *pat;
			if (*pat)
				pat++;
			break;
		}
		if ((unsigned char)*str == literal) {
			if (!literal)
				return true;
			str++;
			continue;
		}
retry:
		/* Let the last '*' take one character more, if there is one. */
		if (!star || !*star_end)
			return false;
		pat = star;
		str = ++star_end;
	}
}

#endif /* _KUNIT_USER_LINUX_GLOB_H */
