/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/container_of.h>. */
#ifndef _KUNIT_USER_LINUX_CONTAINER_OF_H
#define _KUNIT_USER_LINUX_CONTAINER_OF_H

#include <stddef.h>

/**
 * container_of - the structure that embeds a member, from the member's address
 * @ptr: address of the member.
 * @type: type of the embedding structure.
 * @member: name of the member within @type.
 */
#define container_of(ptr, type, member)					\
	((type *)((char *)(ptr) - offsetof(type, member)))

#endif /* _KUNIT_USER_LINUX_CONTAINER_OF_H */
