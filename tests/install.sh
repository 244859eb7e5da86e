#!/bin/sh
# tests/install.sh — `make install` and `make uninstall` as a packager meets them, and the
# freedesktop files they install.
#
# The build is copied to a scratch BUILD and installed with PREFIX inside the scratch
# directory, so the data directory compiled into the program is that prefix's share/parity.
# The installed program then runs from outside the source tree with no PARITY_DATA: nothing
# but the compiled-in directory can give it its data. It must find the evaluation weights
# (headless: `analyse --level hard`) and the sprites and fonts (the window under xvfb-run:
# the title menu in a screenshot); with its data directory moved away it must fail cleanly.
# Then `make uninstall` must remove every file `make install` wrote. Last, the tree staged
# with DESTDIR and PREFIX=/usr, as for a package, runs from the stage.
set -u
build=${BUILD:-build}
root=$(pwd)
fails=0
checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

# The desktop entry and the AppStream metadata pass their validators (`make validate`).
for tool in desktop-file-validate appstreamcli; do
	command -v $tool >/dev/null 2>&1 || echo "SKIP: $tool install: $tool missing (sh tools/install-deps --with-tests)"
done
if command -v desktop-file-validate >/dev/null 2>&1; then
	checks=$((checks + 1))
	desktop-file-validate packaging/*.desktop || fail "desktop-file-validate"
fi
if command -v appstreamcli >/dev/null 2>&1; then
	checks=$((checks + 1))
	appstreamcli validate --no-net packaging/*.metainfo.xml >"$tmp/appstream.log" 2>&1 ||
		{ cat "$tmp/appstream.log"; fail "appstreamcli validate"; }
fi

# Install into a prefix of our own, from a copy of the build (only the objects that compile
# the data directory in are rebuilt).
prefix="$tmp/prefix"
mkdir -p "$tmp/build"
cp -pR "$build/obj" "$build/libparity.a" "$build/libparity-app.a" "$build/parity" "$tmp/build/"
sanitize=""
[ "$build" = build-sanitize ] && sanitize="SANITIZE=1"
checks=$((checks + 1))
# shellcheck disable=SC2086
if ! make --no-print-directory -s $sanitize BUILD="$tmp/build" PREFIX="$prefix" install \
	>"$tmp/install.log" 2>&1; then
	cat "$tmp/install.log"
	fail "make install PREFIX=$prefix"
	echo "install: $checks checks, $fails failed"
	exit 1
fi
installed=$(cd "$prefix" && find . -type f | sort)
for f in bin/parity share/parity/sprites/reversi_discs.png share/parity/fonts/DejaVuSans.ttf \
	share/parity/sounds/flip.wav share/parity/reversi-eval.bin share/man/man6/parity.6 \
	share/applications/io.github.parity_arcade.Parity.desktop \
	share/metainfo/io.github.parity_arcade.Parity.metainfo.xml \
	share/icons/hicolor/scalable/apps/io.github.parity_arcade.Parity.svg \
	share/icons/hicolor/16x16/apps/io.github.parity_arcade.Parity.png \
	share/icons/hicolor/256x256/apps/io.github.parity_arcade.Parity.png; do
	checks=$((checks + 1))
	[ -f "$prefix/$f" ] || fail "make install did not install $f"
done
checks=$((checks + 1))
grep -q "$prefix/share/parity" "$prefix/share/man/man6/parity.6" ||
	fail "the manual page does not name the data directory"

# Runs PROGRAM analyse with the Hard level, which needs the evaluation weights, with no
# PARITY_DATA; its messages go to $tmp/err. Succeeds when it ran and said nothing.
start="---------------------------OX------XO--------------------------- X"
analyse_hard() {
	env -u PARITY_DATA "$1" analyse reversi "$start" --level hard --depth 4 \
		>"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/err" ]
}

# The window, under xvfb-run when there is no display.
has_display=""
if command -v xvfb-run >/dev/null 2>&1 || [ -n "${DISPLAY:-}" ]; then
	has_display=yes
	display=""
	[ -n "${DISPLAY:-}" ] || display="xvfb-run -a -s '-screen 0 1600x1000x24'"
	printf '0 wait-scene menu\n0 screenshot %s\n1 quit\n' "$tmp/menu.png" >"$tmp/menu.script"
	mkdir -p "$tmp/prefs"
fi

# Runs PROGRAM's menu with no PARITY_DATA and the environment words ENV (e.g. LANGUAGE=ru),
# screenshot in $tmp/menu.png. Succeeds when the screenshot shows something and the program
# said nothing of its own: xvfb-run's exit status also reports trouble cleaning up its own
# temporary files, so it is not what judges.
show_menu() {
	rm -f "$tmp/menu.png"
	eval "env -u PARITY_DATA $2 $display \"$1\" --windowed --prefs \"$tmp/prefs\" \
		--script \"$tmp/menu.script\"" >"$tmp/out" 2>"$tmp/err"
	! grep -q '^parity:' "$tmp/err" && [ "$(wc -c <"$tmp/menu.png" 2>/dev/null || echo 0)" -ge 20000 ]
}

# The installed program, run from elsewhere with nothing but its compiled-in data directory.
cd "$tmp"
parity="$prefix/bin/parity"
checks=$((checks + 1))
analyse_hard "$parity" || fail "installed analyse --level hard: $(cat "$tmp/err")"
if [ -n "$has_display" ]; then
	checks=$((checks + 1))
	show_menu "$parity" "" ||
		fail "installed window: no screenshot of the menu, or an empty one: $(cat "$tmp/err")"
	# With its data moved away, it says where it looked and stops (no crash, no window).
	mv "$prefix/share/parity" "$prefix/share/parity.away"
	checks=$((checks + 1))
	eval "env -u PARITY_DATA $display \"$parity\" --windowed --prefs \"$tmp/prefs\" --frames 2" \
		>"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ "$status" -eq 0 ] || ! grep -q "cannot find the assets" "$tmp/err"; then
		fail "installed window without data: exit $status, $(cat "$tmp/err")"
	fi
	mv "$prefix/share/parity.away" "$prefix/share/parity"
else
	echo "SKIP: installed-window install: no xvfb-run and no display; the installed window was not started"
fi
cd "$root"

# Staged as a package is (DESTDIR, PREFIX=/usr), the program runs from the stage with its own
# build tree out of reach: the data it finds is the stage's, through the directory compiled in
# relative to the program (../share/parity), since /usr/share/parity is not there.
if [ ! -e /usr/share/parity ]; then
	stage="$tmp/stage"
	mkdir -p "$tmp/build-usr"
	cp -pR "$build/obj" "$build/libparity.a" "$build/libparity-app.a" "$build/parity" "$tmp/build-usr/"
	checks=$((checks + 1))
	# shellcheck disable=SC2086
	if ! make --no-print-directory -s $sanitize BUILD="$tmp/build-usr" PREFIX=/usr \
		DESTDIR="$stage" install >"$tmp/stage.log" 2>&1; then
		cat "$tmp/stage.log"
		fail "make install DESTDIR=$stage PREFIX=/usr"
	else
		cp -p "$stage/usr/bin/parity" "$tmp/copy-of-parity" # not beside any assets
		cd "$tmp"
		checks=$((checks + 1))
		analyse_hard "$stage/usr/bin/parity" || fail "staged analyse --level hard: $(cat "$tmp/err")"
		checks=$((checks + 1))
		analyse_hard "$tmp/copy-of-parity"
		grep -q "simpler evaluation" "$tmp/err" ||
			fail "a copy of the staged program away from its data still found the weights"
		if [ -n "$has_display" ]; then
			checks=$((checks + 1))
			show_menu "$stage/usr/bin/parity" LANGUAGE=ru ||
				fail "staged window: no screenshot of the menu: $(cat "$tmp/err")"
			# The Russian catalogue came from the stage: the English menu looks different.
			mv "$tmp/menu.png" "$tmp/menu-ru.png"
			show_menu "$stage/usr/bin/parity" LANGUAGE=en
			checks=$((checks + 1))
			if [ ! -s "$tmp/menu.png" ] || cmp -s "$tmp/menu.png" "$tmp/menu-ru.png"; then
				fail "staged window: the Russian menu is the English one (no catalogue found)"
			fi
		else
			echo "SKIP: staged-window install: no xvfb-run and no display; the staged window was not started"
		fi
		cd "$root"
	fi
else
	echo "SKIP: staged install: /usr/share/parity exists (an installed Parity): the staged check is skipped"
fi

# Uninstall removes every file install wrote, and Parity's own data directory.
checks=$((checks + 1))
# shellcheck disable=SC2086
if ! make --no-print-directory -s $sanitize BUILD="$tmp/build" PREFIX="$prefix" uninstall \
	>"$tmp/uninstall.log" 2>&1; then
	cat "$tmp/uninstall.log"
	fail "make uninstall"
fi
left=$(cd "$prefix" && find . -type f | sort)
checks=$((checks + 1))
[ -z "$left" ] || fail "make uninstall left: $left"
checks=$((checks + 1))
[ ! -e "$prefix/share/parity" ] || fail "make uninstall left share/parity"
echo "install: $(echo "$installed" | wc -l) files installed and removed"

echo "install: $((checks - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
