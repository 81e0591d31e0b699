/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The processes that a userspace case forks, and how they end: see
 * processes.c.  Private to the userspace side of the seam.
 */
#ifndef _KUNIT_USER_PROCESSES_H
#define _KUNIT_USER_PROCESSES_H

#include <linux/types.h>
#include <sys/types.h>

/* Built with AddressSanitizer or LeakSanitizer (and its common runtime). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_LEAK__)
#define KUNIT_USER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define KUNIT_USER_SANITIZER 1
#endif
#endif

struct kunit;
struct kunit_progress;

int kunit_procs_init(void);
void kunit_procs_adopt(void);
void kunit_procs_enter_test_process(void);
void kunit_procs_begin(const char *name, const struct kunit_progress *progress);
void kunit_procs_end(struct kunit *test, u64 deadline_ns);
void kunit_procs_take_late(struct kunit_progress *progress);
void kunit_procs_note_failure(void);
void kunit_procs_end_of_run(u64 deadline_ns);
void kunit_procs_forget(void);
void kunit_procs_reaped(pid_t pid, int status);
void kunit_procs_reap(pid_t keep);
void kunit_procs_sweep(pid_t pgid);
pid_t kunit_procs_left(pid_t pgid);
void kunit_procs_kill_left(pid_t pgid);
int kunit_procs_take_left(char *why, size_t size);

#endif /* _KUNIT_USER_PROCESSES_H */
