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
# The first VERSION and PATCHLEVEL assignments.
version=$(tr -d '\r' < "$tree/Makefile" |
	sed -n 's/^VERSION[[:space:]]*=[[:space:]]*\([0-9][0-9]*\)[[:space:]]*$/\1/p' | head -n 1)
patchlevel=$(tr -d '\r' < "$tree/Makefile" |
	sed -n 's/^PATCHLEVEL[[:space:]]*=[[:space:]]*\([0-9][0-9]*\)[[:space:]]*$/\1/p' | head -n 1)
if [ -z "$version" ] || [ -z "$patchlevel" ]; then
	echo "tree-version.sh: $tree/Makefile names no kernel version (VERSION, PATCHLEVEL)" >&2
	exit 1
fi
echo "$version.$patchlevel"
