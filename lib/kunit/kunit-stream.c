// SPDX-License-Identifier: GPL-2.0
/*
 * kunit_stream, the original KUnit's message builder (see
 * <kunit/kunit-stream.h>), kept as a thin layer over string_stream and
 * kunit_log().
 */
#include <kunit/kunit-stream.h>
#include <kunit/resource.h>
#include <kunit/string-stream.h>
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>

static int kunit_stream_init(struct kunit_resource *res, void *context)
{
	struct kunit *test = context;
	struct kunit_stream *stream = kzalloc(sizeof(*stream), GFP_KERNEL);

	if (!stream)
		return -ENOMEM;
	stream->internal_stream = new_string_stream();
	if (!stream->internal_stream) {
		kfree(stream);
		return -ENOMEM;
	}
	stream->test = test;
	res->data = stream;
	return 0;
}

static void kunit_stream_free(struct kunit_resource *res)
{
	struct kunit_stream *stream = res->data;

	/* Text added for a message that was never printed: it is not lost. */
	if (!string_stream_is_empty(stream->internal_stream)) {
		kunit_err(stream->test,
			  "kunit_stream: the case ended with text never committed; it follows");
		if (!READ_ONCE(stream->level))
			kunit_stream_set_level(stream, KERN_ERR);
		kunit_stream_commit(stream);
	}
	string_stream_put(stream->internal_stream);
	kfree(stream);
}

/**
 * kunit_new_stream() - start a message for a test case
 * @test: the running test; the stream is freed when its case ends.
 *
 * Return: the stream, or NULL without memory.
 */
struct kunit_stream *kunit_new_stream(struct kunit *test)
{
	return kunit_alloc_resource(test, kunit_stream_init, kunit_stream_free,
				    GFP_KERNEL, test);
}
EXPORT_SYMBOL_GPL(kunit_new_stream);

/**
 * kunit_stream_set_level() - choose the printk level of the message
 * @stream: the stream.
 * @level: KERN_INFO, KERN_ERR...; a message committed without a level is
 *	   printed at KERN_ERR.
 */
void kunit_stream_set_level(struct kunit_stream *stream, const char *level)
{
	if (!stream)
		return;
	WRITE_ONCE(stream->level, level);
}
EXPORT_SYMBOL_GPL(kunit_stream_set_level);

/**
 * kunit_stream_add() - append formatted text to the message
 * @stream: the stream.
 * @fmt: printf-style format.
 * @...: arguments for @fmt.
 *
 * Without memory, the test case is told so and the text is lost.
 */
void kunit_stream_add(struct kunit_stream *stream, const char *fmt, ...)
{
	va_list args;
	int err;

	if (!stream)
		return;
	va_start(args, fmt);
	err = string_stream_vadd(stream->internal_stream, fmt, args);
	va_end(args);
	if (err)
		kunit_err(stream->test, "kunit_stream: no memory for \"%s\"", fmt);
}
EXPORT_SYMBOL_GPL(kunit_stream_add);

/**
 * kunit_stream_append() - append the text of another message
 * @stream: the stream to append to.
 * @other: the stream whose text is appended; it is not changed.
 */
void kunit_stream_append(struct kunit_stream *stream, struct kunit_stream *other)
{
	if (!stream || !other)
		return;
	if (string_stream_append(stream->internal_stream, other->internal_stream))
		kunit_err(stream->test, "kunit_stream: no memory to append a message");
}
EXPORT_SYMBOL_GPL(kunit_stream_append);

/**
 * kunit_stream_clear() - drop the text of the message
 * @stream: the stream.
 */
void kunit_stream_clear(struct kunit_stream *stream)
{
	if (!stream)
		return;
	string_stream_clear(stream->internal_stream);
}
EXPORT_SYMBOL_GPL(kunit_stream_clear);

/**
 * kunit_stream_commit() - print the message and start a new one
 * @stream: the stream.
 *
 * Each line prints as a diagnostic of the test case, "    # <case>: line",
 * at the stream's level; the stream is then empty.
 */
void kunit_stream_commit(struct kunit_stream *stream)
{
	const char *level;
	const char *line;
	char *buf;
	size_t len;

	if (!stream)
		return;
	level = READ_ONCE(stream->level);
	if (!level) {
		kunit_err(stream->test, "kunit_stream: message committed without a level");
		level = KERN_ERR;
	}
	buf = string_stream_get_string(stream->internal_stream);
	if (!buf) {
		kunit_err(stream->test, "kunit_stream: no memory to print a message");
		goto clear;
	}
	for (line = buf; *line; line += len + (line[len] == '\n')) {
		len = strcspn(line, "\n");
		kunit_printk(level, stream->test, "%.*s", (int)len, line);
	}
	kfree(buf);
clear:
	kunit_stream_clear(stream);
}
EXPORT_SYMBOL_GPL(kunit_stream_commit);

/**
 * kunit_stream_take_text() - the text of a stream, which is then empty
 * @stream: the stream, or NULL.
 *
 * Return: the text, to kfree(), or NULL without memory or stream.
 */
char *kunit_stream_take_text(struct kunit_stream *stream)
{
	char *text;

	if (!stream)
		return NULL;
	text = string_stream_get_string(stream->internal_stream);
	kunit_stream_clear(stream);
	return text;
}
EXPORT_SYMBOL_GPL(kunit_stream_take_text);

/**
 * kunit_check_start() - start a check explained in a stream
 * @test: the running test.
 * @file: the source file of the check.
 * @line: its line, as a string (__stringify(__LINE__)).
 *
 * What KUNIT_EXPECT_START() and KUNIT_ASSERT_START() call.
 *
 * Return: a stream that remembers where the check is, or NULL without
 * memory (kunit_expect_end() and kunit_assert_end() take NULL).
 */
struct kunit_stream *kunit_check_start(struct kunit *test, const char *file, const char *line)
{
	struct kunit_stream *stream = kunit_new_stream(test);
	int number = 0;

	if (!stream)
		return NULL;
	for (; line && *line >= '0' && *line <= '9' && number < INT_MAX / 10; line++)
		number = number * 10 + (*line - '0');
	stream->file = file;
	stream->line = number;
	return stream;
}
EXPORT_SYMBOL_GPL(kunit_check_start);

/*
 * Ends a check started with kunit_check_start(): a failure goes the way of
 * every failed check, through kunit_do_failed_assertion(), with the
 * stream's text as its explanation.  The stream is left empty either way,
 * and stays the case's: code written for the series may use it again.
 */
static void kunit_check_end(struct kunit *test, enum kunit_assert_type type, bool success,
			    struct kunit_stream *stream)
{
	struct kunit_assert_site site = {
		.file = stream && stream->file ? stream->file : "(unknown file)",
		.line = stream ? stream->line : 0,
		.type = type,
		.format = kunit_stream_assert_format,
	};
	struct kunit_assert failed = { .site = &site, .left = (uintptr_t)stream };

	if (!success)
		kunit_do_failed_assertion(test, &failed, NULL);
	kunit_stream_clear(stream);
	if (!success && type == KUNIT_ASSERTION)
		kunit_try_catch_throw(&test->try_catch);
}

/**
 * kunit_expect_end() - end an expectation started with kunit_expect_start()
 * @test: the running test.
 * @success: whether the expectation holds.
 * @stream: the stream from kunit_expect_start(), or NULL; it is left empty.
 *
 * When @success is false, the case fails, and the stream's text explains
 * why under the "EXPECTATION FAILED at" line.
 */
void kunit_expect_end(struct kunit *test, bool success, struct kunit_stream *stream)
{
	kunit_check_end(test, KUNIT_EXPECTATION, success, stream);
}
EXPORT_SYMBOL_GPL(kunit_expect_end);

/**
 * kunit_assert_end() - end an assertion started with kunit_assert_start()
 * @test: the running test.
 * @success: whether the assertion holds.
 * @stream: the stream from kunit_assert_start(), or NULL; it is left empty.
 *
 * As kunit_expect_end(), and a failure ends the case.
 */
void kunit_assert_end(struct kunit *test, bool success, struct kunit_stream *stream)
{
	kunit_check_end(test, KUNIT_ASSERTION, success, stream);
}
EXPORT_SYMBOL_GPL(kunit_assert_end);
