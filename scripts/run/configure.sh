# SPDX-License-Identifier: GPL-2.0
#
# scripts/kunit-run's configure stage: tinyconfig, base.config, the
# architecture's fragment (scripts/arch), the user's kunitconfig, and
# every option asked for must survive olddefconfig.  Sourced, not run.

# Sets fragments, the files merged in order, and wanted, the options they
# ask for: the last value given for an option wins, as in merge_config.sh.
gather_config() {
	mkdir -p "$BUILD/run"
	# ALLTESTS=1 (kunit.py's --alltests): the tree's own list of every
	# suite, with what it needs beyond tinyconfig (scripts/configs).
	if [ -n "$ALLTESTS" ]; then
		case $version in
		6.1.*) KUNITCONFIG=$TOP/scripts/configs/all_tests.config ;;
		6.12.*) KUNITCONFIG="$KSRC/tools/testing/kunit/configs/all_tests.config $TOP/scripts/configs/6.12/all_tests.config $TOP/scripts/configs/6.12/all_tests_full.config" ;;
		*) die "ALLTESTS=1 knows the lists of 6.1 and 6.12, not of $version: give KUNITCONFIG" ;;
		esac
	fi
	# One file per version (kconfig_series), written whole, then renamed:
	# another run may be reading it.
	arch_config=$BUILD/run/$ARCH-$version.config
	{
		printf '%s\n' "$kconfig"
		printf '%s\n' "$kconfig_series" | series_options "$version"
	} > "$arch_config.$$" && mv -f "$arch_config.$$" "$arch_config" || {
		rm -f "$arch_config.$$"
		exit 1
	}
	# The architecture's fragment after base.config: it may turn off what
	# base.config asks for and the architecture cannot have (s390 has no
	# soft-lockup detector).
	fragments="$TOP/scripts/configs/base.config $arch_config $KUNITCONFIG"
	# KCONFIG_ADD (kunit.py's --kconfig_add), then COVERAGE's options:
	# after all the files.
	added=$KCONFIG_ADD${COVERAGE:+ $COVERAGE_OPTIONS}
	if [ -n "$added" ]; then
		add_config=$BUILD/run/kconfig-add-$(printf '%s' "$added" | cksum | cut -d' ' -f1).config
		set -f
		printf '%s\n' $added > "$add_config.$$" && mv -f "$add_config.$$" "$add_config" ||
			die "cannot write $add_config"
		set +f
		fragments="$fragments $add_config"
	fi
	# Sorted bytewise: the list names the build (its directory and make
	# compat's records), which must not change with the caller's locale.
	# Read as merge_config.sh and kconfig read them: each file's last line
	# ends even without its newline, a CR before a line end is not part of
	# the line, and "# CONFIG_X is not set" is CONFIG_X=n.
	# shellcheck disable=SC2086
	wanted=$(awk 1 $fragments | tr -d '\r' |
		sed -e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1=n/' |
		awk -F= '/^CONFIG_[A-Za-z0-9_]*=/ { value[$1] = $0 }
		END { for (name in value) print value[name] }' | LC_ALL=C sort)
}

# series_options VERSION: of the lines "X.Y- OPTION" and "-X.Y OPTION" on
# its input (scripts/arch's kconfig_series), the options for VERSION:
# X.Y and newer, older than X.Y.  A line of any other form is an error.
series_options() {
	awk -v version="$1" -v arch="$arch_name" '
		function number(v, parts) { split(v, parts, "."); return parts[1] * 1000 + parts[2] }
		BEGIN {
			if (version !~ /^[0-9]+\.[0-9]+/) {
				printf "kunit-run: kconfig_series: no kernel version to choose by (\"%s\")\n", version > "/dev/stderr"
				bad = 1
				exit
			}
			have = number(version)
		}
		/^[[:space:]]*$/ { next }
		NF == 2 && $2 ~ /^CONFIG_[A-Za-z0-9_]+=./ && $1 ~ /^[0-9]+\.[0-9]+-$/ {
			if (have >= number(substr($1, 1, length($1) - 1))) print $2
			next
		}
		NF == 2 && $2 ~ /^CONFIG_[A-Za-z0-9_]+=./ && $1 ~ /^-[0-9]+\.[0-9]+$/ {
			if (have < number(substr($1, 2))) print $2
			next
		}
		{
			printf "kunit-run: scripts/arch/%s: kconfig_series: \"%s\" is neither \"X.Y- OPTION\" nor \"-X.Y OPTION\"\n", arch, $0 > "/dev/stderr"
			bad = 1
		}
		END { exit bad }'
}

# Prints, a line each, the options of $wanted that $OBJ/.config lost.
dropped_options() {
	for option in $wanted; do
		grep -qxF "$option" "$OBJ/.config" && continue
		name=${option%%=*}
		# CONFIG_X=n holds when the option ends up not set at all.
		if [ "${option#*=}" = n ] && ! grep -q "^$name=" "$OBJ/.config"; then
			continue
		fi
		if grep -rqs --include='Kconfig*' -E "^[[:space:]]*(menu)?config ${name#CONFIG_}\$" \
			"$WORK"; then
			now=$(grep -E "^$name=|# $name is not set" "$OBJ/.config" || echo unset)
			echo "  $option: dropped, its dependencies are not met (now: $now)"
		else
			echo "  $option: no such option in this kernel"
		fi
	done
}

stage_configure() {
	config_key=$(printf '%s\n%s\n' "$wanted" "$version" | cksum)
	if [ -f "$OBJ/.config" ] &&
	   [ "$(cat "$OBJ/.kunit-config-key" 2>/dev/null)" = "$config_key" ]; then
		return 0
	fi
	[ "$mode" != exec ] ||
		die "nothing was built with these settings: run 'kunit build' (make build) first"
	stage configure "Configuring (tinyconfig, base.config, scripts/arch/$ARCH, ${KUNITCONFIG#"$TOP"/}${KCONFIG_ADD:+, KCONFIG_ADD}${COVERAGE:+, gcov})"
	# Kconfig's first run in a tree builds its tools: tens of seconds.
	progress_log=$LAST/config.log
	# shellcheck disable=SC2086
	make -C "$WORK" O="$OBJ" ARCH=$karch CROSS_COMPILE=$cross $MAKE_OPTIONS tinyconfig \
		> "$LAST/config.log" 2>&1 &
	wait_with_progress $! log_progress || cannot_build "make tinyconfig failed: see $LAST/config.log"
	# shellcheck disable=SC2086
	"$WORK/scripts/kconfig/merge_config.sh" -m -O "$OBJ" "$OBJ/.config" $fragments \
		>> "$LAST/config.log" 2>&1 || cannot_build "merging the fragments failed: see $LAST/config.log"
	# shellcheck disable=SC2086
	make -C "$WORK" O="$OBJ" ARCH=$karch CROSS_COMPILE=$cross $MAKE_OPTIONS olddefconfig \
		>> "$LAST/config.log" 2>&1 &
	wait_with_progress $! log_progress || cannot_build "make olddefconfig failed: see $LAST/config.log"
	dropped=$(dropped_options)
	if [ -n "$dropped" ]; then
		rm -f "$OBJ/.kunit-config-key"
		printf 'kunit-run: these options did not survive olddefconfig:\n%s\n' "$dropped" >&2
		exit $UNTESTABLE
	fi
	echo "$config_key" > "$OBJ/.kunit-config-key"
}
