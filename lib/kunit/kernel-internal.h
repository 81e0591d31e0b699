/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the kernel side of KUnit's seam share: suites in
 * debugfs (debugfs.c), the lock that lets one suite run at a time when
 * runs come from both module loading and debugfs (kernel.c), the cases
 * that outlived their timeout (try-catch.c), and whether a case's thread
 * reaches user memory (user_alloc.c).
 */
#ifndef _KUNIT_KERNEL_INTERNAL_H
#define _KUNIT_KERNEL_INTERNAL_H

#include <kunit/test.h>

#include <linux/mutex.h>

struct module;

extern struct mutex kunit_run_mutex;

bool kunit_try_catch_wait_abandoned(struct module *owner, const char *what);

/* Whether a kernel thread reaches the user memory it maps (user_alloc.c). */
int kunit_probe_user_memory(void);

#ifdef CONFIG_KUNIT_DEBUGFS

void __init kunit_debugfs_create_root(void);
void __exit kunit_debugfs_remove_all(void);
void kunit_debugfs_add_suites(struct kunit_suite * const *suites, int num_suites,
			      struct module *owner);
void kunit_debugfs_remove_suites(struct kunit_suite * const *suites, int num_suites);
bool kunit_debugfs_has_suite(const char *name);

#else

static inline void kunit_debugfs_create_root(void) { }
static inline void kunit_debugfs_remove_all(void) { }
static inline void kunit_debugfs_add_suites(struct kunit_suite * const *suites,
					    int num_suites, struct module *owner) { }
static inline void kunit_debugfs_remove_suites(struct kunit_suite * const *suites,
					       int num_suites) { }
static inline bool kunit_debugfs_has_suite(const char *name) { return false; }

#endif /* CONFIG_KUNIT_DEBUGFS */

#endif /* _KUNIT_KERNEL_INTERNAL_H */
