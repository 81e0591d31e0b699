// SPDX-License-Identifier: GPL-2.0
/*
 * Explaining failed checks (see <kunit/assert.h>).
 *
 * A formatter writes lines relative to the case's diagnostics: its first
 * line "Expected ...", the operands' values four spaces further in.
 * kunit_do_failed_assertion() prints them under the "FAILED at" line.
 *
 * All of it runs only when a check fails: every function is __cold, so
 * that it is compiled for size, out of the way of the passing path.
 */
#include "tests-only-export.h"
#include <kunit/assert.h>
#include <kunit/string-stream.h>
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>

/* How many rows of 16 bytes a memory check shows of each side. */
#define KUNIT_MEM_ROWS_SHOWN	8
#define KUNIT_MEM_ROW_BYTES	16

/* Appends the test writer's message, if there is one, as lines of its own. */
static void __cold kunit_assert_add_message(const struct va_format *message,
					    struct string_stream *stream)
{
	va_list args;

	if (!message || !message->fmt)
		return;
	va_copy(args, *message->va);
	string_stream_vadd(stream, message->fmt, args);
	va_end(args);
	string_stream_add(stream, "\n");
}

/**
 * kunit_assert_print_msg() - append a message after a newline, as 6.12 does
 * @message: the message; nothing is written when it or its format is NULL.
 * @stream: where to write.
 */
void __cold kunit_assert_print_msg(const struct va_format *message,
				   struct string_stream *stream)
{
	va_list args;

	if (!message || !message->fmt)
		return;
	string_stream_add(stream, "\n");
	va_copy(args, *message->va);
	string_stream_vadd(stream, message->fmt, args);
	va_end(args);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_assert_print_msg);

/**
 * kunit_assert_prologue() - the "FAILED at" line of a check
 * @loc: where the check is.
 * @type: expectation or assertion.
 * @stream: where to write.
 */
void __cold kunit_assert_prologue(const struct kunit_loc *loc, enum kunit_assert_type type,
				  struct string_stream *stream)
{
	string_stream_add(stream, "%s FAILED at %s:%d\n",
			  type == KUNIT_ASSERTION ? "ASSERTION" : "EXPECTATION",
			  loc->file, loc->line);
}
EXPORT_SYMBOL_GPL(kunit_assert_prologue);

/*
 * A check built by hand in 6.12's layout has no site (see <kunit/assert.h>):
 * its formatter describes it in a &struct kunit_assert_parts on its stack,
 * and goes on as for a check of the macros.
 */
struct kunit_assert_parts {
	struct kunit_assert_site site;
	struct kunit_assert assert;
};

static const struct kunit_assert *__cold
kunit_assert_from_parts(struct kunit_assert_parts *parts, const char *left_text,
			const char *operation, const char *right_text,
			u64 left, u64 right, size_t size)
{
	memset(parts, 0, sizeof(*parts));
	/* A text left NULL prints as 6.12's %s prints it. */
	parts->site.left_text = left_text ?: "(null)";
	parts->site.operation = operation ?: "(null)";
	parts->site.right_text = right_text ?: "(null)";
	/* 6.12 keeps integer operands as long long. */
	parts->site.left_size = sizeof(long long);
	parts->site.right_size = sizeof(long long);
	parts->site.left_flags = KUNIT_OPERAND_SIGNED;
	parts->site.right_flags = KUNIT_OPERAND_SIGNED;
	parts->assert.site = &parts->site;
	parts->assert.left = left;
	parts->assert.right = right;
	parts->assert.size = size;
	return &parts->assert;
}

/* A comparison built by hand: its source text and operands. */
static const struct kunit_assert *__cold
kunit_assert_from_text(struct kunit_assert_parts *parts,
		       const struct kunit_binary_assert_text *text, u64 left, u64 right,
		       size_t size)
{
	return kunit_assert_from_parts(parts, text->left_text, text->operation,
				       text->right_text, left, right, size);
}

/**
 * kunit_fail_assert_format() - explain KUNIT_FAIL(): the message alone
 * @assert: the failed check.
 * @message: the message, or NULL.
 * @stream: where to write.
 */
void __cold kunit_fail_assert_format(const struct kunit_assert *assert,
				     const struct va_format *message,
				     struct string_stream *stream)
{
	kunit_assert_add_message(message, stream);
}
EXPORT_SYMBOL_GPL(kunit_fail_assert_format);

/**
 * kunit_unary_assert_format() - explain a failed TRUE or FALSE check
 * @assert: the failed check.
 * @message: the message, or NULL.
 * @stream: where to write.
 */
void __cold kunit_unary_assert_format(const struct kunit_assert *assert,
				      const struct va_format *message,
				      struct string_stream *stream)
{
	const struct kunit_assert_site *site = assert->site;
	struct kunit_assert_parts parts;
	bool wanted_true;

	if (!site) {
		const struct kunit_unary_assert *hand =
			container_of(assert, struct kunit_unary_assert, assert);

		site = kunit_assert_from_parts(&parts, hand->condition, NULL,
					       hand->expected_true ? "true" : "false",
					       0, 0, 0)->site;
	}
	wanted_true = strcmp(site->right_text, "true") == 0;

	string_stream_add(stream, "Expected %s to be %s, but is %s\n", site->left_text,
			  site->right_text, wanted_true ? "false" : "true");
	kunit_assert_add_message(message, stream);
}
EXPORT_SYMBOL_GPL(kunit_unary_assert_format);

/**
 * kunit_ptr_not_err_assert_format() - explain a failed NOT_ERR_OR_NULL check
 * @assert: the failed check.
 * @message: the message, or NULL.
 * @stream: where to write.
 */
void __cold kunit_ptr_not_err_assert_format(const struct kunit_assert *assert,
					    const struct va_format *message,
					    struct string_stream *stream)
{
	struct kunit_assert_parts parts;
	const void *ptr;

	if (!assert->site) {
		const struct kunit_ptr_not_err_assert *hand =
			container_of(assert, struct kunit_ptr_not_err_assert, assert);

		assert = kunit_assert_from_parts(&parts, hand->text, NULL, NULL,
						 (uintptr_t)hand->value, 0, 0);
	}
	ptr = (const void *)(uintptr_t)assert->left;
	if (!ptr)
		string_stream_add(stream, "Expected %s is not null, but is\n",
				  assert->site->left_text);
	else if (IS_ERR(ptr))
		string_stream_add(stream, "Expected %s is not error, but is: %ld\n",
				  assert->site->left_text, PTR_ERR(ptr));
	kunit_assert_add_message(message, stream);
}
EXPORT_SYMBOL_GPL(kunit_ptr_not_err_assert_format);

/* The value as the operand's own type would print it. */
static void __cold kunit_format_int(char *buf, size_t size, u64 value, u8 flags)
{
	if (flags & KUNIT_OPERAND_SIGNED)
		snprintf(buf, size, "%lld", (long long)value);
	else
		snprintf(buf, size, "%llu", (unsigned long long)value);
}

/*
 * Whether the operand's source text is just its value written out: "3",
 * "-1", "0x10", "4096UL".  Such operands need no "x == value" line.
 */
static bool __cold kunit_int_is_literal(const char *text, u64 value, u8 flags)
{
	size_t len = strlen(text);
	unsigned long long parsed = 0;
	const char *p = text;
	char written[24];
	bool negative;
	unsigned int base = 10;

	while (len && strchr("uUlL", text[len - 1]))
		len--;
	if (!len)
		return false;

	kunit_format_int(written, sizeof(written), value, flags);
	if (strlen(written) == len && strncmp(written, text, len) == 0)
		return true;

	negative = *p == '-';
	if (negative)
		p++;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	}
	if (p >= text + len)
		return false;
	for (; p < text + len; p++) {
		unsigned int digit;

		if (*p >= '0' && *p <= '9')
			digit = *p - '0';
		else if (base == 16 && *p >= 'a' && *p <= 'f')
			digit = *p - 'a' + 10;
		else if (base == 16 && *p >= 'A' && *p <= 'F')
			digit = *p - 'A' + 10;
		else
			return false;
		if (digit >= base)
			return false;
		parsed = parsed * base + digit;
	}
	if (negative)
		parsed = -parsed;
	return parsed == value;
}

static u64 __cold kunit_int_mask(u8 size)
{
	return size && size < sizeof(u64) ? (1ULL << (size * 8)) - 1 : ~0ULL;
}

static void __cold kunit_print_int_operand(struct string_stream *stream, const char *text,
					   u64 value, u8 size, u8 flags)
{
	char written[24];

	if (!(flags & KUNIT_OPERAND_SHOWN) && kunit_int_is_literal(text, value, flags))
		return;
	kunit_format_int(written, sizeof(written), value, flags);
	string_stream_add(stream, KUNIT_SUBTEST_INDENT "%s == %s (0x%llx)\n", text, written,
			  (unsigned long long)(value & kunit_int_mask(size)));
}

/*
 * The body of the three comparisons' explanations: the check, then each
 * operand the source text does not already show, then the message.
 */
static void __cold kunit_binary_format(const struct kunit_assert *assert,
				       const struct va_format *message,
				       struct string_stream *stream,
				       void (*print_operand)(struct string_stream *stream,
							     const char *text, u64 value,
							     u8 size, u8 flags))
{
	const struct kunit_assert_site *site = assert->site;

	string_stream_add(stream, "Expected %s %s %s, but\n", site->left_text,
			  site->operation, site->right_text);
	print_operand(stream, site->left_text, assert->left, site->left_size, site->left_flags);
	print_operand(stream, site->right_text, assert->right, site->right_size,
		      site->right_flags);
	kunit_assert_add_message(message, stream);
}

/**
 * kunit_binary_assert_format() - explain a failed comparison of integers
 * @assert: the failed check.
 * @message: the message, or NULL.
 * @stream: where to write.
 */
void __cold kunit_binary_assert_format(const struct kunit_assert *assert,
				       const struct va_format *message,
				       struct string_stream *stream)
{
	struct kunit_assert_parts parts;

	if (!assert->site) {
		const struct kunit_binary_assert *hand =
			container_of(assert, struct kunit_binary_assert, assert);

		assert = kunit_assert_from_text(&parts, hand->text, (u64)hand->left_value,
						(u64)hand->right_value, 0);
		/* 6.12 leaves an operand out only when its text is its value in decimal. */
		if (!is_literal(parts.site.left_text, hand->left_value))
			parts.site.left_flags |= KUNIT_OPERAND_SHOWN;
		if (!is_literal(parts.site.right_text, hand->right_value))
			parts.site.right_flags |= KUNIT_OPERAND_SHOWN;
	}
	kunit_binary_format(assert, message, stream, kunit_print_int_operand);
}
EXPORT_SYMBOL_GPL(kunit_binary_assert_format);

/* Pointers print as the kernel's %px does: zero-padded hex, no "0x". */
static void __cold kunit_print_ptr_operand(struct string_stream *stream, const char *text,
					   u64 value, u8 size, u8 flags)
{
	if (value == 0 && strcmp(text, "NULL") == 0)
		return;
	string_stream_add(stream, KUNIT_SUBTEST_INDENT "%s == %0*llx\n", text,
			  (int)(2 * sizeof(void *)), (unsigned long long)value);
}

/**
 * kunit_binary_ptr_assert_format() - explain a failed comparison of pointers
 * @assert: the failed check.
 * @message: the message, or NULL.
 * @stream: where to write.
 */
void __cold kunit_binary_ptr_assert_format(const struct kunit_assert *assert,
					   const struct va_format *message,
					   struct string_stream *stream)
{
	struct kunit_assert_parts parts;

	if (!assert->site) {
		const struct kunit_binary_ptr_assert *hand =
			container_of(assert, struct kunit_binary_ptr_assert, assert);

		assert = kunit_assert_from_text(&parts, hand->text, (uintptr_t)hand->left_value,
						(uintptr_t)hand->right_value, 0);
	}
	kunit_binary_format(assert, message, stream, kunit_print_ptr_operand);
}
EXPORT_SYMBOL_GPL(kunit_binary_ptr_assert_format);

/**
 * is_literal() - whether @text is @value written in decimal, as 6.12 tells
 * @text: an operand's source text.
 * @value: its value.
 *
 * Return: true for "5" and 5; false for "05", "-0" or "5UL".
 */
bool __cold is_literal(const char *text, long long value)
{
	char written[24];

	snprintf(written, sizeof(written), "%lld", value);
	return strcmp(text, written) == 0;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(is_literal);

/**
 * is_str_literal() - whether @text is the string literal of @value
 * @text: an operand's source text, quotes included.
 * @value: its value; NULL is no literal's.
 *
 * Return: true for "\"abc\"" and "abc"; false for "\"ab\"" and "abc",
 * which 6.12 takes for a literal of "abc" (it compares a prefix).
 */
bool __cold is_str_literal(const char *text, const char *value)
{
	size_t len = strlen(text);

	if (!value)
		return false;
	return len >= 2 && text[0] == '"' && text[len - 1] == '"' &&
	       strlen(value) == len - 2 && strncmp(text + 1, value, len - 2) == 0;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(is_str_literal);

/* As is_str_literal(); a NULL string's literal is NULL. */
static bool __cold kunit_str_is_literal(const char *text, const char *value)
{
	return value ? is_str_literal(text, value) : strcmp(text, "NULL") == 0;
}

static void __cold kunit_print_str_operand(struct string_stream *stream, const char *text,
					   u64 value, u8 size, u8 flags)
{
	const char *str = (const char *)(uintptr_t)value;

	if (!(flags & KUNIT_OPERAND_SHOWN) && kunit_str_is_literal(text, str))
		return;
	if (str)
		string_stream_add(stream, KUNIT_SUBTEST_INDENT "%s == \"%s\"\n", text, str);
	else
		string_stream_add(stream, KUNIT_SUBTEST_INDENT "%s == (null)\n", text);
}

/**
 * kunit_binary_str_assert_format() - explain a failed comparison of strings
 * @assert: the failed check.
 * @message: the message, or NULL.
 * @stream: where to write.
 */
void __cold kunit_binary_str_assert_format(const struct kunit_assert *assert,
					   const struct va_format *message,
					   struct string_stream *stream)
{
	struct kunit_assert_parts parts;

	if (!assert->site) {
		const struct kunit_binary_str_assert *hand =
			container_of(assert, struct kunit_binary_str_assert, assert);

		assert = kunit_assert_from_text(&parts, hand->text, (uintptr_t)hand->left_value,
						(uintptr_t)hand->right_value, 0);
		/* 6.12 leaves an operand out only when is_str_literal() says so. */
		if (!is_str_literal(parts.site.left_text, hand->left_value))
			parts.site.left_flags |= KUNIT_OPERAND_SHOWN;
		if (!is_str_literal(parts.site.right_text, hand->right_value))
			parts.site.right_flags |= KUNIT_OPERAND_SHOWN;
	}
	kunit_binary_format(assert, message, stream, kunit_print_str_operand);
}
EXPORT_SYMBOL_GPL(kunit_binary_str_assert_format);

static bool __cold kunit_mem_row_differs(const u8 *a, const u8 *b, size_t from, size_t to)
{
	return memcmp(a + from, b + from, to - from) != 0;
}

/* Prints one row of @mine from @row to @end, bytes that differ from @theirs in < >. */
static void __cold kunit_print_mem_row(struct string_stream *stream, const u8 *mine,
				       const u8 *theirs, size_t row, size_t end)
{
	size_t i;

	string_stream_add(stream, KUNIT_SUBTEST_INDENT "%04zx:", row);
	for (i = row; i < end; i++) {
		if (mine[i] != theirs[i])
			string_stream_add(stream, " <%02x>", mine[i]);
		else
			string_stream_add(stream, " %02x", mine[i]);
	}
	string_stream_add(stream, "\n");
}

/*
 * Prints rows of 16 bytes of @mine, each byte that differs from @theirs
 * between < >.  Only rows with a difference are shown, or the first rows
 * when the two are equal (a failed MEMNEQ).
 */
static void __cold kunit_print_mem_rows(struct string_stream *stream, const u8 *mine,
					const u8 *theirs, size_t size, bool equal)
{
	unsigned int shown = 0;
	size_t row, end;

	for (row = 0; row < size; row += KUNIT_MEM_ROW_BYTES) {
		end = min_t(size_t, row + KUNIT_MEM_ROW_BYTES, size);
		if (!equal && !kunit_mem_row_differs(mine, theirs, row, end))
			continue;
		if (shown == KUNIT_MEM_ROWS_SHOWN) {
			string_stream_add(stream, KUNIT_SUBTEST_INDENT "...\n");
			return;
		}
		kunit_print_mem_row(stream, mine, theirs, row, end);
		shown++;
	}
}

/**
 * kunit_assert_hexdump() - every row of @buf, bytes unlike @compared_buf in < >
 * @stream: where to write.
 * @buf: the bytes shown.
 * @compared_buf: the bytes they are compared with.
 * @len: bytes in each.
 */
void __cold kunit_assert_hexdump(struct string_stream *stream, const void *buf,
				 const void *compared_buf, const size_t len)
{
	size_t row;

	for (row = 0; row < len; row += KUNIT_MEM_ROW_BYTES)
		kunit_print_mem_row(stream, buf, compared_buf, row,
				    min_t(size_t, row + KUNIT_MEM_ROW_BYTES, len));
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_assert_hexdump);

/**
 * kunit_mem_assert_format() - explain a failed comparison of memory
 * @assert: the failed check.
 * @message: the message, or NULL.
 * @stream: where to write.
 */
void __cold kunit_mem_assert_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *stream)
{
	const struct kunit_assert_site *site = assert->site;
	struct kunit_assert_parts parts;
	const u8 *left, *right;

	if (!site) {
		const struct kunit_mem_assert *hand =
			container_of(assert, struct kunit_mem_assert, assert);

		assert = kunit_assert_from_parts(&parts, hand->text->left_text,
						 hand->text->operation, hand->text->right_text,
						 (uintptr_t)hand->left_value,
						 (uintptr_t)hand->right_value, hand->size);
		site = assert->site;
	}
	left = (const u8 *)(uintptr_t)assert->left;
	right = (const u8 *)(uintptr_t)assert->right;
	if (!left || !right) {
		/* As NOT_ERR_OR_NULL says it: the first operand that is NULL. */
		string_stream_add(stream, "Expected %s is not null, but is\n",
				  left ? site->right_text : site->left_text);
	} else {
		bool equal = memcmp(left, right, assert->size) == 0;

		string_stream_add(stream, "Expected %s %s %s, but\n", site->left_text,
				  site->operation, site->right_text);
		string_stream_add(stream, KUNIT_SUBTEST_INDENT "%s ==\n", site->left_text);
		kunit_print_mem_rows(stream, left, right, assert->size, equal);
		string_stream_add(stream, KUNIT_SUBTEST_INDENT "%s ==\n", site->right_text);
		kunit_print_mem_rows(stream, right, left, assert->size, equal);
	}
	kunit_assert_add_message(message, stream);
}
EXPORT_SYMBOL_GPL(kunit_mem_assert_format);

/* Appends @text, ended by a newline if it is not. */
static void __cold kunit_assert_print_text(struct string_stream *stream, const char *text)
{
	size_t len = text ? strlen(text) : 0;

	if (!len)
		return;
	string_stream_add(stream, "%s%s", text, text[len - 1] == '\n' ? "" : "\n");
}

/**
 * kunit_message_assert_format() - explain KUNIT_EXPECT(): its message
 * @assert: the failed check; @assert->left points to the message.
 * @message: the formatted message of KUNIT_EXPECT_MSG(), or NULL.
 * @stream: where to write.
 *
 * The series made the message the format of a printf without arguments:
 * "%%" is one "%", and a conversion that would read an argument (which
 * there never was) is printed as written.  The formatted message follows
 * on the same line, as in the series.
 */
void __cold kunit_message_assert_format(const struct kunit_assert *assert,
					const struct va_format *message,
					struct string_stream *stream)
{
	const char *text = (const char *)(uintptr_t)assert->left;
	const char *percent;
	bool line_ended = false;
	va_list args;

	if (text && *text)
		line_ended = text[strlen(text) - 1] == '\n';
	while (text && *text) {
		percent = strstr(text, "%%");
		if (!percent) {
			string_stream_add(stream, "%s", text);
			break;
		}
		string_stream_add(stream, "%.*s%%", (int)(percent - text), text);
		text = percent + 2;
	}
	if (message && message->fmt && *message->fmt) {
		va_copy(args, *message->va);
		string_stream_vadd(stream, message->fmt, args);
		va_end(args);
		line_ended = message->fmt[strlen(message->fmt) - 1] == '\n';
	}
	if (!line_ended)
		string_stream_add(stream, "\n");
}
EXPORT_SYMBOL_GPL(kunit_message_assert_format);

/**
 * kunit_stream_assert_format() - explain KUNIT_EXPECT_END(): its stream
 * @assert: the failed check; @assert->left points to the &struct
 *	    kunit_stream, whose text is taken.
 * @message: unused: the stream holds the whole explanation.
 * @stream: where to write.
 */
void __cold kunit_stream_assert_format(const struct kunit_assert *assert,
				       const struct va_format *message,
				       struct string_stream *stream)
{
	struct kunit_stream *explanation = (struct kunit_stream *)(uintptr_t)assert->left;
	char *text = kunit_stream_take_text(explanation);

	if (!text) {
		string_stream_add(stream, "(no memory for the explanation)\n");
		return;
	}
	kunit_assert_print_text(stream, text);
	kfree(text);
}
EXPORT_SYMBOL_GPL(kunit_stream_assert_format);

/**
 * kunit_do_failed_assertion() - report a failed check and fail the case
 * @test: the running test.
 * @assert: the check, with its operands' values.
 * @fmt: the test writer's printf-style message, or NULL.
 * @...: arguments for @fmt.
 *
 * Called out of line by the check macros only when a check fails.  An
 * assertion's caller then ends the case.
 */
void __cold kunit_do_failed_assertion(struct kunit *test, const struct kunit_assert *assert,
				      const char *fmt, ...)
{
	const struct kunit_assert_site *site = assert->site;
	struct string_stream *stream;
	struct va_format message;
	va_list args;
	char *text;

	kunit_set_failure(test);
	if (!site) {
		/* A check built by hand names no place and no formatter. */
		kunit_err(test, "EXPECTATION FAILED at an unknown place: a check with no site");
		return;
	}
	kunit_err(test, "%s FAILED at %s:%d",
		  site->type == KUNIT_ASSERTION ? "ASSERTION" : "EXPECTATION",
		  site->file, site->line);

	stream = new_string_stream();
	if (!stream) {
		kunit_err(test, "(no memory to describe the failure)");
		return;
	}
	va_start(args, fmt);
	message.fmt = fmt;
	message.va = &args;
	site->format(assert, fmt ? &message : NULL, stream);
	va_end(args);

	text = string_stream_get_string(stream);
	if (text && text[0])
		kunit_log(KERN_ERR, test, KUNIT_SUBTEST_INDENT "# %s", text);
	else if (!text)
		kunit_err(test, "(no memory to describe the failure)");
	kfree(text);
	string_stream_put(stream);
}
EXPORT_SYMBOL_GPL(kunit_do_failed_assertion);
