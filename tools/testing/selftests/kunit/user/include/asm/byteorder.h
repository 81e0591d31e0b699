/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <asm/byteorder.h>: the UAPI header's __cpu_to_le16()
 * and kin, under the names kernel code uses.
 */
#ifndef _KUNIT_USER_ASM_BYTEORDER_H
#define _KUNIT_USER_ASM_BYTEORDER_H

#include_next <asm/byteorder.h>

#define cpu_to_le16(x)		__cpu_to_le16(x)
#define cpu_to_le32(x)		__cpu_to_le32(x)
#define cpu_to_le64(x)		__cpu_to_le64(x)
#define le16_to_cpu(x)		__le16_to_cpu(x)
#define le32_to_cpu(x)		__le32_to_cpu(x)
#define le64_to_cpu(x)		__le64_to_cpu(x)
#define cpu_to_be16(x)		__cpu_to_be16(x)
#define cpu_to_be32(x)		__cpu_to_be32(x)
#define cpu_to_be64(x)		__cpu_to_be64(x)
#define be16_to_cpu(x)		__be16_to_cpu(x)
#define be32_to_cpu(x)		__be32_to_cpu(x)
#define be64_to_cpu(x)		__be64_to_cpu(x)

#endif /* _KUNIT_USER_ASM_BYTEORDER_H */
