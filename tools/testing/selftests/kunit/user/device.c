// SPDX-License-Identifier: GPL-2.0
/*
 * kunit_device_register() in userspace: a device of <linux/device.h>'s
 * stand-in, which holds managed allocations and is unregistered, with
 * them, when the case ends.  As in the kernel, where each device comes
 * with a driver of its name on the kunit bus, a name is taken once at a
 * time, and a '/' in it reads '!'.
 */
#include <kunit/device.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include <linux/device.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/list.h>

/* A device this program registered and has not unregistered yet. */
struct kunit_user_device {
	struct list_head entry;
	struct device *dev;
	char *name;
	char *full_name;
};

static LIST_HEAD(kunit_user_devices);

static struct kunit_user_device *kunit_user_device_named(const char *name)
{
	struct kunit_user_device *known;

	list_for_each_entry(known, &kunit_user_devices, entry)
		if (!strcmp(known->name, name))
			return known;
	return NULL;
}

static void kunit_device_unregister_action(void *context)
{
	struct kunit_user_device *known = context;

	list_del(&known->entry);
	device_unregister(known->dev);
	kfree(known->full_name);
	kfree(known->name);
	kfree(known);
}

struct device *kunit_device_register(struct kunit *test, const char *name)
{
	struct kunit_user_device *known;
	char *slash;
	size_t size;

	if (!name)
		return ERR_PTR(-EINVAL);
	if (kunit_user_device_named(name))
		return ERR_PTR(-EBUSY);
	known = kzalloc(sizeof(*known), GFP_KERNEL);
	if (!known)
		return ERR_PTR(-ENOMEM);
	size = strlen(test->name) + strlen(name) + 2;
	known->name = kstrdup(name, GFP_KERNEL);
	known->full_name = kmalloc(size, GFP_KERNEL);
	/* The device's own name is TEST.NAME, as the kernel's kobject gives it. */
	if (known->full_name) {
		snprintf(known->full_name, size, "%s.%s", test->name, name);
		for (slash = strchr(known->full_name, '/'); slash; slash = strchr(slash, '/'))
			*slash = '!';
	}
	known->dev = known->name && known->full_name ?
		     root_device_register(known->full_name) : ERR_PTR(-ENOMEM);
	if (IS_ERR(known->dev)) {
		kfree(known->full_name);
		kfree(known->name);
		kfree(known);
		return ERR_PTR(-ENOMEM);
	}
	list_add(&known->entry, &kunit_user_devices);
	if (kunit_add_action_or_reset(test, kunit_device_unregister_action, known))
		return ERR_PTR(-ENOMEM);
	return known->dev;
}

void kunit_device_unregister(struct kunit *test, struct device *dev)
{
	struct kunit_user_device *known;

	list_for_each_entry(known, &kunit_user_devices, entry) {
		if (known->dev == dev) {
			kunit_release_action(test, kunit_device_unregister_action, known);
			return;
		}
	}
}
