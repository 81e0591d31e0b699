/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Platform devices and drivers that a test owns: each is unregistered (or
 * its reference dropped) by a deferred action of the test when the case
 * ends.  Kernel only: userspace has no driver model, and a userspace
 * build of a test that includes this header stops here, saying so.
 */
#ifndef _KUNIT_PLATFORM_DEVICE_H
#define _KUNIT_PLATFORM_DEVICE_H

#include <kunit/platform.h>

#if !KUNIT_PLATFORM_HAS_DRIVERS
#error "<kunit/platform_device.h>: userspace has no platform bus or driver model; run this test in the kernel"
#endif

struct completion;
struct kunit;
struct platform_device;
struct platform_driver;

/**
 * kunit_platform_device_alloc() - platform_device_alloc() for a test
 * @test: the test that owns the device
 * @name: the device's base name
 * @id: the device's instance id, or PLATFORM_DEVID_NONE/PLATFORM_DEVID_AUTO
 *
 * The reference that platform_device_alloc() returns is dropped when the
 * case ends; once kunit_platform_device_add() has added the device, the
 * device is unregistered instead.
 *
 * Return: the device, or NULL when it or its deferred action could not be
 * allocated.
 */
struct platform_device *
kunit_platform_device_alloc(struct kunit *test, const char *name, int id);

/**
 * kunit_platform_device_add() - platform_device_add() for a test
 * @test: the test that owns the device
 * @pdev: a device from kunit_platform_device_alloc() or platform_device_alloc()
 *
 * On success the device is unregistered when the case ends.  A device from
 * kunit_platform_device_alloc() keeps its place in the order of the
 * test's clean-up; any other device's unregistration is deferred from here.
 *
 * Return: 0, or the error of platform_device_add() or of deferring the
 * unregistration (the device is then unregistered at once).
 */
int kunit_platform_device_add(struct kunit *test, struct platform_device *pdev);

/**
 * kunit_platform_device_prepare_wait_for_probe() - complete @x when @pdev binds
 * @test: the test that waits
 * @pdev: the device to watch
 * @x: the completion to complete when a driver binds to @pdev
 *
 * Call this before the device or its driver is registered, then wait on
 * @x.  If a driver is bound to @pdev already, @x is completed now.  The
 * watch on the platform bus ends with the case.
 *
 * Return: 0, or a negative errno when the watch could not be set up.
 */
int kunit_platform_device_prepare_wait_for_probe(struct kunit *test,
						 struct platform_device *pdev,
						 struct completion *x);

/**
 * kunit_platform_driver_register() - platform_driver_register() for a test
 * @test: the test that owns the driver
 * @drv: the driver to register
 *
 * Return: 0, or the error of registering the driver or of deferring its
 * unregistration (the driver is then unregistered at once).
 */
int kunit_platform_driver_register(struct kunit *test,
				   struct platform_driver *drv);

#endif /* _KUNIT_PLATFORM_DEVICE_H */
