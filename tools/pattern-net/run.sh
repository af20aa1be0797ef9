#!/bin/sh
# The pattern networks' training script in an environment of its own (target/pattern-net-venv,
# made once, pinned versions, CPU only): tools/pattern-net/run.sh POSITIONS.bin OUT.f32 [options].
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/target/pattern-net-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import jax, optax" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "jax[cpu]==0.4.35" "optax==0.2.4" "numpy==2.4.6"
fi
exec "$venv/bin/python" "$root/tools/pattern-net/train.py" "$@"
