#!/usr/bin/env bash
# Fetches the large, widely used benchmark graphs that are too big to keep in the repository:
# SNAP edge lists (web-Google, web-BerkStan, soc-LiveJournal1, com-Orkut) and SuiteSparse Matrix
# Collection archives (the five GAP benchmark graphs, wiki-Talk, indochina-2004).
#
# These are big. The SNAP files range from about 5 million edges (web-Google) to 117 million
# (com-Orkut). The GAP graphs hold 58 million (road) to 4.3 billion (kron, urand) stored entries;
# together their archives take tens of gigabytes, and several times that once unpacked. Check the
# free disk space before fetching everything. com-Friendster (1.8 billion edges) is left out.
#
# Usage:
#   download.sh [DIR] [NAME...]   download into DIR (default datasets/large); with NAMEs, only those
#   download.sh --list            print each name, its URL and its size in vertices and edges;
#                                 downloads nothing
#
# Files already present in DIR are skipped. Downloads go to NAME.part first, so an interrupted
# transfer is never mistaken for a finished one. Nothing is unpacked or checked after download.
set -euo pipefail

snap=https://snap.stanford.edu/data
suitesparse=https://suitesparse-collection-website.herokuapp.com/MM

# name | URL | what it is
graphs=(
  "web-Google|$snap/web-Google.txt.gz|SNAP web graph: 875,713 vertices, 5,105,039 directed edges"
  "web-BerkStan|$snap/web-BerkStan.txt.gz|SNAP web graph: 685,230 vertices, 7,600,595 directed edges"
  "soc-LiveJournal1|$snap/soc-LiveJournal1.txt.gz|SNAP social graph: 4,847,571 vertices, 68,993,773 directed edges"
  # SNAP keeps the community graphs under bigdata/communities/, not directly under data/.
  "com-Orkut|$snap/bigdata/communities/com-orkut.ungraph.txt.gz|SNAP social graph: 3,072,441 vertices, 117,185,083 undirected edges"
  "GAP-road|$suitesparse/GAP/GAP-road.tar.gz|GAP road (USA): 23,947,347 vertices, 57,708,624 stored entries, weighted"
  "GAP-web|$suitesparse/GAP/GAP-web.tar.gz|GAP web (sk-2005): 50,636,151 vertices, 1,930,292,948 entries"
  "GAP-kron|$suitesparse/GAP/GAP-kron.tar.gz|GAP kron (Graph500 Kronecker): 134,217,726 vertices, 4,223,264,644 entries"
  "GAP-urand|$suitesparse/GAP/GAP-urand.tar.gz|GAP urand (uniform random): 134,217,728 vertices, 4,294,966,740 entries"
  "GAP-twitter|$suitesparse/GAP/GAP-twitter.tar.gz|GAP twitter: 61,578,415 vertices, 1,468,364,884 entries"
  "wiki-Talk|$suitesparse/SNAP/wiki-Talk.tar.gz|SuiteSparse SNAP/wiki-Talk: 2,394,385 vertices, 5,021,410 entries"
  "indochina-2004|$suitesparse/LAW/indochina-2004.tar.gz|SuiteSparse LAW/indochina-2004: 7,414,866 vertices, 194,109,311 entries"
)

usage() {
  sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
}

list() {
  local entry name url about
  for entry in "${graphs[@]}"; do
    IFS='|' read -r name url about <<<"$entry"
    printf '%-17s %s\n%-17s   %s\n' "$name" "$url" "" "$about"
  done
}

human_size() {
  local bytes
  bytes=$(wc -c <"$1" | tr -d ' ')
  awk -v b="$bytes" 'BEGIN {
    split("B KiB MiB GiB TiB", unit, " ")
    i = 1
    while (b >= 1024 && i < 5) { b /= 1024; i++ }
    printf (i == 1 ? "%d %s" : "%.1f %s"), b, unit[i]
  }'
}

case "${1:-}" in
  --list) list; exit 0 ;;
  -h | --help) usage; exit 0 ;;
  -*) echo "download.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
esac

dest=${1:-datasets/large}
if [[ $# -gt 0 ]]; then shift; fi
if [[ $dest != / ]]; then dest=${dest%/}; fi
wanted=("$@")

# ${wanted[@]+...} keeps an empty list from tripping `set -u` on older bash (macOS has 3.2).
for name in ${wanted[@]+"${wanted[@]}"}; do
  known=no
  for entry in "${graphs[@]}"; do
    if [[ ${entry%%|*} == "$name" ]]; then known=yes; fi
  done
  if [[ $known == no ]]; then
    echo "download.sh: no graph named '$name' (see --list)" >&2
    exit 2
  fi
done

command -v curl >/dev/null || { echo "download.sh: curl is required" >&2; exit 1; }
mkdir -p "$dest"

failed=()
for entry in "${graphs[@]}"; do
  IFS='|' read -r name url about <<<"$entry"
  if [[ ${#wanted[@]} -gt 0 && " ${wanted[*]} " != *" $name "* ]]; then
    continue
  fi
  file=$dest/${url##*/}
  if [[ -e $file ]]; then
    echo "skip   $name: $file is already there ($(human_size "$file"))"
    continue
  fi
  echo "fetch  $name: $url"
  if curl -fL --retry 5 --retry-delay 10 --connect-timeout 30 -o "$file.part" "$url"; then
    mv -f "$file.part" "$file"
    echo "done   $name: $file ($(human_size "$file"))"
  else
    rm -f "$file.part"
    echo "FAILED $name: $url" >&2
    failed+=("$name")
  fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "download.sh: could not fetch: ${failed[*]}" >&2
  exit 1
fi
