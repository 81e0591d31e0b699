#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /usr/bin/timeout of make run's initramfs: timeout [--foreground] SECONDS
# COMMAND [ARG...], as kselftest's runner.sh calls it.  Exits with
# COMMAND's status, or 124 when COMMAND ran out of time and was sent
# SIGTERM.  busybox's own timeout takes no --foreground, and its watcher
# process keeps COMMAND's stdout open for up to a second after COMMAND
# ended: runner.sh reads that output through a pipe and waits for it,
# a second for each test.  This watcher holds no descriptor of COMMAND's.

[ "$1" = --foreground ] && shift
seconds=$1
shift
case $seconds in
'' | *[!0-9.]*)
	echo "timeout: $seconds: give seconds" >&2
	exit 125
	;;
esac
expired=/tmp/timeout-expired.$$
rm -f "$expired"
"$@" &
command_pid=$!
# The watcher takes its sleep with it when it is stopped, and neither
# holds a descriptor runner.sh gave COMMAND (its pipes are 3 and 4), so
# that a sleep stopped too early to be taken along holds no pipe either.
(
	trap 'kill "$sleep_pid" 2> /dev/null; exit 0' TERM
	sleep "$seconds" &
	sleep_pid=$!
	wait "$sleep_pid" && touch "$expired" && kill -TERM "$command_pid"
) < /dev/null > /dev/null 2>&1 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&- &
watcher_pid=$!
# Not the shell's "Terminated" about COMMAND, which GNU timeout does not say.
exec 2> /dev/null
wait "$command_pid"
status=$?
kill "$watcher_pid"
if [ -e "$expired" ]; then
	rm -f "$expired"
	exit 124
fi
exit $status
