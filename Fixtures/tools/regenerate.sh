#!/usr/bin/env bash
# Regenerate Fixtures/demo and Fixtures/invalid from clinosim.
# Run from the repository root:  Fixtures/tools/regenerate.sh   (or: make fixtures)
# Uses python/clinosim from ${VENV:-.venv}; create it with
#   python3 -m venv .venv && .venv/bin/pip install -r Fixtures/tools/requirements.txt
# Takes about 5-6 minutes on 2 cores (clinosim: ~5 min, selection: ~30 s).
set -euo pipefail

VENV="${VENV:-.venv}"
PY="$VENV/bin/python"
CLINOSIM="$VENV/bin/clinosim"

# Pinned generation parameters. Changing any of them changes every fixture.
CLINOSIM_VERSION="0.6.5"
COUNTRY="US"
SEED="42"
POPULATION="40000"      # clinosim's recommended catchment for its 50-bed US hospital
START="2025-01-18"
END="2025-02-01"        # snapshot date: inpatients still admitted at its end are in-progress

if [[ ! -f Fixtures/tools/select_demo.py ]]; then
  echo "regenerate.sh: run from the repository root" >&2
  exit 2
fi
if [[ ! -x "$CLINOSIM" || ! -x "$PY" ]]; then
  echo "regenerate.sh: $VENV has no clinosim; run: python3 -m venv $VENV && $VENV/bin/pip install -r Fixtures/tools/requirements.txt" >&2
  exit 2
fi
have="$("$PY" -c 'import importlib.metadata as m; print(m.version("clinosim"))')"
if [[ "$have" != "$CLINOSIM_VERSION" ]]; then
  echo "regenerate.sh: clinosim $have installed, $CLINOSIM_VERSION required" >&2
  exit 2
fi

export PYTHONHASHSEED=0 TZ=UTC LC_ALL=C.UTF-8
TMP="$(mktemp -d "${TMPDIR:-/tmp}/clinosim-fixtures.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

echo "regenerate.sh: clinosim simulate (seed=$SEED population=$POPULATION $START..$END)" >&2
if ! "$CLINOSIM" simulate --country "$COUNTRY" --population "$POPULATION" --seed "$SEED" \
      --start "$START" --end "$END" --output "$TMP/out" --format fhir-r4 >"$TMP/clinosim.log" 2>&1; then
  tail -n 40 "$TMP/clinosim.log" >&2
  exit 1
fi

mkdir -p Fixtures/demo Fixtures/invalid
"$PY" Fixtures/tools/select_demo.py --input "$TMP/out/fhir_r4" --output Fixtures/demo
"$PY" Fixtures/tools/make_invalid.py --input "$TMP/out/fhir_r4" --demo Fixtures/demo --output Fixtures/invalid
# After make_invalid, so invalid/ is cut from clinosim's own resources: look-alike names and
# hand-made medication orders (see Fixtures/README.md, "Hand-made additions").
"$PY" Fixtures/tools/handmade_demo.py --demo Fixtures/demo
"$PY" Fixtures/tools/check_demo.py Fixtures/demo >&2

( cd Fixtures && LC_ALL=C sha256sum demo/*.ndjson invalid/* ) > Fixtures/SHA256SUMS
echo "regenerate.sh: wrote Fixtures/demo, Fixtures/invalid, Fixtures/SHA256SUMS" >&2
