/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/device.h>: a device that exists only to own
 * managed (devm_) allocations, as a root device does in tests.  What it
 * owns is freed when it is unregistered.
 */
#ifndef _KUNIT_USER_LINUX_DEVICE_H
#define _KUNIT_USER_LINUX_DEVICE_H

#include <linux/bug.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/slab.h>

/**
 * struct device - a device, as far as managed allocations go
 * @name: what it was registered as.
 * @managed: its allocations, struct __kunit_devm_block.
 */
struct device {
	const char *name;
	struct list_head managed;
};

/* One allocation owned by a device; apart from it, so ASan sees its bounds. */
struct __kunit_devm_block {
	struct list_head entry;
	void *object;
};

/**
 * root_device_register - make a device with no bus or driver
 * @name: its name.
 *
 * Return: the device, or ERR_PTR(-ENOMEM).
 */
static inline struct device *root_device_register(const char *name)
{
	struct device *dev = kzalloc(sizeof(*dev), GFP_KERNEL);

	if (!dev)
		return ERR_PTR(-ENOMEM);
	dev->name = name;
	INIT_LIST_HEAD(&dev->managed);
	return dev;
}

/**
 * device_unregister - free a device and everything it still owns
 * @dev: from root_device_register().
 */
static inline void device_unregister(struct device *dev)
{
	struct __kunit_devm_block *block, *next;

	list_for_each_entry_safe(block, next, &dev->managed, entry) {
		kfree(block->object);
		kfree(block);
	}
	kfree(dev);
}

#define root_device_unregister(dev)	device_unregister(dev)

/**
 * dev_name - the name a device was registered as
 * @dev: the device.
 *
 * Return: its name.
 */
static inline const char *dev_name(const struct device *dev)
{
	return dev->name;
}

/**
 * devm_kmalloc - kmalloc() an object that @dev owns
 * @dev: the owner.
 * @size: bytes; 0 gives ZERO_SIZE_PTR, which nothing owns.
 * @flags: as for kmalloc().
 *
 * Return: the object, or NULL.
 */
static inline void *devm_kmalloc(struct device *dev, size_t size, gfp_t flags)
{
	struct __kunit_devm_block *block;

	if (!size)
		return ZERO_SIZE_PTR;
	block = kmalloc(sizeof(*block), GFP_KERNEL);
	if (!block)
		return NULL;
	block->object = kmalloc(size, flags);
	if (!block->object) {
		kfree(block);
		return NULL;
	}
	list_add_tail(&block->entry, &dev->managed);
	return block->object;
}

#define devm_kzalloc(dev, size, flags)	devm_kmalloc(dev, size, (flags) | __GFP_ZERO)

/**
 * devm_kfree - free an object that @dev owns before @dev goes
 * @dev: the owner.
 * @p: from devm_kmalloc(); NULL and ZERO_SIZE_PTR are ignored.
 *
 * An object @dev does not own is a bug: it warns and frees nothing.
 */
static inline void devm_kfree(struct device *dev, const void *p)
{
	struct __kunit_devm_block *block;

	if (ZERO_OR_NULL_PTR(p))
		return;
	list_for_each_entry(block, &dev->managed, entry) {
		if (block->object == p) {
			list_del(&block->entry);
			kfree(block->object);
			kfree(block);
			return;
		}
	}
	WARN_ON(1);
}

#endif /* _KUNIT_USER_LINUX_DEVICE_H */
