/* SPDX-License-Identifier: GPL-2.0 */
#ifndef HANG_IMPOSTOR_H
#define HANG_IMPOSTOR_H

#include <linux/types.h>

/* KASAN's, exported for its own test suite, declared in no public header. */
bool kasan_save_enable_multi_shot(void);
void kasan_restore_multi_shot(bool enabled);

#endif
