#!/bin/sh
# tests/kill.sh — nothing is lost under kill -9. The real program plays Reversi (two players,
# so that every move is a scripted one) with small random pauses, writing `dump` after each
# completed move; it is killed with SIGKILL after a random delay — before the game starts,
# between moves, in the middle of a move's animation or of the autosave — then restarted
# with a script that chooses Continue and dumps what it resumed. The resumed game must be the
# last completed move, or the one after it when the kill came between a move and its dump,
# and the autosave must always read back. Runs KILLS rounds (default 10), each round going on
# from the resumed game; PARITY_KILL_SEED repeats a run.
#
# Uses SDL's dummy video driver (no display needed) and the dummy audio driver.
set -u
build=${BUILD:-build}
parity="$(pwd)/$build/parity"
kills=${KILLS:-10}
seed=${PARITY_KILL_SEED:-$(date +%s)}
dir=$(mktemp -d /tmp/parity-kill-XXXXXX)
trap 'rm -rf "$dir"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy ASAN_OPTIONS=detect_leaks=0
# 10×10: 96 moves, more than the rounds can play, so the game never ends under the test.
printf '[play]\ngame = reversi\nmode = two-players\n[reversi]\nsize = 10\n[display]\nfullscreen = no\n' >"$dir/settings.ini"
echo "kill -9 test: $kills kills, seed $seed (PARITY_KILL_SEED=$seed repeats it)"

# Prints a random number from the seed and a counter: rand LO HI COUNTER.
rand() {
	awk -v s="$seed" -v k="$3" -v lo="$1" -v hi="$2" \
		'BEGIN { srand(s % 1000003); for (i = 0; i < k % 5000; i++) rand(); print lo + rand() * (hi - lo) }'
}

# Prints the value of field NAME in dump file FILE ("" when absent).
field() {
	sed -n "s/^$1 //p" "$2" 2>/dev/null
}

fail() {
	echo "kill -9 test FAILED: $*"
	for f in "$dir"/*.txt "$dir"/autosave-reversi.ini; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done
	exit 1
}

expect_moves=0
expect_record=""
round=1
while [ "$round" -le "$kills" ]; do
	rm -f "$dir/done.txt" "$dir/start.txt" "$dir/resumed.txt"
	# Continue when there is a game to continue (the menu selects it), else Start.
	{
		printf '0 wait-scene menu\n1 key Return\n0 wait-scene play\n0 wait\n0 dump %s/start.txt\n' "$dir"
		k=0
		while [ $k -lt 8 ]; do
			printf '%d hint\n0 wait\n0 dump %s/done.txt\n' "$(rand 0 12 $((round * 100 + k)) | cut -d. -f1)" "$dir"
			k=$((k + 1))
		done
		printf '6000 quit\n'
	} >"$dir/play.script"
	"$parity" --windowed --prefs "$dir" --seed 1 --script "$dir/play.script" >"$dir/play-log.txt" 2>&1 &
	pid=$!
	delay=$(rand 0.2 2.4 "$round")
	sleep "$delay"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	# What was completed before the kill: the last dump, else the game it resumed.
	if [ -f "$dir/done.txt" ]; then
		expect_moves=$(field moves "$dir/done.txt")
		expect_record=$(field record "$dir/done.txt")
	elif [ -f "$dir/start.txt" ]; then
		expect_moves=$(field moves "$dir/start.txt")
		expect_record=$(field record "$dir/start.txt")
	fi
	# A game that began was autosaved before its first dump (play_begin). Only a first round
	# killed before its game began (a slow start on a loaded machine) has none yet: nothing
	# was lost, and the restart below starts the game.
	if [ ! -f "$dir/autosave-reversi.ini" ]; then
		[ "$round" -eq 1 ] && [ ! -f "$dir/start.txt" ] ||
			fail "round $round: no autosave after the kill at ${delay}s"
		echo "round $round: killed at ${delay}s, before the game began"
	fi
	# Continue, and dump what was resumed.
	printf '0 wait-scene menu\n1 expect-scene menu\n1 key Return\n0 wait-scene play\n0 dump %s/resumed.txt\n1 quit\n' \
		"$dir" >"$dir/resume.script"
	"$parity" --windowed --prefs "$dir" --seed 1 --script "$dir/resume.script" >"$dir/resume-log.txt" 2>&1 ||
		fail "round $round: the restart failed (status $?)"
	grep -q "could not be read\|Cannot continue" "$dir/resume-log.txt" &&
		fail "round $round: the autosave did not read back after the kill at ${delay}s"
	# A temporary file of Parity's own (settings, autosave) the kill left half-written is
	# removed by the next start. (The script's `dump` files are the test's, not Parity's: a
	# kill in the middle of one leaves done.txt.tmp.PID, which no start removes.)
	ls "$dir" | grep -E -q '^(settings|autosave).*\.tmp\.' &&
		fail "round $round: a temporary file is left: $(ls "$dir" | grep -E '^(settings|autosave).*\.tmp\.')"
	got=$(field moves "$dir/resumed.txt")
	record=$(field record "$dir/resumed.txt")
	[ -n "$got" ] || fail "round $round: nothing resumed"
	case "$record" in
	"$expect_record"*) ;;
	*) fail "round $round: resumed \"$record\", not a continuation of \"$expect_record\"" ;;
	esac
	# At most one move more than the last dump (the kill came between that move's autosave
	# and its dump), with the passes the game then played by itself.
	extra=$(echo "${record#"$expect_record"}" | tr ' ' '\n' | grep -c -v '^pass$\|^$')
	if [ "$got" -lt "$expect_moves" ] || [ "$extra" -gt 1 ]; then
		fail "round $round: killed at ${delay}s after $expect_moves completed moves, resumed $got"
	fi
	echo "round $round: killed at ${delay}s, $expect_moves moves completed, $got resumed"
	expect_moves=$got
	expect_record=$record
	round=$((round + 1))
done
echo "kill -9 test: $kills kills, nothing lost"
