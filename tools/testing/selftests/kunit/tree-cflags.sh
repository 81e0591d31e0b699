#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# tree-cflags.sh TREE: print the compiler flags that build a kernel tree's
# own code into a userspace KUnit program, for scripts/kunit-cc and this
# directory's Makefile alike.
#
# Headers come from the project's stand-ins first (the include path before
# these flags), then from the tree's tools/include (made for userspace),
# then from its include.  The code is in the kernel's dialect of C: the
# flags of the tree's own Kbuild that change what C code means or turn a
# wrong program into a build error, read from its top Makefile and
# scripts/Makefile.extrawarn, so that they follow the tree's version:
# char signedness (unsigned everywhere since 6.2), the warnings Kbuild makes
# errors (a helper that is not declared must not build, as in the kernel),
# the language level.  Only flags of that list are taken: code generation
# and the warnings that Kbuild silences mean nothing here.  As Kbuild,
# <linux/kconfig.h> comes before a source's first line.

set -eu

tree=${1:?usage: tree-cflags.sh TREE}
# kernel_cflags: what the tree's Makefiles add to KBUILD_CFLAGS, one word
# a line; a line continued with a backslash is one assignment.
kernel_cflags() {
	for makefile in "$tree/Makefile" "$tree/scripts/Makefile.extrawarn"; do
		[ -f "$makefile" ] || continue
		tr -d '\r' < "$makefile" | sed -e ':join' -e '/\\$/ { N; s/\\\n//; b join; }' |
			sed -n 's/^[[:space:]]*KBUILD_CFLAGS[[:space:]]*[:+]\{0,1\}=//p'
	done | tr -s ' \t,()' '\n'
}
rules=$(kernel_cflags | grep -xE -e '-f(un)?signed-char' \
	-e '-fno-(strict-overflow|strict-aliasing|delete-null-pointer-checks)' \
	-e '-Werror=(implicit-function-declaration|implicit-int|return-type)' \
	-e '-Werror=(strict-prototypes|incompatible-pointer-types|date-time)' \
	-e '-std=gnu[0-9]+' | awk '!seen[$0]++' | tr '\n' ' ') || true
# Every tree since 5.x says this one: without it, the tree was not read.
case " $rules " in
*" -Werror=implicit-function-declaration "*) ;;
*)
	echo "tree-cflags.sh: cannot read the compiler rules of $tree from its Makefile" \
		"(no -Werror=implicit-function-declaration in KBUILD_CFLAGS)" >&2
	exit 1
	;;
esac
echo "-idirafter $tree/tools/include -idirafter $tree/include ${rules}-include linux/kconfig.h"
