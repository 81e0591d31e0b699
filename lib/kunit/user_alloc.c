// SPDX-License-Identifier: GPL-2.0
/*
 * User memory for a test (kunit_vm_mmap()): a mapping in an address space
 * of the case's own.  A case runs in a kernel thread, which has none: the
 * first mapping gives the thread a new, empty one, which goes away with
 * the thread.
 *
 * mm_alloc() and arch_pick_mmap_layout() are exported to KUnit since
 * 6.12; on older trees this builds into the kernel only (Makefile).
 */
#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <kunit/visibility.h>

#include <linux/err.h>
#include <linux/highmem.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "kernel-internal.h"
#include "tests-only-export.h"

/*
 * One mapping.  The address space is held (mmgrab(), not mmget()) only so
 * that the clean-up can tell whether it runs in it: after the case's
 * thread ended, the mapping went with its address space.
 */
struct kunit_user_mapping {
	struct mm_struct *mm;
	unsigned long addr;
	unsigned long len;
};

static void kunit_user_mapping_undo(void *data)
{
	struct kunit_user_mapping *map = data;

	if (current->mm == map->mm)
		vm_munmap(map->addr, map->len);
	mmdrop(map->mm);
	kfree(map);
}

/*
 * Whether the running kernel thread reaches, through the user-copy
 * functions, the address space it took.  Some architectures load the
 * page-table base of a kernel thread only when it is created or switched
 * lazily, not on kthread_use_mm(): alpha's does (its PCB keeps the
 * previous table), and every access faults again without end, a
 * soft-locked CPU where the case's timeout cannot run.  So a page is
 * faulted in by software (get_user_pages_fast(), which walks the thread's
 * own tables), a mark is written there through the kernel's own mapping
 * of the page, and read back through the user address with page faults
 * disabled: where the hardware sees the same tables the read gives the
 * mark, elsewhere it faults once and fails.  It reads, not writes: stale
 * tables (those of the last process whose address space the thread
 * borrowed) could map the address to another process's memory.
 *
 * Returns 0 when it is reached, -EOPNOTSUPP when the read faulted on the
 * page the software had just put in or found another, or the error of a
 * step that failed before (a mapping or a fault that a working kernel
 * gives): that is the kernel's failure, not the architecture's limit, and
 * fails the test.
 */
int kunit_probe_user_memory(void)
{
	const char mark = 0x5a;
	unsigned long addr;
	struct page *page;
	char *kaddr, seen = 0;
	int got, err;

	KUNIT_STATIC_STUB_REDIRECT(kunit_probe_user_memory);

	addr = vm_mmap(NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_ANONYMOUS | MAP_PRIVATE, 0);
	if (IS_ERR_VALUE(addr))
		return (int)addr;
	got = get_user_pages_fast(addr, 1, FOLL_WRITE, &page);
	if (got == 1) {
		kaddr = kmap_local_page(page);
		*kaddr = mark;
		kunmap_local(kaddr);
		flush_dcache_page(page);
		pagefault_disable();
		err = __copy_from_user_inatomic(&seen, (void __user *)addr, 1) || seen != mark ?
		      -EOPNOTSUPP : 0;
		pagefault_enable();
		put_page(page);
	} else {
		err = got < 0 ? got : -EFAULT;
	}
	vm_munmap(addr, PAGE_SIZE);
	return err;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_probe_user_memory);

/*
 * Gives the running kernel thread an address space if it has none:
 * -EOPNOTSUPP where the thread could not reach it, or another error.
 */
static int kunit_thread_get_mm(void)
{
	struct mm_struct *mm;
	int err;

	if (current->mm)
		return 0;
	/* Mapping layouts exist only where there is an MMU. */
	if (!IS_ENABLED(CONFIG_MMU) || !(current->flags & PF_KTHREAD))
		return -EINVAL;
	mm = mm_alloc();
	if (!mm)
		return -ENOMEM;
	mm->task_size = TASK_SIZE;
	arch_pick_mmap_layout(mm, &current->signal->rlim[RLIMIT_STACK]);
	/* The thread owns mm_alloc()'s reference: its exit puts it. */
	kthread_use_mm(mm);
	err = kunit_probe_user_memory();
	if (err) {
		kthread_unuse_mm(mm);
		mmput(mm);
	}
	return err;
}

/**
 * kunit_vm_mmap() - vm_mmap() in the case's own address space, undone when
 * the case ends
 * @test: the test that owns the mapping
 * @file: the file to map, or NULL
 * @addr: the address wanted, or 0
 * @len: the mapping's length in bytes
 * @prot: the protection bits (PROT_READ, PROT_WRITE, PROT_EXEC)
 * @flag: the mapping flags (MAP_PRIVATE, MAP_ANONYMOUS and the rest)
 * @offset: the offset in @file
 *
 * Return: the mapping's user address, or what vm_mmap() returned for an
 * error (an address at or above TASK_SIZE); -EOPNOTSUPP, as such an
 * address, where the architecture does not let a kernel thread reach user
 * memory it maps (alpha), as the case's log then says; 0 when the thread
 * could not be given an address space or the mapping could not be
 * recorded.
 */
unsigned long kunit_vm_mmap(struct kunit *test, struct file *file,
			    unsigned long addr, unsigned long len,
			    unsigned long prot, unsigned long flag,
			    unsigned long offset)
{
	struct kunit_user_mapping *map;
	unsigned long mapped;
	int err;

	err = kunit_thread_get_mm();
	if (err == -EOPNOTSUPP) {
		kunit_info(test, "%s(): this architecture's kernel threads cannot reach the user memory they map\n",
			   __func__);
		return (unsigned long)err;
	}
	if (err) {
		kunit_info(test, "%s(): cannot give the case's thread an address space: %d\n",
			   __func__, err);
		return 0;
	}
	map = kzalloc(sizeof(*map), GFP_KERNEL);
	if (!map)
		return 0;
	mapped = vm_mmap(file, addr, len, prot, flag, offset);
	if (IS_ERR_VALUE(mapped)) {
		kfree(map);
		return mapped;
	}
	map->mm = current->mm;
	mmgrab(map->mm);
	map->addr = mapped;
	map->len = len;
	if (kunit_add_action_or_reset(test, kunit_user_mapping_undo, map))
		return 0;
	return mapped;
}
EXPORT_SYMBOL_GPL(kunit_vm_mmap);

/* mm_alloc() and arch_pick_mmap_layout() are exported to KUnit's namespace. */
MODULE_IMPORT_NS(KUNIT_NAMESPACE(EXPORTED_FOR_KUNIT_TESTING));
