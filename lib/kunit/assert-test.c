// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit's tests of its own checks: every KUNIT_EXPECT_*() and
 * KUNIT_ASSERT_*() passes when it should, fails when it should, stops the
 * case exactly when it is an assertion, evaluates its operands once, and
 * explains a failure with the exact lines shown here.
 */
#include <kunit/test.h>
#include <kunit/visibility.h>

#include <linux/kernel.h>
#include <linux/string.h>

#include "fake-test.h"

/* Operands the compiler cannot fold away. */
static int three = 3;
static int minus_one = -1;
static u64 u64_max = U64_MAX;
static const char *abc = "abc";
static const char *null_str;
static const void *ptr_1234 = (const void *)0x1234;
static const void *null_ptr;
static const u8 mem_a[4] = { 1, 2, 3, 4 };
static const u8 mem_b[4] = { 1, 2, 9, 4 };
static u8 mem_long_a[40];
static u8 mem_long_b[40];

/* Set by each check function: the line of its check, and how far it got. */
static int check_line;
static bool check_reached_end;

#define AT_LINE(check) do { check_line = __LINE__; check; } while (0)

/* "00000000000001234" as %px prints 0x1234, for this word size. */
#define PTR_1234_TEXT	(sizeof(void *) == 8 ? "0000000000001234" : "00001234")
#define PTR_NULL_TEXT	(sizeof(void *) == 8 ? "0000000000000000" : "00000000")

/*
 * Four check functions per check: EXPECT and ASSERT, each with and
 * without a message.  @family is the part after KUNIT_EXPECT_ and the
 * operands follow it.
 */
#define DEFINE_CHECKS(family, ...)					\
static void check_expect_##family(struct kunit *fake)			\
{									\
	AT_LINE(KUNIT_EXPECT_##family(fake, __VA_ARGS__));		\
	check_reached_end = true;					\
}									\
static void check_expect_##family##_msg(struct kunit *fake)		\
{									\
	AT_LINE(KUNIT_EXPECT_##family##_MSG(fake, __VA_ARGS__, "note %d", 42)); \
	check_reached_end = true;					\
}									\
static void check_assert_##family(struct kunit *fake)			\
{									\
	AT_LINE(KUNIT_ASSERT_##family(fake, __VA_ARGS__));		\
	check_reached_end = true;					\
}									\
static void check_assert_##family##_msg(struct kunit *fake)		\
{									\
	AT_LINE(KUNIT_ASSERT_##family##_MSG(fake, __VA_ARGS__, "note %d", 42)); \
	check_reached_end = true;					\
}

typedef void (*check_fn)(struct kunit *fake);

/**
 * struct check_family - the four forms of one check, and how they fail
 * @name: the check, as in KUNIT_EXPECT_<name>().
 * @code: the EXPECT, EXPECT_MSG, ASSERT and ASSERT_MSG forms.
 * @body: the lines after the "FAILED at" line; may hold %s for pointers.
 */
struct check_family {
	const char *name;
	check_fn code[4];
	const char *body;
};

#define CHECK_FAMILY(family, text)					\
	{ #family, { check_expect_##family, check_expect_##family##_msg,	\
		     check_assert_##family, check_assert_##family##_msg }, text }

/**
 * struct failing_check - a check that must fail, and how
 * @name: the check, for the parameter's name.
 * @code: runs the check against a fake test.
 * @kind: "EXPECTATION" or "ASSERTION".
 * @body: the expected lines after the "FAILED at" line; may hold %s.
 */
struct failing_check {
	char name[40];
	void (*code)(struct kunit *fake);
	const char *kind;
	char body[512];
};

/* What the _MSG forms add to a failure. */
#define MSG_LINE	"    # note 42\n"

DEFINE_CHECKS(TRUE, three > 5)
DEFINE_CHECKS(FALSE, three == 3)
DEFINE_CHECKS(EQ, three, 4)
DEFINE_CHECKS(NE, three, 3)
DEFINE_CHECKS(LT, three, 2)
DEFINE_CHECKS(LE, three, 2)
DEFINE_CHECKS(GT, three, 3)
DEFINE_CHECKS(GE, three, 4)
DEFINE_CHECKS(PTR_EQ, ptr_1234, null_ptr)
DEFINE_CHECKS(PTR_NE, ptr_1234, ptr_1234)
DEFINE_CHECKS(NULL, ptr_1234)
DEFINE_CHECKS(NOT_NULL, null_ptr)
DEFINE_CHECKS(NOT_ERR_OR_NULL, ERR_PTR(-12))
DEFINE_CHECKS(STREQ, abc, "abd")
DEFINE_CHECKS(STRNEQ, abc, "abc")
DEFINE_CHECKS(MEMEQ, mem_a, mem_b, sizeof(mem_a))
DEFINE_CHECKS(MEMNEQ, mem_a, mem_a, sizeof(mem_a))

static void check_eq_negative(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_EQ(fake, minus_one, 1));
	check_reached_end = true;
}

static void check_eq_u64_max(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_EQ(fake, u64_max, 0));
	check_reached_end = true;
}

static void check_eq_two_expressions(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_EQ(fake, three + 1, minus_one * 2));
	check_reached_end = true;
}

static void check_eq_hex_literal(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_EQ(fake, three, 0x10));
	check_reached_end = true;
}

static void check_streq_null(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_STREQ(fake, null_str, abc));
	check_reached_end = true;
}

static void check_not_err_or_null_null(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_NOT_ERR_OR_NULL(fake, null_ptr));
	check_reached_end = true;
}

static void check_memeq_null(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_MEMEQ(fake, mem_a, null_ptr, sizeof(mem_a)));
	check_reached_end = true;
}

static void check_memeq_rows(struct kunit *fake)
{
	memset(mem_long_a, 0, sizeof(mem_long_a));
	memset(mem_long_b, 0, sizeof(mem_long_b));
	mem_long_b[1] = 0xff;
	mem_long_b[33] = 0xaa;
	AT_LINE(KUNIT_EXPECT_MEMEQ(fake, mem_long_a, mem_long_b, sizeof(mem_long_a)));
	check_reached_end = true;
}

static void check_fail(struct kunit *fake)
{
	AT_LINE(KUNIT_FAIL(fake, "went wrong: %d", 7));
	check_reached_end = true;
}

static void check_fail_null_format(struct kunit *fake)
{
	AT_LINE(KUNIT_FAIL(fake, NULL));
	check_reached_end = true;
}

static void check_fail_and_abort(struct kunit *fake)
{
	AT_LINE(KUNIT_FAIL_AND_ABORT(fake, "stop here"));
	check_reached_end = true;
}

static void check_assert_failure(struct kunit *fake)
{
	AT_LINE(KUNIT_ASSERT_FAILURE(fake, "stop here"));
	check_reached_end = true;
}

static void check_multi_line_message(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_EQ_MSG(fake, three, 4, "first\nsecond"));
	check_reached_end = true;
}

/* The original series' lower-level checks. */
static void check_seed_expect(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT(fake, three > 5, "three is small"));
	check_reached_end = true;
}

static void check_seed_expect_msg(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_MSG(fake, three > 5, "three is small\n", "it is %d", three));
	check_reached_end = true;
}

static void check_seed_assert(struct kunit *fake)
{
	AT_LINE(KUNIT_ASSERT(fake, three > 5, "three is small"));
	check_reached_end = true;
}

static void check_seed_assert_msg(struct kunit *fake)
{
	AT_LINE(KUNIT_ASSERT_MSG(fake, three > 5, "three is small\n", "it is %d", three));
	check_reached_end = true;
}

static void check_seed_expect_binary(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_BINARY(fake, three, <, 2));
	check_reached_end = true;
}

static void check_seed_expect_binary_msg(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_BINARY_MSG(fake, three, <, 2, "note %d", 42));
	check_reached_end = true;
}

static void check_seed_assert_binary(struct kunit *fake)
{
	AT_LINE(KUNIT_ASSERT_BINARY(fake, minus_one, >=, 0));
	check_reached_end = true;
}

static void check_seed_assert_binary_msg(struct kunit *fake)
{
	AT_LINE(KUNIT_ASSERT_BINARY_MSG(fake, minus_one, >=, 0, "note %d", 42));
	check_reached_end = true;
}

static void check_seed_expect_stream(struct kunit *fake)
{
	struct kunit_stream *stream;

	AT_LINE(stream = KUNIT_EXPECT_START(fake));
	kunit_stream_add(stream, "three is %d,\n", three);
	kunit_stream_add(stream, "not more than 5");
	KUNIT_EXPECT_END(fake, three > 5, stream);
	check_reached_end = true;
}

/* The series' message is a format without arguments: "%%" is one "%". */
static void check_seed_expect_percent(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT(fake, three > 5, "100%% of three is %d"));
	check_reached_end = true;
}

/* The formatted message follows the message on its line, as in the series. */
static void check_seed_expect_msg_joined(struct kunit *fake)
{
	AT_LINE(KUNIT_EXPECT_MSG(fake, three > 5, "three is ", "%d", three));
	check_reached_end = true;
}

/* A stream ended once is empty and can be used again, as in the series. */
static void check_seed_stream_reused(struct kunit *fake)
{
	struct kunit_stream *stream;

	AT_LINE(stream = KUNIT_EXPECT_START(fake));
	kunit_stream_add(stream, "first");
	KUNIT_EXPECT_END(fake, true, stream);
	kunit_stream_add(stream, "second");
	KUNIT_EXPECT_END(fake, false, stream);
	check_reached_end = true;
}

static void check_seed_assert_stream(struct kunit *fake)
{
	struct kunit_stream *stream;

	AT_LINE(stream = KUNIT_ASSERT_START(fake));
	kunit_stream_add(stream, "three is %d", three);
	KUNIT_ASSERT_END(fake, three > 5, stream);
	check_reached_end = true;
}

static const struct check_family check_families[] = {
	CHECK_FAMILY(TRUE, "    # Expected three > 5 to be true, but is false\n"),
	CHECK_FAMILY(FALSE, "    # Expected three == 3 to be false, but is true\n"),
	CHECK_FAMILY(EQ, "    # Expected three == 4, but\n    #     three == 3 (0x3)\n"),
	CHECK_FAMILY(NE, "    # Expected three != 3, but\n    #     three == 3 (0x3)\n"),
	CHECK_FAMILY(LT, "    # Expected three < 2, but\n    #     three == 3 (0x3)\n"),
	CHECK_FAMILY(LE, "    # Expected three <= 2, but\n    #     three == 3 (0x3)\n"),
	CHECK_FAMILY(GT, "    # Expected three > 3, but\n    #     three == 3 (0x3)\n"),
	CHECK_FAMILY(GE, "    # Expected three >= 4, but\n    #     three == 3 (0x3)\n"),
	CHECK_FAMILY(PTR_EQ, "    # Expected ptr_1234 == null_ptr, but\n"
			       "    #     ptr_1234 == %s\n"
			       "    #     null_ptr == %s\n"),
	CHECK_FAMILY(PTR_NE, "    # Expected ptr_1234 != ptr_1234, but\n"
			       "    #     ptr_1234 == %s\n"
			       "    #     ptr_1234 == %s\n"),
	CHECK_FAMILY(NULL, "    # Expected ptr_1234 == NULL, but\n"
			     "    #     ptr_1234 == %s\n"),
	CHECK_FAMILY(NOT_NULL, "    # Expected null_ptr != NULL, but\n"
				 "    #     null_ptr == %s\n"),
	/* DEFINE_CHECKS() passes its operands on, so -ENOMEM is expanded. */
	CHECK_FAMILY(NOT_ERR_OR_NULL,
		     "    # Expected ERR_PTR(-12) is not error, but is: -12\n"),
	CHECK_FAMILY(STREQ, "    # Expected abc == \"abd\", but\n    #     abc == \"abc\"\n"),
	CHECK_FAMILY(STRNEQ, "    # Expected abc != \"abc\", but\n    #     abc == \"abc\"\n"),
	CHECK_FAMILY(MEMEQ, "    # Expected mem_a == mem_b, but\n"
			      "    #     mem_a ==\n"
			      "    #     0000: 01 02 <03> 04\n"
			      "    #     mem_b ==\n"
			      "    #     0000: 01 02 <09> 04\n"),
	CHECK_FAMILY(MEMNEQ, "    # Expected mem_a != mem_a, but\n"
			       "    #     mem_a ==\n"
			       "    #     0000: 01 02 03 04\n"
			       "    #     mem_a ==\n"
			       "    #     0000: 01 02 03 04\n"),
};

/**
 * struct single_check - a failing check outside the families
 * @name: the case, for the parameter's name.
 * @code: runs the check against a fake test.
 * @kind: "EXPECTATION" or "ASSERTION".
 * @body: the lines after the "FAILED at" line.
 */
struct single_check {
	const char *name;
	void (*code)(struct kunit *fake);
	const char *kind;
	const char *body;
};

static const struct single_check single_checks[] = {
	{ "EQ_negative", check_eq_negative, "EXPECTATION",
	  "    # Expected minus_one == 1, but\n    #     minus_one == -1 (0xffffffff)\n" },
	{ "EQ_u64_max", check_eq_u64_max, "EXPECTATION",
	  "    # Expected u64_max == 0, but\n"
	  "    #     u64_max == 18446744073709551615 (0xffffffffffffffff)\n" },
	{ "EQ_two_expressions", check_eq_two_expressions, "EXPECTATION",
	  "    # Expected three + 1 == minus_one * 2, but\n"
	  "    #     three + 1 == 4 (0x4)\n"
	  "    #     minus_one * 2 == -2 (0xfffffffe)\n" },
	{ "EQ_hex_literal", check_eq_hex_literal, "EXPECTATION",
	  "    # Expected three == 0x10, but\n    #     three == 3 (0x3)\n" },
	{ "STREQ_null", check_streq_null, "EXPECTATION",
	  "    # Expected null_str == abc, but\n"
	  "    #     null_str == (null)\n"
	  "    #     abc == \"abc\"\n" },
	{ "NOT_ERR_OR_NULL_null", check_not_err_or_null_null, "EXPECTATION",
	  "    # Expected null_ptr is not null, but is\n" },
	{ "MEMEQ_null", check_memeq_null, "EXPECTATION",
	  "    # Expected null_ptr is not null, but is\n" },
	{ "MEMEQ_rows", check_memeq_rows, "EXPECTATION",
	  "    # Expected mem_long_a == mem_long_b, but\n"
	  "    #     mem_long_a ==\n"
	  "    #     0000: 00 <00> 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n"
	  "    #     0020: 00 <00> 00 00 00 00 00 00\n"
	  "    #     mem_long_b ==\n"
	  "    #     0000: 00 <ff> 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n"
	  "    #     0020: 00 <aa> 00 00 00 00 00 00\n" },
	{ "FAIL", check_fail, "EXPECTATION", "    # went wrong: 7\n" },
	{ "FAIL_null_format", check_fail_null_format, "EXPECTATION", "" },
	{ "FAIL_AND_ABORT", check_fail_and_abort, "ASSERTION", "    # stop here\n" },
	{ "ASSERT_FAILURE", check_assert_failure, "ASSERTION", "    # stop here\n" },
	{ "EXPECT", check_seed_expect, "EXPECTATION", "    # three is small\n" },
	{ "EXPECT_MSG", check_seed_expect_msg, "EXPECTATION",
	  "    # three is small\n    # it is 3\n" },
	{ "ASSERT", check_seed_assert, "ASSERTION", "    # three is small\n" },
	{ "ASSERT_MSG", check_seed_assert_msg, "ASSERTION",
	  "    # three is small\n    # it is 3\n" },
	/* Both operands are shown, literals too, as the original series did. */
	{ "EXPECT_BINARY", check_seed_expect_binary, "EXPECTATION",
	  "    # Expected three < 2, but\n    #     three == 3 (0x3)\n    #     2 == 2 (0x2)\n" },
	{ "EXPECT_BINARY_MSG", check_seed_expect_binary_msg, "EXPECTATION",
	  "    # Expected three < 2, but\n    #     three == 3 (0x3)\n    #     2 == 2 (0x2)\n"
	  MSG_LINE },
	{ "ASSERT_BINARY", check_seed_assert_binary, "ASSERTION",
	  "    # Expected minus_one >= 0, but\n    #     minus_one == -1 (0xffffffff)\n"
	  "    #     0 == 0 (0x0)\n" },
	{ "ASSERT_BINARY_MSG", check_seed_assert_binary_msg, "ASSERTION",
	  "    # Expected minus_one >= 0, but\n    #     minus_one == -1 (0xffffffff)\n"
	  "    #     0 == 0 (0x0)\n" MSG_LINE },
	{ "EXPECT_START_END", check_seed_expect_stream, "EXPECTATION",
	  "    # three is 3,\n    # not more than 5\n" },
	{ "ASSERT_START_END", check_seed_assert_stream, "ASSERTION", "    # three is 3\n" },
	{ "EXPECT_percent", check_seed_expect_percent, "EXPECTATION",
	  "    # 100% of three is %d\n" },
	{ "EXPECT_MSG_joined", check_seed_expect_msg_joined, "EXPECTATION", "    # three is 3\n" },
	{ "START_END_reused", check_seed_stream_reused, "EXPECTATION", "    # second\n" },
	{ "multi_line_message", check_multi_line_message, "EXPECTATION",
	  "    # Expected three == 4, but\n    #     three == 3 (0x3)\n"
	  "    # first\n    # second\n" },
};

#define NUM_FAILING_CHECKS (4 * ARRAY_SIZE(check_families) + ARRAY_SIZE(single_checks))

/* Every form of every family, then the single checks; built by suite_init. */
static struct failing_check *failing_checks;

static int assert_test_suite_init(struct kunit_suite *suite)
{
	static const char * const form_prefix[4] = { "EXPECT_", "EXPECT_", "ASSERT_", "ASSERT_" };
	struct failing_check *check;
	size_t family, form, i;

	failing_checks = kcalloc(NUM_FAILING_CHECKS, sizeof(*failing_checks), GFP_KERNEL);
	if (!failing_checks)
		return -ENOMEM;
	check = failing_checks;
	for (family = 0; family < ARRAY_SIZE(check_families); family++) {
		for (form = 0; form < 4; form++, check++) {
			snprintf(check->name, sizeof(check->name), "%s%s%s", form_prefix[form],
				 check_families[family].name, form % 2 ? "_MSG" : "");
			check->code = check_families[family].code[form];
			check->kind = form < 2 ? "EXPECTATION" : "ASSERTION";
			snprintf(check->body, sizeof(check->body), "%s%s",
				 check_families[family].body, form % 2 ? MSG_LINE : "");
		}
	}
	for (i = 0; i < ARRAY_SIZE(single_checks); i++, check++) {
		strscpy(check->name, single_checks[i].name, sizeof(check->name));
		check->code = single_checks[i].code;
		check->kind = single_checks[i].kind;
		strscpy(check->body, single_checks[i].body, sizeof(check->body));
	}
	return 0;
}

static void assert_test_suite_exit(struct kunit_suite *suite)
{
	kfree(failing_checks);
	failing_checks = NULL;
}

static const void *failing_checks_gen_params(const void *prev, char *desc)
{
	const struct failing_check *next = failing_checks;

	if (prev)
		next = (const struct failing_check *)prev + 1;
	if (next >= failing_checks + NUM_FAILING_CHECKS)
		return NULL;
	strscpy(desc, next->name, KUNIT_PARAM_DESC_SIZE);
	return next;
}

/* Fills the pointer texts into a body that names pointers. */
static void expand_body(char *buf, size_t size, const struct failing_check *check)
{
	const char *first = strstr(check->body, "%s");
	const char *second = first ? strstr(first + 2, "%s") : NULL;
	const char *p1 = PTR_1234_TEXT, *p2 = PTR_1234_TEXT;

	if (strstr(check->name, "PTR_EQ"))
		p2 = PTR_NULL_TEXT;
	if (strstr(check->name, "NOT_NULL"))
		p1 = PTR_NULL_TEXT;
	if (second)
		snprintf(buf, size, check->body, p1, p2);
	else if (first)
		snprintf(buf, size, check->body, p1);
	else
		strscpy(buf, check->body, size);
}

static void assert_test_failing_check(struct kunit *test)
{
	const struct failing_check *check = test->param_value;
	bool assertion = !strcmp(check->kind, "ASSERTION");
	struct kunit_fake_run run;
	char *expected = kunit_kzalloc(test, 2048, GFP_KERNEL);
	char *body = kunit_kzalloc(test, 1024, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, expected);
	KUNIT_ASSERT_NOT_NULL(test, body);
	check_reached_end = false;
	check_line = 0;
	kunit_run_fake(test, "fake", check->code, &run);

	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_FAILURE);
	KUNIT_EXPECT_EQ(test, run.aborted, assertion);
	KUNIT_EXPECT_EQ(test, check_reached_end, !assertion);

	expand_body(body, 1024, check);
	snprintf(expected, 2048, "    # fake: %s FAILED at %s:%d\n%s", check->kind, __FILE__,
		 check_line, body);
	KUNIT_EXPECT_STREQ(test, run.output, expected);
}

/**
 * struct passing_check - a check that must pass silently
 * @name: the check, for the parameter's name.
 * @code: runs the check against a fake test.
 */
struct passing_check {
	const char *name;
	void (*code)(struct kunit *fake);
};

static int evaluations;

static int count_evaluation(int value)
{
	evaluations++;
	return value;
}

static void pass_all_expectations(struct kunit *fake)
{
	u8 copy[4];

	memcpy(copy, mem_a, sizeof(copy));
	KUNIT_SUCCEED(fake);
	KUNIT_EXPECT_TRUE(fake, three == 3);
	KUNIT_EXPECT_FALSE(fake, three != 3);
	KUNIT_EXPECT_EQ(fake, three, 3);
	KUNIT_EXPECT_NE(fake, three, 4);
	KUNIT_EXPECT_LT(fake, three, 4);
	KUNIT_EXPECT_LE(fake, three, 3);
	KUNIT_EXPECT_GT(fake, three, 2);
	KUNIT_EXPECT_GE(fake, three, 3);
	KUNIT_EXPECT_EQ(fake, u64_max, U64_MAX);
	KUNIT_EXPECT_LT(fake, minus_one, 0);
	KUNIT_EXPECT_PTR_EQ(fake, ptr_1234, ptr_1234);
	KUNIT_EXPECT_PTR_NE(fake, ptr_1234, null_ptr);
	KUNIT_EXPECT_NULL(fake, null_ptr);
	KUNIT_EXPECT_NOT_NULL(fake, ptr_1234);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(fake, ptr_1234);
	KUNIT_EXPECT_STREQ(fake, abc, "abc");
	KUNIT_EXPECT_STREQ(fake, null_str, NULL);
	KUNIT_EXPECT_STRNEQ(fake, abc, "abd");
	KUNIT_EXPECT_STRNEQ(fake, abc, null_str);
	KUNIT_EXPECT_MEMEQ(fake, mem_a, copy, sizeof(copy));
	KUNIT_EXPECT_MEMNEQ(fake, mem_a, mem_b, sizeof(mem_b));
	KUNIT_EXPECT_EQ_MSG(fake, three, 3, "never printed %d", 1);
}

static void pass_all_assertions(struct kunit *fake)
{
	u8 copy[4];

	memcpy(copy, mem_a, sizeof(copy));
	KUNIT_ASSERT_TRUE(fake, three == 3);
	KUNIT_ASSERT_FALSE(fake, three != 3);
	KUNIT_ASSERT_EQ(fake, three, 3);
	KUNIT_ASSERT_NE(fake, three, 4);
	KUNIT_ASSERT_LT(fake, three, 4);
	KUNIT_ASSERT_LE(fake, three, 3);
	KUNIT_ASSERT_GT(fake, three, 2);
	KUNIT_ASSERT_GE(fake, three, 3);
	KUNIT_ASSERT_PTR_EQ(fake, ptr_1234, ptr_1234);
	KUNIT_ASSERT_PTR_NE(fake, ptr_1234, null_ptr);
	KUNIT_ASSERT_NULL(fake, null_ptr);
	KUNIT_ASSERT_NOT_NULL(fake, ptr_1234);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(fake, ptr_1234);
	KUNIT_ASSERT_STREQ(fake, abc, "abc");
	KUNIT_ASSERT_STRNEQ(fake, abc, "abd");
	KUNIT_ASSERT_MEMEQ(fake, mem_a, copy, sizeof(copy));
	KUNIT_ASSERT_MEMNEQ(fake, mem_a, mem_b, sizeof(mem_b));
	check_reached_end = true;
}

/* The original series' lower-level checks, passing: nothing is printed. */
static void pass_seed_checks(struct kunit *fake)
{
	struct kunit_stream *stream;

	KUNIT_EXPECT(fake, three == 3, "never printed");
	KUNIT_EXPECT_MSG(fake, three == 3, "never printed", "%d", 1);
	KUNIT_EXPECT_BINARY(fake, three, ==, 3);
	KUNIT_EXPECT_BINARY_MSG(fake, three, <=, 3, "never printed %d", 1);
	KUNIT_EXPECT_BINARY(fake, ptr_1234, !=, null_ptr);
	stream = KUNIT_EXPECT_START(fake);
	kunit_stream_add(stream, "never printed");
	KUNIT_EXPECT_END(fake, three == 3, stream);
	KUNIT_ASSERT(fake, three == 3, "never printed");
	KUNIT_ASSERT_MSG(fake, three == 3, "never printed", "%d", 1);
	KUNIT_ASSERT_BINARY(fake, three, >, 2);
	KUNIT_ASSERT_BINARY_MSG(fake, three, >=, 3, "never printed %d", 1);
	stream = KUNIT_ASSERT_START(fake);
	kunit_stream_add(stream, "never printed");
	KUNIT_ASSERT_END(fake, three == 3, stream);
	/* Ended, the stream is empty and still the case's. */
	kunit_stream_add(stream, "never printed either");
	KUNIT_ASSERT_END(fake, three == 3, stream);
	KUNIT_EXPECT_BINARY(fake, &three, !=, NULL);
	KUNIT_EXPECT_BINARY(fake, check_seed_expect, ==, check_seed_expect);
	check_reached_end = true;
}

static void pass_evaluates_once(struct kunit *fake)
{
	evaluations = 0;
	KUNIT_EXPECT_EQ(fake, count_evaluation(3), count_evaluation(3));
	KUNIT_EXPECT_TRUE(fake, count_evaluation(1));
	KUNIT_ASSERT_GE(fake, count_evaluation(3), 0);
}

static void assert_test_passing_checks(struct kunit *test)
{
	struct kunit_fake_run run;

	check_reached_end = false;
	kunit_run_fake(test, "fake", pass_all_expectations, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_EXPECT_STREQ(test, run.output, "");

	kunit_run_fake(test, "fake", pass_all_assertions, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_EXPECT_FALSE(test, run.aborted);
	KUNIT_EXPECT_TRUE(test, check_reached_end);
	KUNIT_EXPECT_STREQ(test, run.output, "");

	/* Also no "never committed" note: the passing checks' streams went. */
	check_reached_end = false;
	kunit_run_fake(test, "fake", pass_seed_checks, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_EXPECT_FALSE(test, run.aborted);
	KUNIT_EXPECT_TRUE(test, check_reached_end);
	KUNIT_EXPECT_STREQ(test, run.output, "");
}

static void assert_test_operands_evaluated_once(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", pass_evaluates_once, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_EXPECT_EQ(test, evaluations, 4);
}

static void fail_evaluates_once(struct kunit *fake)
{
	evaluations = 0;
	KUNIT_EXPECT_EQ(fake, count_evaluation(3), count_evaluation(4));
	KUNIT_EXPECT_FALSE(fake, count_evaluation(1));
}

static int test_evaluations;

static struct kunit *count_test(struct kunit *fake)
{
	test_evaluations++;
	return fake;
}

/* The test argument, too, is evaluated once, also when a check fails. */
static void fail_evaluates_test_once(struct kunit *fake)
{
	test_evaluations = 0;
	KUNIT_EXPECT_EQ(count_test(fake), three, 4);
	KUNIT_ASSERT_EQ(count_test(fake), three, 4);
}

static void skip_evaluates_test_once(struct kunit *fake)
{
	test_evaluations = 0;
	kunit_skip(count_test(fake), "once");
}

static void assert_test_test_evaluated_once(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", fail_evaluates_test_once, &run);
	KUNIT_EXPECT_TRUE(test, run.aborted);
	KUNIT_EXPECT_EQ(test, test_evaluations, 2);

	kunit_run_fake(test, "fake", skip_evaluates_test_once, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SKIPPED);
	KUNIT_EXPECT_EQ(test, test_evaluations, 1);
}

static void assert_test_failing_operands_evaluated_once(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", fail_evaluates_once, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_FAILURE);
	KUNIT_EXPECT_EQ(test, evaluations, 3);
}

/* One check fails, the next passes: the case stays failed. */
static void fail_then_pass(struct kunit *fake)
{
	KUNIT_EXPECT_EQ(fake, three, 4);
	KUNIT_EXPECT_EQ(fake, three, 3);
}

static void assert_test_failure_is_sticky(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", fail_then_pass, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_FAILURE);
}

/*
 * 6.12's spellings: checks built by hand in 6.12's structs, handed to the
 * same formatters, and the helpers 6.12 exposes to its own assert_test.
 */

/* What @format writes for @assert, with no message; the test frees it. */
static char *format_hand_built(struct kunit *test, kunit_assert_format_t format,
			       const struct kunit_assert *assert)
{
	struct string_stream *stream = kunit_alloc_string_stream(test, GFP_KERNEL);
	struct va_format no_message = { NULL, NULL };
	char *text;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, stream);
	format(assert, &no_message, stream);
	text = string_stream_get_string(stream);
	KUNIT_ASSERT_NOT_NULL(test, text);
	kunit_free_string_stream(test, stream);
	return text;
}

#define EXPECT_FORMATS(test, format, hand, expected)			\
do {									\
	char *__text = format_hand_built(test, format, &(hand).assert);	\
									\
	KUNIT_EXPECT_STREQ(test, __text, expected);			\
	kfree(__text);							\
} while (0)

static void assert_test_hand_built_checks(struct kunit *test)
{
	static const struct kunit_binary_assert_text sum_text = { "==", "1 + 2", "two" };
	static const struct kunit_binary_assert_text ptr_text = { "==", "p", "q" };
	static const struct kunit_binary_assert_text str_text = { "==", "s", "\"kernel\"" };
	static const struct kunit_binary_assert_text mem_text = { "==", "l", "r" };
	static const struct kunit_binary_assert_text literal_text = { "==", "0x3", "05" };
	static const struct kunit_binary_assert_text decimal_text = { "==", "3", "5" };
	static const struct kunit_binary_assert_text null_text = { "==", NULL, "q" };
	static const struct kunit_binary_assert_text null_str_text = { "==", "s", "NULL" };
	struct kunit_unary_assert unary = { .condition = "ready", .expected_true = true };
	struct kunit_ptr_not_err_assert not_err = { .text = "p", .value = NULL };
	struct kunit_binary_assert binary = { .text = &sum_text, .left_value = 3,
					      .right_value = 2 };
	struct kunit_binary_ptr_assert ptr = { .text = &ptr_text, .left_value = ptr_1234,
					       .right_value = NULL };
	struct kunit_binary_str_assert str = { .text = &str_text, .left_value = "abc",
					       .right_value = "kernel" };
	struct kunit_mem_assert mem_null = { .text = &mem_text, .left_value = NULL,
					     .right_value = mem_b, .size = sizeof(mem_b) };
	struct kunit_mem_assert mem = { .text = &mem_text, .left_value = mem_a,
					.right_value = mem_b, .size = sizeof(mem_b) };
	char expected[128];

	EXPECT_FORMATS(test, kunit_unary_assert_format, unary,
		       "Expected ready to be true, but is false\n");
	unary.expected_true = false;
	EXPECT_FORMATS(test, kunit_unary_assert_format, unary,
		       "Expected ready to be false, but is true\n");
	EXPECT_FORMATS(test, kunit_ptr_not_err_assert_format, not_err,
		       "Expected p is not null, but is\n");
	not_err.value = ERR_PTR(-12);
	EXPECT_FORMATS(test, kunit_ptr_not_err_assert_format, not_err,
		       "Expected p is not error, but is: -12\n");
	/* A pointer that is neither: nothing to explain, as in 6.12. */
	not_err.value = ptr_1234;
	EXPECT_FORMATS(test, kunit_ptr_not_err_assert_format, not_err, "");
	EXPECT_FORMATS(test, kunit_binary_assert_format, binary,
		       "Expected 1 + 2 == two, but\n    1 + 2 == 3 (0x3)\n    two == 2 (0x2)\n");
	binary.left_value = -1;
	EXPECT_FORMATS(test, kunit_binary_assert_format, binary,
		       "Expected 1 + 2 == two, but\n"
		       "    1 + 2 == -1 (0xffffffffffffffff)\n    two == 2 (0x2)\n");
	/* Only a decimal text is its value's literal, as 6.12's is_literal() says. */
	binary.text = &literal_text;
	binary.left_value = 3;
	binary.right_value = 5;
	EXPECT_FORMATS(test, kunit_binary_assert_format, binary,
		       "Expected 0x3 == 05, but\n    0x3 == 3 (0x3)\n    05 == 5 (0x5)\n");
	binary.text = &decimal_text;
	EXPECT_FORMATS(test, kunit_binary_assert_format, binary, "Expected 3 == 5, but\n");
	snprintf(expected, sizeof(expected), "Expected p == q, but\n    p == %s\n    q == %s\n",
		 PTR_1234_TEXT, PTR_NULL_TEXT);
	EXPECT_FORMATS(test, kunit_binary_ptr_assert_format, ptr, expected);
	/* A text left NULL prints as %s prints it, rather than crashing. */
	ptr.text = &null_text;
	snprintf(expected, sizeof(expected),
		 "Expected (null) == q, but\n    (null) == %s\n    q == %s\n",
		 PTR_1234_TEXT, PTR_NULL_TEXT);
	EXPECT_FORMATS(test, kunit_binary_ptr_assert_format, ptr, expected);
	EXPECT_FORMATS(test, kunit_binary_str_assert_format, str,
		       "Expected s == \"kernel\", but\n    s == \"abc\"\n");
	/* "NULL" is no string literal to 6.12: both are shown. */
	str.text = &null_str_text;
	str.left_value = NULL;
	str.right_value = NULL;
	EXPECT_FORMATS(test, kunit_binary_str_assert_format, str,
		       "Expected s == NULL, but\n    s == (null)\n    NULL == (null)\n");
	EXPECT_FORMATS(test, kunit_mem_assert_format, mem_null,
		       "Expected l is not null, but is\n");
	EXPECT_FORMATS(test, kunit_mem_assert_format, mem,
		       "Expected l == r, but\n    l ==\n    0000: 01 02 <03> 04\n"
		       "    r ==\n    0000: 01 02 <09> 04\n");
}

/* A check built by hand, reported as if a check macro had failed. */
static void report_hand_built(struct kunit *fake)
{
	struct kunit_binary_assert hand = { .left_value = 1, .right_value = 2 };

	kunit_do_failed_assertion(fake, &hand.assert, NULL);
}

static void assert_test_hand_built_reported(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", report_hand_built, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_FAILURE);
	KUNIT_EXPECT_NOT_NULL(test, strstr(run.output,
		"# fake: EXPECTATION FAILED at an unknown place: a check with no site"));
}

/* Formats @fmt through kunit_assert_print_msg(); the test frees it. */
static __printf(2, 3) char *print_msg(struct kunit *test, const char *fmt, ...)
{
	struct string_stream *stream = kunit_alloc_string_stream(test, GFP_KERNEL);
	struct va_format message;
	va_list args;
	char *text;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, stream);
	va_start(args, fmt);
	message.fmt = fmt;
	message.va = &args;
	kunit_assert_print_msg(&message, stream);
	va_end(args);
	text = string_stream_get_string(stream);
	KUNIT_ASSERT_NOT_NULL(test, text);
	return text;
}

static void assert_test_hand_built_helpers(struct kunit *test)
{
	const struct kunit_loc loc = { .file = "here.c", .line = 42 };
	u8 row_a[19], row_b[19];
	struct string_stream *stream = kunit_alloc_string_stream(test, GFP_KERNEL);
	char *text;

	KUNIT_EXPECT_TRUE(test, is_literal("5", 5));
	KUNIT_EXPECT_TRUE(test, is_literal("-17", -17));
	KUNIT_EXPECT_FALSE(test, is_literal("05", 5));
	KUNIT_EXPECT_FALSE(test, is_literal("-0", 0));
	KUNIT_EXPECT_FALSE(test, is_literal("5UL", 5));
	KUNIT_EXPECT_TRUE(test, is_str_literal("\"ab\"", "ab"));
	KUNIT_EXPECT_TRUE(test, is_str_literal("\"\"", ""));
	KUNIT_EXPECT_FALSE(test, is_str_literal("\"ab\"", "abc"));
	KUNIT_EXPECT_FALSE(test, is_str_literal("ab", "ab"));
	KUNIT_EXPECT_FALSE(test, is_str_literal("\"", ""));
	KUNIT_EXPECT_FALSE(test, is_str_literal("NULL", NULL));

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, stream);
	kunit_assert_prologue(&loc, KUNIT_ASSERTION, stream);
	kunit_assert_prologue(&loc, KUNIT_EXPECTATION, stream);
	kunit_assert_hexdump(stream, mem_a, mem_b, sizeof(mem_a));
	text = string_stream_get_string(stream);
	KUNIT_EXPECT_STREQ(test, text, "ASSERTION FAILED at here.c:42\n"
			   "EXPECTATION FAILED at here.c:42\n    0000: 01 02 <03> 04\n");
	kfree(text);

	/* Every row, those without a difference too. */
	memset(row_a, 0x11, sizeof(row_a));
	memcpy(row_b, row_a, sizeof(row_b));
	row_b[17] = 0x22;
	string_stream_clear(stream);
	kunit_assert_hexdump(stream, row_a, row_b, sizeof(row_a));
	text = string_stream_get_string(stream);
	KUNIT_EXPECT_STREQ(test, text,
			   "    0000: 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11\n"
			   "    0010: 11 <11> 11\n");
	kfree(text);

	/* kunit_free_string_stream() releases the stream before the case ends. */
	kunit_free_string_stream(test, stream);
	KUNIT_EXPECT_NULL(test, kunit_find_resource(test, kunit_resource_data_match, stream));

	text = print_msg(test, "note %d", 42);
	KUNIT_EXPECT_STREQ(test, text, "\nnote 42");
	kfree(text);
	text = print_msg(test, NULL);
	KUNIT_EXPECT_STREQ(test, text, "");
	kfree(text);
}

static struct kunit_case assert_test_cases[] = {
	KUNIT_CASE_PARAM(assert_test_failing_check, failing_checks_gen_params),
	KUNIT_CASE(assert_test_passing_checks),
	KUNIT_CASE(assert_test_operands_evaluated_once),
	KUNIT_CASE(assert_test_failing_operands_evaluated_once),
	KUNIT_CASE(assert_test_test_evaluated_once),
	KUNIT_CASE(assert_test_failure_is_sticky),
	KUNIT_CASE(assert_test_hand_built_checks),
	KUNIT_CASE(assert_test_hand_built_helpers),
	KUNIT_CASE(assert_test_hand_built_reported),
	{}
};

static struct kunit_suite assert_test_suite = {
	.name = "kunit-assert",
	.suite_init = assert_test_suite_init,
	.suite_exit = assert_test_suite_exit,
	.test_cases = assert_test_cases,
};

kunit_test_suites(&assert_test_suite);

MODULE_LICENSE("GPL v2");
MODULE_DESCRIPTION("Tests of KUnit's expectations and assertions");
/* KUnit internals exported for its own suites (tests-only-export.h). */
MODULE_IMPORT_NS(KUNIT_NAMESPACE(KUNIT_INTERNALS));
