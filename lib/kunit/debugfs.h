/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel side of KUnit's seam: suites in debugfs (debugfs.c), and the
 * lock that lets one suite run at a time when runs come from both module
 * loading and debugfs.
 */
#ifndef _KUNIT_DEBUGFS_H
#define _KUNIT_DEBUGFS_H

#include <kunit/test.h>

#include <linux/mutex.h>

struct module;

extern struct mutex kunit_run_mutex;

#ifdef CONFIG_KUNIT_DEBUGFS

void kunit_debugfs_init(void);
void kunit_debugfs_cleanup(void);
void kunit_debugfs_add_suites(struct kunit_suite * const *suites, int num_suites,
			      struct module *owner);
void kunit_debugfs_remove_suites(struct kunit_suite * const *suites, int num_suites);

#else

static inline void kunit_debugfs_init(void) { }
static inline void kunit_debugfs_cleanup(void) { }
static inline void kunit_debugfs_add_suites(struct kunit_suite * const *suites,
					    int num_suites, struct module *owner) { }
static inline void kunit_debugfs_remove_suites(struct kunit_suite * const *suites,
					       int num_suites) { }

#endif /* CONFIG_KUNIT_DEBUGFS */

#endif /* _KUNIT_DEBUGFS_H */
