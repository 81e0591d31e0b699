#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# tree-suites-select.sh TREE LIST: print the lines of LIST (tree-suites.list)
# that are for TREE's version, without their comments, so that
# scripts/tree-suites and this directory's Makefile run the same suites.
#
# A line is for every version unless its flags say otherwise:
# --since=X.Y keeps it for X.Y and newer, --before=X.Y for older trees.
# A suite whose files moved or grew, or that a version added, has a line
# per range of versions; the words are taken out of the printed line.

set -euf

tree=${1:?usage: tree-suites-select.sh TREE LIST}
list=${2:?usage: tree-suites-select.sh TREE LIST}
[ -f "$list" ] || { echo "tree-suites-select.sh: $list: no such file" >&2; exit 2; }
[ -f "$tree/Makefile" ] || { echo "tree-suites-select.sh: $tree: no Makefile" >&2; exit 2; }

# version_number X.Y: one number that orders versions (6.12 after 6.2).
version_number() {
	case $1 in
	[0-9]*.[0-9]*) ;;
	*) return 1 ;;
	esac
	major=${1%%.*}
	minor=${1#*.}
	# Digits only, and no leading zero, which sh would read as octal.
	case $major.$minor in
	*[!0-9.]* | 0[0-9]* | *.0[0-9]* | *.*.* | .* | *. | *.[0-9][0-9][0-9][0-9]*) return 1 ;;
	esac
	echo $((major * 1000 + minor))
}

series=$(sh "$(dirname "$0")/tree-version.sh" "$tree") || exit 2
tree_version=$(version_number "$series") || {
	echo "tree-suites-select.sh: cannot read the version of $tree (VERSION, PATCHLEVEL)" >&2
	exit 2
}

# Lines as a text editor on any system wrote them; a last line without
# its newline is a line too.
tr -d '\r' < "$list" | while IFS= read -r line || [ -n "$line" ]; do
	# Blank lines and comments, indented or not.
	case $(echo "$line" | sed 's/^[[:space:]]*//') in
	'' | '#'*) continue ;;
	esac
	case $line in
	*'#'*)
		echo "tree-suites-select.sh: $list: \"$line\": a comment is a line of its own" >&2
		exit 2
		;;
	# The Makefile keeps the lines in shell quotes, joined by '|'.
	*"'"* | *'|'*)
		echo "tree-suites-select.sh: $list: \"$line\": no ' or | in a line" >&2
		exit 2
		;;
	esac
	keep=1
	printed=
	since=
	before=
	for word in $line; do
		case $word in
		--since=* | --before=*)
			version=$(version_number "${word#*=}") || {
				echo "tree-suites-select.sh: $list: \"$word\": a version is X.Y, as 6.12" >&2
				exit 2
			}
			case $word in
			--since=*)
				[ -z "$since" ] || {
					echo "tree-suites-select.sh: $list: \"$line\": --since given twice" >&2
					exit 2
				}
				since=$version
				[ "$tree_version" -ge "$version" ] || keep=
				;;
			*)
				[ -z "$before" ] || {
					echo "tree-suites-select.sh: $list: \"$line\": --before given twice" >&2
					exit 2
				}
				before=$version
				[ "$tree_version" -lt "$version" ] || keep=
				;;
			esac
			;;
		*) printed="$printed${printed:+ }$word" ;;
		esac
	done
	# A line for no version at all would never run, and nothing would say so.
	if [ -n "$since" ] && [ -n "$before" ] && [ "$since" -ge "$before" ]; then
		echo "tree-suites-select.sh: $list: \"$line\": --since is not before --before:" \
			"the line is for no version" >&2
		exit 2
	fi
	[ -z "$keep" ] || echo "$printed"
done
