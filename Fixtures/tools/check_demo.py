#!/usr/bin/env python3
"""Check Fixtures/demo: canonical serialisation, sort order, validity, references.

Usage: check_demo.py [DIR]   (default Fixtures/demo). Exit 0 when clean.
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fhirlint  # noqa: E402
from select_demo import TYPES, dumps, refs_in  # noqa: E402

HANDMADE_TYPES = ["DiagnosticReport", "MedicationAdministration", "DocumentReference", "Procedure", "Immunization", "CarePlan", "Goal"]


def main() -> int:
    d = sys.argv[1] if len(sys.argv) > 1 else "Fixtures/demo"
    errors: list[str] = []
    ids: dict[str, set[str]] = {}
    res: list[dict] = []
    # clinosim's types, then those only hand-made additions write (handmade_demo.py).
    for t in TYPES + [t for t in HANDMADE_TYPES if os.path.exists(os.path.join(d, f"{t}.ndjson"))]:
        path = os.path.join(d, f"{t}.ndjson")
        ids[t] = set()
        prev = None
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                r = json.loads(line)
                if dumps(r) + "\n" != line:
                    errors.append(f"{path}:{n}: not canonical JSON")
                if r.get("resourceType") != t:
                    errors.append(f"{path}:{n}: resourceType {r.get('resourceType')}")
                if prev is not None and r["id"] <= prev:
                    errors.append(f"{path}:{n}: not sorted by id / duplicate id")
                prev = r["id"]
                ids[t].add(r["id"])
                errors.extend(fhirlint.problems(r))
                res.append(r)
    for r in res:
        out: list = []
        refs_in(r, r["resourceType"], out)
        for p, ref in out:
            if ref.startswith("#"):  # a contained resource (a hand-made order's Medication)
                if ref[1:] not in {c.get("id") for c in r.get("contained", [])}:
                    errors.append(f"{r['resourceType']}/{r['id']}: unresolved contained reference {ref} at {p}")
                continue
            t, _, i = ref.partition("/")
            if i not in ids.get(t, set()):
                errors.append(f"{r['resourceType']}/{r['id']}: unresolved reference {ref} at {p}")
    for e in errors[:100]:
        print(e)
    print(f"{len(res)} resources checked, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
