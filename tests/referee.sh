#!/bin/sh
# tests/referee.sh — the referee cleans up after its engines (issue 17). The engines here are
# shell scripts that answer NBoard pings, ponder from the start and "think" forever on "go",
# with SIGTERM ignored (their `sleep` children ignore it too), each writing its process ids to
# a file. Checked:
#   1. the referee killed with SIGTERM while both engines think: no engine process is left;
#   2. an engine that times out (--timeout 1) forfeits and is restarted, and at the referee's
#      end no engine process is left, though every one ignored SIGTERM.
# A process count of the whole machine before and after is printed (other work on a shared
# machine moves it, so it is shown, not checked; the engines' own ids are what is checked).
set -u
parity="${BUILD:-build}/parity"
dir=$(mktemp -d /tmp/parity-referee-XXXXXX)
trap 'rm -rf "$dir"' EXIT
fails=0
cat >"$dir/stubborn.sh" <<'ENGINE'
trap '' TERM
echo $$ >>"$1"
# it thinks from the start, on the other side's time too (a pondering child)
sleep 1000 &
echo $! >>"$1"
while read -r cmd arg rest; do
	case "$cmd" in
	ping) echo "pong $arg" ;;
	go)
		sleep 1000 &
		echo $! >>"$1"
		wait
		;;
	quit) ;; # refuses to quit: only SIGKILL ends it
	esac
done
# its input closed: it still lingers (ignoring SIGTERM), like a hung engine
sleep 1000 &
echo $! >>"$1"
wait
ENGINE

# left PIDFILE — prints the ids in PIDFILE still alive (zombies count as gone).
left() {
	for p in $(cat "$1" 2>/dev/null); do
		state=$(ps -o stat= -p "$p" 2>/dev/null)
		case "$state" in "" | Z*) ;; *) echo "$p" ;; esac
	done
}

count() { ps -e --no-headers | wc -l; }

# 1. SIGTERM while both engines think.
before=$(count)
"$parity" referee --games 2 --timeout 600 "sh $dir/stubborn.sh $dir/a.pids" "sh $dir/stubborn.sh $dir/b.pids" \
	>"$dir/out.txt" 2>&1 &
ref=$!
i=0
# both engines pondering (2 + 2 processes) and the one to move thinking on "go" (1 more)
while [ $i -lt 100 ] && [ "$(cat "$dir"/a.pids "$dir"/b.pids 2>/dev/null | wc -l)" -lt 5 ]; do
	sleep 0.1
	i=$((i + 1))
done
during=$(count)
kill -TERM $ref
wait $ref
status=$?
sleep 0.2
after=$(count)
still=$(left "$dir/a.pids"; left "$dir/b.pids")
echo "referee killed with SIGTERM while both engines think: status $status; processes: $before before, $during during, $after after; engine processes started: $(cat "$dir"/a.pids "$dir"/b.pids | wc -l), left: $(echo $still | wc -w)"
if [ -n "$still" ] || [ "$status" -ne 143 ]; then
	echo "FAILED: engine processes left after SIGTERM: $still"
	fails=$((fails + 1))
	for p in $still; do kill -KILL "$p" 2>/dev/null; done
fi

# 2. A time-out: the stubborn engine forfeits, is stopped (SIGTERM ignored: SIGKILL) and
# restarted; at the end of the match nothing of it is left.
rm -f "$dir"/*.pids
"$parity" referee --games 1 --timeout 1 "sh $dir/stubborn.sh $dir/c.pids" "$parity nboard --level beginner" \
	>"$dir/out.txt" 2>&1
status=$?
still=$(left "$dir/c.pids")
echo "a time-out: status $status; engine processes started: $(wc -l <"$dir/c.pids"), left: $(echo $still | wc -w)"
if [ -n "$still" ] || ! grep -q "forfeits" "$dir/out.txt"; then
	echo "FAILED: after a forfeit by time-out: left $still"
	cat "$dir/out.txt"
	fails=$((fails + 1))
	for p in $still; do kill -KILL "$p" 2>/dev/null; done
fi
[ "$fails" -eq 0 ] && echo "referee: 2 passed" || echo "referee: $fails failed"
[ "$fails" -eq 0 ]
