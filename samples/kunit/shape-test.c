// SPDX-License-Identifier: GPL-2.0
/*
 * Classes in kernel C, and how to test the code that uses them: a "shape"
 * class, a rectangle that implements it, and code that takes any shape.
 * The rectangle is tested as itself; the code that uses shapes is tested
 * against a fake shape, whose answers the test chooses and which counts
 * how it was called.
 *
 * Documentation/dev-tools/kunit/usage.rst includes the parts between the
 * "usage:" marker comments.
 */
#include <kunit/test.h>

#include <linux/container_of.h>
#include <linux/kernel.h>

/* usage: class */
/* The class: a structure of function pointers, each given the object. */
struct shape {
	int (*area)(struct shape *this);
	int (*perimeter)(struct shape *this);
};

/* An implementation embeds the class and finds itself with container_of(). */
struct rectangle {
	struct shape shape;
	int length;
	int width;
};

static int rectangle_area(struct shape *this)
{
	struct rectangle *self = container_of(this, struct rectangle, shape);

	return self->length * self->width;
}

static int rectangle_perimeter(struct shape *this)
{
	struct rectangle *self = container_of(this, struct rectangle, shape);

	return 2 * (self->length + self->width);
}

static void rectangle_init(struct rectangle *self, int length, int width)
{
	self->shape.area = rectangle_area;
	self->shape.perimeter = rectangle_perimeter;
	self->length = length;
	self->width = width;
}
/* usage: class end */

/* usage: user */
/*
 * Code that uses the class and knows nothing of rectangles: the number of
 * tiles of @tile_area needed to cover @shape, a partly covered tile
 * counting as one; -EINVAL for a tile or a shape without an area.
 */
static int shape_tiles_needed(struct shape *shape, int tile_area)
{
	int area;

	if (tile_area <= 0)
		return -EINVAL;
	area = shape->area(shape);
	if (area <= 0)
		return -EINVAL;
	return DIV_ROUND_UP(area, tile_area);
}
/* usage: user end */

/* usage: class test */
static void rectangle_test_area_and_perimeter(struct kunit *test)
{
	struct rectangle rectangle;

	rectangle_init(&rectangle, 3, 4);
	KUNIT_EXPECT_EQ(test, rectangle.shape.area(&rectangle.shape), 12);
	KUNIT_EXPECT_EQ(test, rectangle.shape.perimeter(&rectangle.shape), 14);
}
/* usage: class test end */

/* usage: fake */
/*
 * A fake shape: another implementation of the class, whose area the test
 * sets, and which counts the calls the code under test makes.
 */
struct fake_shape {
	struct shape shape;
	int area;
	int area_calls;
};

static int fake_shape_area(struct shape *this)
{
	struct fake_shape *self = container_of(this, struct fake_shape, shape);

	self->area_calls++;
	return self->area;
}

static int shape_test_init(struct kunit *test)
{
	struct fake_shape *fake = kunit_kzalloc(test, sizeof(*fake), GFP_KERNEL);

	if (!fake)
		return -ENOMEM;
	/* The code under test must not need the perimeter: it is left NULL. */
	fake->shape.area = fake_shape_area;
	test->priv = fake;
	return 0;
}
/* usage: fake end */

/* usage: fake test */
static void shape_test_tiles_round_up(struct kunit *test)
{
	struct fake_shape *fake = test->priv;

	fake->area = 10;
	KUNIT_EXPECT_EQ(test, shape_tiles_needed(&fake->shape, 4), 3);
	KUNIT_EXPECT_EQ(test, shape_tiles_needed(&fake->shape, 5), 2);
	KUNIT_EXPECT_EQ(test, fake->area_calls, 2);
}

static void shape_test_tiles_bad_area(struct kunit *test)
{
	struct fake_shape *fake = test->priv;

	/* An area no shape should have, which the fake gives at will. */
	fake->area = -1;
	KUNIT_EXPECT_EQ(test, shape_tiles_needed(&fake->shape, 4), -EINVAL);
	fake->area = 10;
	KUNIT_EXPECT_EQ(test, shape_tiles_needed(&fake->shape, 0), -EINVAL);
	/* A bad tile is refused before the shape is asked anything. */
	KUNIT_EXPECT_EQ(test, fake->area_calls, 1);
}
/* usage: fake test end */

static struct kunit_case shape_test_cases[] = {
	KUNIT_CASE(rectangle_test_area_and_perimeter),
	KUNIT_CASE(shape_test_tiles_round_up),
	KUNIT_CASE(shape_test_tiles_bad_area),
	{}
};

static struct kunit_suite shape_test_suite = {
	.name = "shape",
	.init = shape_test_init,
	.test_cases = shape_test_cases,
};

kunit_test_suite(shape_test_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Testing classes of function pointers, and code that uses them");
