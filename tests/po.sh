#!/bin/sh
# tests/po.sh — the translations are complete: each po/LANG.po compiles with msgfmt --check,
# with every message translated and none fuzzy, and holds every string that the sources
# (src/app/*.c and the games' own text in src/games/*/*.c, as `make pot` extracts them) hand to gettext today.
set -u
command -v msgfmt >/dev/null 2>&1 && command -v xgettext >/dev/null 2>&1 || {
	echo "SKIP: gettext po: no gettext tools (tools/install-deps installs them)"
	exit 0
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
xgettext --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=ngettext:1,2 --keyword=NP_:1,2 \
	-o "$tmp/now.pot" src/app/*.c src/games/*/*.c || exit 1
status=0
for po in po/*.po; do
	stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1) || { echo "$stats"; status=1; continue; }
	case "$stats" in
	*fuzzy* | *untranslated*) echo "$po: $stats"; status=1 ;;
	*) echo "$po: $stats" ;;
	esac
	# Every string of the sources has its entry (a new one means: make po, then translate).
	msgcmp "$po" "$tmp/now.pot" || { echo "$po lacks strings of src/app (run make po)"; status=1; }
done
exit $status
