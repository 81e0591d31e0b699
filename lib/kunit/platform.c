// SPDX-License-Identifier: GPL-2.0
/*
 * Platform devices and drivers that a test owns (<kunit/platform_device.h>).
 * Everything made here is undone by the test's own clean-up, in the
 * reverse order of making, as the case ends.
 */
#include <kunit/platform_device.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include <linux/completion.h>
#include <linux/device.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

/*
 * A device from kunit_platform_device_alloc(): until it is added, the
 * test holds the reference platform_device_alloc() gave; once added, that
 * reference belongs to the device's registration, which the test undoes.
 */
struct kunit_pdev_hold {
	struct platform_device *device;
	bool added;
};

struct kunit_pdev_wanted {
	const char *name;
	int id;
};

static int kunit_pdev_hold_init(struct kunit_resource *res, void *context)
{
	const struct kunit_pdev_wanted *wanted = context;
	struct kunit_pdev_hold *hold;

	hold = kzalloc(sizeof(*hold), GFP_KERNEL);
	if (!hold)
		return -ENOMEM;
	hold->device = platform_device_alloc(wanted->name, wanted->id);
	if (!hold->device) {
		kfree(hold);
		return -ENOMEM;
	}
	res->data = hold;
	return 0;
}

static void kunit_pdev_hold_free(struct kunit_resource *res)
{
	struct kunit_pdev_hold *hold = res->data;

	if (hold->added)
		platform_device_unregister(hold->device);
	else
		platform_device_put(hold->device);
	kfree(hold);
}

struct platform_device *kunit_platform_device_alloc(struct kunit *test, const char *name, int id)
{
	struct kunit_pdev_wanted wanted = { .name = name, .id = id };
	struct kunit_pdev_hold *hold;

	hold = kunit_alloc_resource(test, kunit_pdev_hold_init, kunit_pdev_hold_free,
				    GFP_KERNEL, &wanted);
	return hold ? hold->device : NULL;
}
EXPORT_SYMBOL_GPL(kunit_platform_device_alloc);

static bool kunit_pdev_hold_of(struct kunit *test, struct kunit_resource *res,
			       void *device)
{
	return res->free == kunit_pdev_hold_free &&
	       ((struct kunit_pdev_hold *)res->data)->device == device;
}

/* A deferred action of the test: a kunit_action_t takes a void pointer. */
static void kunit_unregister_platform_device(void *device)
{
	platform_device_unregister(device);
}

int kunit_platform_device_add(struct kunit *test, struct platform_device *device)
{
	struct kunit_resource *held;
	int err;

	err = platform_device_add(device);
	if (err)
		return err;

	held = kunit_find_resource(test, kunit_pdev_hold_of, device);
	if (!held)
		return kunit_add_action_or_reset(test, kunit_unregister_platform_device, device);
	((struct kunit_pdev_hold *)held->data)->added = true;
	kunit_put_resource(held);
	return 0;
}
EXPORT_SYMBOL_GPL(kunit_platform_device_add);

/* A watch on the platform bus for one device's binding. */
struct kunit_probe_watch {
	struct notifier_block nb;
	struct device *dev;
	struct completion *bound;
};

static int kunit_probe_watch_notify(struct notifier_block *nb, unsigned long event,
				    void *dev)
{
	struct kunit_probe_watch *watch = container_of(nb, struct kunit_probe_watch, nb);

	if (event != BUS_NOTIFY_BOUND_DRIVER || dev != watch->dev)
		return NOTIFY_DONE;
	complete(watch->bound);
	return NOTIFY_OK;
}

static void kunit_probe_watch_end(void *notifier)
{
	bus_unregister_notifier(&platform_bus_type, notifier);
}

int
kunit_platform_device_prepare_wait_for_probe(struct kunit *test, struct platform_device *device,
					     struct completion *x)
{
	struct kunit_probe_watch *watch;
	bool bound;

	watch = kunit_kzalloc(test, sizeof(*watch), GFP_KERNEL);
	if (!watch)
		return -ENOMEM;
	watch->nb.notifier_call = kunit_probe_watch_notify;
	watch->dev = &device->dev;
	watch->bound = x;

	/*
	 * A driver binds under the device's lock: looking and starting to
	 * watch under it too, no binding falls between the two.  dev->driver
	 * is set under that lock only while a probe has succeeded.
	 */
	device_lock(watch->dev);
	bound = watch->dev->driver;
	if (!bound)
		bus_register_notifier(&platform_bus_type, &watch->nb);
	device_unlock(watch->dev);

	if (bound) {
		complete(x);
		kunit_kfree(test, watch);
		return 0;
	}
	return kunit_add_action_or_reset(test, kunit_probe_watch_end, &watch->nb);
}
EXPORT_SYMBOL_GPL(kunit_platform_device_prepare_wait_for_probe);

static void kunit_unregister_platform_driver(void *driver)
{
	platform_driver_unregister(driver);
}

int kunit_platform_driver_register(struct kunit *test, struct platform_driver *driver)
{
	int err = platform_driver_register(driver);

	return err ?: kunit_add_action_or_reset(test, kunit_unregister_platform_driver, driver);
}
EXPORT_SYMBOL_GPL(kunit_platform_driver_register);
