// SPDX-License-Identifier: GPL-2.0
/*
 * Test attributes: how a case's or a suite's speed, module and place in
 * init memory are read, printed in KTAP and matched by kunit.filter.
 *
 * A condition is NAME OP VALUE.  Speeds are ordered (very_slow < slow <
 * normal) and take every operator; a module name takes = and != only;
 * is_init takes true or false.  A case without a value of its own takes
 * its suite's, and a suite without one the attribute's default.
 */
#include "attributes-impl.h"
#include "tests-only-export.h"
#include <kunit/attributes.h>
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

/* What an attribute's values are, and so which operators they take. */
enum kunit_attr_kind {
	KUNIT_ATTR_ORDERED,
	KUNIT_ATTR_STRING,
	KUNIT_ATTR_BOOL,
};

/*
 * The value of an attribute for a case or a suite: @set is false where
 * it has none; @number for ordered and boolean attributes, @string for
 * the others.
 */
struct kunit_attr_value {
	bool set;
	long number;
	const char *string;
};

/**
 * struct kunit_attr - an attribute that cases and suites may have
 * @name: its name in KTAP and in kunit.filter.
 * @kind: what its values are.
 * @names: for an ordered or boolean attribute, the name of each value.
 * @num_names: how many @names.
 * @fallback: the value of a case whose suite has none either.
 * @of_cases: printed for cases too, not only for suites.
 * @get: its value for @test_case, or for @suite when @test_case is NULL.
 */
struct kunit_attr {
	const char *name;
	enum kunit_attr_kind kind;
	const char * const *names;
	size_t num_names;
	struct kunit_attr_value fallback;
	bool of_cases;
	struct kunit_attr_value (*get)(const struct kunit_suite *suite,
				       const struct kunit_case *test_case);
};

static const char * const kunit_speed_names[] = {
	[KUNIT_SPEED_UNSET] = "unset",
	[KUNIT_SPEED_VERY_SLOW] = "very_slow",
	[KUNIT_SPEED_SLOW] = "slow",
	[KUNIT_SPEED_NORMAL] = "normal",
};

static const char * const kunit_bool_names[] = { "false", "true" };

static struct kunit_attr_value kunit_attr_speed(const struct kunit_suite *suite,
						const struct kunit_case *test_case)
{
	enum kunit_speed speed = test_case ? test_case->attr.speed : suite->attr.speed;

	return (struct kunit_attr_value){ .set = speed != KUNIT_SPEED_UNSET, .number = speed };
}

/*
 * A suite's module is its first case's (kunit_test_suite() takes no name);
 * a suite without cases has none (6.12 prints an empty one).
 */
static struct kunit_attr_value kunit_attr_module(const struct kunit_suite *suite,
						 const struct kunit_case *test_case)
{
	const char *name;

	if (test_case)
		name = test_case->module_name;
	else if (suite->test_cases && suite->test_cases[0].run_case)
		name = suite->test_cases[0].module_name;
	else
		name = NULL;
	return (struct kunit_attr_value){ .set = !!name, .string = name };
}

/* Only a suite lies in init memory; a false one says nothing. */
static struct kunit_attr_value kunit_attr_is_init(const struct kunit_suite *suite,
						  const struct kunit_case *test_case)
{
	bool in_init = !test_case && suite->in_init;

	return (struct kunit_attr_value){ .set = in_init, .number = in_init };
}

static struct kunit_attr kunit_attrs[] = {
	{
		.name = "speed",
		.kind = KUNIT_ATTR_ORDERED,
		.names = kunit_speed_names,
		.num_names = ARRAY_SIZE(kunit_speed_names),
		.fallback = { .set = true, .number = KUNIT_SPEED_NORMAL },
		.of_cases = true,
		.get = kunit_attr_speed,
	},
	{
		.name = "module",
		.kind = KUNIT_ATTR_STRING,
		.fallback = { .set = true, .string = "" },
		.get = kunit_attr_module,
	},
	{
		.name = "is_init",
		.kind = KUNIT_ATTR_BOOL,
		.names = kunit_bool_names,
		.num_names = ARRAY_SIZE(kunit_bool_names),
		.fallback = { .set = true, .number = false },
		.get = kunit_attr_is_init,
	},
};

/* The name of @value of @attr, as KTAP and kunit.filter spell it. */
static const char *kunit_attr_value_name(const struct kunit_attr *attr,
					 struct kunit_attr_value value)
{
	if (attr->kind == KUNIT_ATTR_STRING)
		return value.string;
	if (value.number < 0 || value.number >= attr->num_names)
		return "invalid";
	return attr->names[value.number];
}

const char *kunit_attr_filter_name(struct kunit_attr_filter filter)
{
	return filter.attr ? filter.attr->name : "";
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_attr_filter_name);

/**
 * kunit_log_attr() - log the attributes of a case or a suite
 * @log: where the lines go: the suite's, so that debugfs keeps them.
 * @indent: what the lines start with.
 * @suite: the suite.
 * @test_case: the case, or NULL for the suite's own attributes.
 */
void kunit_log_attr(struct kunit_log_sink *log, const char *indent,
		    const struct kunit_suite *suite, const struct kunit_case *test_case)
{
	struct kunit_attr_value value;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kunit_attrs); i++) {
		if (test_case && !kunit_attrs[i].of_cases)
			continue;
		value = kunit_attrs[i].get(suite, test_case);
		if (!value.set)
			continue;
		if (test_case)
			kunit_log_printf(log, KERN_INFO, "%s# %s.%s: %s", indent, test_case->name,
					 kunit_attrs[i].name,
					 kunit_attr_value_name(&kunit_attrs[i], value));
		else
			kunit_log_printf(log, KERN_INFO, "%s# %s: %s", indent, kunit_attrs[i].name,
					 kunit_attr_value_name(&kunit_attrs[i], value));
	}
}

void kunit_print_attr(void *test_or_suite, bool is_test, unsigned int test_level)
{
	struct kunit_log_sink console = { };
	static const char spaces[] = "                ";
	size_t depth = min_t(size_t, 4 * test_level, sizeof(spaces) - 1);
	const char *indent = spaces + sizeof(spaces) - 1 - depth;
	/* A case's attributes never read its suite's. */
	static const struct kunit_suite no_suite;

	if (is_test)
		kunit_log_attr(&console, indent, &no_suite, test_or_suite);
	else
		kunit_log_attr(&console, indent, test_or_suite, NULL);
}
EXPORT_SYMBOL_GPL(kunit_print_attr);

int kunit_get_filter_count(char *input)
{
	int count = 0;
	bool in_condition = false;

	for (; *input; input++) {
		if (*input == ',') {
			in_condition = false;
		} else if (*input != ' ' && !in_condition) {
			in_condition = true;
			count++;
		}
	}
	return count;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_get_filter_count);

static const char kunit_attr_operator_chars[] = "<>!=";

struct kunit_attr_filter kunit_next_attr_filter(char **filters, int *err)
{
	struct kunit_attr_filter filter = { };
	char *condition = *filters, *comma, *name_end;
	size_t i, name_len;

	while (*condition == ' ')
		condition++;
	comma = strchr(condition, ',');
	if (comma) {
		*comma = '\0';
		*filters = comma + 1;
	} else {
		*filters = NULL;
	}
	filter.input = condition + strcspn(condition, kunit_attr_operator_chars);
	name_end = filter.input;
	while (name_end > condition && name_end[-1] == ' ')
		name_end--;
	name_len = name_end - condition;
	if (!*filter.input || !name_len) {
		*err = -EINVAL;
		return filter;
	}
	for (i = 0; i < ARRAY_SIZE(kunit_attrs); i++)
		if (strlen(kunit_attrs[i].name) == name_len &&
		    !strncmp(kunit_attrs[i].name, condition, name_len))
			filter.attr = &kunit_attrs[i];
	if (!filter.attr)
		*err = -EINVAL;
	return filter;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_next_attr_filter);

/* The operators, longest first so that "<=" is not read as "<". */
enum kunit_attr_op { KUNIT_OP_LE, KUNIT_OP_GE, KUNIT_OP_NE, KUNIT_OP_LT, KUNIT_OP_GT, KUNIT_OP_EQ };
static const char * const kunit_attr_ops[] = { "<=", ">=", "!=", "<", ">", "=" };

/* Whether @c may be in a module's name. */
static bool kunit_attr_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-';
}

/*
 * Reads the operator and the value of a condition on @attr: @input is
 * what follows the attribute's name.  Return: NULL, or what is wrong.
 */
static const char *kunit_attr_parse(const struct kunit_attr *attr, const char *input,
				    enum kunit_attr_op *op, struct kunit_attr_value *value)
{
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(kunit_attr_ops); i++)
		if (!strncmp(input, kunit_attr_ops[i], strlen(kunit_attr_ops[i])))
			break;
	if (i == ARRAY_SIZE(kunit_attr_ops))
		return "no operator: use <, >, <=, >=, = or !=";
	*op = i;
	input += strlen(kunit_attr_ops[i]);
	while (*input == ' ')
		input++;
	len = strlen(input);
	while (len && input[len - 1] == ' ')
		len--;
	if (!len)
		return "no value after the operator";
	if (attr->kind == KUNIT_ATTR_STRING) {
		if (*op != KUNIT_OP_EQ && *op != KUNIT_OP_NE)
			return "a name takes = or != only";
		/* "module==x" would otherwise look for "=x", which no module is. */
		for (i = 0; i < len; i++)
			if (!kunit_attr_name_char(input[i]))
				return "a module's name is letters, digits, '_' and '-'";
		value->string = input;
		value->number = len;
		return NULL;
	}
	/* No case has the value "unset": it reads as the default. */
	for (i = attr->kind == KUNIT_ATTR_ORDERED ? 1 : 0; i < attr->num_names; i++)
		if (strlen(attr->names[i]) == len && !strncmp(attr->names[i], input, len))
			break;
	if (i == attr->num_names)
		return attr->kind == KUNIT_ATTR_BOOL ? "the value is true or false" :
		       "unknown speed: use very_slow, slow or normal";
	value->number = i;
	return NULL;
}

/*
 * Whether module names @have and the first @len bytes of @want are one:
 * '-' and '_' are the same in a module's name, as modprobe takes them.
 */
static bool kunit_attr_same_name(const char *have, const char *want, size_t len)
{
	size_t i;

	if (strlen(have) != len)
		return false;
	for (i = 0; i < len; i++)
		if (have[i] != want[i] && !(strchr("-_", have[i]) && strchr("-_", want[i])))
			return false;
	return true;
}

/* Whether @have satisfies "OP @want"; a name's length is in @want.number. */
static bool kunit_attr_matches(const struct kunit_attr *attr, struct kunit_attr_value have,
			       enum kunit_attr_op op, struct kunit_attr_value want)
{
	long cmp;

	if (attr->kind == KUNIT_ATTR_STRING)
		cmp = !kunit_attr_same_name(have.string, want.string, want.number);
	else
		cmp = have.number - want.number;
	switch (op) {
	case KUNIT_OP_LE:
		return cmp <= 0;
	case KUNIT_OP_GE:
		return cmp >= 0;
	case KUNIT_OP_NE:
		return cmp != 0;
	case KUNIT_OP_LT:
		return cmp < 0;
	case KUNIT_OP_GT:
		return cmp > 0;
	default:
		return cmp == 0;
	}
}

/**
 * kunit_attr_filters_left() - step to the next condition of a kunit.filter
 * @rest: what kunit_next_attr_filter() left, or the whole filter; moved
 *	  past the spaces and empty conditions before the next one.
 *
 * Return: whether a condition is left.
 */
bool kunit_attr_filters_left(char **rest)
{
	if (!*rest)
		return false;
	*rest += strspn(*rest, " ,");
	return **rest;
}

/**
 * kunit_attr_filter_check() - tell whether a kunit.filter is well formed
 * @filters: conditions separated by commas.
 *
 * Return: NULL if every condition can be used, otherwise what is wrong
 * with the first that cannot.
 */
const char *kunit_attr_filter_check(const char *filters)
{
	static const char unknown[] = "unknown attribute: use speed, module or is_init";
	struct kunit_attr_filter filter;
	struct kunit_attr_value value;
	const char *problem = NULL;
	enum kunit_attr_op op;
	char *copy, *rest;
	int err = 0;

	if (!kunit_get_filter_count((char *)filters))
		return "the filter is empty";
	copy = kstrdup(filters, GFP_KERNEL);
	if (!copy)
		return "out of memory";
	for (rest = copy; !problem && kunit_attr_filters_left(&rest); ) {
		filter = kunit_next_attr_filter(&rest, &err);
		if (!*filter.input)
			problem = "no operator: use <, >, <=, >=, = or !=";
		else if (err)
			problem = unknown;
		else
			problem = kunit_attr_parse(filter.attr, filter.input, &op, &value);
	}
	kfree(copy);
	return problem;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_attr_filter_check);

struct kunit_suite *kunit_filter_attr_tests(const struct kunit_suite *const suite,
					    struct kunit_attr_filter filter, char *action,
					    int *err)
{
	const struct kunit_attr *attr = filter.attr;
	struct kunit_attr_value want, suite_value, have;
	struct kunit_case *test_case, *kept;
	struct kunit_suite *copy;
	bool skip_others = action && !strcmp(action, "skip");
	enum kunit_attr_op op;
	size_t count = 0, had_cases;

	if (!attr || kunit_attr_parse(attr, filter.input, &op, &want)) {
		*err = -EINVAL;
		return NULL;
	}
	suite_value = attr->get(suite, NULL);
	kunit_suite_for_each_test_case(suite, test_case)
		count++;
	copy = kmemdup(suite, sizeof(*suite), GFP_KERNEL);
	kept = kcalloc(count + 1, sizeof(*kept), GFP_KERNEL);
	if (!copy || !kept) {
		kfree(copy);
		kfree(kept);
		*err = -ENOMEM;
		return NULL;
	}
	had_cases = count;
	count = 0;
	kunit_suite_for_each_test_case(suite, test_case) {
		have = attr->get(suite, test_case);
		if (!have.set)
			have = suite_value.set ? suite_value : attr->fallback;
		if (kunit_attr_matches(attr, have, op, want)) {
			kept[count++] = *test_case;
		} else if (skip_others) {
			kept[count] = *test_case;
			kept[count].status = KUNIT_SKIPPED;
			kept[count++].filtered_out = true;
		}
	}
	/* A suite without cases is kept: its suite_init may still fail. */
	if (!count && had_cases) {
		kfree(copy);
		kfree(kept);
		return NULL;
	}
	copy->test_cases = kept;
	copy->origin = suite->origin ? suite->origin : (struct kunit_suite *)suite;
	copy->running_late = false;
	return copy;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_filter_attr_tests);
