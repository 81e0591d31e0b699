/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kunit_stream: the original KUnit's message builder.  Text is added
 * piece by piece and printed, as diagnostics of the test case, in one go.
 */
#ifndef _KUNIT_KUNIT_STREAM_H
#define _KUNIT_KUNIT_STREAM_H

#include <linux/compiler.h>
#include <linux/types.h>

struct kunit;
struct string_stream;

/**
 * struct kunit_stream - a message being built for a test case
 *
 * All members are private; use the functions below.
 */
struct kunit_stream {
	/* private: internal use only. */
	struct kunit *test;
	const char *level;
	struct string_stream *internal_stream;
};

struct kunit_stream *kunit_new_stream(struct kunit *test);
void kunit_stream_set_level(struct kunit_stream *stream, const char *level);
void __printf(2, 3) kunit_stream_add(struct kunit_stream *stream, const char *fmt, ...);
void kunit_stream_append(struct kunit_stream *stream, struct kunit_stream *other);
void kunit_stream_commit(struct kunit_stream *stream);
void kunit_stream_clear(struct kunit_stream *stream);

#endif /* _KUNIT_KUNIT_STREAM_H */
