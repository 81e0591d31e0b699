/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Clocks that a test owns.  The functions are the common clock
 * framework's (drivers/clk/clk_kunit_helpers.c in the tree); this header
 * declares them for tests.  Kernel only.
 */
#ifndef _KUNIT_CLK_H
#define _KUNIT_CLK_H

#include <kunit/platform.h>

#if !KUNIT_PLATFORM_HAS_DRIVERS
#error "<kunit/clk.h>: userspace has no clock framework; run this test in the kernel"
#endif

struct clk;
struct clk_hw;
struct device;
struct device_node;
struct kunit;

/**
 * clk_get_kunit() - clk_get() whose clock is put when the case ends
 * @test: the test that owns the clock
 * @dev: the device the clock is for
 * @con_id: the clock's connection id
 *
 * Return: the clock, or an ERR_PTR().
 */
struct clk *clk_get_kunit(struct kunit *test, struct device *dev, const char *con_id);

/**
 * of_clk_get_kunit() - of_clk_get() whose clock is put when the case ends
 * @test: the test that owns the clock
 * @np: the device tree node that names the clock
 * @index: the index of the clock in @np's clocks
 *
 * Return: the clock, or an ERR_PTR().
 */
struct clk *of_clk_get_kunit(struct kunit *test, struct device_node *np, int index);

/**
 * clk_hw_get_clk_kunit() - clk_hw_get_clk() whose clock is put when the case ends
 * @test: the test that owns the clock
 * @hw: the clock's hardware
 * @con_id: the connection id
 *
 * Return: the clock, or an ERR_PTR().
 */
struct clk *clk_hw_get_clk_kunit(struct kunit *test, struct clk_hw *hw, const char *con_id);

/**
 * clk_hw_get_clk_prepared_enabled_kunit() - a clock of @hw, prepared and
 * enabled until the case ends
 * @test: the test that owns the clock
 * @hw: the clock's hardware
 * @con_id: the connection id
 *
 * Return: the clock, or an ERR_PTR().
 */
struct clk *clk_hw_get_clk_prepared_enabled_kunit(struct kunit *test, struct clk_hw *hw,
						  const char *con_id);

/**
 * clk_prepare_enable_kunit() - clk_prepare_enable() undone when the case ends
 * @test: the test that owns the enable
 * @clk: the clock
 *
 * Return: 0, or a negative errno.
 */
int clk_prepare_enable_kunit(struct kunit *test, struct clk *clk);

/**
 * clk_hw_register_kunit() - clk_hw_register() undone when the case ends
 * @test: the test that owns the clock
 * @dev: the device the clock belongs to, or NULL
 * @hw: the clock's hardware
 *
 * Return: 0, or a negative errno.
 */
int clk_hw_register_kunit(struct kunit *test, struct device *dev, struct clk_hw *hw);

/**
 * of_clk_hw_register_kunit() - of_clk_hw_register() undone when the case ends
 * @test: the test that owns the clock
 * @node: the device tree node of the clock
 * @hw: the clock's hardware
 *
 * Return: 0, or a negative errno.
 */
int of_clk_hw_register_kunit(struct kunit *test, struct device_node *node,
			     struct clk_hw *hw);

#endif /* _KUNIT_CLK_H */
