/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a line of KTAP ends, for the two sides of it: KUnit's core, which
 * breaks what it prints at every such place so that none can start a line
 * of KTAP inside a diagnostic, and the KTAP reader of the kselftest target
 * and the host tools (tools/testing/selftests/kunit/ktap.c), which breaks
 * what it reads at the same places.  Private to KUnit; the includer has
 * size_t.
 */
#ifndef _KUNIT_LINE_BREAK_H
#define _KUNIT_LINE_BREAK_H

/**
 * kunit_line_break() - the length of the line break that @text starts with
 * @text: NUL-terminated text.
 *
 * Readers of KTAP break lines at more than a newline: kunit.py, as
 * Python's str.splitlines() does, at "\r\n", '\r', '\v', '\f', 0x1c to
 * 0x1e and the UTF-8 of U+0085, U+2028 and U+2029.
 *
 * Return: the length in bytes of the line break at @text, or 0.
 */
static inline size_t kunit_line_break(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;

	switch (p[0]) {
	case '\r':
		return p[1] == '\n' ? 2 : 1;
	case '\n': case '\v': case '\f': case 0x1c: case 0x1d: case 0x1e:
		return 1;
	case 0xc2:
		return p[1] == 0x85 ? 2 : 0;
	case 0xe2:
		return p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9) ? 3 : 0;
	default:
		return 0;
	}
}

#endif /* _KUNIT_LINE_BREAK_H */
