#!/bin/sh
# benchmedian.sh: the median ns/op (and B/op, allocs/op) of each Go
# benchmark in `go test -bench -count N` output (stdin), one line each
# (and peak-MB where a benchmark reports it),
# so that a benchmark and its baseline of the same run read side by side.
awk '
/^Benchmark/ && $4 == "ns/op" {
	name = $1; sub(/-[0-9]+$/, "", name)
	if (!(name in n)) order[++names] = name
	i = ++n[name]; ns[name, i] = $3
	for (f = 5; f < NF; f += 2) { if ($(f+1) == "B/op") by[name, i] = $f; if ($(f+1) == "allocs/op") al[name, i] = $f; if ($(f+1) == "peak-MB") { pk[name, i] = $f; haspk[name] = 1 } }
}
function median(arr, name, count,    v, k, j, t) {
	for (k = 1; k <= count; k++) v[k] = arr[name, k] + 0
	for (k = 2; k <= count; k++) { t = v[k]; for (j = k - 1; j >= 1 && v[j] > t; j--) v[j+1] = v[j]; v[j+1] = t }
	return v[int((count + 1) / 2)]
}
END {
	for (k = 1; k <= names; k++) {
		name = order[k]
		printf "%-60s median of %d: %14.0f ns/op %12.0f B/op %10.0f allocs/op", name, n[name], median(ns, name, n[name]), median(by, name, n[name]), median(al, name, n[name])
		if (name in haspk) printf " %8.1f peak-MB", median(pk, name, n[name])
		printf "\n"
	}
}'
