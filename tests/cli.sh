#!/bin/sh
# tests/cli.sh — the `parity` command line as a user meets it: perft output and counts,
# and bad arguments answered with one line on stderr and exit status 2.
set -u
parity="${BUILD:-build}/parity"
fails=0
checks=0

# expect_status STATUS CMD... — runs CMD and checks its exit status.
expect_status() {
	status_want=$1
	shift
	checks=$((checks + 1))
	"$@" >/tmp/parity-cli-out.$$ 2>/tmp/parity-cli-err.$$
	got=$?
	if [ "$got" -ne "$status_want" ]; then
		echo "FAIL: $* -> exit $got, want $status_want"
		fails=$((fails + 1))
		return 1
	fi
	if [ "$status_want" -eq 2 ] && [ "$(wc -l </tmp/parity-cli-err.$$)" -ne 1 ]; then
		echo "FAIL: $* -> want exactly one line on stderr, got:"
		cat /tmp/parity-cli-err.$$
		fails=$((fails + 1))
		return 1
	fi
	return 0
}

# expect_nodes NODES CMD... — checks the nodes column of the last perft line.
expect_nodes() {
	want=$1
	shift
	expect_status 0 "$@" || return
	got=$(tail -n 1 /tmp/parity-cli-out.$$ | cut -d' ' -f2)
	fields=$(tail -n 1 /tmp/parity-cli-out.$$ | wc -w)
	if [ "$got" != "$want" ] || [ "$fields" -ne 4 ]; then
		echo "FAIL: $* -> last line '$(tail -n 1 /tmp/parity-cli-out.$$)', want nodes $want"
		fails=$((fails + 1))
	fi
}

expect_nodes 3005288 "$parity" perft reversi 9
expect_nodes 8200 "$parity" perft reversi 6 --size 8
expect_nodes 55092 "$parity" perft reversi 7 ---------------------------OX------XO--------------------------- X
expect_nodes 55092 "$parity" perft reversi 7 "---------------------------OX------XO--------------------------- X"
expect_nodes 3963680 "$parity" perft checkers 9
expect_nodes 5836 "$parity" perft checkers 5 "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
expect_nodes 5040 "$parity" perft dots 7 --size 1x2
expect_nodes 24 "$parity" perft dots 4 1x1
expect_status 0 "$parity" perft reversi 0
[ "$(wc -l </tmp/parity-cli-out.$$)" -eq 0 ] || { echo "FAIL: perft 0 prints no depth"; fails=$((fails + 1)); }
expect_status 0 "$parity" --help
expect_status 0 "$parity" --version

expect_status 2 "$parity" perft
expect_status 2 "$parity" perft chess 3
expect_status 2 "$parity" perft reversi
expect_status 2 "$parity" perft reversi -1
expect_status 2 "$parity" perft reversi 3x
expect_status 2 "$parity" perft reversi 3 --size 7
expect_status 2 "$parity" perft reversi 3 --size
expect_status 2 "$parity" perft reversi 3 --frobnicate
expect_status 2 "$parity" perft reversi 3 XO-
expect_status 2 "$parity" perft checkers 3 "B:W21-32:B1-12:X"
expect_status 2 "$parity" perft checkers 3 "B:W33:B1"
expect_status 2 "$parity" perft dots 3 --size 10x10
expect_status 2 "$parity" perft dots 3 "3x3 0101"
expect_status 2 "$parity" --no-such-option
expect_status 0 "$parity" solve reversi "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
[ "$(cut -d' ' -f1-2 </tmp/parity-cli-out.$$)" = "g8 +18" ] || { echo "FAIL: solve FFO #1 -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
printf '%s\n' "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;" >/tmp/parity-cli-obf.$$
expect_status 0 "$parity" solve reversi --file /tmp/parity-cli-obf.$$
printf '%s\n' "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+16; H1:+12;" >/tmp/parity-cli-obf.$$
expect_status 1 "$parity" solve reversi --file /tmp/parity-cli-obf.$$
printf '%s\n' "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X" "XO- X" >/tmp/parity-cli-obf.$$
expect_status 2 "$parity" solve reversi --file /tmp/parity-cli-obf.$$
expect_status 2 "$parity" solve reversi --file /tmp/parity-no-such-file.$$
expect_status 2 "$parity" solve reversi
expect_status 2 "$parity" solve checkers "B:W21-32:B1-12"
expect_status 2 "$parity" solve reversi "------------------------------------ X"
expect_status 2 "$parity" solve reversi "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- Z"
rm -f /tmp/parity-cli-obf.$$

expect_status 0 "$parity" analyse reversi ---------------------------OX------XO--------------------------- X --level beginner
[ "$(wc -l </tmp/parity-cli-out.$$)" -eq 4 ] || { echo "FAIL: analyse start -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
expect_status 0 "$parity" analyse reversi "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X" --depth 20
[ "$(wc -l </tmp/parity-cli-out.$$)" -eq 8 ] && [ "$(head -n 1 /tmp/parity-cli-out.$$ | cut -d' ' -f1-3)" = "g8 win +18" ] || { echo "FAIL: analyse FFO #1 -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
expect_status 2 "$parity" analyse reversi
expect_status 0 "$parity" analyse checkers "B:W21-32:B1-12" --level beginner
[ "$(cut -d' ' -f1 </tmp/parity-cli-out.$$ | sort | tr '\n' ' ')" = "10-14 10-15 11-15 11-16 12-16 9-13 9-14 " ] || { echo "FAIL: analyse checkers start -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
# A level's noise picks moves, it does not score them: Beginner (noise 0.6 man) to a given depth
# scores every move as Medium (no noise, the same settings otherwise) does.
expect_status 0 "$parity" analyse checkers "B:W21-32:B1-12" --level beginner --depth 5
cp /tmp/parity-cli-out.$$ /tmp/parity-cli-noisy.$$
expect_status 0 "$parity" analyse checkers "B:W21-32:B1-12" --level medium --depth 5
cmp -s /tmp/parity-cli-out.$$ /tmp/parity-cli-noisy.$$ || { echo "FAIL: analyse with noise -> $(cat /tmp/parity-cli-noisy.$$) against $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
rm -f /tmp/parity-cli-noisy.$$
expect_status 0 "$parity" analyse checkers "W:W14:B10" --depth 3
[ "$(cut -d' ' -f1-3 </tmp/parity-cli-out.$$)" = "14x7 win +1" ] || { echo "FAIL: analyse checkers win -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
expect_status 2 "$parity" analyse checkers "B:W21-32:B1-12:X"
expect_status 2 "$parity" analyse dots "3x3"
expect_status 2 "$parity" analyse reversi XO- X
expect_status 2 "$parity" analyse reversi ---------------------------OX------XO--------------------------- X --level grandmaster
expect_status 2 "$parity" analyse reversi ---------------------------OX------XO--------------------------- X --depth 0
expect_status 2 "$parity" analyse reversi ---------------------------OX------XO--------------------------- X --frobnicate
checks=$((checks + 1))
got=$(printf 'nboard 2\nping 5\nset depth 2\ngo\nbogus\n' | "$parity" nboard 2>/dev/null | grep -E '^(pong|===)' | tr '\n' ' ')
case "$got" in "pong 5 === "[cdef][3456]/*) ;; *) echo "FAIL: nboard -> $got"; fails=$((fails + 1)) ;; esac
# --log: one line on stderr for each go (move, nodes, wall and CPU seconds)
got=$(printf 'nboard 2\nset depth 2\ngo\n' | "$parity" nboard --log 2>&1 >/dev/null)
case "$got" in "nboard: move "[cdef][3456]" nodes "[0-9]*" time "[0-9]*.[0-9]*" cpu "[0-9]*.[0-9]*) ;; *) echo "FAIL: nboard --log -> $got"; fails=$((fails + 1)) ;; esac
expect_status 0 "$parity" referee --games 2 "$parity nboard --level beginner" "$parity nboard --level medium"
grep -q 'over 2 games' /tmp/parity-cli-out.$$ || { echo "FAIL: referee -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
expect_status 0 "$parity" referee --games 1 --first 4 "$parity nboard --level beginner" "$parity nboard --level beginner"
grep -q '^game 4: f5d6c5f4e3 white' /tmp/parity-cli-out.$$ || { echo "FAIL: referee --first -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
grep -q 'a move on average' /tmp/parity-cli-out.$$ || { echo "FAIL: referee timing -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
expect_status 2 "$parity" referee --first 0 "$parity nboard" "$parity nboard"
expect_status 1 "$parity" referee --timeout 2 "$parity nboard" true
expect_status 2 "$parity" referee "$parity nboard"
# --openings FILE: its lines in order, each twice (comments and blank lines skipped); a bad
# line is named with its number, and nothing is played
printf '# two openings\n\nf5f6e6f4 the parallel\nd3c3\n' >/tmp/parity-cli-open.$$
expect_status 0 "$parity" referee --games 2 --first 3 --openings /tmp/parity-cli-open.$$ "$parity nboard --level beginner" "$parity nboard --level beginner"
grep -q '^game 3: d3c3 black' /tmp/parity-cli-out.$$ && grep -q '^game 4: d3c3 white' /tmp/parity-cli-out.$$ || { echo "FAIL: referee --openings -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
printf 'f5d6\nf5a1\n' >/tmp/parity-cli-open.$$
expect_status 2 "$parity" referee --openings /tmp/parity-cli-open.$$ "$parity nboard" "$parity nboard"
grep -q 'line 2: "f5a1" is not a Reversi opening' /tmp/parity-cli-err.$$ || { echo "FAIL: referee --openings bad line -> $(cat /tmp/parity-cli-err.$$)"; fails=$((fails + 1)); }
: >/tmp/parity-cli-open.$$
expect_status 2 "$parity" referee --openings /tmp/parity-cli-open.$$ "$parity nboard" "$parity nboard"
expect_status 2 "$parity" referee --openings /nonexistent/openings "$parity nboard" "$parity nboard"
expect_status 2 "$parity" referee --from-start --openings bench/reversi-openings.txt "$parity nboard" "$parity nboard"
# an opening that leads to an earlier one's position (another move order, a mirror image)
# would play the same games twice: refused, both lines named; the project's file has none
printf 'f5d6c3d3c4\n# x\nf5f6\nf5d6c4d3c3\n' >/tmp/parity-cli-open.$$
expect_status 2 "$parity" referee --openings /tmp/parity-cli-open.$$ "$parity nboard" "$parity nboard"
grep -q 'line 4: "f5d6c4d3c3" leads to the position of line 1 ("f5d6c3d3c4")' /tmp/parity-cli-err.$$ || { echo "FAIL: referee --openings transposition -> $(cat /tmp/parity-cli-err.$$)"; fails=$((fails + 1)); }
printf 'f5d6\ne6f4\n' >/tmp/parity-cli-open.$$
expect_status 2 "$parity" referee --openings /tmp/parity-cli-open.$$ "$parity nboard" "$parity nboard"
grep -q 'line 2: "e6f4" leads to the position of line 1' /tmp/parity-cli-err.$$ || { echo "FAIL: referee --openings mirror -> $(cat /tmp/parity-cli-err.$$)"; fails=$((fails + 1)); }
expect_status 0 "$parity" referee --games 1 --openings bench/reversi-openings.txt "$parity nboard --level beginner" "$parity nboard --level beginner"
rm -f /tmp/parity-cli-open.$$

# A Reversi board that starts with "--" and a letter is still a board, not an option.
expect_nodes 416 "$parity" perft reversi 3 "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"

# Dots and Boxes: exact values (the side to move's net boxes to come) and every optimal edge.
expect_status 0 "$parity" solve dots 2x2
[ "$(cut -d' ' -f1-2 </tmp/parity-cli-out.$$)" = "+2 0,1,4,5,6,8,9,11" ] || { echo "FAIL: solve dots 2x2 -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
expect_status 0 "$parity" solve dots 3x3
[ "$(cut -d' ' -f1 </tmp/parity-cli-out.$$)" = "-3" ] || { echo "FAIL: solve dots 3x3 -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
expect_status 0 "$parity" solve dots 3x3 111100001000110101101110 A 1 0 "A........"
[ "$(cut -d' ' -f1-2 </tmp/parity-cli-out.$$)" = "-4 11,23" ] || { echo "FAIL: solve dots position -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
expect_status 0 "$parity" solve dots "1x1 1111 B 0 1 B"
[ "$(cut -d' ' -f1-2 </tmp/parity-cli-out.$$)" = "+0 -" ] || { echo "FAIL: solve dots finished -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
printf '%s\n' "# a comment" "2x2 000000000000 A 0 0 .... 2 2 0,1,4,5,6,8,9,11 -" "3x3 111100001000110101101110 A 1 0 A........ -4 -3 11,23 18,13,8,20,22,3,21,1,15,17,2,12,0" "2x3 00000000000000000 A 0 0 ...... -2 -2 * -" >/tmp/parity-cli-dots.$$
expect_status 0 "$parity" solve dots --file /tmp/parity-cli-dots.$$
printf '%s\n' "2x2 000000000000 A 0 0 .... 2 2 0,1,4,5,6,8,9 -" >/tmp/parity-cli-dots.$$
expect_status 1 "$parity" solve dots --file /tmp/parity-cli-dots.$$
printf '%s\n' "2x2 000000000000 A 0 0 .... 0 0 * -" >/tmp/parity-cli-dots.$$
expect_status 1 "$parity" solve dots --file /tmp/parity-cli-dots.$$
printf '%s\n' "2x2 000000000000 A 0 0 .... 2 2 0,1,4,5,6,8,9,11" >/tmp/parity-cli-dots.$$
expect_status 2 "$parity" solve dots --file /tmp/parity-cli-dots.$$
printf '%s\n' "2x2 00000000000 A 0 0 .... 2 2 * -" >/tmp/parity-cli-dots.$$
expect_status 2 "$parity" solve dots --file /tmp/parity-cli-dots.$$
expect_status 2 "$parity" solve dots --file /tmp/parity-no-such-file.$$
expect_status 2 "$parity" solve dots
expect_status 2 "$parity" solve dots 3x
expect_status 2 "$parity" solve dots 6x6
expect_status 2 "$parity" solve dots "3x3 0101"
expect_status 2 "$parity" solve dots 3x3 --frobnicate
# The shared positions take seconds (minutes under the sanitizers): the main build only; the
# other builds' solver meets the same file in test_dots_solve.
if [ ! -f ../shared/data/dots-boxes-positions.txt ]; then
	echo "SKIP: shared-dots ../shared/data/dots-boxes-positions.txt is not beside this checkout"
elif [ "${BUILD:-build}" != build ]; then
	echo "SKIP: dots-solve-file solve dots --file on the shared positions runs on build/ only"
else
	expect_status 0 "$parity" solve dots --file ../shared/data/dots-boxes-positions.txt
fi
rm -f /tmp/parity-cli-dots.$$

# PDN: the shared real games replay and read back; a bad move is named by game and move.
if [ -d ../shared/data ]; then
	expect_status 0 "$parity" pdn check ../shared/data/checkers-games.pdn
	grep -qx '20 games, 1219 moves: 20 replay, 20 read back identical' /tmp/parity-cli-out.$$ || { echo "FAIL: pdn check shared games -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
else
	echo "SKIP: shared-pdn ../shared/data is not beside this checkout (pdn check of its games)"
fi
printf '[Event "a"]\n1. 11-15 23-18 *\n\n[Event "b"]\n1. 11-15 23-18\n2. 8-11 18x11 *\n1. 9-14 22x17 2. 14x21 *\n' >/tmp/parity-cli-pdn.$$
expect_status 1 "$parity" pdn check /tmp/parity-cli-pdn.$$
[ "$(head -n 2 /tmp/parity-cli-out.$$ | cut -d: -f1-2 | tr '\n' '|')" = "game 2 (line 6): move 2 White|game 3 (line 7): move 2 Black|" ] || { echo "FAIL: pdn check faults -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
rm -f /tmp/parity-cli-pdn.$$
expect_status 2 "$parity" pdn check /tmp/parity-no-such-file.$$
expect_status 2 "$parity" pdn check
expect_status 2 "$parity" pdn frobnicate x.pdn

# The window's --open: a file that cannot be played is one line on stderr before any window.
printf '[Event "a"]\n1. 11-15 23-18 *\n\n[Event "b"]\n1. 11-15 23-18\n2. 8-11 18-22 *\n' >/tmp/parity-cli-pdn.$$
expect_status 2 "$parity" --open /tmp/parity-cli-pdn.$$ --game-number 2
grep -q 'game 2 (line 6): move 2 White' /tmp/parity-cli-err.$$ || { echo "FAIL: --open bad move -> $(cat /tmp/parity-cli-err.$$)"; fails=$((fails + 1)); }
expect_status 2 "$parity" --open /tmp/parity-cli-pdn.$$ --game-number 3
expect_status 2 "$parity" --open /tmp/parity-no-such-file.$$
expect_status 2 "$parity" --game-number 1
expect_status 2 "$parity" --open /tmp/parity-cli-pdn.$$ --game reversi
rm -f /tmp/parity-cli-pdn.$$

# The strength referee: two games from the first ballot, colours swapped, the total, and each
# level's CPU time a move (the moves of both levels add up to the plies after the opening).
expect_status 0 "$parity" match checkers medium beginner --games 2
[ "$(wc -l </tmp/parity-cli-out.$$)" -eq 5 ] && grep -q '^medium vs beginner over 2 games: ' /tmp/parity-cli-out.$$ || { echo "FAIL: match -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
plies=$(sed -n 's/^game [0-9]*: .* in \([0-9]*\) plies$/\1/p' /tmp/parity-cli-out.$$ | awk '{s += $1 - 3} END {print s}')
moves=$(sed -n 's/^[a-z]*: [0-9.]* CPU s a move, [0-9.]* a searched move, [0-9.]* at most (\([0-9]*\) moves, [0-9]* from the book)$/\1/p' /tmp/parity-cli-out.$$ | awk '{s += $1} END {print s}')
[ -n "$plies" ] && [ "$plies" = "$moves" ] || { echo "FAIL: match clocks ($plies plies, $moves moves) -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
# --moves: each game's moves, the opening's first, one per ply, and the distinct games counted.
expect_status 0 "$parity" match checkers medium beginner --games 2 --moves
[ "$(grep -c '^  moves: 11-15 21-17 9-13 ' /tmp/parity-cli-out.$$)" -eq 2 ] && grep -q '^2 distinct games of 2 (by their moves)$' /tmp/parity-cli-out.$$ || { echo "FAIL: match --moves -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
plies=$(sed -n 's/^game [0-9]*: .* in \([0-9]*\) plies$/\1/p' /tmp/parity-cli-out.$$ | tr '\n' ' ')
counted=$(sed -n 's/^  moves: //p' /tmp/parity-cli-out.$$ | awk '{printf "%d ", NF}')
[ -n "$plies" ] && [ "$plies" = "$counted" ] || { echo "FAIL: match --moves plies ($plies against $counted)"; fails=$((fails + 1)); }
expect_status 2 "$parity" match checkers medium grandmaster
expect_status 2 "$parity" match reversi medium beginner
expect_status 2 "$parity" match checkers medium beginner --games 0
expect_status 2 "$parity" match checkers medium beginner --first 88 --games 2
expect_status 0 "$parity" bench search checkers beginner --depth 4
grep -q '^position 0: .* depth 4 ' /tmp/parity-cli-out.$$ || { echo "FAIL: bench --depth -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
expect_status 0 "$parity" bench search checkers beginner --depth 4 --tt 12
grep -q '^position 0: .* depth 4 ' /tmp/parity-cli-out.$$ || { echo "FAIL: bench --tt -> $(cat /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
expect_status 2 "$parity" bench search checkers beginner --tt 31

# $PARITY_DATA names the one data directory of the headless commands: with no weights there,
# Hard analyses with the simpler evaluation (other scores than with the weights) and says so
# once, instead of loading the build tree's copy beside the program (as it did from inside the
# search). With strace, no file named reversi-eval.bin is opened but the one asked for.
start="---------------------------OX------XO--------------------------- X"
nodata=$(mktemp -d /tmp/parity-cli-nodata-XXXXXX)
expect_status 0 env PARITY_DATA="$(pwd)/assets" "$parity" analyse reversi "$start" --level hard --depth 4
with_weights=$(cat /tmp/parity-cli-out.$$)
[ ! -s /tmp/parity-cli-err.$$ ] || { echo "FAIL: analyse with the weights said: $(cat /tmp/parity-cli-err.$$)"; fails=$((fails + 1)); }
expect_status 0 env PARITY_DATA="$nodata" "$parity" analyse reversi "$start" --level hard --depth 4
[ "$(cat /tmp/parity-cli-out.$$)" != "$with_weights" ] || { echo "FAIL: PARITY_DATA without weights: the same scores as with them (another copy loaded?)"; fails=$((fails + 1)); }
[ "$(wc -l </tmp/parity-cli-err.$$)" -eq 1 ] && grep -q "$nodata/reversi-eval.bin.*simpler evaluation" /tmp/parity-cli-err.$$ || { echo "FAIL: PARITY_DATA without weights said: $(cat /tmp/parity-cli-err.$$)"; fails=$((fails + 1)); }
if command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null; then
	checks=$((checks + 1))
	PARITY_DATA="$nodata" strace -f -o "$nodata/trace" -e trace='?open,openat,?openat2' "$parity" analyse reversi "$start" --level hard --depth 4 >/dev/null 2>&1
	if [ "$(grep -c 'reversi-eval\.bin' "$nodata/trace")" -ne 1 ] || ! grep -q "\"$nodata/reversi-eval\.bin\"" "$nodata/trace"; then
		echo "FAIL: PARITY_DATA without weights opened: $(grep 'reversi-eval' "$nodata/trace")"
		fails=$((fails + 1))
	fi
fi
rm -rf "$nodata"

# Checkers' weights without the endgame databases beside them: the trained evaluation is in use
# (the same searches as with the databases, far from the end of the game) and the one line on
# stderr says what the engine goes without, not that it fell back to its simpler evaluation.
nodb=$(mktemp -d /tmp/parity-cli-nodb-XXXXXX)
cp assets/checkers-eval.bin "$nodb/"
expect_status 0 env PARITY_DATA="$(pwd)/assets" "$parity" bench search checkers hard --depth 6
with_db=$(grep '^position' /tmp/parity-cli-out.$$ | sed 's/ in .*//')
expect_status 0 env PARITY_DATA="$nodb" "$parity" bench search checkers hard --depth 6
[ -n "$with_db" ] && [ "$(grep '^position' /tmp/parity-cli-out.$$ | sed 's/ in .*//')" = "$with_db" ] || { echo "FAIL: checkers weights without databases: other searches than with them"; fails=$((fails + 1)); }
[ "$(wc -l </tmp/parity-cli-err.$$)" -eq 1 ] && grep -q "$nodb/checkers-egdb.bin.*without its endgame databases" /tmp/parity-cli-err.$$ && ! grep -q "simpler evaluation" /tmp/parity-cli-err.$$ || { echo "FAIL: checkers weights without databases said: $(cat /tmp/parity-cli-err.$$)"; fails=$((fails + 1)); }
rm -rf "$nodb"

# review: every move of a record judged; the example games of docs/REVIEW.md.
expect_status 0 "$parity" review docs/examples/dots-3x3.txt
grep -q '^10 B 13 -3.00 20 +3.00 6.00 blunder exact$' /tmp/parity-cli-out.$$ || { echo "FAIL: review dots: no blunder at move 10: $(sed -n 11p /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
[ "$(grep -c '^[0-9]' /tmp/parity-cli-out.$$)" -eq 24 ] || { echo "FAIL: review dots: not 24 moves"; fails=$((fails + 1)); }
first_review=$(cat /tmp/parity-cli-out.$$)
expect_status 0 "$parity" review docs/examples/dots-3x3.txt
[ "$(cat /tmp/parity-cli-out.$$)" = "$first_review" ] || { echo "FAIL: review dots: two runs differ"; fails=$((fails + 1)); }
expect_status 0 "$parity" review docs/examples/dots-3x3.txt --json
head -c 1 /tmp/parity-cli-out.$$ | grep -q '\[' && grep -q '"ply": 24, "side": "A", "move": "7", "score": 7.00, "best_move": "7", "best_score": 7.00, "loss": 0.00, "class": "forced", "exact": true' /tmp/parity-cli-out.$$ || { echo "FAIL: review --json: $(tail -n 2 /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
expect_status 0 "$parity" review docs/examples/reversi-game.txt --level medium
grep -q '^1 Black c4 ' /tmp/parity-cli-out.$$ && [ "$(grep -c '^[0-9]' /tmp/parity-cli-out.$$)" -eq 60 ] || { echo "FAIL: review reversi: $(head -n 2 /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
grep -q '^60 White e2 +10.00 e2 +10.00 0.00 forced exact$' /tmp/parity-cli-out.$$ || { echo "FAIL: review reversi: the last move: $(grep '^60 ' /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
if [ -d ../shared/data ]; then
	expect_status 0 "$parity" review ../shared/data/checkers-games.pdn --game 2 --level beginner
	grep -q '^1 Black ' /tmp/parity-cli-out.$$ || { echo "FAIL: review checkers: $(head -n 2 /tmp/parity-cli-out.$$)"; fails=$((fails + 1)); }
fi
expect_status 2 "$parity" review
expect_status 2 "$parity" review /nonexistent/game.txt
expect_status 2 "$parity" review docs/examples/dots-3x3.txt --level godlike
expect_status 2 "$parity" review docs/examples/dots-3x3.txt --game 2
expect_status 2 "$parity" review docs/examples/dots-3x3.txt --game x
expect_status 2 "$parity" review docs/examples/dots-3x3.txt --depth 3
expect_status 2 "$parity" review docs/examples/dots-3x3.txt docs/examples/reversi-game.txt
expect_status 2 "$parity" review README.md
# Numbers are read whole, in range (issue 17): nan, inf, overflow, negatives, junk, blanks.
for bad in nan inf -inf 1e3 99999999999999999999 -1 0 " 3" 3x 0x10 ""; do
	expect_status 2 "$parity" referee --games "$bad" "$parity nboard" "$parity nboard"
	expect_status 2 "$parity" referee --first "$bad" "$parity nboard" "$parity nboard"
	expect_status 2 "$parity" referee --depth "$bad" "$parity nboard" "$parity nboard"
	expect_status 2 "$parity" --frames "$bad"
	[ "$bad" = 0 ] && continue # a depth and a seed of 0 are fine
	expect_status 2 "$parity" perft reversi "$bad"
	expect_status 2 "$parity" --seed "$bad" --frames 1
done
for bad in nan inf -1 0 1e999 " 5" 5s; do
	expect_status 2 "$parity" referee --timeout "$bad" "$parity nboard" "$parity nboard"
done
expect_status 2 "$parity" --seed -1 --frames 1
expect_status 2 "$parity" --seed 4294967296 --frames 1
expect_status 2 "$parity" solve dots 2x2 --threads nan
expect_status 2 "$parity" solve dots 2x2 --memory -1M
# Positions that no game reaches are refused: an uncrowned man on its crowning row; a Dots
# position that does not fit the --size given.
expect_status 2 "$parity" perft checkers 1 "W:W1,18:B12,16"
expect_status 2 "$parity" perft checkers 1 "B:W18:B29,12"
expect_status 0 "$parity" perft checkers 1 "B:W18:BK29,12"
expect_status 2 "$parity" perft dots 1 1x1 --size 2x2
expect_status 0 "$parity" perft dots 1 1x1
# Options that do not apply to the game are refused, not ignored.
expect_status 2 "$parity" perft checkers 3 --size 8
expect_status 2 "$parity" perft reversi 3 --size 3x3
expect_status 2 "$parity" perft dots 3 --size 0x2
expect_status 2 "$parity" --game checkers --size 8 --frames 1
# What cannot finish is refused: the exact solve of the start position (60 empties).
expect_status 2 "$parity" solve reversi "$start"
grep -q -- "--force" /tmp/parity-cli-err.$$ || { echo "FAIL: solve reversi start: $(cat /tmp/parity-cli-err.$$)"; fails=$((fails + 1)); }
# A directory or a FIFO given as a file: refused with a message, never read or waited on.
fifo=$(mktemp -u /tmp/parity-cli-fifo-XXXXXX)
mkfifo "$fifo"
for f in /tmp "$fifo"; do
	expect_status 2 timeout 20 "$parity" solve reversi --file "$f"
	expect_status 2 timeout 20 "$parity" solve dots --file "$f"
	expect_status 2 timeout 20 "$parity" pdn check "$f"
	expect_status 2 timeout 20 "$parity" bench search reversi beginner --file "$f"
done
rm -f "$fifo"
# An over-long line is one refused line (it was cut in two, the tail read as a line).
printf '%03000d X\n' 0 >/tmp/parity-cli-long.$$
expect_status 2 "$parity" solve reversi --file /tmp/parity-cli-long.$$
grep -q "line too long" /tmp/parity-cli-err.$$ || { echo "FAIL: long OBF line: $(cat /tmp/parity-cli-err.$$)"; fails=$((fails + 1)); }
rm -f /tmp/parity-cli-long.$$
# Memory bounded by the input: more games than PDN_GAMES_MAX (100 000) is refused, and costs
# little (tiny games used to cost about 200 bytes of memory per byte of file).
awk 'BEGIN { for (i = 0; i < 100001; i++) printf "*\n" }' >/tmp/parity-cli-games.$$
expect_status 2 "$parity" pdn check /tmp/parity-cli-games.$$
grep -q "more than 100000 games" /tmp/parity-cli-err.$$ || { echo "FAIL: PDN games limit: $(cat /tmp/parity-cli-err.$$)"; fails=$((fails + 1)); }
awk 'BEGIN { for (i = 0; i < 40000; i++) printf "[Event \"x\"]\n1. 11-15 *\n\n" }' >/tmp/parity-cli-games.$$
if ldd "$parity" 2>/dev/null | grep -q 'libasan'; then
	echo "SKIP: pdn-memory the peak-RSS bound of pdn check (AddressSanitizer's shadow and quarantine)"
elif [ -x /usr/bin/time ]; then
	checks=$((checks + 1))
	kb=$(/usr/bin/time -f %M "$parity" pdn check /tmp/parity-cli-games.$$ 2>&1 >/dev/null | tail -n 1)
	# 1 MB of tiny games: 200 MB before; now the program's fixed 13 MB and about 16 MB more.
	[ "$kb" -lt 60000 ] || { echo "FAIL: pdn check of 1 MB of tiny games: $kb KB peak"; fails=$((fails + 1)); }
fi
rm -f /tmp/parity-cli-games.$$

# A full stdout: a message and a non-zero status, in every subcommand.
full_check() {
	checks=$((checks + 1))
	"$@" >/dev/full 2>/tmp/parity-cli-err.$$ </tmp/parity-cli-in.$$
	got=$?
	if [ "$got" -eq 0 ] || ! grep -q "cannot write the output" /tmp/parity-cli-err.$$; then
		echo "FAIL: $* >/dev/full -> exit $got, said: $(cat /tmp/parity-cli-err.$$)"
		fails=$((fails + 1))
	fi
}
if [ -w /dev/full ]; then
	printf 'nboard 2\nping 1\n' >/tmp/parity-cli-in.$$
	printf '[Event "x"]\n1. 11-15 *\n' >/tmp/parity-cli-pdn.$$
	full_check "$parity" perft reversi 2
	full_check "$parity" --help
	full_check "$parity" --version
	full_check "$parity" solve dots 1x1
	full_check "$parity" solve reversi "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
	full_check "$parity" analyse reversi "$start" --depth 2
	full_check "$parity" bench search reversi beginner --depth 2
	full_check "$parity" nboard
	full_check "$parity" pdn check /tmp/parity-cli-pdn.$$
	full_check "$parity" referee --games 1 "$parity nboard --level beginner" "$parity nboard --level beginner"
	full_check "$parity" match checkers beginner beginner --games 1
	rm -f /tmp/parity-cli-in.$$ /tmp/parity-cli-pdn.$$
fi

rm -f /tmp/parity-cli-out.$$ /tmp/parity-cli-err.$$
echo "cli: $((checks - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
