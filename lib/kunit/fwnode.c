// SPDX-License-Identifier: GPL-2.0
/*
 * Software nodes that a test owns (<kunit/fwnode.h>): each is undone by
 * the test's own clean-up, in the reverse order of making, as the case
 * ends.
 */
#include <kunit/fwnode.h>
#include <kunit/resource.h>
#include <kunit/test.h>

#include <linux/device.h>
#include <linux/err.h>
#include <linux/property.h>

KUNIT_DEFINE_ACTION_WRAPPER(kunit_remove_software_node, fwnode_remove_software_node,
			    struct fwnode_handle *);

struct fwnode_handle *
kunit_fwnode_create_software_node(struct kunit *test, const struct property_entry *properties,
				  const struct fwnode_handle *parent)
{
	struct fwnode_handle *fwnode = fwnode_create_software_node(properties, parent);
	int err;

	if (IS_ERR(fwnode))
		return fwnode;
	err = kunit_add_action_or_reset(test, kunit_remove_software_node, fwnode);
	return err ? ERR_PTR(err) : fwnode;
}
EXPORT_SYMBOL_GPL(kunit_fwnode_create_software_node);

/* The node's registration, not its memory, is the test's. */
static void kunit_unregister_software_node(void *node)
{
	software_node_unregister(node);
}

struct fwnode_handle *
kunit_software_node_register(struct kunit *test, const struct software_node *node)
{
	struct fwnode_handle *fwnode;
	int err;

	err = software_node_register(node);
	if (err)
		return ERR_PTR(err);
	err = kunit_add_action_or_reset(test, kunit_unregister_software_node, (void *)node);
	if (err)
		return ERR_PTR(err);
	/* Registered, it has a firmware node: none would be the kernel's bug. */
	fwnode = software_node_fwnode(node);
	return fwnode ?: ERR_PTR(-ENOENT);
}
EXPORT_SYMBOL_GPL(kunit_software_node_register);

/* 6.1 and 6.12 take the group as "const struct software_node **"; none is written. */
static void kunit_unregister_node_group(void *nodes)
{
	software_node_unregister_node_group(nodes);
}

int kunit_software_node_register_node_group(struct kunit *test,
					    const struct software_node *const *nodes)
{
	int err = software_node_register_node_group((const struct software_node **)nodes);

	if (err)
		return err;
	return kunit_add_action_or_reset(test, kunit_unregister_node_group, (void *)nodes);
}
EXPORT_SYMBOL_GPL(kunit_software_node_register_node_group);

KUNIT_DEFINE_ACTION_WRAPPER(kunit_remove_device_software_node, device_remove_software_node,
			    struct device *);

int kunit_device_add_software_node(struct kunit *test, struct device *dev,
				   const struct software_node *node)
{
	int err = device_add_software_node(dev, node);

	if (err)
		return err;
	return kunit_add_action_or_reset(test, kunit_remove_device_software_node, dev);
}
EXPORT_SYMBOL_GPL(kunit_device_add_software_node);
