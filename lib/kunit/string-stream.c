// SPDX-License-Identifier: GPL-2.0
/*
 * string_stream: a growing string (see <kunit/string-stream.h>).
 *
 * The text lives in a single buffer that is formatted into directly and
 * doubles when it is too small, so that adding text seldom allocates and
 * reading it back is one copy.  The lock is never held across an
 * allocation, which may sleep in the kernel.
 */
#include "tests-only-export.h"
#include <kunit/resource.h>
#include <kunit/string-stream.h>
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#define STRING_STREAM_MIN_CAPACITY	128

static struct string_stream *string_stream_create(gfp_t gfp)
{
	struct string_stream *stream = kzalloc(sizeof(*stream), gfp);

	if (!stream)
		return NULL;
	stream->gfp = gfp;
	spin_lock_init(&stream->lock);
	kref_init(&stream->refcount);
	return stream;
}

/**
 * new_string_stream() - create an empty string_stream
 *
 * Return: the stream, holding one reference, or NULL without memory.
 */
struct string_stream *new_string_stream(void)
{
	return string_stream_create(GFP_KERNEL);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(new_string_stream);

/**
 * destroy_string_stream() - free a string_stream at once
 * @stream: the stream, or NULL.
 *
 * Ignores other references; string_stream_put() respects them.
 */
void destroy_string_stream(struct string_stream *stream)
{
	if (!stream)
		return;
	kfree(stream->buf);
	kfree(stream);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(destroy_string_stream);

/**
 * string_stream_get() - take one more reference to a string_stream
 * @stream: the stream.
 */
void string_stream_get(struct string_stream *stream)
{
	kref_get(&stream->refcount);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(string_stream_get);

static void string_stream_release(struct kref *kref)
{
	destroy_string_stream(container_of(kref, struct string_stream, refcount));
}

/**
 * string_stream_put() - give back a reference to a string_stream
 * @stream: the stream; freed with its last reference.
 *
 * Return: 1 if the stream was freed, 0 otherwise.
 */
int string_stream_put(struct string_stream *stream)
{
	return kref_put(&stream->refcount, string_stream_release);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(string_stream_put);

static int string_stream_init_resource(struct kunit_resource *res, void *context)
{
	const gfp_t *gfp = context;

	res->data = string_stream_create(*gfp);
	return res->data ? 0 : -ENOMEM;
}

static void string_stream_free_resource(struct kunit_resource *res)
{
	string_stream_put(res->data);
}

/**
 * alloc_string_stream() - create a string_stream that the test releases
 * @test: the test; the stream is put when its case ends.
 * @gfp: allocation flags for the stream and its text.
 *
 * Return: the stream, or NULL without memory.
 */
struct string_stream *alloc_string_stream(struct kunit *test, gfp_t gfp)
{
	return kunit_alloc_resource(test, string_stream_init_resource,
				    string_stream_free_resource, gfp, &gfp);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(alloc_string_stream);

/**
 * kunit_alloc_string_stream() - alloc_string_stream(), as 6.12 names it
 * @test: the test; the stream is put when its case ends.
 * @gfp: allocation flags for the stream and its text.
 *
 * Return: the stream, or ERR_PTR(-ENOMEM).
 */
struct string_stream *kunit_alloc_string_stream(struct kunit *test, gfp_t gfp)
{
	struct string_stream *stream = alloc_string_stream(test, gfp);

	return stream ?: ERR_PTR(-ENOMEM);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_alloc_string_stream);

/**
 * kunit_free_string_stream() - put a stream of @test before its case ends
 * @test: the test that allocated @stream.
 * @stream: from kunit_alloc_string_stream() or alloc_string_stream().
 */
void kunit_free_string_stream(struct kunit *test, struct string_stream *stream)
{
	kunit_destroy_resource(test, kunit_resource_data_match, stream);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_free_string_stream);

/* Makes the buffer hold at least @needed bytes; never shrinks it. */
static int string_stream_reserve(struct string_stream *stream, size_t needed)
{
	size_t capacity = STRING_STREAM_MIN_CAPACITY;
	unsigned long flags;
	char *old, *new;

	while (capacity < needed)
		capacity *= 2;
	/*
	 * A log past the page allocator's largest block fails here, quietly:
	 * the text that cannot be kept is lost to the stream, not the test's
	 * verdict (the console has it), and a WARNING would fail the case.
	 */
	new = kmalloc(capacity, stream->gfp | __GFP_NOWARN);
	if (!new)
		return -ENOMEM;

	spin_lock_irqsave(&stream->lock, flags);
	if (stream->capacity >= capacity) {
		/* Another writer grew it meanwhile. */
		spin_unlock_irqrestore(&stream->lock, flags);
		kfree(new);
		return 0;
	}
	if (stream->buf)
		memcpy(new, stream->buf, stream->length + 1);
	else
		new[0] = '\0';
	old = stream->buf;
	stream->buf = new;
	stream->capacity = capacity;
	spin_unlock_irqrestore(&stream->lock, flags);

	kfree(old);
	return 0;
}

/**
 * string_stream_vadd() - append formatted text
 * @stream: the stream.
 * @fmt: printf-style format.
 * @args: arguments for @fmt.
 *
 * Return: 0, or -ENOMEM, in which case the stream is unchanged.
 */
int string_stream_vadd(struct string_stream *stream, const char *fmt, va_list args)
{
	unsigned long flags;
	size_t room;
	va_list copy;
	int len;

	for (;;) {
		spin_lock_irqsave(&stream->lock, flags);
		room = stream->capacity - stream->length;
		va_copy(copy, args);
		len = vsnprintf(room ? stream->buf + stream->length : NULL, room, fmt, copy);
		va_end(copy);
		if (len < 0) {
			if (room)
				stream->buf[stream->length] = '\0';
			spin_unlock_irqrestore(&stream->lock, flags);
			return -EINVAL;
		}
		if ((size_t)len < room) {
			stream->length += len;
			spin_unlock_irqrestore(&stream->lock, flags);
			return 0;
		}
		/* Too long: undo the cut-short copy and grow the buffer. */
		if (room)
			stream->buf[stream->length] = '\0';
		room = stream->length + len + 1;
		spin_unlock_irqrestore(&stream->lock, flags);

		if (string_stream_reserve(stream, room))
			return -ENOMEM;
	}
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(string_stream_vadd);

/**
 * string_stream_add() - append formatted text
 * @stream: the stream.
 * @fmt: printf-style format.
 * @...: arguments for @fmt.
 *
 * Return: 0, or -ENOMEM, in which case the stream is unchanged.
 */
int string_stream_add(struct string_stream *stream, const char *fmt, ...)
{
	va_list args;
	int ret;

	va_start(args, fmt);
	ret = string_stream_vadd(stream, fmt, args);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(string_stream_add);

/**
 * string_stream_get_string() - copy out the text of a string_stream
 * @stream: the stream.
 *
 * Return: a NUL-terminated copy for the caller to kfree(), or NULL without
 * memory.
 */
char *string_stream_get_string(struct string_stream *stream)
{
	unsigned long flags;
	size_t length;
	char *copy;

	for (;;) {
		length = string_stream_length(stream);
		copy = kmalloc(length + 1, stream->gfp | __GFP_NOWARN);
		if (!copy)
			return NULL;

		spin_lock_irqsave(&stream->lock, flags);
		if (stream->length == length) {
			if (length)
				memcpy(copy, stream->buf, length);
			copy[length] = '\0';
			spin_unlock_irqrestore(&stream->lock, flags);
			return copy;
		}
		/* It changed while the copy was allocated: try again. */
		spin_unlock_irqrestore(&stream->lock, flags);
		kfree(copy);
	}
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(string_stream_get_string);

/**
 * string_stream_append() - append the text of another string_stream
 * @stream: the stream to append to.
 * @other: the stream whose text is appended; it is not changed.
 *
 * Return: 0, or -ENOMEM, in which case @stream is unchanged.
 */
int string_stream_append(struct string_stream *stream, struct string_stream *other)
{
	char *text = string_stream_get_string(other);
	int ret;

	if (!text)
		return -ENOMEM;
	ret = string_stream_add(stream, "%s", text);
	kfree(text);
	return ret;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(string_stream_append);

/**
 * string_stream_clear() - empty a string_stream
 * @stream: the stream.
 *
 * The buffer is kept for the text to come.
 */
void string_stream_clear(struct string_stream *stream)
{
	unsigned long flags;

	spin_lock_irqsave(&stream->lock, flags);
	stream->length = 0;
	if (stream->buf)
		stream->buf[0] = '\0';
	spin_unlock_irqrestore(&stream->lock, flags);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(string_stream_clear);

/**
 * string_stream_length() - how much text a string_stream holds
 * @stream: the stream.
 *
 * Return: the length in bytes, without a terminator.
 */
size_t string_stream_length(struct string_stream *stream)
{
	unsigned long flags;
	size_t length;

	spin_lock_irqsave(&stream->lock, flags);
	length = stream->length;
	spin_unlock_irqrestore(&stream->lock, flags);
	return length;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(string_stream_length);

/**
 * string_stream_is_empty() - whether a string_stream holds no text
 * @stream: the stream.
 *
 * Return: true if it is empty.
 */
bool string_stream_is_empty(struct string_stream *stream)
{
	return string_stream_length(stream) == 0;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(string_stream_is_empty);
