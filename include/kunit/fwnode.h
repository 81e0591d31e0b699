/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Software nodes that a test owns (mainline since 7.3): each is removed
 * or unregistered by a deferred action of the test when the case ends.
 * Kernel only: userspace has no firmware nodes, and a userspace build of
 * a test that includes this header stops here, saying so.
 */
#ifndef _KUNIT_FWNODE_H
#define _KUNIT_FWNODE_H

#include <kunit/platform.h>

#if !KUNIT_PLATFORM_HAS_DRIVERS
#error "<kunit/fwnode.h>: userspace has no firmware nodes or driver model; run this test in the kernel"
#endif

struct device;
struct fwnode_handle;
struct kunit;
struct property_entry;
struct software_node;

/**
 * kunit_fwnode_create_software_node() - fwnode_create_software_node() for a test
 * @test: the test that owns the node.
 * @properties: the node's properties, or NULL.
 * @parent: its parent node, or NULL.
 *
 * Return: the node, removed when the case ends; or an ERR_PTR().
 */
struct fwnode_handle *
kunit_fwnode_create_software_node(struct kunit *test, const struct property_entry *properties,
				  const struct fwnode_handle *parent);

/**
 * kunit_software_node_register() - software_node_register() for a test
 * @test: the test that owns the registration.
 * @node: the node to register.
 *
 * Return: the node's firmware node, unregistered when the case ends; or
 * an ERR_PTR().
 */
struct fwnode_handle *
kunit_software_node_register(struct kunit *test, const struct software_node *node);

/**
 * kunit_software_node_register_node_group() - register software nodes for a test
 * @test: the test that owns the registration.
 * @nodes: NULL-terminated array of the nodes, parents before children.
 *
 * Return: 0, the group being unregistered when the case ends; or an errno.
 */
int kunit_software_node_register_node_group(struct kunit *test,
					    const struct software_node *const *nodes);

/**
 * kunit_device_add_software_node() - device_add_software_node() for a test
 * @test: the test that owns the link.
 * @dev: the device, which gets @node as its (secondary) firmware node.
 * @node: the node, registered here if it is not yet.
 *
 * Return: 0, the node being taken from @dev when the case ends; or an errno.
 */
int kunit_device_add_software_node(struct kunit *test, struct device *dev,
				   const struct software_node *node);

#endif /* _KUNIT_FWNODE_H */
