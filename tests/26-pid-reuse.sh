# SPDX-License-Identifier: GPL-2.0
# A pid the run knew, given to a stranger: a case's helper that the case
# reaped itself, and the test process's own (its group's id), while the
# run waits for what the cases left.  The stranger is neither waited for
# nor killed.  Needs root, for /proc/sys/kernel/ns_last_pid.
. tests/lib.sh

if [ "$(id -u)" != 0 ] || ! [ -w /proc/sys/kernel/ns_last_pid ]; then
	skip "a pid given to a stranger" "needs root to choose the next pid (ns_last_pid)"
	exit 0
fi

# stranger PIDFILE: once the pid in PIDFILE is free, starts a process
# group of its own with that pid, if it can; says its pid in PIDFILE.new.
stranger() {
	while ! [ -s "$1" ]; do sleep 0.01; done
	wanted=$(cat "$1")
	while [ -e "/proc/$wanted" ]; do sleep 0.01; done
	# Another process may take the pid first (a kernel build forks a lot).
	tries=0
	while [ $tries -lt 500 ]; do
		echo $((wanted - 1)) > /proc/sys/kernel/ns_last_pid
		setsid sleep 30 < /dev/null > /dev/null 2>&1 &
		[ $! = "$wanted" ] && break
		kill $!
		tries=$((tries + 1))
	done
	echo $! > "$1.new"
}

for suite in alone-pid-reuse alone-pgid-reuse; do
	pidfile=$SCRATCH/$suite.pid
	rm -f "$pidfile" "$pidfile.new"
	stranger "$pidfile" &
	helper=$!
	KUNIT_FIXTURE_PID=$pidfile "$USER_BUILD/fixtures/forked-legit" --timeout=3 $suite \
		> "$SCRATCH/$suite.ktap" 2>&1
	status=$?
	if [ $suite = alone-pid-reuse ]; then
		expect_status 0 $status "$suite: a stranger with the pid of a reaped helper fails nothing"
	else
		expect_status 1 $status "$suite: the program that the case left fails the run"
		expect_match "$SCRATCH/$suite.ktap" \
			"^Bail out! kunit: process [0-9]+, which a case started, still ran at the end of the run: killed$" \
			"$suite: for that, and nothing else"
	fi
	wait $helper
	if [ "$(cat "$pidfile.new")" != "$(cat "$pidfile")" ]; then
		skip "$suite: the stranger lives on" "it did not get the pid it wanted"
	elif [ "$(sed -n 's/.*) \(.\).*/\1/p' "/proc/$(cat "$pidfile.new")/stat" 2> /dev/null)" = S ]; then
		pass "$suite: the stranger lives on"
	else
		fail "$suite: the run killed a stranger that had a pid it knew"
	fi
	kill "$(cat "$pidfile.new")" 2> /dev/null || :
done
