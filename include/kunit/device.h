/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Devices that a test owns (upstream since Linux 6.8): registered on a
 * "kunit" bus for code under test that needs a &struct device (devm_
 * allocations, a driver to bind), unregistered when the case ends.
 *
 * In userspace a device is the stand-in of <linux/device.h>, enough for
 * managed allocations; a driver cannot exist there, and a call of the
 * functions that need one fails to compile, saying so.
 */
#ifndef _KUNIT_DEVICE_API_H
#define _KUNIT_DEVICE_API_H

#include <linux/kconfig.h>

#if IS_ENABLED(CONFIG_KUNIT)

#include <kunit/test.h>

struct device;
struct device_driver;

/**
 * kunit_device_register() - a device of its own for the test
 * @test: the test; the device goes when its case ends.
 * @name: the device's name; it is registered as "TEST.NAME".  In the
 *	  kernel a driver of that name is bound to it.
 *
 * Return: the device, or an ERR_PTR().
 */
struct device *kunit_device_register(struct kunit *test, const char *name);

/**
 * kunit_device_unregister() - unregister a device before the case ends
 * @test: the test that registered it.
 * @dev: from kunit_device_register() or
 *	 kunit_device_register_with_driver().
 */
void kunit_device_unregister(struct kunit *test, struct device *dev);

#if KUNIT_PLATFORM_HAS_DRIVERS

/**
 * kunit_driver_create() - a driver on the kunit bus, for the test
 * @test: the test; the driver goes when its case ends.
 * @name: the driver's name.
 *
 * Return: the driver, or an ERR_PTR().
 */
struct device_driver *kunit_driver_create(struct kunit *test, const char *name);

/**
 * kunit_device_register_with_driver() - a device for the test, with a driver
 * @test: the test; the device goes when its case ends.
 * @name: the device's name, registered as "TEST.NAME".
 * @drv: the driver to bind, from kunit_driver_create() or the test's own.
 *
 * Return: the device, or an ERR_PTR().
 */
struct device *kunit_device_register_with_driver(struct kunit *test, const char *name,
						 const struct device_driver *drv);

#else

/*
 * A case that needs a driver skips, saying why, as a case that needs what
 * a kernel lacks: mainline's own tests of these helpers build unchanged.
 */
#define kunit_driver_create(test, name) ({					\
	kunit_skip(test, "kunit_driver_create(): userspace has no driver model; run this test in the kernel"); \
	(struct device_driver *)ERR_PTR(-EOPNOTSUPP); })
#define kunit_device_register_with_driver(test, name, drv) ({			\
	kunit_skip(test, "kunit_device_register_with_driver(): userspace has no driver model; run this test in the kernel"); \
	(struct device *)ERR_PTR(-EOPNOTSUPP); })

#endif /* KUNIT_PLATFORM_HAS_DRIVERS */

#endif /* IS_ENABLED(CONFIG_KUNIT) */

#endif /* _KUNIT_DEVICE_API_H */
