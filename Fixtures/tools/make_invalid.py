#!/usr/bin/env python3
"""Write Fixtures/invalid: broken inputs for robustness tests, plus EXPECTED.md.

Usage:
    make_invalid.py --input RAW/fhir_r4 --demo Fixtures/demo --output Fixtures/invalid

Two files hold real invalid resources taken from the clinosim export; the
rest are hand-broken copies of demo resources. Valid companions get ids
starting with "ok-", broken resources ids starting with "bad-". Every
file is deterministic for a given input. The script checks itself: every
problem listed in EXPECTED.md must be found by fhirlint (or by JSON
parsing / reference resolution), and every "ok-" resource must be clean.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fhirlint  # noqa: E402
from select_demo import TYPES, dumps, refs_in  # noqa: E402

DEPTH = 10000


def read_ndjson(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(l) for l in fh if l.strip()]


def with_id(r: dict, new_id: str) -> dict:
    r = copy.deepcopy(r)
    r["id"] = new_id
    r.pop("identifier", None)  # keep business identifiers unique to the demo set
    return r


class Writer:
    def __init__(self, outdir: str):
        self.outdir = outdir
        self.entries: list[dict] = []

    def add(self, name: str, content: bytes, what: str, valid: list[str], expected: list[str],
            note: str = "") -> None:
        with open(os.path.join(self.outdir, name), "wb") as fh:
            fh.write(content)
        self.entries.append(dict(name=name, what=what, valid=valid, expected=expected, note=note,
                                 size=len(content)))


def ndjson(*rows: Any) -> bytes:
    return "".join((r if isinstance(r, str) else dumps(r)) + "\n" for r in rows).encode("utf-8")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--input", required=True)
    ap.add_argument("--demo", required=True)
    ap.add_argument("--output", required=True)
    args = ap.parse_args()
    os.makedirs(args.output, exist_ok=True)
    for f in os.listdir(args.output):  # the folder is fully generated
        os.remove(os.path.join(args.output, f))
    w = Writer(args.output)

    demo = {t: sorted(read_ndjson(os.path.join(args.demo, f"{t}.ndjson")), key=lambda r: r["id"]) for t in TYPES}
    demo_ids = {t: {r["id"] for r in demo[t]} for t in TYPES}
    patients = demo["Patient"]
    hr = next(o for o in demo["Observation"] if o["code"]["coding"][0]["code"] == "8867-4")
    pid = patients[0]["id"]

    # ---- 1/2: real invalid clinosim resources --------------------------------------------
    def first(path: str, pred) -> dict:
        best = None
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                r = json.loads(line)
                if pred(r) and (best is None or r["id"] < best["id"]):
                    best = r
        assert best is not None, path
        return best

    ma_path = os.path.join(args.input, "MedicationAdministration.ndjson")
    ma_bad = first(ma_path, lambda r: "timing" in r.get("dosage", {}))
    ma_ok = first(ma_path, lambda r: "timing" not in r.get("dosage", {}) and not fhirlint.problems(r))
    w.add("01-clinosim-MedicationAdministration-dosage-timing.ndjson", ndjson(ma_ok, ma_bad),
          "Real clinosim 0.6.5 output: MedicationAdministration.dosage has a `timing` element, "
          "which exists on Dosage but not on MedicationAdministration.dosage (R4).",
          [f"MedicationAdministration/{ma_ok['id']}"],
          [f"MedicationAdministration/{ma_bad['id']}.dosage.timing: unknown element"],
          "MedicationAdministration is not one of the eight demo types; a reader may instead skip "
          "the whole file as unsupported. References point into the raw clinosim export and do not "
          "resolve against Fixtures/demo.")

    dr_path = os.path.join(args.input, "DiagnosticReport.ndjson")
    dr_bad = first(dr_path, lambda r: r.get("code", {}).get("text") == "")
    dr_ok = first(dr_path, lambda r: not fhirlint.problems(r))
    w.add("02-clinosim-DiagnosticReport-empty-code.ndjson", ndjson(dr_ok, dr_bad),
          "Real clinosim 0.6.5 output: radiology DiagnosticReport with empty strings in code "
          "(FHIR forbids empty strings) and a media.link to an ImagingStudy (R4 allows only Media).",
          [f"DiagnosticReport/{dr_ok['id']}"],
          [f"DiagnosticReport/{dr_bad['id']}.code.coding[0].code: empty string",
           f"DiagnosticReport/{dr_bad['id']}.code.coding[0].display: empty string",
           f"DiagnosticReport/{dr_bad['id']}.code.text: empty string",
           f"DiagnosticReport/{dr_bad['id']}.media[0].link.reference: reference to ImagingStudy not allowed here "
           "(R4: Reference(Media))"],
          "DiagnosticReport is not one of the eight demo types (see file 01).")

    # ---- 3: truncated ------------------------------------------------------------------------
    p1, p2, p3 = (with_id(patients[i], f"ok-pat-trunc-{i + 1}") for i in range(3))
    p3["id"] = "bad-pat-truncated"
    cut = dumps(p3)
    cut = cut[: len(cut) // 2]
    w.add("03-truncated-Patient.ndjson", ndjson(p1, p2) + cut.encode("utf-8"),
          "Third line is cut in the middle of the object (no closing brace, no final newline).",
          ["Patient/ok-pat-trunc-1", "Patient/ok-pat-trunc-2"],
          ["line 3: invalid JSON (unexpected end of input)"])

    # ---- 4/5: wrong JSON types --------------------------------------------------------------
    ok = with_id(hr, "ok-obs-types")
    b1 = with_id(hr, "bad-obs-value-string")
    b1["valueQuantity"]["value"] = "abc"
    b2 = with_id(hr, "bad-obs-value-numeric-string")
    b2["valueQuantity"]["value"] = str(hr["valueQuantity"]["value"])
    b3 = with_id(hr, "bad-obs-category-object")
    b3["category"] = b3["category"][0]
    w.add("04-wrong-type-Observation.ndjson", ndjson(ok, b1, b2, b3),
          "JSON type errors: a string where a decimal is required (also a numeric string, which "
          "must not be coerced), and an object where an array is required.",
          ["Observation/ok-obs-types"],
          ["Observation/bad-obs-value-string.valueQuantity.value: expected number, found string",
           "Observation/bad-obs-value-numeric-string.valueQuantity.value: expected number, found string",
           "Observation/bad-obs-category-object.category: expected array, found object"],
          "Observation.subject/encounter/performer point at Fixtures/demo resources.")

    ok = with_id(patients[0], "ok-pat-types")
    b1 = with_id(patients[0], "bad-pat-birthdate-number")
    b1["birthDate"] = int(patients[0]["birthDate"].replace("-", ""))
    b2 = with_id(patients[0], "bad-pat-active-string")
    b2["active"] = "yes"
    w.add("05-wrong-type-Patient.ndjson", ndjson(ok, b1, b2),
          "JSON type errors: birthDate as a number, active as a string.",
          ["Patient/ok-pat-types"],
          ["Patient/bad-pat-birthdate-number.birthDate: expected date string, found number",
           "Patient/bad-pat-active-string.active: expected boolean, found string"])

    # ---- 6: missing mandatory ---------------------------------------------------------------
    ok = with_id(hr, "ok-obs-mandatory")
    b1 = with_id(hr, "bad-obs-no-status")
    del b1["status"]
    b2 = with_id(hr, "bad-obs-no-code")
    del b2["code"]
    w.add("06-missing-mandatory-Observation.ndjson", ndjson(ok, b1, b2),
          "Observation.status and Observation.code are 1..1.",
          ["Observation/ok-obs-mandatory"],
          ["Observation/bad-obs-no-status.status: missing required element",
           "Observation/bad-obs-no-code.code: missing required element"])

    # ---- 7/8: unknown codes -----------------------------------------------------------------
    ok = with_id(hr, "ok-obs-code")
    b1 = with_id(hr, "bad-obs-status-banana")
    b1["status"] = "banana"
    w.add("07-unknown-code-Observation.ndjson", ndjson(ok, b1),
          "Observation.status has a required binding (registered | preliminary | final | amended | "
          "corrected | cancelled | entered-in-error | unknown).",
          ["Observation/ok-obs-code"],
          ["Observation/bad-obs-status-banana.status: unknown code 'banana'"])

    ok = with_id(patients[1], "ok-pat-code")
    b1 = with_id(patients[1], "bad-pat-gender-x")
    b1["gender"] = "x"
    w.add("08-unknown-code-Patient.ndjson", ndjson(ok, b1),
          "Patient.gender has a required binding (male | female | other | unknown).",
          ["Patient/ok-pat-code"],
          ["Patient/bad-pat-gender-x.gender: unknown code 'x'"])

    # ---- 9: dangling reference --------------------------------------------------------------
    def mini_enc(eid: str, subject: str) -> dict:
        return {"resourceType": "Encounter", "id": eid, "status": "finished",
                "class": {"system": "http://terminology.hl7.org/CodeSystem/v3-ActCode", "code": "AMB",
                          "display": "ambulatory"},
                "subject": {"reference": subject},
                "period": {"start": "2025-01-30T09:00:00Z", "end": "2025-01-30T09:20:00Z"}}
    w.add("09-dangling-reference-Encounter.ndjson",
          ndjson(mini_enc("ok-enc-ref", f"Patient/{pid}"), mini_enc("bad-enc-dangling", "Patient/does-not-exist")),
          "Encounter.subject points to a Patient that exists nowhere. Structurally valid; only "
          "reference resolution (against Fixtures/demo + this file) finds it.",
          ["Encounter/ok-enc-ref", "Encounter/bad-enc-dangling (structurally valid; reader may keep it without subject or drop it)"],
          ["Encounter/bad-enc-dangling.subject: unresolved reference Patient/does-not-exist"],
          f"ok-enc-ref.subject is Patient/{pid} from Fixtures/demo.")

    # ---- 10: duplicate ids in a Bundle --------------------------------------------------------
    base = "https://example.org/fhir"
    d1 = with_id(patients[2], "dup-pat")
    d2 = with_id(patients[3], "dup-pat")
    o = with_id(hr, "ok-obs-dup")
    o["subject"] = {"reference": "Patient/dup-pat"}
    o.pop("encounter", None)
    bundle = {"resourceType": "Bundle", "id": "bad-bundle-duplicate-ids", "type": "collection",
              "entry": [{"fullUrl": f"{base}/Patient/dup-pat", "resource": d1},
                        {"fullUrl": f"{base}/Patient/dup-pat", "resource": d2},
                        {"fullUrl": f"{base}/Observation/ok-obs-dup", "resource": o}]}
    w.add("10-duplicate-ids.bundle.json", (json.dumps(bundle, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode(),
          "Collection Bundle with two different Patients sharing id dup-pat (and fullUrl).",
          ["Patient/dup-pat (entry[0]; whether the first or last wins is the reader's choice, but it must be reported)",
           "Observation/ok-obs-dup"],
          ["Bundle/bad-bundle-duplicate-ids.entry[1].fullUrl: duplicate fullUrl https://example.org/fhir/Patient/dup-pat (first at entry[0]) (bdl-7)",
           "Bundle/bad-bundle-duplicate-ids.entry[1].resource: duplicate id Patient/dup-pat (first at entry[0])"])

    # ---- 11: transaction with valid and invalid entries ------------------------------------------
    u = lambda n: f"urn:uuid:00000000-0000-4000-8000-{n:012d}"  # noqa: E731
    tp = with_id(patients[4], "ok-tx-pat")
    to = with_id(hr, "ok-tx-obs")
    to["subject"] = {"reference": u(1)}
    to.pop("encounter", None)
    tb1 = with_id(hr, "bad-tx-obs-status")
    tb1["subject"] = {"reference": u(1)}
    tb1.pop("encounter", None)
    tb1["status"] = "banana"
    tb2 = with_id(patients[5], "bad-tx-pat-gender")
    tb2["gender"] = 1
    tn = with_id(hr, "ok-tx-obs-norequest")
    tn["subject"] = {"reference": u(1)}
    tn.pop("encounter", None)
    tx = {"resourceType": "Bundle", "id": "bad-bundle-transaction-mixed", "type": "transaction",
          "entry": [
              {"fullUrl": u(1), "resource": tp, "request": {"method": "POST", "url": "Patient"}},
              {"fullUrl": u(2), "resource": to, "request": {"method": "POST", "url": "Observation"}},
              {"fullUrl": u(3), "resource": tb1, "request": {"method": "POST", "url": "Observation"}},
              {"fullUrl": u(4), "resource": tb2, "request": {"method": "PUT", "url": "Patient/bad-tx-pat-gender"}},
              {"fullUrl": u(5), "resource": tn},
              {"fullUrl": u(6), "request": {"method": "YANK", "url": "Patient/ok-tx-pat"}},
          ]}
    w.add("11-transaction-mixed.bundle.json", (json.dumps(tx, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode(),
          "Transaction Bundle mixing valid and invalid entries; references use urn:uuid fullUrls. "
          "Strict transaction semantics reject the whole Bundle; a lenient importer keeps the valid entries.",
          ["Patient/ok-tx-pat (entry[0])", "Observation/ok-tx-obs (entry[1], subject urn:uuid -> ok-tx-pat)",
           "Observation/ok-tx-obs-norequest (entry[4]; the resource is valid, the entry is not)"],
          ["Observation/bad-tx-obs-status.status: unknown code 'banana'",
           "Patient/bad-tx-pat-gender.gender: expected string, found number",
           "Bundle/bad-bundle-transaction-mixed.entry[4].request: missing required element (bdl-3)",
           "Bundle/bad-bundle-transaction-mixed.entry[5].request.method: unknown code 'YANK'"])

    # ---- 12: deep nesting -------------------------------------------------------------------
    deep = '{"resourceType":"Patient","id":"bad-pat-deep","name":' + "[" * DEPTH + "]" * DEPTH + "}"
    w.add("12-deep-nesting-Patient.ndjson", ndjson(with_id(patients[6], "ok-pat-deep"), deep),
          f"Line 2 nests {DEPTH} arrays inside Patient.name. Must be rejected without a stack overflow "
          "(a recursion/depth limit error is fine).",
          ["Patient/ok-pat-deep"],
          ["line 2: nesting too deep (or: Patient/bad-pat-deep.name: expected array of HumanName objects)"])

    # ---- 13: garbage line -------------------------------------------------------------------
    w.add("13-garbage-line-Observation.ndjson",
          ndjson(with_id(hr, "ok-obs-garbage-1"), "}{ this line is not JSON ,,,", with_id(hr, "ok-obs-garbage-2")),
          "A non-JSON line between two valid lines.",
          ["Observation/ok-obs-garbage-1", "Observation/ok-obs-garbage-2"],
          ["line 2: invalid JSON"])

    # ---- 14: not JSON at all ---------------------------------------------------------------
    text = ("MRN,Family,Given,Ward,Bed\n"
            "POP-000001,Doe,Jane,4W,4W-01\n"
            "This file is a CSV, not NDJSON.\n").encode("utf-8") + b"\xff\xfe invalid UTF-8 \xc3\x28\n"
    w.add("14-not-json.ndjson", text,
          "A CSV file with an .ndjson name; the last line is not valid UTF-8.",
          [],
          ["line 1: invalid JSON", "line 2: invalid JSON", "line 3: invalid JSON",
           "line 4: invalid UTF-8 (or invalid JSON)"],
          "A reader may stop at the first bad line and report the whole file as not NDJSON.")

    selfcheck(args.output, w.entries, demo_ids)
    write_expected(args.output, w.entries)
    return 0


def parse_lines(path: str) -> list[tuple[int, Any]]:
    """Parse an NDJSON or JSON file; return (line, object or error string)."""
    raw = open(path, "rb").read()
    if path.endswith(".json"):
        return [(1, json.loads(raw))]
    out = []
    for n, line in enumerate(raw.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            out.append((n, json.loads(line.decode("utf-8"))))
        except UnicodeDecodeError:
            out.append((n, "invalid UTF-8"))
        except RecursionError:
            out.append((n, "nesting too deep"))
        except json.JSONDecodeError as exc:
            out.append((n, f"invalid JSON ({exc.msg})"))
    return out


def selfcheck(outdir: str, entries: list[dict], demo_ids: dict[str, set[str]]) -> None:
    for e in entries:
        path = os.path.join(outdir, e["name"])
        found: list[str] = []
        local_ids: dict[str, set[str]] = {t: set(v) for t, v in demo_ids.items()}
        objs = []
        for n, obj in parse_lines(path):
            if isinstance(obj, str):
                found.append(f"line {n}: {obj}")
                continue
            objs.append(obj)
            rs = [x.get("resource") for x in obj.get("entry", [])] if obj.get("resourceType") == "Bundle" else [obj]
            for r in rs:
                if isinstance(r, dict):
                    local_ids.setdefault(str(r.get("resourceType")), set()).add(str(r.get("id")))
            found.extend(fhirlint.problems(obj))
        for obj in objs:
            if obj.get("resourceType") == "Encounter":
                refs: list = []
                refs_in(obj, "Encounter", refs)
                for p, ref in refs:
                    t, _, i = ref.partition("/")
                    if i not in local_ids.get(t, set()):
                        found.append(f"Encounter/{obj['id']}.{p.split('.', 1)[1]}: unresolved reference {ref}")
        for exp in e["expected"]:
            key = exp.split(": ", 1)[0]
            if not any(f.split(": ", 1)[0] == key or (key.startswith("line") and f.startswith(key)) for f in found):
                raise SystemExit(f"{e['name']}: expected problem not detected: {exp}\nfound: {found}")
        for f in found:
            if "/ok-" in f.split(":")[0].split(".")[0] and "bdl-3" not in f:
                raise SystemExit(f"{e['name']}: valid companion flagged: {f}")


def write_expected(outdir: str, entries: list[dict]) -> None:
    lines = [
        "# Fixtures/invalid — expected results",
        "",
        "Generated by `Fixtures/tools/make_invalid.py` (run by `Fixtures/tools/regenerate.sh`); do not edit by hand.",
        "",
        "Conventions:",
        "",
        "- Problems are written `<Type>/<id>.<path>: <message>`; array indices are `[n]`. Problems that",
        "  stop a line from being parsed at all are written `line <n>: <message>` (1-based).",
        "- Resources whose id starts with `ok-` are valid and should still be read; ids starting with",
        "  `bad-` are broken. Messages are a guide: tests should match the path, not the exact wording.",
        "- References in the `ok-` resources point at resources in `Fixtures/demo/` unless noted.",
        "- `make_invalid.py` checks itself: every listed problem is found by `fhirlint.py` (or by JSON",
        "  parsing / reference resolution) and no `ok-` resource is flagged.",
        "",
        "| file | bytes |",
        "| --- | ---: |",
    ]
    for e in entries:
        lines.append(f"| `{e['name']}` | {e['size']} |")
    for e in entries:
        lines += ["", f"## `{e['name']}`", "", e["what"], ""]
        if e["note"]:
            lines += [f"Note: {e['note']}", ""]
        lines.append("Valid, should be read: " + (", ".join(f"`{v}`" for v in e["valid"]) if e["valid"] else "none") + ".")
        lines += ["", "Expected problems:", ""]
        lines += [f"- `{x}`" for x in e["expected"]]
    with open(os.path.join(outdir, "EXPECTED.md"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
