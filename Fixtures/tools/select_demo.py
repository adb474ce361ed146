#!/usr/bin/env python3
"""Select the demo ward census from a clinosim FHIR R4 bulk export.

Usage:
    select_demo.py --input RAW/fhir_r4 --output Fixtures/demo [--snapshot-end ISO]

Reads the eight resource types below from the clinosim NDJSON export, picks
a believable ward census (see Fixtures/README.md, "Selection rules"),
drops resources that fail Fixtures/tools/fhirlint.py, removes references
that would dangle, and writes one NDJSON file per type, sorted by id,
serialised with json.dumps(separators=(",", ":"), sort_keys=True,
ensure_ascii=False). Output is byte-for-byte deterministic for a given input.
"""

from __future__ import annotations

import argparse
import collections
import copy
import json
import os
import re
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fhirlint  # noqa: E402

TYPES = ["Patient", "Encounter", "Observation", "MedicationRequest", "Condition",
         "AllergyIntolerance", "Location", "Practitioner"]
PATIENT_LINKED = ["Encounter", "Observation", "MedicationRequest", "Condition", "AllergyIntolerance"]

# Selection parameters (changing any of these changes the fixtures).
MAX_TOTAL_BYTES = 6_000_000      # budget for the eight files together
# (count, max bytes per patient record) for the non-inpatient groups
N_DISCHARGED, MAX_DISCHARGED = 2, 300_000   # latest inpatient discharges (home)
N_ED, MAX_ED = 2, 60_000                    # latest ED visits, never admitted
N_OUTPATIENT, MAX_OUTPATIENT = 2, 60_000    # latest ambulatory-only patients
LOC_PRAC_RESERVE = 150_000       # Location + Practitioner files and a possible extra allergy pick
NKA_CODE = "716186003"
SNOMED = "http://snomed.info/sct"

# What to do when a reference points outside the kept set:
#   field    -> delete the element holding the reference
#   item     -> delete the enclosing backbone-element list item
#   resource -> drop the whole resource
DANGLING_ACTION = {
    "Patient.identifier.assigner": "field",
    "Patient.generalPractitioner": "field",
    "Patient.managingOrganization": "field",
    "Encounter.subject": "resource",
    "Encounter.diagnosis.condition": "item:diagnosis",
    "Encounter.location.location": "item:location",
    "Encounter.participant.individual": "item:participant",
    "Encounter.reasonReference": "field",
    "Encounter.partOf": "field",
    "Encounter.serviceProvider": "field",
    "Encounter.hospitalization.origin": "field",
    "Encounter.hospitalization.destination": "field",
    "Observation.subject": "resource",
    "Observation.encounter": "field",
    "Observation.performer": "field",
    "Observation.basedOn": "field",
    "Observation.partOf": "field",
    "Observation.specimen": "field",
    "Observation.device": "field",
    "Observation.hasMember": "field",
    "Observation.derivedFrom": "field",
    "Observation.focus": "field",
    "MedicationRequest.subject": "resource",
    "MedicationRequest.encounter": "field",
    "MedicationRequest.requester": "field",
    "MedicationRequest.recorder": "field",
    "MedicationRequest.performer": "field",
    "MedicationRequest.reasonReference": "field",
    "MedicationRequest.basedOn": "field",
    "MedicationRequest.insurance": "field",
    "MedicationRequest.priorPrescription": "field",
    "MedicationRequest.supportingInformation": "field",
    "Condition.subject": "resource",
    "Condition.encounter": "field",
    "Condition.recorder": "field",
    "Condition.asserter": "field",
    "Condition.evidence.detail": "field",
    "Condition.stage.assessment": "field",
    "AllergyIntolerance.patient": "resource",
    "AllergyIntolerance.encounter": "field",
    "AllergyIntolerance.recorder": "field",
    "AllergyIntolerance.asserter": "field",
    "Location.partOf": "field",
    "Location.managingOrganization": "field",
    "Location.endpoint": "field",
    "Practitioner.qualification.issuer": "field",
}


def dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def log(msg: str) -> None:
    print(msg, file=sys.stderr)


def load(indir: str) -> dict[str, dict[str, dict]]:
    data: dict[str, dict[str, dict]] = {}
    for t in TYPES:
        path = os.path.join(indir, f"{t}.ndjson")
        rows: dict[str, dict] = {}
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line:
                    continue
                r = json.loads(line)
                if r.get("resourceType") != t:
                    raise SystemExit(f"{path}: unexpected resourceType {r.get('resourceType')}")
                if r["id"] in rows:
                    raise SystemExit(f"{path}: duplicate id {r['id']}")
                rows[r["id"]] = r
        data[t] = rows
    return data


def patient_of(r: dict) -> str | None:
    ref = (r.get("patient") or r.get("subject") or {}).get("reference", "")
    return ref[len("Patient/"):] if ref.startswith("Patient/") else None


def date_strings(obj: Any):
    if isinstance(obj, dict):
        for v in obj.values():
            yield from date_strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from date_strings(v)
    elif isinstance(obj, str) and re.match(r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}.*)?$", obj):
        yield obj


def size_of(resources: list[dict]) -> int:
    return sum(len(dumps(r).encode("utf-8")) + 1 for r in resources)


def bed_of(enc: dict) -> str | None:
    for loc in enc.get("location", []):
        ref = loc.get("location", {}).get("reference", "")
        if ref.startswith("Location/loc-bed-"):
            return ref.split("/", 1)[1]
    return None


def refs_in(obj: Any, path: str, out: list) -> None:
    if isinstance(obj, dict):
        if isinstance(obj.get("reference"), str):
            out.append((path, obj["reference"]))
        for k, v in obj.items():
            if k != "reference":
                refs_in(v, f"{path}.{k}", out)
    elif isinstance(obj, list):
        for v in obj:
            refs_in(v, path, out)


def strip_dangling(res: dict, keep: dict[str, set[str]], notes: collections.Counter) -> dict | None:
    """Return a copy of res without references to resources outside `keep`,
    or None if a required reference dangles."""
    rtype = res["resourceType"]
    res = copy.deepcopy(res)

    def resolves(ref: str) -> bool:
        if "/" not in ref:
            return False
        t, i = ref.split("/", 1)
        return i in keep.get(t, set())

    def visit(obj: Any, path: str, parent_items: dict) -> Any:
        """Returns obj, or a sentinel to delete it."""
        if isinstance(obj, dict):
            ref = obj.get("reference")
            if isinstance(ref, str) and not resolves(ref):
                action = DANGLING_ACTION.get(path, "resource")
                notes[f"{path} -> {ref.split('/')[0]} ({action})"] += 1
                if action == "resource":
                    raise _DropResource(path)
                if action.startswith("item:"):
                    raise _DropItem(action.split(":", 1)[1])
                return _DELETE
            for k in list(obj.keys()):
                sub = f"{path}.{k}"
                if isinstance(obj[k], list):
                    new = []
                    for item in obj[k]:
                        try:
                            v = visit(item, sub, parent_items)
                        except _DropItem as di:
                            if di.element == k:
                                continue
                            raise
                        if v is not _DELETE:
                            new.append(v)
                    if new:
                        obj[k] = new
                    else:
                        del obj[k]
                else:
                    try:
                        v = visit(obj[k], sub, parent_items)
                    except _DropItem:
                        raise
                    if v is _DELETE:
                        del obj[k]
            if not obj:
                return _DELETE
        return obj

    try:
        visit(res, rtype, {})
    except _DropResource as dr:
        notes[f"dropped {rtype}: dangling required reference {dr.path}"] += 1
        return None
    return res


class _DropResource(Exception):
    def __init__(self, path: str):
        self.path = path


class _DropItem(Exception):
    def __init__(self, element: str):
        self.element = element


_DELETE = object()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--input", required=True, help="clinosim fhir_r4 output directory")
    ap.add_argument("--output", required=True, help="directory for the demo NDJSON files")
    ap.add_argument("--snapshot-end", default=None,
                    help="latest allowed timestamp (default: <snapshot_date>T23:59:59Z from _generator_metadata.json)")
    args = ap.parse_args()

    snapshot_end = args.snapshot_end
    if snapshot_end is None:
        with open(os.path.join(args.input, "_generator_metadata.json"), encoding="utf-8") as fh:
            meta = json.load(fh)
        snapshot_end = meta["cif_metadata"]["snapshot_date"] + "T23:59:59Z"

    data = load(args.input)
    by_patient: dict[str, dict[str, list[dict]]] = collections.defaultdict(lambda: collections.defaultdict(list))
    for t in PATIENT_LINKED:
        for r in data[t].values():
            p = patient_of(r)
            if p is not None:
                by_patient[p][t].append(r)

    def patient_bundle(pid: str) -> list[dict]:
        out = [data["Patient"][pid]]
        for t in PATIENT_LINKED:
            out.extend(by_patient[pid][t])
        return out

    def in_future(pid: str) -> bool:
        return any(s > snapshot_end[:len(s)] if len(s) > 10 else s > snapshot_end[:10]
                   for r in patient_bundle(pid) for s in date_strings(r))

    def allergy_codes(pid: str) -> set[str]:
        return {c.get("code") for a in by_patient[pid]["AllergyIntolerance"]
                for c in a.get("code", {}).get("coding", [])}

    def has_high_criticality(pid: str) -> bool:
        return any(a.get("criticality") == "high" for a in by_patient[pid]["AllergyIntolerance"])

    encs = sorted(data["Encounter"].values(), key=lambda e: e["id"])
    notes: collections.Counter = collections.Counter()

    # ---- 1. current inpatients: one occupant per bed ---------------------------------
    occupants: dict[str, dict] = {}
    for e in encs:
        if e["class"]["code"] != "IMP" or e["status"] != "in-progress":
            continue
        pid = patient_of(e)
        bed = bed_of(e)
        if pid not in data["Patient"] or bed is None:
            notes["skip in-progress: no patient or no bed"] += 1
            continue
        if any(l.get("status") != "active" for l in e.get("location", [])) \
                or "dischargeDisposition" in e.get("hospitalization", {}):
            notes["skip in-progress: location not active / has dischargeDisposition"] += 1
            continue
        p = data["Patient"][pid]
        if p.get("deceasedBoolean") or "deceasedDateTime" in p:
            notes["skip in-progress: patient deceased"] += 1
            continue
        if in_future(pid):
            notes["skip in-progress: timestamps after snapshot end"] += 1
            continue
        cur = occupants.get(bed)
        key = (e["period"]["start"], e["id"])
        if cur is None or key > (cur["period"]["start"], cur["id"]):
            if cur is not None:
                notes["skip in-progress: bed double-booked, kept latest admission"] += 1
            occupants[bed] = e
        else:
            notes["skip in-progress: bed double-booked, kept latest admission"] += 1
    # a patient should occupy one bed only
    seen_p: dict[str, str] = {}
    for bed in sorted(occupants):
        pid = patient_of(occupants[bed])
        if pid in seen_p:
            del occupants[bed]
            notes["skip in-progress: patient already in another bed"] += 1
        else:
            seen_p[pid] = bed

    inpatients = {patient_of(e): e for e in occupants.values()}

    # ---- 2. a few others (picked first; the census fills the remaining budget) --------
    def latest_end(e: dict) -> str:
        return e.get("period", {}).get("end", "")

    taken: set[str] = set()
    others: dict[str, str] = {}

    def pick(pool: list[dict], n: int, label: str, max_bytes: int) -> None:
        got = 0
        for e in sorted(pool, key=lambda e: (latest_end(e), e["id"]), reverse=True):
            pid = patient_of(e)
            if got >= n:
                break
            if pid in taken or pid in inpatients or pid not in data["Patient"] or in_future(pid):
                continue
            if size_of(patient_bundle(pid)) > max_bytes:
                continue
            taken.add(pid)
            others[pid] = label
            got += 1

    imp_pids = {patient_of(e) for e in encs if e["class"]["code"] == "IMP"}
    emer_pids = {patient_of(e) for e in encs if e["class"]["code"] == "EMER"}
    pick([e for e in encs if e["class"]["code"] == "IMP" and e["status"] == "finished"
          and e.get("hospitalization", {}).get("dischargeDisposition", {}).get("coding", [{}])[0].get("code") == "home"
          and not data["Patient"].get(patient_of(e), {}).get("deceasedBoolean")],
         N_DISCHARGED, "discharged", MAX_DISCHARGED)
    pick([e for e in encs if e["class"]["code"] == "EMER" and e["status"] == "finished"
          and patient_of(e) not in imp_pids], N_ED, "ed", MAX_ED)
    pick([e for e in encs if e["class"]["code"] == "AMB" and e["status"] == "finished"
          and patient_of(e) not in imp_pids and patient_of(e) not in emer_pids], N_OUTPATIENT, "outpatient", MAX_OUTPATIENT)

    # ---- 3. the census: drop the largest records until everything fits the budget --------
    budget = MAX_TOTAL_BYTES - LOC_PRAC_RESERVE - sum(size_of(patient_bundle(p)) for p in taken)
    sizes = {pid: size_of(patient_bundle(pid)) for pid in inpatients}
    chosen_inp = sorted(inpatients)
    while sum(sizes[p] for p in chosen_inp) > budget:
        victim = max(chosen_inp, key=lambda p: (sizes[p], p))
        chosen_inp.remove(victim)
        notes["skip in-progress: size budget"] += 1
    taken |= set(chosen_inp)

    # guarantee at least one high-criticality allergy
    if not any(has_high_criticality(p) for p in taken):
        pool = [e for e in encs if e["class"]["code"] in ("AMB", "EMER") and has_high_criticality(patient_of(e) or "")]
        pick(pool, 1, "allergy-high", MAX_OUTPATIENT)

    selected = sorted(taken)

    # ---- 4. gather, validate, resolve ------------------------------------------------
    kept: dict[str, dict[str, dict]] = {t: {} for t in TYPES}
    invalid_msgs: list[str] = []
    for pid in selected:
        for r in patient_bundle(pid):
            probs = fhirlint.problems(r)
            if probs:
                invalid_msgs.extend(probs)
                notes[f"dropped invalid {r['resourceType']}"] += 1
                continue
            kept[r["resourceType"]][r["id"]] = r

    # Locations: every ward that has beds, all of its beds, plus any referenced Location
    locs = data["Location"]
    wards_with_beds = {l["partOf"]["reference"].split("/", 1)[1] for l in locs.values()
                       if l["id"].startswith("loc-bed-") and "partOf" in l}
    wanted_locs = set(wards_with_beds) | {l["id"] for l in locs.values()
                                          if l.get("partOf", {}).get("reference", "").split("/")[-1] in wards_with_beds}
    for r in list(kept["Encounter"].values()):
        for l in r.get("location", []):
            ref = l.get("location", {}).get("reference", "")
            if ref.startswith("Location/"):
                wanted_locs.add(ref.split("/", 1)[1])
    for lid in sorted(wanted_locs):
        if lid in locs:
            if fhirlint.problems(locs[lid]):
                invalid_msgs.extend(fhirlint.problems(locs[lid]))
                continue
            kept["Location"][lid] = locs[lid]

    # Practitioners: the ones referenced by kept resources
    wanted_prac: set[str] = set()
    for t in PATIENT_LINKED:
        for r in kept[t].values():
            out: list = []
            refs_in(r, t, out)
            wanted_prac |= {ref.split("/", 1)[1] for _, ref in out if ref.startswith("Practitioner/")}
    for pr in sorted(wanted_prac):
        if pr in data["Practitioner"] and not fhirlint.problems(data["Practitioner"][pr]):
            kept["Practitioner"][pr] = data["Practitioner"][pr]

    # NKA: add one if no kept patient has an explicit "no known allergy" record
    if not any(a.get("code", {}).get("coding", [{}])[0].get("code") == NKA_CODE
               for a in kept["AllergyIntolerance"].values()):
        with_allergy = {patient_of(a) for a in kept["AllergyIntolerance"].values()}
        cand = [p for p in sorted(kept["Patient"]) if p not in with_allergy]
        if cand:
            pid = cand[0]
            nka = {
                "resourceType": "AllergyIntolerance",
                "id": f"allergy-nka-{pid}",
                "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical",
                                               "code": "active", "display": "Active"}]},
                "verificationStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/allergyintolerance-verification",
                                                   "code": "confirmed", "display": "Confirmed"}]},
                "code": {"coding": [{"system": SNOMED, "code": NKA_CODE, "display": "No known allergy"}],
                         "text": "No known allergies"},
                "patient": {"reference": f"Patient/{pid}"},
                "recordedDate": snapshot_end[:10],
            }
            kept["AllergyIntolerance"][nka["id"]] = nka
            notes["added NKA AllergyIntolerance"] += 1

    # Resolve references; repeat until stable because dropping can cascade.
    while True:
        ids = {t: set(kept[t]) for t in TYPES}
        changed = False
        for t in TYPES:
            for rid in sorted(kept[t]):
                new = strip_dangling(kept[t][rid], ids, collections.Counter())
                if new is None:
                    del kept[t][rid]
                    changed = True
                elif new != kept[t][rid]:
                    kept[t][rid] = new
                    changed = True
        if not changed:
            break
    # count what was stripped (against the original resources, for the report)
    ids = {t: set(kept[t]) for t in TYPES}
    for t in TYPES:
        for rid in sorted(kept[t]):
            orig = data[t].get(rid)
            if orig is not None:
                strip_dangling(orig, ids, notes)

    # Re-validate the final resources (stripping must not create invalid ones)
    for t in TYPES:
        for rid in sorted(kept[t]):
            probs = fhirlint.problems(kept[t][rid])
            if probs:
                raise SystemExit("post-strip validation failed: " + "; ".join(probs))

    # ---- 5. sanity checks --------------------------------------------------------------
    census = [e for e in kept["Encounter"].values() if e["class"]["code"] == "IMP" and e["status"] == "in-progress"]
    wards = {l["location"]["reference"] for e in census for l in e["location"]
             if l["location"]["reference"].startswith("Location/loc-ward-")}
    assert len(kept["Patient"]) >= 24, len(kept["Patient"])
    assert len(wards) >= 2, wards
    assert any(a.get("criticality") == "high" for a in kept["AllergyIntolerance"].values())
    assert any(a["code"]["coding"][0]["code"] == NKA_CODE for a in kept["AllergyIntolerance"].values())

    # ---- 6. write -----------------------------------------------------------------------
    os.makedirs(args.output, exist_ok=True)
    total = 0
    for t in TYPES:
        path = os.path.join(args.output, f"{t}.ndjson")
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            for rid in sorted(kept[t]):
                fh.write(dumps(kept[t][rid]) + "\n")
        os.replace(tmp, path)
        total += os.path.getsize(path)

    # ---- 7. report (stderr; informational) ------------------------------------------------
    log(f"snapshot end: {snapshot_end}")
    log(f"patients: {len(kept['Patient'])} ({len(census)} current inpatients, others: "
        + ", ".join(f"{v}={sum(1 for x in others.values() if x == v)}" for v in sorted(set(others.values()))) + ")")
    log("census per ward: " + ", ".join(f"{w.split('/')[-1]}={sum(1 for e in census if any(l['location']['reference'] == w for l in e['location']))}"
                                         for w in sorted(wards)))
    for t in TYPES:
        log(f"  {t:20s} {len(kept[t]):6d}")
    log(f"total bytes: {total}")
    for k, v in sorted(notes.items()):
        log(f"  note: {k}: {v}")
    if invalid_msgs:
        log(f"invalid resources dropped ({len(invalid_msgs)} problems):")
        for m in invalid_msgs[:50]:
            log("  " + m)
    all_dates = sorted(s for t in TYPES for r in kept[t].values() for s in date_strings(r)
                       if t not in ("Patient", "Practitioner"))
    log(f"date range (non-Patient/Practitioner): {all_dates[0]} .. {all_dates[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
