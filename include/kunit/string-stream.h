/* SPDX-License-Identifier: GPL-2.0 */
/*
 * string_stream: a string that grows as text is added to it, in the manner
 * of C++'s std::stringstream.  KUnit builds its failure reports and logs
 * in them.
 */
#ifndef _KUNIT_STRING_STREAM_H
#define _KUNIT_STRING_STREAM_H

#include <linux/compiler.h>
#include <linux/kref.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <stdarg.h>

struct kunit;

/**
 * struct string_stream - a growing string
 *
 * All members are private; use the functions below.
 */
struct string_stream {
	/* private: internal use only. */
	char *buf;		/* the text, NUL-terminated once allocated */
	size_t length;		/* bytes of text in @buf */
	size_t capacity;	/* bytes allocated for @buf */
	gfp_t gfp;		/* flags for growing @buf */
	spinlock_t lock;	/* protects @buf, @length and @capacity */
	struct kref refcount;
};

struct string_stream *new_string_stream(void);
struct string_stream *alloc_string_stream(struct kunit *test, gfp_t gfp);
void destroy_string_stream(struct string_stream *stream);
void string_stream_get(struct string_stream *stream);
int string_stream_put(struct string_stream *stream);

int __printf(2, 3) string_stream_add(struct string_stream *stream, const char *fmt, ...);
int __printf(2, 0) string_stream_vadd(struct string_stream *stream, const char *fmt,
				      va_list args);
int string_stream_append(struct string_stream *stream, struct string_stream *other);
char *string_stream_get_string(struct string_stream *stream);
void string_stream_clear(struct string_stream *stream);
bool string_stream_is_empty(struct string_stream *stream);
size_t string_stream_length(struct string_stream *stream);

#endif /* _KUNIT_STRING_STREAM_H */
