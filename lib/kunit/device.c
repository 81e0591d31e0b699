// SPDX-License-Identifier: GPL-2.0
/*
 * Devices and drivers that a test owns (<kunit/device.h>), on a bus of
 * KUnit's own, "kunit", under a root device of the same name.  Each is
 * unregistered by a deferred action of its test when the case ends.
 */
#include <kunit/device.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/err.h>
#include <linux/slab.h>

#include "kernel-internal.h"

/*
 * As const as the driver core takes it: since 6.3 a bus's type is const
 * everywhere; before, bus_register() writes to it, so it is writable.
 */
static typeof(*((struct device_driver *)NULL)->bus) kunit_bus = {
	.name = "kunit",
};

static struct device *kunit_bus_root;

/* A test's device: the driver KUnit made for it, by kunit_device_register(). */
struct kunit_device {
	struct device dev;
	struct kunit *owner;
	const struct device_driver *made_driver;
};

/**
 * kunit_bus_init() - register the kunit bus, as KUnit starts
 *
 * Return: 0, or the error of registering the root device or the bus.
 */
int kunit_bus_init(void)
{
	int err;

	kunit_bus_root = root_device_register("kunit");
	if (IS_ERR(kunit_bus_root))
		return PTR_ERR(kunit_bus_root);
	err = bus_register(&kunit_bus);
	if (err) {
		root_device_unregister(kunit_bus_root);
		kunit_bus_root = NULL;
	}
	return err;
}

/**
 * kunit_bus_shutdown() - unregister the kunit bus, as KUnit goes
 */
void kunit_bus_shutdown(void)
{
	if (IS_ERR_OR_NULL(kunit_bus_root))
		return;
	bus_unregister(&kunit_bus);
	root_device_unregister(kunit_bus_root);
	kunit_bus_root = NULL;
}

static void kunit_device_release(struct device *dev)
{
	kfree(container_of(dev, struct kunit_device, dev));
}

static void kunit_driver_unregister_action(void *driver)
{
	driver_unregister(driver);
}

/* A device goes with the driver KUnit made for it, if any. */
static void kunit_device_unregister_action(void *dev)
{
	struct kunit_device *kdev = container_of(dev, struct kunit_device, dev);
	const struct device_driver *made = kdev->made_driver;

	device_unregister(dev);
	if (made)
		driver_unregister((struct device_driver *)made);
}

struct device_driver *kunit_driver_create(struct kunit *test, const char *name)
{
	struct device_driver *drv;
	const char *drv_name;
	int err;

	if (!name)
		return ERR_PTR(-EINVAL);
	drv = kunit_kzalloc(test, sizeof(*drv), GFP_KERNEL);
	drv_name = kunit_kstrdup_const(test, name, GFP_KERNEL);
	if (!drv || !drv_name)
		return ERR_PTR(-ENOMEM);
	*drv = (struct device_driver){ .name = drv_name, .bus = &kunit_bus, .owner = THIS_MODULE };
	err = driver_register(drv);
	if (err)
		return ERR_PTR(err);
	err = kunit_add_action_or_reset(test, kunit_driver_unregister_action, drv);
	return err ? ERR_PTR(err) : drv;
}
EXPORT_SYMBOL_GPL(kunit_driver_create);

static struct kunit_device *kunit_device_add(struct kunit *test, const char *name)
{
	struct kunit_device *kdev;
	int err;

	if (IS_ERR_OR_NULL(kunit_bus_root))
		return ERR_PTR(-ENODEV);
	if (!name)
		return ERR_PTR(-EINVAL);
	kdev = kzalloc(sizeof(*kdev), GFP_KERNEL);
	if (!kdev)
		return ERR_PTR(-ENOMEM);
	kdev->owner = test;
	err = dev_set_name(&kdev->dev, "%s.%s", test->name, name);
	if (err) {
		kfree(kdev);
		return ERR_PTR(err);
	}
	kdev->dev.release = kunit_device_release;
	kdev->dev.bus = &kunit_bus;
	kdev->dev.parent = kunit_bus_root;
	/* What a driver under test may map for DMA, as a platform device has. */
	kdev->dev.dma_mask = &kdev->dev.coherent_dma_mask;
	kdev->dev.coherent_dma_mask = DMA_BIT_MASK(32);
	err = device_register(&kdev->dev);
	if (err) {
		put_device(&kdev->dev);
		return ERR_PTR(err);
	}
	err = kunit_add_action_or_reset(test, kunit_device_unregister_action, &kdev->dev);
	return err ? ERR_PTR(err) : kdev;
}

struct device *kunit_device_register_with_driver(struct kunit *test, const char *name,
						 const struct device_driver *drv)
{
	/* As in 6.12, the bus binds what it matches: @drv is not bound here. */
	struct kunit_device *kdev = kunit_device_add(test, name);

	return IS_ERR(kdev) ? ERR_CAST(kdev) : &kdev->dev;
}
EXPORT_SYMBOL_GPL(kunit_device_register_with_driver);

struct device *kunit_device_register(struct kunit *test, const char *name)
{
	struct device_driver *driver = kunit_driver_create(test, name);
	struct kunit_device *kdev;

	if (IS_ERR(driver))
		return ERR_CAST(driver);
	kdev = kunit_device_add(test, name);
	if (IS_ERR(kdev)) {
		kunit_release_action(test, kunit_driver_unregister_action, driver);
		return ERR_CAST(kdev);
	}
	/* From here the driver goes with the device, by the device's action. */
	kunit_remove_action(test, kunit_driver_unregister_action, driver);
	kdev->made_driver = driver;
	return &kdev->dev;
}
EXPORT_SYMBOL_GPL(kunit_device_register);

/*
 * The device is not looked at before its action is found: one already
 * unregistered, or another test's, is left alone.
 */
void kunit_device_unregister(struct kunit *test, struct device *dev)
{
	kunit_release_action(test, kunit_device_unregister_action, dev);
}
EXPORT_SYMBOL_GPL(kunit_device_unregister);
