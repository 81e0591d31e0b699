#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kunit-modules.sh OBJTREE: the KUnit test modules of a built kernel, one
# name per line.  They are the modules that OBJTREE/modules.order lists
# and whose .ko has a .kunit_test_suites section, where kunit_test_suites()
# puts a module's suites.  Prints nothing for a tree without modules, and
# fails without readelf: leaving the test modules out would pass them.

objtree=${1:-.}
readelf=${READELF:-readelf}
[ -s "$objtree/modules.order" ] || exit 0
if ! command -v "$readelf" > /dev/null 2>&1; then
	echo "kunit-modules.sh: no $readelf (binutils): cannot tell the KUnit test modules;" \
		"install it, or name them in KUNIT_MODULES" >&2
	exit 1
fi
while read -r entry; do
	# External modules (M=) are listed with absolute paths.
	case $entry in
	/*) ko=${entry%.o} ;;
	*) ko=$objtree/${entry%.o} ;;
	esac
	ko=${ko%.ko}.ko
	[ -f "$ko" ] || continue
	if "$readelf" -W -S "$ko" 2> /dev/null | grep -q '\.kunit_test_suites'; then
		name=${ko##*/}
		echo "${name%.ko}"
	fi
done < "$objtree/modules.order"
