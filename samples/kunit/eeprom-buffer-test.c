// SPDX-License-Identifier: GPL-2.0
/*
 * The "faking classes" example of the original KUnit documentation: code
 * that buffers writes to an EEPROM, tested against a fake EEPROM that
 * keeps its contents in memory.
 *
 * The documentation gave the interfaces and the tests; the buffer's code
 * is written here.  Its snippets also had slips, mended here: flush was
 * declared as a function rather than a function pointer, a parameter was
 * named "this" twice, the contents were plain char (signed on x86, so
 * never equal to 0xff), and ASSERT_NOT_ERR_OR_NULL() lacked its prefix.
 *
 * Documentation/dev-tools/kunit/usage.rst includes the fake and a test
 * from here, between the "usage:" marker comments.
 */
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

/* The class under the code under test: an EEPROM. */
struct eeprom {
	ssize_t (*read)(struct eeprom *this, size_t offset, char *buffer, size_t count);
	ssize_t (*write)(struct eeprom *this, size_t offset, const char *buffer, size_t count);
};

/* The code under test: writes reach the EEPROM flush_count bytes at a time. */
#define EEPROM_BUFFER_SIZE 64

struct eeprom_buffer {
	ssize_t (*write)(struct eeprom_buffer *this, const char *buffer, size_t count);
	int (*flush)(struct eeprom_buffer *this);
	size_t flush_count; /* Flushes when buffer exceeds flush_count. */

	struct eeprom *eeprom;
	size_t eeprom_offset;
	char pending[EEPROM_BUFFER_SIZE];
	size_t num_pending;
};

/* Writes the first @count pending bytes to the EEPROM. */
static int eeprom_buffer_write_out(struct eeprom_buffer *this, size_t count)
{
	ssize_t written = this->eeprom->write(this->eeprom, this->eeprom_offset,
					      this->pending, count);

	if (written < 0)
		return written;
	this->eeprom_offset += written;
	this->num_pending -= written;
	memmove(this->pending, this->pending + written, this->num_pending);
	return 0;
}

static ssize_t eeprom_buffer_write(struct eeprom_buffer *this, const char *buffer, size_t count)
{
	int err;

	count = min(count, EEPROM_BUFFER_SIZE - this->num_pending);
	memcpy(this->pending + this->num_pending, buffer, count);
	this->num_pending += count;
	while (this->num_pending >= this->flush_count) {
		err = eeprom_buffer_write_out(this, this->flush_count);
		if (err)
			return err;
	}
	return count;
}

static int eeprom_buffer_flush(struct eeprom_buffer *this)
{
	return eeprom_buffer_write_out(this, this->num_pending);
}

static struct eeprom_buffer *new_eeprom_buffer(struct eeprom *eeprom)
{
	struct eeprom_buffer *this = kzalloc(sizeof(*this), GFP_KERNEL);

	if (!this)
		return ERR_PTR(-ENOMEM);
	this->write = eeprom_buffer_write;
	this->flush = eeprom_buffer_flush;
	this->flush_count = EEPROM_BUFFER_SIZE;
	this->eeprom = eeprom;
	return this;
}

static void destroy_eeprom_buffer(struct eeprom_buffer *eeprom_buffer)
{
	kfree(eeprom_buffer);
}

/* usage: fake */
/* The fake: an EEPROM that is an array. */
#define FAKE_EEPROM_CONTENTS_SIZE 16

struct fake_eeprom {
	struct eeprom parent;
	u8 contents[FAKE_EEPROM_CONTENTS_SIZE];
};

static ssize_t fake_eeprom_read(struct eeprom *parent, size_t offset, char *buffer, size_t count)
{
	struct fake_eeprom *this = container_of(parent, struct fake_eeprom, parent);

	count = min_t(size_t, count, FAKE_EEPROM_CONTENTS_SIZE - offset);
	memcpy(buffer, this->contents + offset, count);
	return count;
}

static ssize_t fake_eeprom_write(struct eeprom *parent, size_t offset, const char *buffer,
				 size_t count)
{
	struct fake_eeprom *this = container_of(parent, struct fake_eeprom, parent);

	count = min_t(size_t, count, FAKE_EEPROM_CONTENTS_SIZE - offset);
	memcpy(this->contents + offset, buffer, count);
	return count;
}

static void fake_eeprom_init(struct fake_eeprom *this)
{
	this->parent.read = fake_eeprom_read;
	this->parent.write = fake_eeprom_write;
	memset(this->contents, 0, FAKE_EEPROM_CONTENTS_SIZE);
}

/* usage: fake end */

/* The tests, as the documentation wrote them. */
struct eeprom_buffer_test {
	struct fake_eeprom *fake_eeprom;
	struct eeprom_buffer *eeprom_buffer;
};

static void eeprom_buffer_test_does_not_write_until_flush(struct kunit *test)
{
	struct eeprom_buffer_test *ctx = test->priv;
	struct eeprom_buffer *eeprom_buffer = ctx->eeprom_buffer;
	struct fake_eeprom *fake_eeprom = ctx->fake_eeprom;
	char buffer[] = {0xff};

	eeprom_buffer->flush_count = SIZE_MAX;

	eeprom_buffer->write(eeprom_buffer, buffer, 1);
	KUNIT_EXPECT_EQ(test, fake_eeprom->contents[0], 0);

	eeprom_buffer->write(eeprom_buffer, buffer, 1);
	KUNIT_EXPECT_EQ(test, fake_eeprom->contents[1], 0);

	eeprom_buffer->flush(eeprom_buffer);
	KUNIT_EXPECT_EQ(test, fake_eeprom->contents[0], 0xff);
	KUNIT_EXPECT_EQ(test, fake_eeprom->contents[1], 0xff);
}

/* usage: fake test */
static void eeprom_buffer_test_flushes_after_flush_count_met(struct kunit *test)
{
	struct eeprom_buffer_test *ctx = test->priv;
	struct eeprom_buffer *eeprom_buffer = ctx->eeprom_buffer;
	struct fake_eeprom *fake_eeprom = ctx->fake_eeprom;
	char buffer[] = {0xff};

	eeprom_buffer->flush_count = 2;

	eeprom_buffer->write(eeprom_buffer, buffer, 1);
	KUNIT_EXPECT_EQ(test, fake_eeprom->contents[0], 0);

	eeprom_buffer->write(eeprom_buffer, buffer, 1);
	KUNIT_EXPECT_EQ(test, fake_eeprom->contents[0], 0xff);
	KUNIT_EXPECT_EQ(test, fake_eeprom->contents[1], 0xff);
}

/* usage: fake test end */

static void eeprom_buffer_test_flushes_increments_of_flush_count(struct kunit *test)
{
	struct eeprom_buffer_test *ctx = test->priv;
	struct eeprom_buffer *eeprom_buffer = ctx->eeprom_buffer;
	struct fake_eeprom *fake_eeprom = ctx->fake_eeprom;
	char buffer[] = {0xff, 0xff};

	eeprom_buffer->flush_count = 2;

	eeprom_buffer->write(eeprom_buffer, buffer, 1);
	KUNIT_EXPECT_EQ(test, fake_eeprom->contents[0], 0);

	eeprom_buffer->write(eeprom_buffer, buffer, 2);
	KUNIT_EXPECT_EQ(test, fake_eeprom->contents[0], 0xff);
	KUNIT_EXPECT_EQ(test, fake_eeprom->contents[1], 0xff);
	/* Should have only flushed the first two bytes. */
	KUNIT_EXPECT_EQ(test, fake_eeprom->contents[2], 0);
}

static int eeprom_buffer_test_init(struct kunit *test)
{
	struct eeprom_buffer_test *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ctx);

	ctx->fake_eeprom = kunit_kzalloc(test, sizeof(*ctx->fake_eeprom), GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ctx->fake_eeprom);
	fake_eeprom_init(ctx->fake_eeprom);

	ctx->eeprom_buffer = new_eeprom_buffer(&ctx->fake_eeprom->parent);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ctx->eeprom_buffer);

	test->priv = ctx;

	return 0;
}

static void eeprom_buffer_test_exit(struct kunit *test)
{
	struct eeprom_buffer_test *ctx = test->priv;

	destroy_eeprom_buffer(ctx->eeprom_buffer);
}

static struct kunit_case eeprom_buffer_test_cases[] = {
	KUNIT_CASE(eeprom_buffer_test_does_not_write_until_flush),
	KUNIT_CASE(eeprom_buffer_test_flushes_after_flush_count_met),
	KUNIT_CASE(eeprom_buffer_test_flushes_increments_of_flush_count),
	{}
};

static struct kunit_module eeprom_buffer_test_module = {
	.name = "eeprom-buffer",
	.init = eeprom_buffer_test_init,
	.exit = eeprom_buffer_test_exit,
	.test_cases = eeprom_buffer_test_cases,
};
module_test(eeprom_buffer_test_module);

MODULE_LICENSE("GPL v2");
