/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How KUnit describes a failed expectation or assertion.
 *
 * Each KUNIT_EXPECT_*() and KUNIT_ASSERT_*() in a test owns one static,
 * constant &struct kunit_assert_site: where it is, what kind of check it
 * makes and the source text of its operands.  Nothing else is built until
 * the check fails; then the operands' values travel in a &struct
 * kunit_assert to the site's formatter, which writes the explanation.
 */
#ifndef _KUNIT_ASSERT_H
#define _KUNIT_ASSERT_H

#include <linux/types.h>

struct kunit_assert;
struct string_stream;
struct va_format;

/**
 * enum kunit_assert_type - what a failed check does to the test case
 * @KUNIT_ASSERTION: the case fails and stops at once.
 * @KUNIT_EXPECTATION: the case fails and goes on.
 */
enum kunit_assert_type {
	KUNIT_ASSERTION,
	KUNIT_EXPECTATION,
};

/**
 * typedef kunit_assert_format_t - writes the explanation of a failed check
 * @assert: the failed check, with its operands' values.
 * @message: the test writer's message (the _MSG variants), or NULL.
 * @stream: where to write; one line per "\n".
 */
typedef void (*kunit_assert_format_t)(const struct kunit_assert *assert,
				      const struct va_format *message,
				      struct string_stream *stream);

/* Flags of an operand, in &struct kunit_assert_site. */
#define KUNIT_OPERAND_SIGNED	0x1	/* print as a signed number */
#define KUNIT_OPERAND_SHOWN	0x2	/* printed even when it is a literal */

/**
 * struct kunit_assert_site - a check in the source, known at compile time
 * @file: source file of the check.
 * @line: line of the check.
 * @type: expectation or assertion.
 * @format: writes the explanation when the check fails.
 * @left_text: source text of the left operand (or of the condition).
 * @operation: source text of the operator, "==" for instance.
 * @right_text: source text of the right operand.
 * @left_size: sizeof() of the left operand, for integers.
 * @right_size: sizeof() of the right operand, for integers.
 * @left_flags: KUNIT_OPERAND_* flags of the left operand.
 * @right_flags: KUNIT_OPERAND_* flags of the right operand.
 *
 * One constant site exists per KUNIT_EXPECT_*() or KUNIT_ASSERT_*() in the
 * source; the passing path of a check never touches it.
 */
struct kunit_assert_site {
	const char *file;
	int line;
	enum kunit_assert_type type;
	kunit_assert_format_t format;
	const char *left_text;
	const char *operation;
	const char *right_text;
	u8 left_size;
	u8 right_size;
	u8 left_flags;
	u8 right_flags;
};

/**
 * struct kunit_assert - a check that failed, with its operands' values
 * @site: the check in the source.
 * @left: value of the left operand; a pointer for pointer, string and
 *	  memory checks; the message of KUNIT_EXPECT(); the stream of
 *	  KUNIT_EXPECT_END().
 * @right: value of the right operand, likewise.
 * @size: number of bytes compared by a memory check.
 */
struct kunit_assert {
	const struct kunit_assert_site *site;
	u64 left;
	u64 right;
	size_t size;
};

void kunit_fail_assert_format(const struct kunit_assert *assert,
			      const struct va_format *message,
			      struct string_stream *stream);
void kunit_unary_assert_format(const struct kunit_assert *assert,
			       const struct va_format *message,
			       struct string_stream *stream);
void kunit_ptr_not_err_assert_format(const struct kunit_assert *assert,
				     const struct va_format *message,
				     struct string_stream *stream);
void kunit_binary_assert_format(const struct kunit_assert *assert,
				const struct va_format *message,
				struct string_stream *stream);
void kunit_binary_ptr_assert_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *stream);
void kunit_binary_str_assert_format(const struct kunit_assert *assert,
				    const struct va_format *message,
				    struct string_stream *stream);
void kunit_message_assert_format(const struct kunit_assert *assert,
				 const struct va_format *message,
				 struct string_stream *stream);
void kunit_stream_assert_format(const struct kunit_assert *assert,
				const struct va_format *message,
				struct string_stream *stream);
void kunit_mem_assert_format(const struct kunit_assert *assert,
			     const struct va_format *message,
			     struct string_stream *stream);

/*
 * 6.12's spellings, for code that builds a failed check by hand and hands
 * it to a formatter (6.12's lib/kunit/assert_test.c does): a &struct
 * kunit_assert with no @site is the first member of the struct named for
 * its formatter below, which reads the operands from there.  The check
 * macros never build these.
 */

/**
 * struct kunit_loc - a place in the source, as 6.12 names it
 * @line: line number.
 * @file: file name.
 */
struct kunit_loc {
	int line;
	const char *file;
};

#define KUNIT_CURRENT_LOC { .file = __FILE__, .line = __LINE__ }

/* 6.12's name for the formatter type. */
#define assert_format_t kunit_assert_format_t

/**
 * struct kunit_binary_assert_text - source text of a comparison
 * @operation: the operator, "==" for instance.
 * @left_text: the left operand.
 * @right_text: the right operand.
 */
struct kunit_binary_assert_text {
	const char *operation;
	const char *left_text;
	const char *right_text;
};

/**
 * struct kunit_fail_assert - KUNIT_FAIL() built by hand
 * @assert: with no site.
 */
struct kunit_fail_assert {
	struct kunit_assert assert;
};

/**
 * struct kunit_unary_assert - a TRUE or FALSE check built by hand
 * @assert: with no site.
 * @condition: source text of the condition.
 * @expected_true: true for a TRUE check.
 */
struct kunit_unary_assert {
	struct kunit_assert assert;
	const char *condition;
	bool expected_true;
};

/**
 * struct kunit_ptr_not_err_assert - a NOT_ERR_OR_NULL check built by hand
 * @assert: with no site.
 * @text: source text of the pointer.
 * @value: the pointer.
 */
struct kunit_ptr_not_err_assert {
	struct kunit_assert assert;
	const char *text;
	const void *value;
};

/**
 * struct kunit_binary_assert - a comparison of integers built by hand
 * @assert: with no site.
 * @text: source text of the operands and operator.
 * @left_value: the left operand's value.
 * @right_value: the right operand's value.
 */
struct kunit_binary_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	long long left_value;
	long long right_value;
};

/**
 * struct kunit_binary_ptr_assert - a comparison of pointers built by hand
 * @assert: with no site.
 * @text: source text of the operands and operator.
 * @left_value: the left pointer.
 * @right_value: the right pointer.
 */
struct kunit_binary_ptr_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	const void *left_value;
	const void *right_value;
};

/**
 * struct kunit_binary_str_assert - a comparison of strings built by hand
 * @assert: with no site.
 * @text: source text of the operands and operator.
 * @left_value: the left string.
 * @right_value: the right string.
 */
struct kunit_binary_str_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	const char *left_value;
	const char *right_value;
};

/**
 * struct kunit_mem_assert - a comparison of memory built by hand
 * @assert: with no site.
 * @text: source text of the operands and operator.
 * @left_value: the left block.
 * @right_value: the right block.
 * @size: bytes compared.
 */
struct kunit_mem_assert {
	struct kunit_assert assert;
	const struct kunit_binary_assert_text *text;
	const void *left_value;
	const void *right_value;
	const size_t size;
};

void kunit_assert_prologue(const struct kunit_loc *loc, enum kunit_assert_type type,
			   struct string_stream *stream);
void kunit_assert_print_msg(const struct va_format *message, struct string_stream *stream);
bool is_literal(const char *text, long long value);
bool is_str_literal(const char *text, const char *value);
void kunit_assert_hexdump(struct string_stream *stream, const void *buf,
			  const void *compared_buf, const size_t len);

#endif /* _KUNIT_ASSERT_H */
