// SPDX-License-Identifier: GPL-2.0
/*
 * kunit_vm_mmap() in userspace: an anonymous mmap(2) of the test program,
 * unmapped when the case ends.  A file has no meaning here (the kernel's
 * struct file is not the program's), so one is refused.
 */
#include <kunit/resource.h>
#include <kunit/test.h>

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>

/* One mapping, to unmap when the case ends. */
struct kunit_user_mapping {
	void *addr;
	size_t len;
};

static void kunit_user_mapping_undo(void *data)
{
	struct kunit_user_mapping *map = data;

	munmap(map->addr, map->len);
	free(map);
}

unsigned long kunit_vm_mmap(struct kunit *test, struct file *file,
			    unsigned long addr, unsigned long len,
			    unsigned long prot, unsigned long flag,
			    unsigned long offset)
{
	struct kunit_user_mapping *map;
	void *mapped;

	/* As vm_mmap() reports an error: the negative errno as an address. */
	if (file)
		return (unsigned long)-EBADF;
	map = malloc(sizeof(*map));
	if (!map)
		return 0;
	mapped = mmap((void *)addr, len, (int)prot, (int)flag, -1, (off_t)offset);
	if (mapped == MAP_FAILED) {
		unsigned long err = (unsigned long)-errno;

		free(map);
		return err;
	}
	map->addr = mapped;
	map->len = len;
	if (kunit_add_action_or_reset(test, kunit_user_mapping_undo, map))
		return 0;
	return (unsigned long)mapped;
}
