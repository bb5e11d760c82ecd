#!/usr/bin/env bash
# Print the path of a Python >= 3.12 (Django 6.1 needs it), or explain and fail.
set -u
candidates=("${PYTHON:-}" python3.13 python3.12 python3.14 python3)
if command -v pyenv >/dev/null 2>&1; then
  for v in $(pyenv versions --bare 2>/dev/null | grep -E '^3\.(1[2-9])' | sort -rV); do
    candidates+=("$(pyenv prefix "$v" 2>/dev/null)/bin/python3")
  done
fi
for c in "${candidates[@]}"; do
  [ -n "$c" ] || continue
  path=$(command -v "$c" 2>/dev/null) || continue
  if "$path" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
    echo "$path"
    exit 0
  fi
done
echo "Verbatim needs Python >= 3.12 (Django 6.1). Install it (e.g. 'pyenv install 3.13') or set PYTHON=/path/to/python3.12+." >&2
exit 1
