// SPDX-License-Identifier: GPL-2.0
/*
 * The example of Documentation/dev-tools/kunit/usage.rst for parameterised
 * cases with a context of their own (Linux 6.18's param_init/param_exit):
 * a lookup in a sorted table, where the table is built once for all the
 * parameters of a case, and the parameters are values read from it.  The
 * documentation includes its parts from here, between the "usage:" marker
 * comments; make check builds it and runs it in userspace and as a module.
 * Every case passes.
 */
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/slab.h>

/* The code under test: the index of @key in the ascending @table, or -1. */
static int sorted_table_find(const int *table, int count, int key)
{
	int low = 0, high = count - 1;

	while (low <= high) {
		int middle = low + (high - low) / 2;

		if (table[middle] == key)
			return middle;
		if (table[middle] < key)
			low = middle + 1;
		else
			high = middle - 1;
	}
	return -1;
}

#define SORTED_TABLE_SIZE	16

/* usage: context */
/* The case's context holds the table; every parameter's run reads it. */
struct sorted_table {
	int values[SORTED_TABLE_SIZE];
};

static void sorted_table_describe(struct kunit *test, const void *param, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "key %d", *(const int *)param);
}

/* Runs once, before the first parameter, with the case's context. */
static int sorted_table_init(struct kunit *test)
{
	struct sorted_table *table;
	int i;

	/* Memory of the context lasts until after the last parameter. */
	table = kunit_kzalloc(test, sizeof(*table), GFP_KERNEL);
	if (!table)
		return -ENOMEM;
	for (i = 0; i < SORTED_TABLE_SIZE; i++)
		table->values[i] = i * i;
	test->priv = table;

	/* The parameters: every value of the table, each named by it. */
	kunit_register_params_array(test, table->values, SORTED_TABLE_SIZE,
				    sorted_table_describe);
	return 0;
}

/* Runs once, after the last parameter; the table goes after it. */
static void sorted_table_exit(struct kunit *test)
{
	kunit_info(test, "looked up %d keys", SORTED_TABLE_SIZE);
}

static void sorted_table_test_finds(struct kunit *test)
{
	const struct sorted_table *table = test->parent->priv;
	const int *key = test->param_value;

	/* The parameter is an element of the table: its index is its own. */
	KUNIT_EXPECT_EQ(test, sorted_table_find(table->values, SORTED_TABLE_SIZE, *key),
			(int)(key - table->values));
}

/* usage: context end */

static void sorted_table_test_misses(struct kunit *test)
{
	const struct sorted_table *table = test->parent->priv;
	int key = *(const int *)test->param_value + 1;

	/* One more than a square is no square, but for 0 + 1. */
	if (key == 1)
		kunit_skip(test, "1 is a square");
	KUNIT_EXPECT_EQ(test, sorted_table_find(table->values, SORTED_TABLE_SIZE, key), -1);
}

/* usage: context case */
static struct kunit_case sorted_table_test_cases[] = {
	KUNIT_CASE_PARAM_WITH_INIT(sorted_table_test_finds, kunit_array_gen_params,
				   sorted_table_init, sorted_table_exit),
	KUNIT_CASE_PARAM_WITH_INIT(sorted_table_test_misses, kunit_array_gen_params,
				   sorted_table_init, NULL),
	{}
};

/* usage: context case end */

static struct kunit_suite sorted_table_test_suite = {
	.name = "sorted-table",
	.test_cases = sorted_table_test_cases,
};
kunit_test_suite(sorted_table_test_suite);

MODULE_DESCRIPTION("KUnit sample: parameterised cases with a context");
MODULE_LICENSE("GPL");
