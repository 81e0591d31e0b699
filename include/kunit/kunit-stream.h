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
 * All members are private; use the functions below.  A stream belongs to
 * its test case: it is freed when the case ends, and text added to it but
 * never committed is then printed, with a note that it was left behind.
 */
struct kunit_stream {
	/* private: internal use only. */
	struct kunit *test;
	const char *level;
	struct string_stream *internal_stream;
	const char *file;
	int line;
};

struct kunit_stream *kunit_new_stream(struct kunit *test);
void kunit_stream_set_level(struct kunit_stream *stream, const char *level);
void __printf(2, 3) kunit_stream_add(struct kunit_stream *stream, const char *fmt, ...);
void kunit_stream_append(struct kunit_stream *stream, struct kunit_stream *other);
void kunit_stream_commit(struct kunit_stream *stream);
void kunit_stream_clear(struct kunit_stream *stream);
char *kunit_stream_take_text(struct kunit_stream *stream);

struct kunit_stream *kunit_check_start(struct kunit *test, const char *file, const char *line);
void kunit_expect_end(struct kunit *test, bool success, struct kunit_stream *stream);
void kunit_assert_end(struct kunit *test, bool success, struct kunit_stream *stream);

/**
 * kunit_expect_start() - start an expectation explained in a stream
 * @test: the running test.
 * @file: the source file of the expectation.
 * @line: its line, as a string.
 *
 * Called by KUNIT_EXPECT_START(), which passes the file and line.
 *
 * Return: the stream for the explanation, or NULL without memory.
 */
static inline struct kunit_stream *kunit_expect_start(struct kunit *test, const char *file,
						      const char *line)
{
	return kunit_check_start(test, file, line);
}

/**
 * kunit_assert_start() - start an assertion explained in a stream
 * @test: the running test.
 * @file: the source file of the assertion.
 * @line: its line, as a string.
 *
 * Called by KUNIT_ASSERT_START(), which passes the file and line.
 *
 * Return: the stream for the explanation, or NULL without memory.
 */
static inline struct kunit_stream *kunit_assert_start(struct kunit *test, const char *file,
						      const char *line)
{
	return kunit_check_start(test, file, line);
}

#endif /* _KUNIT_KUNIT_STREAM_H */
