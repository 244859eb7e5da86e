#!/bin/sh
# tests/checkers-book.sh — tools/checkers-book gives the same book however it is run: in one
# go, stopped in its deep stage and taken up again from its --state file, its deep stage made
# in two steps (20 expansions, then the command again with 24), with one worker or two. A small
# build (tiny searches, the weights and 4-piece tables of assets) whose deep stage searches the
# hard sides' moves again; checked too: the deep stage expanded positions on a hard side's turn,
# and the book it gives differs from the one without it; --show lists the book's ballots.
set -u
tool="${BUILD:-build}/tools/checkers-book"
dir=$(mktemp -d /tmp/parity-checkers-book-XXXXXX)
trap 'rm -rf "$dir"' EXIT
fails=0
fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}
base="--expansions 60 --plies 8 --nodes 20000 --leaf-nodes 40000 --data assets"
deep="--deep-nodes 100000 --deep-expansions 24 --deep-below 20"

# shellcheck disable=SC2086
"$tool" $base $deep --workers 2 --out "$dir/a.bin" 2>"$dir/a.log" || fail "the straight build failed"
tail -n 1 "$dir/a.log"
grep -q "hard side's turn" "$dir/a.log" || fail "the deep stage expanded no position on a hard side's turn"
[ "$(grep -c '^checkers-book: deep stage' "$dir/a.log")" -eq 24 ] ||
	fail "the deep stage did not make its 24 expansions"

# stopped after the deep stage's tenth expansion, then taken up again
# shellcheck disable=SC2086
"$tool" $base $deep --workers 2 --state "$dir/state.bin" --out "$dir/b.bin" 2>"$dir/b1.log" &
pid=$!
while kill -0 "$pid" 2>/dev/null && ! grep -q '^checkers-book: deep stage 10 ' "$dir/b1.log"; do
	sleep 0.1
done
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
grep -q "^checkers-book: deep stage 10 " "$dir/b1.log" || fail "the first run never reached the deep stage"
# shellcheck disable=SC2086
"$tool" $base $deep --workers 2 --state "$dir/state.bin" --out "$dir/b.bin" 2>"$dir/b2.log" ||
	fail "the build taken up again failed"
grep -q "by the deep stage), go on from there" "$dir/b2.log" || fail "the second run did not read the state"
cmp -s "$dir/a.bin" "$dir/b.bin" || fail "stopped and taken up again, the build gave another book"

# a deep stage of 20 expansions, then the same command with 24 from its state
short=$(echo "$deep" | sed 's/--deep-expansions 24/--deep-expansions 20/')
# shellcheck disable=SC2086
"$tool" $base $short --workers 2 --state "$dir/state2.bin" --out "$dir/e.bin" 2>/dev/null &&
	"$tool" $base $deep --workers 2 --state "$dir/state2.bin" --out "$dir/e.bin" 2>"$dir/e.log" ||
	fail "the deep stage in two steps failed"
grep -q "(20 by the deep stage), go on from there" "$dir/e.log" ||
	fail "the second step did not go on from the first one's 20 deep expansions"
cmp -s "$dir/a.bin" "$dir/e.bin" || fail "the deep stage in two steps (20, then 24) gave another book"

# shellcheck disable=SC2086
"$tool" $base $deep --workers 1 --out "$dir/c.bin" 2>/dev/null || fail "the one-worker build failed"
cmp -s "$dir/a.bin" "$dir/c.bin" || fail "one worker gave another book than two"

# shellcheck disable=SC2086
"$tool" $base --workers 2 --out "$dir/d.bin" 2>/dev/null || fail "the build without a deep stage failed"
cmp -s "$dir/a.bin" "$dir/d.bin" && fail "the deep stage changed nothing"

# --show: the start and every ballot (44 lines after the header), each in the book with its
# line; the deep stage's positions flagged; a book that is not one refused with a message
"$tool" --show "$dir/a.bin" >"$dir/show.txt" 2>&1 || fail "--show failed"
[ "$(grep -c '^ballot ' "$dir/show.txt")" -eq 44 ] || fail "--show did not list the 44 ballots"
[ "$(grep -c '^start ' "$dir/show.txt")" -eq 1 ] || fail "--show did not list the start"
grep -q 'not in the book' "$dir/show.txt" && fail "--show: a ballot not in the book"
grep -q ' expanded deep' "$dir/show.txt" || fail "--show flagged no position of the deep stage"
grep -Eq '^ballot  0 11-15 21-17 9-13 +White [-+][0-9]\.[0-9]{2} depth +[0-9]+ expanded.*: [0-9]+[-x][0-9]+' \
	"$dir/show.txt" || fail "--show: no score and line for the first ballot"
head -c 100 "$dir/a.bin" >"$dir/torn.bin"
if "$tool" --show "$dir/torn.bin" >"$dir/torn.txt" 2>&1; then
	fail "--show read a torn book"
fi
grep -q "torn.bin" "$dir/torn.txt" || fail "--show refused a torn book without naming it"

if [ "$fails" -ne 0 ]; then
	echo "checkers-book.sh: $fails failed"
	exit 1
fi
echo "checkers-book.sh: the same book straight, taken up again, in two steps and with one worker; the deep stage changes it; --show lists it"
