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

/*
 * A driver, as far as a test fills one in: none binds in userspace, where
 * kunit_driver_create() skips the case.
 */
struct device_driver {
	const char *name;
	int (*probe)(struct device *dev);
	int (*remove)(struct device *dev);
};

/*
 * One allocation owned by a device, apart from it so that ASan sees its
 * bounds; or, with @action, what devm_add_action() asked to run.
 */
struct __kunit_devm_block {
	struct list_head entry;
	void *object;
	void (*action)(void *data);
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
	struct __kunit_devm_block *block;

	/* The last one in goes first, as the kernel releases a device's resources. */
	while (!list_empty(&dev->managed)) {
		block = list_last_entry(&dev->managed, struct __kunit_devm_block, entry);
		list_del(&block->entry);
		if (block->action)
			block->action(block->object);
		else
			kfree(block->object);
		kfree(block);
	}
	kfree(dev);
}

/**
 * devm_add_action - run @action(@data) when @dev goes
 * @dev: the owner.
 * @action: what to run.
 * @data: its argument.
 *
 * Return: 0, or -ENOMEM.
 */
static inline int devm_add_action(struct device *dev, void (*action)(void *), void *data)
{
	struct __kunit_devm_block *block = kmalloc(sizeof(*block), GFP_KERNEL);

	if (!block)
		return -ENOMEM;
	block->object = data;
	block->action = action;
	list_add_tail(&block->entry, &dev->managed);
	return 0;
}

/**
 * devm_add_action_or_reset - devm_add_action(), or run @action now if it cannot
 * @dev: the owner.
 * @action: what to run.
 * @data: its argument.
 *
 * Return: 0, or -ENOMEM once @action ran.
 */
static inline int devm_add_action_or_reset(struct device *dev, void (*action)(void *),
					   void *data)
{
	int err = devm_add_action(dev, action, data);

	if (err)
		action(data);
	return err;
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
	block->action = NULL;
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
		if (!block->action && block->object == p) {
			list_del(&block->entry);
			kfree(block->object);
			kfree(block);
			return;
		}
	}
	WARN_ON(1);
}

#endif /* _KUNIT_USER_LINUX_DEVICE_H */
