# bench/edax-total.awk — Edax's nodes and CPU seconds, "NODES SECONDS", from its total line
# ("N nodes in 0:02.806 (cpu =  0:02.790) (...)"); the last such line of the input. Used by
# bench/midgame and bench/midgame-side: awk -f bench/edax-total.awk EDAX-OUTPUT
/ nodes in / {
	for (i = 1; i <= NF; i++) if ($i == "nodes") n = $(i - 1)
	for (i = 1; i <= NF; i++) if ($i == "=") t = $(i + 1)
	sub(/\).*/, "", t)
	split(t, a, ":")
	last = n " " a[1] * 60 + a[2]
}
END { if (last != "") print last }
