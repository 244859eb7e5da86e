#!/bin/sh
# tests/monkey.sh — the monkey test (`monkey N SEED`, app/monkey.c): random mouse, keys,
# gamepad, resizes, focus changes and quit requests through the real event handlers, in all
# scenes and all three games, with a trip back to the menu every few seconds that must
# succeed. Four short runs: SDL's dummy video driver (under SANITIZE=1 LeakSanitizer checks
# the exit too), a real X server through xvfb-run when there is one (real resize events), and
# a PDN file of several games, which opens on the list of games; and short games without
# animations, which end often. MONKEY_EVENTS sets the count
# of the first run (default 8000); MONKEY_SEED the seed (default: the date).
set -u
build=${BUILD:-build}
parity="$(pwd)/$build/parity"
events=${MONKEY_EVENTS:-8000}
seed=${MONKEY_SEED:-$(date +%Y%m%d)}
dir=$(mktemp -d /tmp/parity-monkey-XXXXXX)
trap 'rm -rf "$dir"' EXIT
export SDL_AUDIODRIVER=dummy
export LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0"
failed=0

# Runs the monkey: monkey NAME EVENTS [launcher and options...]; checks the status and summary.
monkey() {
	name=$1 n=$2
	shift 2
	mkdir -p "$dir/$name"
	printf '[display]\nfullscreen = no\n%s' "$extra" >"$dir/$name/settings.ini"
	printf '0 wait-scene %s\n0 monkey %s %s\n0 quit\n' "$first_scene" "$n" "$seed" >"$dir/$name/s.txt"
	start=$(date +%s)
	"$@" --windowed --prefs "$dir/$name" --seed 1 --script "$dir/$name/s.txt" >"$dir/$name/log.txt" 2>&1
	rc=$?
	summary=$(grep "monkey:" "$dir/$name/log.txt")
	if [ $rc -eq 0 ] && echo "$summary" | grep -q "monkey: $n events"; then
		echo "ok: $name ($(($(date +%s) - start)) s): ${summary#parity: }"
	else
		failed=$((failed + 1))
		echo "FAILED: $name, status $rc (seed $seed: MONKEY_SEED=$seed repeats it)"
		grep -v "^INFO" "$dir/$name/log.txt" | tail -30
	fi
}

first_scene=menu
extra=""
SDL_VIDEODRIVER=dummy monkey dummy "$events" "$parity"
if command -v xvfb-run >/dev/null 2>&1; then
	# SDL unloads the X driver before LeakSanitizer looks (see tests/window_harness.h).
	ASAN_OPTIONS=detect_leaks=0 monkey x11 $((events / 2)) xvfb-run -a -s '-screen 0 1600x1000x24' "$parity"
else
	echo "SKIP: x11 the run under X (no xvfb-run)"
fi
cat >"$dir/games.pdn" <<'EOF'
[Event "First"]
[Black "A"]
[White "B"]
[Result "*"]
1. 11-15 23-19 2. 8-11 22-17 *

[Event "Second"]
[Black "C"]
[White "D"]
[Result "*"]
1. 9-13 22-18 *
EOF
first_scene=games
SDL_VIDEODRIVER=dummy monkey games-list $((events / 4)) "$parity" --open "$dir/games.pdn"
# Short games without animations (2×2 Dots and Boxes between two players, 3×3 in the later
# rounds) reach the game-over scene many times.
first_scene=play
extra='animation-speed = 0
[dots]
rows = 2
cols = 2
'
SDL_VIDEODRIVER=dummy monkey game-over $((events / 4)) "$parity" --game dots --mode two-players
[ "$failed" -eq 0 ]
