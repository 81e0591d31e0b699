/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Device tree nodes and overlays that a test owns.  The functions are the
 * device tree code's (drivers/of/of_kunit_helpers.c in the tree); where
 * the kernel is built without what they need, they skip the test that
 * calls them.  Kernel only.
 */
#ifndef _KUNIT_OF_H
#define _KUNIT_OF_H

#include <kunit/test.h>

#if !KUNIT_PLATFORM_HAS_DRIVERS
#error "<kunit/of.h>: userspace has no device tree; run this test in the kernel"
#endif

struct device_node;

#if IS_ENABLED(CONFIG_OF)
/**
 * of_node_put_kunit() - of_node_put() @node when the case ends
 * @test: the test that owns the reference
 * @node: the node whose reference the test holds
 *
 * Without CONFIG_OF, the test is skipped.
 */
void of_node_put_kunit(struct kunit *test, struct device_node *node);
#else
static inline void of_node_put_kunit(struct kunit *test, struct device_node *node)
{
	kunit_skip(test, "%s() needs CONFIG_OF", __func__);
}
#endif

#if IS_ENABLED(CONFIG_OF) && IS_ENABLED(CONFIG_OF_OVERLAY) && \
	IS_ENABLED(CONFIG_OF_EARLY_FLATTREE)
/**
 * of_overlay_fdt_apply_kunit() - of_overlay_fdt_apply(), removed when the case ends
 * @test: the test that owns the overlay
 * @overlay_fdt: the overlay's flattened device tree
 * @overlay_fdt_size: its size in bytes
 * @ovcs_id: where the overlay's changeset id is stored
 *
 * Without CONFIG_OF, CONFIG_OF_OVERLAY or CONFIG_OF_EARLY_FLATTREE, the
 * test is skipped.
 *
 * Return: 0, or a negative errno.
 */
int of_overlay_fdt_apply_kunit(struct kunit *test, void *overlay_fdt,
			       u32 overlay_fdt_size, int *ovcs_id);
#else
static inline int of_overlay_fdt_apply_kunit(struct kunit *test, void *overlay_fdt,
					     u32 overlay_fdt_size, int *ovcs_id)
{
	kunit_skip(test, "%s() needs CONFIG_OF, CONFIG_OF_OVERLAY and CONFIG_OF_EARLY_FLATTREE",
		   __func__);
	return -EINVAL;
}
#endif

/**
 * __of_overlay_apply_kunit() - apply the overlay between two addresses for a test
 * @test: the test that owns the overlay
 * @overlay_begin: the overlay's first byte
 * @overlay_end: the byte past its last
 *
 * Used by of_overlay_apply_kunit(), which finds the addresses by name.
 *
 * Return: 0, or a negative errno.
 */
static inline int __of_overlay_apply_kunit(struct kunit *test, u8 *overlay_begin,
					   const u8 *overlay_end)
{
	int changeset;

	return of_overlay_fdt_apply_kunit(test, overlay_begin,
					  overlay_end - overlay_begin, &changeset);
}

/**
 * of_overlay_apply_kunit() - apply an overlay linked into the kernel or module
 * @test: the test that owns the overlay
 * @overlay_name: the overlay's file name without ".dtbo"
 *
 * The overlay is one that Kbuild linked in from NAME.dtbo.o (the
 * cmd_dt_S_dtbo rule), between __dtbo_NAME_begin and __dtbo_NAME_end.  It
 * is removed when the case ends.
 *
 * Return: 0, or a negative errno.
 */
#define of_overlay_apply_kunit(test, overlay_name)				\
({										\
	extern u8 __dtbo_##overlay_name##_begin[];					\
	extern u8 __dtbo_##overlay_name##_end[];					\
										\
	__of_overlay_apply_kunit((test), __dtbo_##overlay_name##_begin,		\
				 __dtbo_##overlay_name##_end);			\
})

#endif /* _KUNIT_OF_H */
