// SPDX-License-Identifier: GPL-2.0
/*
 * kunit_vm_mmap() in userspace: an anonymous mmap(2) of the test program,
 * unmapped when the case ends.  A file has no meaning here (the kernel's
 * struct file is not the program's), so one is refused.
 *
 * The kernel maps into an address space of the case's own, where nothing
 * else lives; here the program's own code and data share the space.  So
 * a MAP_FIXED mapping never replaces what is there (it fails with -EEXIST
 * instead, as MAP_FIXED_NOREPLACE does), and the user-copy stand-ins
 * (<linux/uaccess.h>) copy only within live mappings of kunit_vm_mmap(),
 * as the kernel's copy only within user memory that allows it.
 */
#include <kunit/resource.h>
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/uaccess.h>

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>

/* One mapping, to unmap when the case ends. */
struct kunit_user_mapping {
	struct list_head node;
	unsigned long addr;
	unsigned long len;
	int prot;
};

static LIST_HEAD(kunit_user_mappings);
static pthread_mutex_t kunit_user_mappings_lock = PTHREAD_MUTEX_INITIALIZER;

static void kunit_user_mapping_undo(void *data)
{
	struct kunit_user_mapping *map = data;

	pthread_mutex_lock(&kunit_user_mappings_lock);
	list_del(&map->node);
	pthread_mutex_unlock(&kunit_user_mappings_lock);
	munmap((void *)map->addr, map->len);
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
	if (offset + len < offset || prot > INT_MAX || flag > INT_MAX)
		return (unsigned long)-EINVAL;
	if (flag & MAP_FIXED)
		flag = (flag & ~(unsigned long)MAP_FIXED) | MAP_FIXED_NOREPLACE;
	map = malloc(sizeof(*map));
	if (!map)
		return 0;
	mapped = mmap((void *)addr, len, (int)prot, (int)flag, -1, (off_t)offset);
	if (mapped == MAP_FAILED) {
		unsigned long err = (unsigned long)-errno;

		free(map);
		return err;
	}
	/*
	 * Where MAP_FIXED_NOREPLACE is not known (kernels before 4.17,
	 * valgrind), it is a hint: another address means the wanted one is
	 * taken.
	 */
	if ((flag & MAP_FIXED_NOREPLACE) && (unsigned long)mapped != addr) {
		munmap(mapped, len);
		free(map);
		return (unsigned long)-EEXIST;
	}
	map->addr = (unsigned long)mapped;
	map->len = len;
	map->prot = (int)prot;
	pthread_mutex_lock(&kunit_user_mappings_lock);
	list_add(&map->node, &kunit_user_mappings);
	pthread_mutex_unlock(&kunit_user_mappings_lock);
	if (kunit_add_action_or_reset(test, kunit_user_mapping_undo, map))
		return 0;
	return map->addr;
}

unsigned long kunit_user_memory_span(const void *start, unsigned long n, int prot)
{
	unsigned long at = (unsigned long)start, end, span = 0;
	struct kunit_user_mapping *map;
	bool grew = true;

	if (at + n < at)
		n = -at;
	end = at + n;
	pthread_mutex_lock(&kunit_user_mappings_lock);
	/* Mappings side by side make one span: go on while one continues it. */
	while (at < end && grew) {
		grew = false;
		list_for_each_entry(map, &kunit_user_mappings, node) {
			if (at < map->addr || at - map->addr >= map->len ||
			    (map->prot & prot) != prot)
				continue;
			span += min(end - at, map->addr + map->len - at);
			at = min(end, map->addr + map->len);
			grew = true;
			break;
		}
	}
	pthread_mutex_unlock(&kunit_user_mappings_lock);
	return span;
}
