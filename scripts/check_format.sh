#!/usr/bin/env bash
# Checks that every C++ and CUDA source of the repository is formatted as .clang-format says
# (clang-format 14, Debian 12's). With --fix, formats them in place instead.
# Exit status: 0 when every file is formatted, 1 naming the files that are not.
set -euo pipefail
cd "$(dirname "$0")/.."
tool=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$tool" ]; then
  echo "check_format: clang-format is not installed (Debian: apt-get install clang-format)" >&2
  exit 2
fi
# Tracked files and new ones git does not ignore: a file about to be added is checked too.
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.hpp' '*.cpp' '*.cu' \
  '*.cuh' '*.h')
if [ "${1:-}" = "--fix" ]; then
  "$tool" -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  "$tool" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  printf 'not formatted: %s\n' "${bad[@]}"
  echo "check_format: ${#bad[@]} of ${#files[@]} files differ from .clang-format; fix with" \
       "bash scripts/check_format.sh --fix"
  exit 1
fi
echo "check_format: ${#files[@]} files formatted as .clang-format says ($($tool --version))"
