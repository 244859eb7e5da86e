#!/bin/sh
# tests/faults.sh — the real program under faults: a preferences directory that cannot be
# written (read-only, not a directory, a full disk through /dev/full, a full tiny tmpfs when
# this user may mount one), damaged assets (a missing or corrupt sprite, sound or font, no
# evaluation weights) and no audio device (a bogus driver, the disk driver). Each case checks
# the exit status, the message, and that the game goes on wherever it can: a move is played
# and dumped. Uses SDL's dummy video driver: no display needed.
set -u
build=${BUILD:-build}
parity="$(pwd)/$build/parity"
timeout=$(command -v timeout)
assets="$(pwd)/assets"
dir=$(mktemp -d /tmp/parity-faults-XXXXXX)
mounted=""
cleanup() {
	[ -n "$mounted" ] && umount "$mounted" 2>/dev/null
	chmod -R u+w "$dir" 2>/dev/null
	rm -rf "$dir"
}
trap cleanup EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy ASAN_OPTIONS=detect_leaks=0
failed=0
passed=0

ok() {
	passed=$((passed + 1))
	echo "ok: $*"
}
bad() {
	failed=$((failed + 1))
	echo "FAILED: $*"
	[ -f "$dir/err.txt" ] && sed 's/^/    /' "$dir/err.txt" | grep -v "^    INFO: parity: sound" | head -8
}

# Plays d3 in a two-player Reversi game and dumps it: run PREFS [more options]. Sets $rc.
run() {
	prefs=$1
	shift
	printf '0 wait-scene play\n1 square d3\n0 wait\n1 dump %s/dump.txt\n1 quit\n' "$dir" >"$dir/move.script"
	rm -f "$dir/dump.txt"
	# Each case starts afresh: the last case's unfinished game (a regular file; the FIFO and
	# device cases keep theirs) would have the menu ask before --game replaces it.
	if [ -f "$prefs/autosave-reversi.ini" ]; then rm -f "$prefs/autosave-reversi.ini"; fi
	# A time limit, so that a hang (a FIFO waited on) fails the case instead of the run.
	"$timeout" 120 "$parity" --windowed --prefs "$prefs" --seed 1 --game reversi --mode two-players \
		--script "$dir/move.script" "$@" >"$dir/err.txt" 2>&1
	rc=$?
}

# Returns whether the last run played its move: the dump says one move, in play.
played() {
	grep -q "^moves 1$" "$dir/dump.txt" 2>/dev/null
}

# Returns whether the last run's output holds TEXT.
said() {
	grep -q -- "$1" "$dir/err.txt"
}

# --- preferences that cannot be written ---------------------------------------------------

# Not a directory: every write fails with ENOTDIR; the game goes on, and says so.
echo "not a directory" >"$dir/prefs-file"
run "$dir/prefs-file"
if [ $rc -eq 0 ] && played && said "Not a directory"; then ok "prefs path is a file"; else bad "prefs path is a file (status $rc)"; fi

# A directory that does not exist yet, two levels deep: it is made and the autosave goes there.
run "$dir/new/deeper"
if [ $rc -eq 0 ] && played && [ -f "$dir/new/deeper/autosave-reversi.ini" ]; then ok "a missing prefs directory is made"; else bad "a missing prefs directory is made (status $rc)"; fi

# Read-only (only meaningful when this user is refused writes there: not for root).
mkdir -p "$dir/ro"
chmod 555 "$dir/ro"
if touch "$dir/ro/probe" 2>/dev/null; then
	rm -f "$dir/ro/probe"
	echo "SKIP: read-only-dir a read-only directory (this user writes anyway)"
else
	run "$dir/ro"
	if [ $rc -eq 0 ] && played && said "Permission denied"; then ok "read-only prefs directory"; else bad "read-only prefs directory (status $rc)"; fi
fi
chmod 755 "$dir/ro"

# A full disk: the temporary files (NAME.tmp.PID, the writer's own) are links to /dev/full,
# so each write fails with ENOSPC. The shell that makes the links becomes the program (exec),
# so $$ is the program's process id.
mkdir -p "$dir/full"
printf '0 wait-scene play\n1 square d3\n0 wait\n1 dump %s/dump.txt\n1 quit\n' "$dir" >"$dir/move.script"
rm -f "$dir/dump.txt"
sh -c 'for f in autosave-reversi.ini settings.ini; do ln -s /dev/full "$0/$f.tmp.$$"; done
	exec "$@"' "$dir/full" "$parity" --windowed --prefs "$dir/full" --seed 1 --game reversi \
	--mode two-players --script "$dir/move.script" >"$dir/err.txt" 2>&1
rc=$?
if [ $rc -eq 0 ] && played && said "No space left on device" && ! ls "$dir/full" | grep -q tmp; then
	ok "writes to /dev/full (ENOSPC): reported, the game goes on, no temporary file left"
else
	bad "writes to /dev/full (status $rc)"
fi

# A real full file system: a 16 KiB tmpfs filled up, when this user may mount one.
mkdir -p "$dir/tiny"
if mount -t tmpfs -o size=16k tmpfs "$dir/tiny" 2>/dev/null; then
	mounted="$dir/tiny"
	dd if=/dev/zero of="$dir/tiny/filler" bs=1k count=64 2>/dev/null
	run "$dir/tiny"
	if [ $rc -eq 0 ] && played && said "No space left on device"; then ok "a full tmpfs"; else bad "a full tmpfs (status $rc)"; fi
	# Room again: the next autosave works, and the earlier failures left nothing behind.
	rm -f "$dir/tiny/filler"
	run "$dir/tiny"
	if [ $rc -eq 0 ] && played && [ -f "$dir/tiny/autosave-reversi.ini" ] && ! ls "$dir/tiny" | grep -q tmp; then
		ok "the same tmpfs with room again"
	else
		bad "the same tmpfs with room again (status $rc)"
	fi
	umount "$dir/tiny"
	mounted=""
	# A read-only file system refuses even root.
	if mount -t tmpfs -o ro,size=16k tmpfs "$dir/tiny" 2>/dev/null; then
		mounted="$dir/tiny"
		run "$dir/tiny"
		if [ $rc -eq 0 ] && played && said "Read-only file system"; then ok "a read-only file system"; else bad "a read-only file system (status $rc)"; fi
		umount "$dir/tiny"
		mounted=""
	else
		echo "SKIP: read-only-fs a read-only file system (this user may not mount one read-only)"
	fi
else
	echo "SKIP: full-tmpfs a full tmpfs (this user may not mount one)"
fi

# --- what stands where a file should be (issue 17) ------------------------------------------

# A FIFO in place of the settings and the autosave: refused at once with a message (it used to
# hang start-up in open(), no window, no message), and left a FIFO; the game goes on.
mkdir -p "$dir/fifo"
mkfifo "$dir/fifo/settings.ini" "$dir/fifo/autosave-reversi.ini"
run "$dir/fifo"
if [ $rc -eq 0 ] && said "settings.ini: it is a FIFO" && [ -p "$dir/fifo/settings.ini" ] && [ -p "$dir/fifo/autosave-reversi.ini" ]; then
	ok "FIFOs for the settings and the autosave: refused, not waited on, left alone"
else
	bad "FIFOs for the settings and the autosave (status $rc)"
fi

# A link to a device as the settings file: never replaced by a regular file (as root, a save
# to a device path used to replace the node).
mkdir -p "$dir/dev"
ln -s /dev/null "$dir/dev/settings.ini"
run "$dir/dev"
if [ $rc -eq 0 ] && played && said "it is a device" && [ -L "$dir/dev/settings.ini" ]; then
	ok "a device as the settings file: refused, left in place"
else
	bad "a device as the settings file (status $rc)"
fi

# An empty --prefs: refused (it wrote to the root of the file system).
"$parity" --prefs "" --frames 1 >"$dir/err.txt" 2>&1
rc=$?
if [ $rc -eq 2 ] && said 'prefs needs a directory name'; then ok "--prefs \"\": refused"; else bad "--prefs \"\" (status $rc)"; fi

# A preferences path of about 2 000 bytes: used whole (it used to be cut at about 1 000).
long="$dir/long"
while [ ${#long} -lt 2000 ]; do long="$long/abcdefghijklmnopqrstuvwxyz0123456789"; done
run "$long"
if [ $rc -eq 0 ] && played && [ -f "$long/autosave-reversi.ini" ] && [ -f "$long/settings.ini" ]; then
	ok "a 2 000-byte preferences path: used whole"
else
	bad "a 2 000-byte preferences path (status $rc)"
fi

# --- scripts the reader refuses whole, at load (issue 17) -------------------------------------

# Runs a script (printf FORMAT) and expects exit status 2 with MESSAGE: script_case NAME MESSAGE
# FORMAT.
script_case() {
	printf "$3" >"$dir/bad.script"
	"$timeout" 60 "$parity" --windowed --prefs "$dir/p" --script "$dir/bad.script" >"$dir/err.txt" 2>&1
	rc=$?
	if [ $rc -eq 2 ] && said "$2"; then ok "script: $1"; else bad "script: $1 (status $rc)"; fi
}
mkdir -p "$dir/p"
script_case "wait-scene of an unknown scene" 'line 2: unknown scene "plya"' '0 wait-scene menu\n0 wait-scene plya\n1 quit\n'
script_case "a line of 600 bytes is one refused line" 'line 1: longer than 511' "0 key Return #$(printf '%0600d' 0)\n1 quit\n"
script_case "a NUL byte in a line" 'line 1: a NUL byte' '0 key Return\0001 quit\n1 quit\n'
script_case "a delay that overflows" 'line 1: expected' '99999999999 quit\n'
script_case "a coordinate with junk" 'line 1: expected' '0 click 10x 20\n'
# Found by the script harness (tests/fuzz/fuzz_script.c): words were read into fixed fields,
# so a long one was cut and its rest read as the next word.
script_case "an argument too long for its field is refused, not cut in two" \
	'line 1: an argument longer than 255' "0 drag $(printf '%0260d' 0)\n1 quit\n"
script_case "a delay of 31 digits glued to its command" 'line 1: expected' "$(printf '%031d' 0)quit\n"
script_case "a delay with a plus sign" 'line 1: expected' '+1 quit\n'

# --- damaged assets -------------------------------------------------------------------------

# Makes a fresh copy of the assets in $dir/data.
fresh_assets() {
	rm -rf "$dir/data"
	cp -r "$assets" "$dir/data"
}
mkdir -p "$dir/p"

fresh_assets
rm "$dir/data/sprites/checkers_pieces.png"
run "$dir/p" --data "$dir/data"
if [ $rc -eq 1 ] && said "cannot load .*checkers_pieces.png"; then ok "a missing sprite: a clear error, exit 1"; else bad "a missing sprite (status $rc)"; fi

fresh_assets
head -c 300 /dev/urandom >"$dir/data/sprites/reversi_board.png"
run "$dir/p" --data "$dir/data"
if [ $rc -eq 1 ] && said "cannot load .*reversi_board.png"; then ok "a corrupt sprite: a clear error, exit 1"; else bad "a corrupt sprite (status $rc)"; fi

fresh_assets
: >"$dir/data/sprites/dots_paper.png"
run "$dir/p" --data "$dir/data"
if [ $rc -eq 1 ] && said "dots_paper.png"; then ok "an empty sprite: a clear error, exit 1"; else bad "an empty sprite (status $rc)"; fi

fresh_assets
rm "$dir/data/sprites/markers.png"
run "$dir/p" --data "$dir/data"
# --data names the one directory to use: never another copy of the assets in its place.
if [ $rc -eq 1 ] && said "cannot find the assets in $dir/data"; then ok "no markers sheet under --data: not found there, exit 1"; else bad "no markers sheet under --data (status $rc)"; fi

fresh_assets
rm "$dir/data/sprites/reversi_discs.png"
run "$dir/p" --data "$dir/data"
# A sheet a view lists is required too, and named.
if [ $rc -eq 1 ] && said "reversi_discs.png"; then ok "no disc sheet under --data: named, exit 1"; else bad "no disc sheet under --data (status $rc)"; fi

fresh_assets
rm "$dir/data/sounds/place.wav"
head -c 2000 /dev/urandom >"$dir/data/sounds/flip.wav"
run "$dir/p" --data "$dir/data"
if [ $rc -eq 0 ] && played && said "place.wav missing" && said "flip.wav missing"; then
	ok "a missing and a corrupt sound: said, then silent for those"
else
	bad "a missing and a corrupt sound (status $rc)"
fi

# A missing or corrupt font of ours: the system's DejaVu (found through fontconfig) stands in,
# the player is told, the game goes on; with no fontconfig either, a clear error.
fresh_assets
rm "$dir/data/fonts/DejaVuSans.ttf"
run "$dir/p" --data "$dir/data"
if [ $rc -eq 0 ] && played && said "cannot open the font .*DejaVuSans.ttf.*using the system font"; then
	ok "a missing font: said, a system font stands in, play goes on"
else
	bad "a missing font (status $rc)"
fi

fresh_assets
head -c 5000 /dev/urandom >"$dir/data/fonts/DejaVuSans-Bold.ttf"
run "$dir/p" --data "$dir/data"
if [ $rc -eq 0 ] && played && said "cannot open the font .*DejaVuSans-Bold.ttf.*using the system font"; then
	ok "a corrupt font: said, a system font stands in, play goes on"
else
	bad "a corrupt font (status $rc)"
fi

# No fc-match on the PATH: nothing can stand in.
mkdir -p "$dir/nofc"
ln -sf "$(command -v rm)" "$dir/nofc/rm" # run's own use
saved_path=$PATH
PATH="$dir/nofc"
run "$dir/p" --data "$dir/data"
PATH=$saved_path
if [ $rc -eq 1 ] && said "cannot open the font .*DejaVuSans-Bold.ttf.*no system font could stand in"; then
	ok "a corrupt font and no fontconfig: a clear error, exit 1"
else
	bad "a corrupt font and no fontconfig (status $rc)"
fi

fresh_assets
rm "$dir/data/reversi-eval.bin"
run "$dir/p" --data "$dir/data" --level expert
if [ $rc -eq 0 ] && played && said "simpler evaluation"; then ok "no evaluation weights: said, Expert plays on"; else bad "no evaluation weights (status $rc)"; fi

# --data names the one directory for the weights too: with them missing there, the computer's
# first searches (Hard, playing Black) use the simpler evaluation and never open another copy
# (the build tree's assets/ beside the program, $PARITY_DATA, the installed one). The weights
# used to be loaded again from inside the search, which found the build tree's copy.
if command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null; then
	printf '0 wait-scene play\n0 wait\n1 dump %s/dump.txt\n1 quit\n' "$dir" >"$dir/engine.script"
	rm -f "$dir/dump.txt" "$dir/p/autosave-reversi.ini" # a fresh game: nothing to ask about
	PARITY_DATA="$assets" strace -f -o "$dir/trace.txt" -e trace='?open,openat,?openat2' "$parity" \
		--windowed --prefs "$dir/p" --seed 1 --game reversi --mode vs-computer --color white \
		--level hard --data "$dir/data" --script "$dir/engine.script" >"$dir/err.txt" 2>&1
	rc=$?
	others=$(grep 'reversi-eval\.bin' "$dir/trace.txt" | grep -vc "\"$dir/data/reversi-eval\.bin\"")
	if [ $rc -eq 0 ] && played && said "simpler evaluation" && [ "$others" -eq 0 ] &&
		grep -q "\"$dir/data/reversi-eval\.bin\"" "$dir/trace.txt"; then
		ok "no weights under --data: the computer plays, no other copy opened"
	else
		bad "no weights under --data: status $rc, other copies opened: $others"
		grep 'reversi-eval' "$dir/trace.txt" | head -3
	fi
else
	echo "skip: which files --data opens (no strace, or it may not trace here)"
fi

# --- audio ----------------------------------------------------------------------------------

SDL_AUDIODRIVER=no-such-driver run "$dir/p"
if [ $rc -eq 0 ] && played && said "no audio device"; then ok "a bogus audio driver: silent play"; else bad "a bogus audio driver (status $rc)"; fi

SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=/dev/null run "$dir/p"
if [ $rc -eq 0 ] && played; then ok "the disk audio driver"; else bad "the disk audio driver (status $rc)"; fi

# No crash anywhere: a status above 128 is a signal, which the checks above would also catch.
echo "faults: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
