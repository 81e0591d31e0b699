# SPDX-License-Identifier: GPL-2.0
#
# scripts/kunit-run's boot stage: the kernel under QEMU, with KVM where
# the architecture allows it and it really works, or User Mode Linux run
# directly.  The console goes to $LAST/console.log, and with a userland
# what the guest's init sends on its results port to $LAST/results.port;
# status is the exit status of the machine, 124 when it outlived TIMEOUT.
# Sourced, not run.

# Sets accel: kvm only when a probe, once per build directory, booted the
# kernel without userland and saw its "no init" panic; on some machines
# /dev/kvm exists but a guest aborts or never runs.
probe_kvm() {
	accel=tcg
	[ -n "$kvm" ] && [ -w /dev/kvm ] || return 0
	if [ ! -f "$BUILD/run/kvm-probe" ]; then
		stage probe "Probing KVM"
		# shellcheck disable=SC2086
		if timeout -k 2 5 $qemu -accel kvm $qemu_machine -nodefaults -no-reboot \
			-display none -m $qemu_memory $qemu_console -kernel "$OBJ/$image" \
			-append "console=$console panic=-1 kunit.enable=0" < /dev/null \
			> "$LAST/kvm-probe.log" 2>&1 9>&- &&
		   grep -q 'Kernel panic' "$LAST/kvm-probe.log"; then
			echo kvm > "$BUILD/run/kvm-probe"
		else
			echo tcg > "$BUILD/run/kvm-probe"
		fi
	fi
	accel=$(cat "$BUILD/run/kvm-probe")
}

boot_um() {
	stage run "Running ./linux (User Mode Linux)"
	status=0
	# shellcheck disable=SC2086
	# Not holding the run directory (9, hold_run_dir): a machine that
	# outlived its run would keep the next one waiting.
	timeout "$TIMEOUT" "$OBJ/linux" $boot_args $cmdline \
		< /dev/null > "$LAST/console.log" 2>&1 9>&- || status=$?
}

# What the console shows of the run so far: KUnit's results, counted.
boot_progress() {
	printf 'running: %s results on the console' \
		"$(grep -cE '^(\[[^]]*\])?[[:space:]]*(not )?ok [0-9]' "$LAST/console.log.tmp" || true)"
}

# Without a userland, the built-in suites run at boot and kunit_shutdown
# ends the machine, as kunit.py does it.
boot_qemu() {
	probe_kvm
	machine=$qemu_machine
	[ -n "$qemu_bios" ] && [ -f "$qemu_bios" ] && machine="$machine -bios $qemu_bios"
	initrd=
	[ -f "$RUN/initramfs.cpio" ] && initrd="-initrd $RUN/initramfs.cpio"
	args="console=$console panic=-1 $cmdline${boot_args:+ $boot_args}"
	# The results port: a file of the host, a device of the guest that
	# is not its console (scripts/arch/README).  Made empty first, so
	# that nothing of an earlier run is read as this one's.
	port_file=$LAST/results.port
	rm -f "$port_file"
	set --
	if [ -n "$userland" ]; then
		: > "$port_file" || die "cannot write $port_file"
		# QEMU's option syntax doubles a comma in a value.
		set -- -chardev "file,id=kunit-results,path=$(printf '%s' "$port_file" |
			sed -e 's/,/,,/g')"
		args="$args kunit_results=$results_device"
	else
		args="$args kunit_shutdown=reboot"
	fi
	stage run "Booting under $qemu ($accel)"
	status=0
	# shellcheck disable=SC2086
	timeout "$TIMEOUT" $qemu -accel $accel $machine -nodefaults -no-reboot -display none \
		-m $qemu_memory $qemu_console "$@" ${userland:+$results_qemu_args} $QEMU_ARGS \
		-kernel "$OBJ/$image" \
		$initrd -append "$args" < /dev/null > "$LAST/console.log.tmp" 2>&1 9>&- &
	qemu_pid=$!
	if [ "$RAW" = all ]; then
		# The results port too, as it comes: tail names each file.
		tail -n +1 -f "$LAST/console.log.tmp" ${userland:+"$port_file"} --pid=$qemu_pid \
			2>/dev/null || true
	fi
	if [ "$RAW" = all ]; then
		wait $qemu_pid || status=$?
	else
		wait_with_progress $qemu_pid boot_progress || status=$?
	fi
	tr -d '\r' < "$LAST/console.log.tmp" > "$LAST/console.log"
	rm -f "$LAST/console.log.tmp"
}

stage_boot() {
	cmdline="kunit.timeout=$CASE_TIMEOUT${KERNEL_ARGS:+ $KERNEL_ARGS}"
	[ -n "$FILTER" ] && cmdline="$cmdline kunit.filter_glob=$FILTER"
	# An attribute filter may hold spaces ("speed>slow, module=x"): the
	# kernel takes a value in double quotes whole.
	case $FILTER_ATTR in
	'') ;;
	*' '*) cmdline="$cmdline kunit.filter=\"$FILTER_ATTR\"" ;;
	*) cmdline="$cmdline kunit.filter=$FILTER_ATTR" ;;
	esac
	[ -z "$FILTER_ACTION" ] || cmdline="$cmdline kunit.filter_action=$FILTER_ACTION"
	[ -z "$COVERAGE" ] || cmdline="$cmdline kunit_coverage=1"
	# The built-in suites list their cases instead of running (LIST=).
	case $LIST in
	tests | suites) cmdline="$cmdline kunit.action=list" ;;
	attr) cmdline="$cmdline kunit.action=list_attr" ;;
	esac
	if [ -z "$qemu" ]; then
		boot_um
	else
		boot_qemu
	fi
}
