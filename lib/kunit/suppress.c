// SPDX-License-Identifier: GPL-2.0
/*
 * Blocks in which a test expects warnings: kunit_warning_suppress() and
 * kunit_start_suppress_warning() (mainline's API since 7.2).
 *
 * Mainline stops a warning given in such a block before the kernel
 * reports it, through a hook in lib/bug.c and kernel/panic.c.  The
 * kernels this KUnit builds against have no such hook, and here a
 * warning fails the case in whose window the kernel's record (its count
 * of warnings) gained it.  So a block does not hide anything: the kernel
 * reports, taints and counts the warning as ever, and the block accounts
 * for it.  It takes the platform's count of warnings as it opens and as
 * it closes; what the kernel counted in between is the block's, and the
 * platform adds it to the warnings KUnit expected, which the verdicts of
 * a case's window, of the kselftest wrapper and of make run subtract from
 * the kernel's count.
 *
 * The count is the kernel's, of every task: a warning that another task
 * gives while the block is open is the block's too.  So one block is open
 * at a time, in the whole kernel, and a test that must not take another
 * task's warning for its own checks the count.
 */
#include <kunit/resource.h>
#include <kunit/test.h>

#include <linux/spinlock.h>

/**
 * struct kunit_suppressed_warning - an open or closed block of expected warnings
 * @test: the test that opened it, whose clean-up closes it.
 * @task: the task that opened it (kunit_platform_task()).
 * @first: the platform's count of warnings as it opened.
 * @count: once closed, the warnings counted while it was open.
 * @closed: it was closed.
 */
struct kunit_suppressed_warning {
	struct kunit *test;
	const void *task;
	unsigned long first;
	unsigned long count;
	bool closed;
};

/*
 * Guards kunit_open_block and the counts of blocks, read under it: no two
 * blocks count one warning.  A spinlock: kunit_has_active_suppress_warning()
 * is for any context, as upstream's.
 */
static DEFINE_SPINLOCK(kunit_block_lock);
static struct kunit_suppressed_warning *kunit_open_block;

/*
 * Closes @block, once: the warnings it counted are expected from now on.
 * Called with kunit_block_lock held (@flags); returns with it released.
 */
static void kunit_close_block_locked(struct kunit_suppressed_warning *block,
				     unsigned long flags)
{
	unsigned long now = block->first, count;
	struct kunit *test = block->test;

	if (block->closed) {
		spin_unlock_irqrestore(&kunit_block_lock, flags);
		return;
	}
	kunit_platform_warnings_recorded(&now);
	if (kunit_open_block == block)
		kunit_open_block = NULL;
	count = now - block->first;
	block->count = count;
	block->closed = true;
	/*
	 * Expected before the lock goes, in the window the block closes in;
	 * and nothing of @block is read after: the case that owns it, given
	 * up on and closed by the runner, may free it as soon as it returns.
	 */
	kunit_platform_expect_warnings(count);
	spin_unlock_irqrestore(&kunit_block_lock, flags);
	if (count)
		kunit_info(test,
			   "%lu warning%s in a kunit_warning_suppress() block, expected: %s in the log",
			   count, count == 1 ? "" : "s", count == 1 ? "its report is" : "their reports are");
}

static void kunit_close_block(struct kunit_suppressed_warning *block)
{
	unsigned long flags;

	spin_lock_irqsave(&kunit_block_lock, flags);
	kunit_close_block_locked(block, flags);
}

KUNIT_DEFINE_ACTION_WRAPPER(kunit_close_block_action, kunit_close_block,
			    struct kunit_suppressed_warning *);

/**
 * kunit_close_blocks_of() - close the block that @test left open
 * @test: a case (or a parameterised case's context) whose window ends.
 *
 * The runner calls it as the window ends, before it judges the window: a
 * case given up on (a timeout) keeps its block open until its thread
 * returns, which may be in a later case's window, whose warnings the
 * block would then count as expected.  Its clean-up finds it closed, and
 * no block opens on @test from now on.
 */
void kunit_close_blocks_of(struct kunit *test)
{
	unsigned long flags;

	spin_lock_irqsave(&kunit_block_lock, flags);
	/* Nor may a thread it left running open another, counting later windows. */
	WRITE_ONCE(test->no_block_reason, "its case's time is over");
	if (kunit_open_block && kunit_open_block->test == test)
		kunit_close_block_locked(kunit_open_block, flags);
	else
		spin_unlock_irqrestore(&kunit_block_lock, flags);
}

/**
 * kunit_start_suppress_warning() - open a block in which warnings are expected
 * @test: the test; its clean-up closes the block if nothing did before.
 *
 * Fails @test when another block is open, anywhere, or when no block may
 * open on @test (a parameterised case's context, whose time spans its
 * parameters' windows; a case whose time is over); skips it (and stops
 * it, when @test runs in the caller) where the platform does not count
 * warnings: a block there could not tell its warnings from others.
 *
 * Return: the block, for kunit_end_suppress_warning() and
 * kunit_suppressed_warning_count(); NULL when it could not be opened.
 */
struct kunit_suppressed_warning *kunit_start_suppress_warning(struct kunit *test)
{
	struct kunit_suppressed_warning *block;
	unsigned long now, flags;
	const char *whose = NULL;

	if (!kunit_platform_warnings_recorded(&now)) {
		if (kunit_platform_current_test() == test)
			kunit_skip(test, "the kernel's count of warnings (/sys/kernel/warn_count) cannot be read here");
		kunit_mark_skipped(test, "the kernel's count of warnings (/sys/kernel/warn_count) cannot be read here");
		return NULL;
	}
	block = kunit_kzalloc(test, sizeof(*block), GFP_KERNEL);
	if (!block) {
		KUNIT_FAIL(test, "cannot open a kunit_warning_suppress() block: out of memory");
		return NULL;
	}
	block->test = test;
	block->task = kunit_platform_task();
	spin_lock_irqsave(&kunit_block_lock, flags);
	if (READ_ONCE(test->no_block_reason)) {
		whose = test->no_block_reason;
	} else if (!kunit_open_block) {
		/* Read again under the lock: no block's window overlaps another's. */
		block->first = now;
		kunit_platform_warnings_recorded(&block->first);
		kunit_open_block = block;
	} else if (kunit_open_block->test == test) {
		whose = " (this test's)";
	} else if (kunit_open_block->task == block->task) {
		whose = " (this task's, for another test)";
	} else {
		whose = "";
	}
	spin_unlock_irqrestore(&kunit_block_lock, flags);
	if (whose && test->no_block_reason) {
		KUNIT_FAIL(test, "cannot open a kunit_warning_suppress() block: %s", whose);
		return NULL;
	}
	if (whose) {
		KUNIT_FAIL(test, "Another suppression block is already active%s", whose);
		return NULL;
	}
	if (kunit_add_action_or_reset(test, kunit_close_block_action, block)) {
		KUNIT_FAIL(test, "cannot open a kunit_warning_suppress() block: out of memory");
		return NULL;
	}
	return block;
}
EXPORT_SYMBOL_GPL(kunit_start_suppress_warning);

/**
 * kunit_end_suppress_warning() - close a block of expected warnings
 * @test: the test that opened it.
 * @w: the block, or NULL (which does nothing).
 *
 * Its count stays readable until @test ends.
 */
void kunit_end_suppress_warning(struct kunit *test, struct kunit_suppressed_warning *w)
{
	if (w)
		kunit_release_action(test, kunit_close_block_action, w);
}
EXPORT_SYMBOL_GPL(kunit_end_suppress_warning);

/**
 * __kunit_suppress_auto_cleanup() - close the block of kunit_warning_suppress()
 * @wp: where the block is; NULL there once the loop closed it.
 *
 * Runs as the variable goes out of scope: a break or a return out of the
 * block closes it too.
 */
void __kunit_suppress_auto_cleanup(struct kunit_suppressed_warning **wp)
{
	if (*wp)
		kunit_end_suppress_warning((*wp)->test, *wp);
}
EXPORT_SYMBOL_GPL(__kunit_suppress_auto_cleanup);

/**
 * kunit_suppressed_warning_count() - the warnings counted in a block
 * @w: the block, or NULL.
 *
 * Return: the warnings the kernel counted since @w opened, or while it
 * was open once closed; 0 for NULL.
 */
int kunit_suppressed_warning_count(struct kunit_suppressed_warning *w)
{
	unsigned long count, flags;

	if (!w)
		return 0;
	spin_lock_irqsave(&kunit_block_lock, flags);
	count = w->count;
	if (!w->closed && kunit_platform_warnings_recorded(&count))
		count -= w->first;
	spin_unlock_irqrestore(&kunit_block_lock, flags);
	return count;
}
EXPORT_SYMBOL_GPL(kunit_suppressed_warning_count);

/**
 * kunit_has_active_suppress_warning() - whether the caller opened a block still open
 *
 * Return: true in the task that opened the block that is open.
 */
bool kunit_has_active_suppress_warning(void)
{
	unsigned long flags;
	bool mine;

	spin_lock_irqsave(&kunit_block_lock, flags);
	mine = kunit_open_block && kunit_open_block->task == kunit_platform_task();
	spin_unlock_irqrestore(&kunit_block_lock, flags);
	return mine;
}
EXPORT_SYMBOL_GPL(kunit_has_active_suppress_warning);

/**
 * kunit_warning_expected_by() - whether @test has a block open in this task
 * @test: a test, or NULL.
 *
 * For a platform that decides at the warning itself (userspace's WARN()):
 * a warning where the running test has no block open fails it, and so
 * does one from another task (a thread the case started), which the
 * block counts all the same; upstream's blocks are the opening task's.
 *
 * Return: true when the open block is @test's, opened by the caller's task.
 */
bool kunit_warning_expected_by(struct kunit *test)
{
	unsigned long flags;
	bool expected;

	spin_lock_irqsave(&kunit_block_lock, flags);
	expected = test && kunit_open_block && kunit_open_block->test == test &&
		   kunit_open_block->task == kunit_platform_task();
	spin_unlock_irqrestore(&kunit_block_lock, flags);
	return expected;
}
