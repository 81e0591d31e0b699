/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where mainline keeps kunit_try_catch_init() and the try-catch's
 * members, private to lib/kunit: its own tests include "try-catch-impl.h".
 * Here they are <kunit/try-catch.h>.
 */
#ifndef _KUNIT_LIB_TRY_CATCH_IMPL_H
#define _KUNIT_LIB_TRY_CATCH_IMPL_H

#include <kunit/try-catch.h>

#endif /* _KUNIT_LIB_TRY_CATCH_IMPL_H */
