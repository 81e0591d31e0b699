// SPDX-License-Identifier: GPL-2.0
/*
 * kunit_device_register() in userspace: a device of <linux/device.h>'s
 * stand-in, which holds managed allocations and is unregistered, with
 * them, when the case ends.
 */
#include <kunit/device.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include <linux/device.h>
#include <linux/err.h>
#include <linux/kernel.h>

static void kunit_device_unregister_action(void *dev)
{
	device_unregister(dev);
}

struct device *kunit_device_register(struct kunit *test, const char *name)
{
	size_t size = strlen(test->name) + strlen(name) + 2;
	/* Freed after the device: resources go newest first. */
	char *full_name = kunit_kmalloc(test, size, GFP_KERNEL);
	struct device *dev;

	if (!full_name)
		return ERR_PTR(-ENOMEM);
	snprintf(full_name, size, "%s.%s", test->name, name);
	dev = root_device_register(full_name);
	if (IS_ERR(dev))
		return dev;
	if (kunit_add_action_or_reset(test, kunit_device_unregister_action, dev))
		return ERR_PTR(-ENOMEM);
	return dev;
}

void kunit_device_unregister(struct kunit *test, struct device *dev)
{
	kunit_release_action(test, kunit_device_unregister_action, dev);
}
