#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# tree-version.sh TREE: print the kernel series of TREE, "X.Y", from the
# VERSION and PATCHLEVEL of its top Makefile, read as make reads them
# (spaces around the value, a CRLF line end).  The one reader of a tree's
# series for what chooses by it: tree-suites-select.sh here, and the
# project's scripts/all-tests-config.  Exit status 1, saying why, when the
# Makefile names none.

set -eu

tree=${1:?usage: tree-version.sh TREE}
if ! [ -r "$tree/Makefile" ]; then
	echo "tree-version.sh: $tree/Makefile: cannot read it" >&2
	exit 1
fi
# Each the last assignment, as make takes it: "=" or ":=", spaces around
# the value, a comment after it.
assigned() {
	tr -d '\r' < "$tree/Makefile" |
		sed -n "s/^$1[[:space:]]*:\{0,1\}=[[:space:]]*\([0-9][0-9]*\)[[:space:]]*\(#.*\)\{0,1\}\$/\1/p" |
		tail -n 1
}
version=$(assigned VERSION)
patchlevel=$(assigned PATCHLEVEL)
if [ -z "$version" ] || [ -z "$patchlevel" ]; then
	echo "tree-version.sh: $tree/Makefile names no kernel version (VERSION, PATCHLEVEL)" >&2
	exit 1
fi
echo "$version.$patchlevel"
