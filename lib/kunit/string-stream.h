/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where mainline keeps the string stream's declarations, private to
 * lib/kunit: its own tests include "string-stream.h".  Here they are
 * <kunit/string-stream.h>, which KUnit's other headers use too.
 */
#ifndef _KUNIT_LIB_STRING_STREAM_H
#define _KUNIT_LIB_STRING_STREAM_H

#include <kunit/string-stream.h>

#endif /* _KUNIT_LIB_STRING_STREAM_H */
