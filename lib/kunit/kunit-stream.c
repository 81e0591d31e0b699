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
	const char *level = READ_ONCE(stream->level);
	const char *line;
	char *buf;
	size_t len;

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
