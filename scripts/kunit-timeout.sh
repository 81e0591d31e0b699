#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /usr/bin/timeout of make run's initramfs: timeout [--foreground] SECONDS
# COMMAND [ARG...], as kselftest's runner.sh calls it (twice, nested).
# As GNU's timeout: COMMAND's status, or 124 when COMMAND ran out of time
# and was sent SIGTERM; without --foreground COMMAND runs in a process
# group of its own, which the signal stops whole; a SIGTERM sent to this
# timeout goes on to COMMAND; 0 seconds is no limit.
#
# busybox's own timeout takes no --foreground, and its watcher process
# keeps COMMAND's output open for up to a second after COMMAND ended:
# runner.sh reads that output through a pipe and waits for its end, a
# second for each test.  This watcher holds no descriptor of COMMAND's.

foreground=
if [ "$1" = --foreground ]; then
	foreground=1
	shift
fi
seconds=$1
shift
case $seconds in
'' | . | *[!0-9.]* | *.*.*)
	echo "timeout: $seconds: give seconds" >&2
	exit 125
	;;
esac
[ "$(echo "$seconds" | tr -d 0.)" != "" ] || exec "$@"

expired=/tmp/timeout-expired.$$
rm -f "$expired"
# A command started in the background would read /dev/null: it gets this
# timeout's standard input, through descriptor 9.
exec 9<&0
if [ -n "$foreground" ]; then
	"$@" 0<&9 9<&- &
	command_pid=$!
	target=$command_pid
else
	setsid "$@" 0<&9 9<&- &
	command_pid=$!
	target=-$command_pid
fi
exec 9<&-
# The watcher leads a process group of its own, which is stopped whole,
# its sleep with it; neither holds a descriptor runner.sh gave COMMAND
# (its pipes are 3 and 4).
setsid sh -c 'sleep "$1" && touch "$2" && kill -TERM -- "$3"' watcher \
	"$seconds" "$expired" "$target" \
	< /dev/null > /dev/null 2>&1 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- &
watcher_pid=$!
# Only now: a child forked with the trap set would keep it until its exec,
# and live through a TERM meant to stop it.
trap 'kill -TERM -- "$target" 2> /dev/null' TERM
# Not the shell's "Terminated" about COMMAND, which GNU timeout does not say.
exec 2> /dev/null
# A TERM to this timeout interrupts the wait: wait again, for COMMAND.
while :; do
	wait "$command_pid"
	status=$?
	kill -0 "$command_pid" || break
done
kill -TERM -- "-$watcher_pid" || kill -TERM "$watcher_pid"
if [ -e "$expired" ]; then
	rm -f "$expired"
	exit 124
fi
exit $status
