/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The processes that a userspace case forks, and the checks that fail in
 * them: see processes.c.  Private to the userspace side of the seam.
 */
#ifndef _KUNIT_USER_PROCESSES_H
#define _KUNIT_USER_PROCESSES_H

#include <linux/types.h>
#include <sys/types.h>

struct kunit;
struct kunit_progress;

int kunit_procs_init(void);
void kunit_procs_enter_test_process(void);
u32 kunit_procs_begin(const char *name, const struct kunit_progress *progress);
void kunit_procs_end(struct kunit *test, u32 outer, u64 deadline_ns);
void kunit_procs_take_late(struct kunit_progress *progress);
void kunit_procs_note_failure(void);
int kunit_procs_end_of_run(u64 deadline_ns);
void kunit_procs_sweep(pid_t pgid);
int kunit_procs_take_left(char *why, size_t size);
bool kunit_procs_wait_orphans(u64 deadline_ns, char *why, size_t size);
void kunit_procs_forget(void);

#endif /* _KUNIT_USER_PROCESSES_H */
