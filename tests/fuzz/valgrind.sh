#!/bin/sh
# tests/fuzz/valgrind.sh PARITY — runs the headless commands under valgrind (memcheck, full
# leak check) and fails if valgrind reports anything: an invalid read or write, a use of an
# uninitialised value, a leak. `make valgrind` builds PARITY for it (build-valgrind/parity,
# -O1 -g, no -march=native: valgrind does not know every instruction of every CPU).
#
# Each command must also end with the exit status it is meant to (0, or 2 for the bad
# arguments at the end: the error paths must free what they took too). The lines that read
# ../shared/data are skipped with a note when it is not beside the checkout.
set -u
parity=${1:-build-valgrind/parity}
data=../shared/data
scratch=${TMPDIR:-/tmp}/parity-valgrind.$$
mkdir -p "$scratch"
trap 'rm -rf "$scratch"' EXIT
vg="valgrind --error-exitcode=1 --leak-check=full --quiet"
ran=0
failed=0

# run STATUS STDIN CMD... — runs `parity CMD...` under valgrind with STDIN (a file, or - for
# none) and checks that it exits with STATUS and valgrind had nothing to say.
run() {
	want=$1
	input=$2
	shift 2
	ran=$((ran + 1))
	[ "$input" = - ] && input=/dev/null
	start=$(date +%s)
	$vg "$parity" "$@" <"$input" >"$scratch/out" 2>"$scratch/err"
	got=$?
	took=$(($(date +%s) - start))
	if [ "$got" -ne "$want" ] || grep -q '^==[0-9]*==' "$scratch/err"; then
		echo "FAIL ($took s): parity $* -> exit $got, want $want"
		grep '^==[0-9]*==' "$scratch/err" | head -40
		failed=$((failed + 1))
	else
		echo "ok ($took s): parity $*"
	fi
}

start8="---------------------------OX------XO--------------------------- X"

# perft: every game, every option.
run 0 - perft reversi 7
run 0 - perft reversi 4 --size 10 --anti --black-hole --seed 7
run 0 - perft checkers 7
run 0 - perft checkers 5 "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
run 0 - perft dots 6 --size 2x2

# solve: a Reversi position with 2 empty squares; the small Dots and Boxes boards.
run 0 - solve reversi "OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO-*-OOOOO O"
run 0 - solve dots 1x2
run 0 - solve dots "2x2 110000000100 A 0 0 ...."

# analyse: Reversi and checkers (Dots and Boxes has solve instead).
run 0 - analyse reversi "$start8" --depth 5
run 0 - analyse checkers "B:W21-32:B1-12" --depth 6

# match: whole games between two engine levels in-process.
run 0 - match checkers beginner beginner --games 1
run 0 - match dots beginner medium --games 2 --size 2x2

# pdn check on a file of the repository; the NBoard protocol on a scripted session.
run 0 - pdn check tests/fuzz/corpus/pdn/written.pdn
cat >"$scratch/nboard.in" <<NBOARD
nboard 2
set depth 4
set game (;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6/-1.25/0.3];)
ping 1
go
hint 3
move c3
f4
learn
quit
NBOARD
run 0 "$scratch/nboard.in" nboard --level beginner

# Error paths free what they took too.
run 2 - solve reversi "not a position"
run 2 - solve dots 12x12
run 2 - perft checkers 3 "B:W1:B1"
run 2 - pdn check "$scratch/no-such-file.pdn"
run 2 - analyse reversi "$start8" --depth 0

# The reference data beside the checkout, when it is there.
if [ -d "$data" ]; then
	# FFO #1-#3 (14 empty squares) and #40 (20: about a minute under valgrind).
	head -n 3 "$data/ffo-1-19.obf" >"$scratch/ffo.obf"
	head -n 1 "$data/ffo-40-59.obf" >>"$scratch/ffo.obf"
	run 0 - solve reversi --file "$scratch/ffo.obf"
	grep -E '^(1x1|1x2|2x2) ' "$data/dots-boxes-positions.txt" | head -n 6 >"$scratch/dots.txt"
	run 0 - solve dots --file "$scratch/dots.txt"
	run 0 - pdn check "$data/checkers-games.pdn"
else
	echo "note: $data is not beside this checkout; skipping solve --file and pdn check on it"
fi

echo "valgrind: $ran commands, $failed failed"
[ "$failed" -eq 0 ]
