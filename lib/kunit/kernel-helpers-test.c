// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of KUnit's helpers that exist only in the kernel: running a check
 * in interrupt context (<kunit/run-in-irq-context.h>) and software nodes
 * that a test owns (<kunit/fwnode.h>); and what only the kernel's cases
 * can do, outlive their timeout with a kunit_warning_suppress() block open,
 * and find the user memory they map out of reach.
 */
#include <kunit/device.h>
#include <kunit/fwnode.h>
#include <kunit/run-in-irq-context.h>
#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <kunit/visibility.h>

#include <linux/device.h>
#include <linux/err.h>
#include <linux/interrupt.h>
#include <linux/mman.h>
#include <linux/sched/mm.h>
#include <linux/preempt.h>
#include <linux/property.h>
#include <linux/delay.h>
#include <linux/string.h>

#include "fake-test.h"
#include "kernel-internal.h"
#include "progress.h"

/* Calls seen in each context, and the context a call must fail in. */
struct irq_test_calls {
	atomic_t task, hardirq, softirq;
	bool fail_in_hardirq;
};

static bool irq_test_count_call(void *data)
{
	struct irq_test_calls *calls = data;

	if (in_hardirq()) {
		atomic_inc(&calls->hardirq);
		return !calls->fail_in_hardirq;
	}
	if (in_serving_softirq())
		atomic_inc(&calls->softirq);
	else
		atomic_inc(&calls->task);
	return true;
}

static void irq_test_all_contexts(struct kunit *test)
{
	struct irq_test_calls calls = { };

	kunit_run_irq_test(test, irq_test_count_call, 200, &calls);
	KUNIT_EXPECT_GT(test, atomic_read(&calls.task), 0);
	KUNIT_EXPECT_GT(test, atomic_read(&calls.hardirq), 0);
	KUNIT_EXPECT_GT(test, atomic_read(&calls.softirq), 0);
}

static struct irq_test_calls irq_test_failing_calls;

static void irq_test_run_failing(struct kunit *fake)
{
	kunit_run_irq_test(fake, irq_test_count_call, 200, &irq_test_failing_calls);
}

static void irq_test_failure_reported(struct kunit *test)
{
	struct kunit_fake_run run;

	memset(&irq_test_failing_calls, 0, sizeof(irq_test_failing_calls));
	irq_test_failing_calls.fail_in_hardirq = true;
	kunit_run_fake(test, "irq", irq_test_run_failing, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_FAILURE);
	KUNIT_EXPECT_NOT_NULL(test, strstr(run.output, "Failure reported from hardirq context"));
	KUNIT_EXPECT_NULL(test, strstr(run.output, "Failure reported from task context"));
	KUNIT_EXPECT_NULL(test, strstr(run.output, "Failure reported from softirq context"));
}

static const struct property_entry fwnode_test_properties[] = {
	PROPERTY_ENTRY_U32("kunit-value", 42),
	{ }
};

static const struct software_node fwnode_test_node = {
	.name = "kunit-fwnode-test",
	.properties = fwnode_test_properties,
};

static const struct software_node fwnode_test_child = {
	.name = "kunit-fwnode-test-child",
	.parent = &fwnode_test_node,
};

static const struct software_node *const fwnode_test_group[] = {
	&fwnode_test_node, &fwnode_test_child, NULL
};

static void fwnode_test_create(struct kunit *test)
{
	struct fwnode_handle *fwnode;
	u32 value = 0;

	fwnode = kunit_fwnode_create_software_node(test, fwnode_test_properties, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(fwnode));
	KUNIT_EXPECT_EQ(test, fwnode_property_read_u32(fwnode, "kunit-value", &value), 0);
	KUNIT_EXPECT_EQ(test, value, 42);
}

static void fwnode_register_in_fake(struct kunit *fake)
{
	struct fwnode_handle *fwnode = kunit_software_node_register(fake, &fwnode_test_node);

	KUNIT_ASSERT_FALSE(fake, IS_ERR(fwnode));
	KUNIT_EXPECT_PTR_EQ(fake, software_node_fwnode(&fwnode_test_node), fwnode);
}

/* Registered for a case, a node is unregistered as the case ends. */
static void fwnode_test_register(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "register", fwnode_register_in_fake, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_EXPECT_NULL(test, software_node_fwnode(&fwnode_test_node));
}

static void fwnode_register_group_in_fake(struct kunit *fake)
{
	KUNIT_ASSERT_EQ(fake, kunit_software_node_register_node_group(fake, fwnode_test_group), 0);
	KUNIT_EXPECT_NOT_NULL(fake, software_node_fwnode(&fwnode_test_node));
	KUNIT_EXPECT_NOT_NULL(fake, software_node_fwnode(&fwnode_test_child));
}

static void fwnode_test_register_group(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "group", fwnode_register_group_in_fake, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_EXPECT_NULL(test, software_node_fwnode(&fwnode_test_node));
	KUNIT_EXPECT_NULL(test, software_node_fwnode(&fwnode_test_child));
}

static struct device *fwnode_test_device;

static void fwnode_add_to_device_in_fake(struct kunit *fake)
{
	u32 value = 0;

	KUNIT_ASSERT_EQ(fake, kunit_device_add_software_node(fake, fwnode_test_device,
							     &fwnode_test_node), 0);
	KUNIT_EXPECT_EQ(fake, device_property_read_u32(fwnode_test_device, "kunit-value", &value),
			0);
	KUNIT_EXPECT_EQ(fake, value, 42);
}

/* The node added for a case is taken from the device as the case ends. */
static void fwnode_test_device_add(struct kunit *test)
{
	struct kunit_fake_run run;

	fwnode_test_device = kunit_device_register(test, "kunit-fwnode-device");
	KUNIT_ASSERT_FALSE(test, IS_ERR(fwnode_test_device));
	kunit_run_fake(test, "device", fwnode_add_to_device_in_fake, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_EXPECT_NULL(test, dev_fwnode(fwnode_test_device));
	KUNIT_EXPECT_NULL(test, software_node_fwnode(&fwnode_test_node));
}

/* Opens a block, and outlives its case's one-second timeout. */
static void block_then_sleep(struct kunit *test)
{
	kunit_start_suppress_warning(test);
	msleep(1600);
}

static struct kunit_case timed_out_block_cases[] = {
	KUNIT_CASE(block_then_sleep),
	{}
};

static struct kunit_suite timed_out_block_suite = {
	.name = "fake-timed-out-block",
	.timeout = 1,
	.test_cases = timed_out_block_cases,
};

/*
 * A case given up on has its block closed as its window ends: it counts
 * no warning of a later window (which it would forgive), and a later case
 * opens a block of its own.
 */
static void suppress_test_timed_out_block(struct kunit *test)
{
	struct string_stream *log = alloc_string_stream(test, GFP_KERNEL);
	struct kunit_progress progress = { };
	struct kunit_suppressed_warning *block;

	KUNIT_ASSERT_NOT_NULL(test, log);
	timed_out_block_suite.log.stream = log;
	timed_out_block_suite.log.quiet = true;
	__kunit_run_suite(&timed_out_block_suite, 1, &progress);
	timed_out_block_suite.log.stream = NULL;
	KUNIT_EXPECT_EQ(test, timed_out_block_cases[0].status, KUNIT_FAILURE);
	block = kunit_start_suppress_warning(test);
	KUNIT_EXPECT_NOT_NULL(test, block);
	kunit_end_suppress_warning(test, block);
}

/* The address space that the stub below turned down. */
static struct mm_struct *unreachable_mm;

static int user_memory_unreachable(void)
{
	unreachable_mm = current->mm;
	mmgrab(unreachable_mm);
	return -EOPNOTSUPP;
}

/*
 * Where the case's thread would not reach the user memory it maps (alpha),
 * kunit_vm_mmap() gives the address space back, whole (no user of it
 * left), and says -EOPNOTSUPP; the next call tries again.  Without user
 * memory for tests at all (a modular KUnit before 6.12) there is nothing
 * to map in.
 */
static void user_memory_test_unreachable(struct kunit *test)
{
	unsigned long addr;

	if (!KUNIT_PLATFORM_HAS_USER_MEMORY) {
		KUNIT_EXPECT_EQ(test, kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ,
						    MAP_ANONYMOUS | MAP_PRIVATE, 0), 0);
		return;
	}
	unreachable_mm = NULL;
	kunit_activate_static_stub(test, kunit_probe_user_memory, user_memory_unreachable);
	addr = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			     MAP_ANONYMOUS | MAP_PRIVATE, 0);
	kunit_deactivate_static_stub(test, kunit_probe_user_memory);
	KUNIT_EXPECT_EQ(test, addr, (unsigned long)-EOPNOTSUPP);
	KUNIT_EXPECT_NULL(test, current->mm);
	KUNIT_ASSERT_NOT_NULL(test, unreachable_mm);
	KUNIT_EXPECT_EQ(test, atomic_read(&unreachable_mm->mm_users), 0);
	mmdrop(unreachable_mm);

	addr = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			     MAP_ANONYMOUS | MAP_PRIVATE, 0);
	if (addr == (unsigned long)-EOPNOTSUPP) {
		KUNIT_EXPECT_NULL(test, current->mm);
	} else {
		KUNIT_EXPECT_FALSE(test, IS_ERR_VALUE(addr));
		KUNIT_EXPECT_NOT_NULL(test, current->mm);
	}
}

static struct kunit_case kernel_helpers_test_cases[] = {
	KUNIT_CASE(irq_test_all_contexts),
	KUNIT_CASE(irq_test_failure_reported),
	KUNIT_CASE(fwnode_test_create),
	KUNIT_CASE(fwnode_test_register),
	KUNIT_CASE(fwnode_test_register_group),
	KUNIT_CASE(fwnode_test_device_add),
	KUNIT_CASE(suppress_test_timed_out_block),
	KUNIT_CASE(user_memory_test_unreachable),
	{}
};

static struct kunit_suite kernel_helpers_test_suite = {
	.name = "kunit-kernel-helpers",
	.test_cases = kernel_helpers_test_cases,
};

kunit_test_suites(&kernel_helpers_test_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tests of KUnit's kernel-only helpers: interrupt context, software nodes, late blocks");
/* fake-test.h's captured output (tests-only-export.h). */
MODULE_IMPORT_NS(KUNIT_NAMESPACE(KUNIT_INTERNALS));
