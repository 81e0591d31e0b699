/* SPDX-License-Identifier: GPL-2.0 */
/*
 * string_stream: a string that grows as text is added to it, in the manner
 * of C++'s std::stringstream.  KUnit builds its failure reports and logs
 * in them.
 *
 * A stream is created empty, by new_string_stream() (reference counted:
 * string_stream_get() and string_stream_put(), or destroy_string_stream()
 * to free it at once) or by alloc_string_stream() (released by the test
 * when its case ends).  Text goes in with printf-style calls and comes out
 * whole, as a copy that the caller frees:
 *
 *	struct string_stream *stream = new_string_stream();
 *	char *text;
 *
 *	string_stream_add(stream, "%d bytes differ", count);
 *	text = string_stream_get_string(stream);
 *	...
 *	kfree(text);
 *	string_stream_put(stream);
 *
 * Adding may fail for want of memory; the stream then keeps what it had.
 * The stream's lock is never held while memory is allocated, so any
 * context that may allocate with the stream's gfp flags may use it, and
 * several threads may add to one stream at once.
 */
#ifndef _KUNIT_STRING_STREAM_H
#define _KUNIT_STRING_STREAM_H

#include <linux/compiler.h>
#include <linux/kref.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/stdarg.h>

struct kunit;

/**
 * struct string_stream - a growing string
 * @buf: the text, NUL-terminated once allocated; NULL until text comes.
 * @length: bytes of text in @buf.
 * @capacity: bytes allocated for @buf.
 * @gfp: allocation flags for growing @buf.
 * @lock: protects @buf, @length and @capacity.
 * @refcount: references held; the stream is freed with the last.
 *
 * Use the functions below rather than the members.
 */
struct string_stream {
	char *buf;
	size_t length;
	size_t capacity;
	gfp_t gfp;
	spinlock_t lock;		/* protects buf, length and capacity */
	struct kref refcount;
};

struct string_stream *new_string_stream(void);
struct string_stream *alloc_string_stream(struct kunit *owner, gfp_t flags);
/*
 * The names 6.12 gives to a stream a test owns: kunit_alloc_string_stream()
 * is alloc_string_stream() but for its failure, an ERR_PTR(-ENOMEM), and
 * kunit_free_string_stream() puts such a stream at once rather than when
 * the case ends.  (6.12's own alloc_string_stream() takes no test: it is
 * this project's new_string_stream(), whose stream nothing releases for
 * the caller; a kernel-version difference of KUnit's internals, which
 * tests outside lib/kunit do not call.)
 */
struct string_stream *kunit_alloc_string_stream(struct kunit *owner, gfp_t flags);
void kunit_free_string_stream(struct kunit *owner, struct string_stream *owned);
void destroy_string_stream(struct string_stream *stream);
void string_stream_get(struct string_stream *stream);
int string_stream_put(struct string_stream *stream);

int __printf(2, 3) string_stream_add(struct string_stream *stream, const char *fmt, ...);
int __printf(2, 0) string_stream_vadd(struct string_stream *stream, const char *fmt,
				      va_list args);
int string_stream_append(struct string_stream *stream, struct string_stream *other);
char *string_stream_get_string(struct string_stream *source);
void string_stream_clear(struct string_stream *emptied);
bool string_stream_is_empty(struct string_stream *source);
size_t string_stream_length(struct string_stream *stream);

#endif /* _KUNIT_STRING_STREAM_H */
