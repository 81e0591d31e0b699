// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of <kunit/platform_device.h>: what a test made on the platform bus
 * is there while the case runs, and gone, with every reference given
 * back, when it ends.  Kernel only (userspace has no platform bus).
 */
#include <kunit/platform_device.h>
#include <kunit/resource.h>
#include <kunit/test.h>
#include <kunit/visibility.h>

#include <linux/completion.h>
#include <linux/device.h>
#include <linux/jiffies.h>
#include <linux/platform_device.h>

#include "fake-test.h"

#define PDEV_NAME	"kunit-pdev-test"

/* What a fake case made, kept (with a reference) for the real one to inspect. */
static struct platform_device *made;

static void allocs_and_leaves(struct kunit *fake)
{
	made = kunit_platform_device_alloc(fake, PDEV_NAME, PLATFORM_DEVID_NONE);
	KUNIT_ASSERT_NOT_NULL(fake, made);
	get_device(&made->dev);
}

static void adds_and_leaves(struct kunit *fake)
{
	allocs_and_leaves(fake);
	KUNIT_ASSERT_EQ(fake, kunit_platform_device_add(fake, made), 0);
	KUNIT_EXPECT_TRUE(fake, device_is_registered(&made->dev));
}

/* A device added without kunit_platform_device_alloc(): its own reference. */
static void adds_foreign_and_leaves(struct kunit *fake)
{
	made = platform_device_alloc(PDEV_NAME, PLATFORM_DEVID_NONE);
	KUNIT_ASSERT_NOT_NULL(fake, made);
	get_device(&made->dev);
	KUNIT_ASSERT_EQ(fake, kunit_platform_device_add(fake, made), 0);
}

/*
 * The fake case's code @code made a device and took a reference of its
 * own; when the case ended, that must be the only one left, on a device
 * no longer registered.
 */
static void expect_only_our_reference(struct kunit *test, void (*code)(struct kunit *fake))
{
	struct kunit_fake_run run;

	made = NULL;
	kunit_run_fake(test, "fake", code, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_ASSERT_NOT_NULL(test, made);
	KUNIT_EXPECT_FALSE(test, device_is_registered(&made->dev));
	KUNIT_EXPECT_EQ(test, kref_read(&made->dev.kobj.kref), 1);
	put_device(&made->dev);
}

static void platform_device_test_alloc_put(struct kunit *test)
{
	expect_only_our_reference(test, allocs_and_leaves);
}

static void platform_device_test_add_unregistered(struct kunit *test)
{
	expect_only_our_reference(test, adds_and_leaves);
}

static void platform_device_test_foreign_add_unregistered(struct kunit *test)
{
	expect_only_our_reference(test, adds_foreign_and_leaves);
}

static int probed;

static int kunit_pdrv_probe(struct platform_device *pdev)
{
	probed++;
	return 0;
}

static struct platform_driver kunit_pdrv = {
	.probe = kunit_pdrv_probe,
	.driver = {
		.name = PDEV_NAME,
	},
};

/* Binding is waited for, whether the driver or the device comes first. */
static void platform_device_test_wait_for_probe(struct kunit *test)
{
	struct completion *bound, *bound_already;
	struct platform_device *pdev;

	/* Not on the stack: the watches end after this function returns. */
	bound = kunit_kzalloc(test, sizeof(*bound), GFP_KERNEL);
	bound_already = kunit_kzalloc(test, sizeof(*bound_already), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, bound);
	KUNIT_ASSERT_NOT_NULL(test, bound_already);
	init_completion(bound);
	init_completion(bound_already);
	probed = 0;
	pdev = kunit_platform_device_alloc(test, PDEV_NAME, PLATFORM_DEVID_NONE);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	KUNIT_ASSERT_EQ(test, kunit_platform_device_prepare_wait_for_probe(test, pdev, bound), 0);
	KUNIT_EXPECT_FALSE(test, completion_done(bound));
	KUNIT_ASSERT_EQ(test, kunit_platform_device_add(test, pdev), 0);
	KUNIT_ASSERT_EQ(test, kunit_platform_driver_register(test, &kunit_pdrv), 0);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(bound, 5 * HZ), 0);
	KUNIT_EXPECT_EQ(test, probed, 1);

	/* Bound already: completed at once. */
	KUNIT_ASSERT_EQ(test,
			kunit_platform_device_prepare_wait_for_probe(test, pdev, bound_already), 0);
	KUNIT_EXPECT_TRUE(test, completion_done(bound_already));
}

static void registers_driver_and_leaves(struct kunit *fake)
{
	KUNIT_ASSERT_EQ(fake, kunit_platform_driver_register(fake, &kunit_pdrv), 0);
}

/* A driver the case registered is unregistered when it ends: its name is free. */
static void platform_device_test_driver_gone_with_case(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", registers_driver_and_leaves, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_EXPECT_NULL(test, driver_find(PDEV_NAME, &platform_bus_type));
	KUNIT_EXPECT_EQ(test, kunit_platform_driver_register(test, &kunit_pdrv), 0);
}

static struct kunit_case platform_device_test_cases[] = {
	KUNIT_CASE(platform_device_test_alloc_put),
	KUNIT_CASE(platform_device_test_add_unregistered),
	KUNIT_CASE(platform_device_test_foreign_add_unregistered),
	KUNIT_CASE(platform_device_test_wait_for_probe),
	KUNIT_CASE(platform_device_test_driver_gone_with_case),
	{}
};

static struct kunit_suite platform_device_test_suite = {
	.name = "kunit-platform-device",
	.test_cases = platform_device_test_cases,
};

kunit_test_suites(&platform_device_test_suite);

MODULE_LICENSE("GPL v2");
MODULE_DESCRIPTION("Tests of KUnit's platform device helpers");
/* KUnit internals that fake-test.h runs fake cases with. */
MODULE_IMPORT_NS(KUNIT_NAMESPACE(KUNIT_INTERNALS));
