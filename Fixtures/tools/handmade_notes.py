"""Hand-made notes, procedures and immunizations (issue 32), applied by handmade_demo.py: what a
physician opens a chart for first, and what clinosim does not write.

1. Notes (DocumentReference, ids `doc-handmade-<hash>`, inline base64 `text/plain`): for every
   inpatient stay in progress, an admission note (LOINC 34117-2, History and physical note) by
   the stay's clinician 30 minutes after admission, a nursing note (34746-8, Nurse note) by
   `Practitioner/NS-CA-001` 90 minutes after, and, for stays begun a day or more before the newest time
   in the demo, a progress note (11506-3) by the clinician on the following morning at 09:00.
2. Procedures (ids `proc-handmade-<hash>`): a medication reconciliation in each of those stays,
   an hour after admission, and a plain chest X-ray for stays admitted for pneumonia or heart
   failure, two hours after.
3. Immunizations (ids `imm-handmade-<hash>`): a seasonal influenza vaccine for every patient
   with a stay in progress on 2024-10-15 and 2023-10-16 (so the Summary counts two), and a
   pneumococcal vaccine (PCV13) on 2022-03-01 for those born before 1960.
4. Care plans and goals (ids `cp-handmade-<hash>`, `goal-handmade-<hash>`): for stays admitted
   for heart failure, an active heart failure self management plan (SNOMED 735984001) with a
   daily weight and a fluid restriction, begun at admission, and the goal it serves.

No time written is later than the newest encounter start of the demo.
"""

from __future__ import annotations

import base64
import hashlib
from datetime import datetime, timedelta, timezone

LOINC = "http://loinc.org"
SNOMED = "http://snomed.info/sct"
CVX = "http://hl7.org/fhir/sid/cvx"
NURSE = {"display": "Morgan Reyes", "reference": "Practitioner/NS-CA-001"}
NOTE_KINDS = {
    "admission": ("34117-2", "History and physical note"),
    "progress": ("11506-3", "Progress note"),
    "nursing": ("34746-8", "Nurse note"),
}
INFLUENZA = ("140", "Influenza, seasonal, injectable, preservative free")
PCV13 = ("133", "Pneumococcal conjugate PCV 13")
CHEST_XRAY_REASONS = ("pneumonia", "heart failure")


def short_id(prefix: str, *parts: str) -> str:
    return prefix + hashlib.sha256("|".join(parts).encode()).hexdigest()[:12]


def parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def stamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def family(patient: dict) -> str:
    names = patient.get("name", [])
    official = next((n for n in names if n.get("use") == "official"), names[0] if names else {})
    return official.get("family", "the patient")


def note(kind: str, encounter: dict, author: dict, when: datetime, text: str) -> dict:
    code, display = NOTE_KINDS[kind]
    return {
        "author": [author],
        "content": [{"attachment": {"contentType": "text/plain; charset=utf-8",
                                    "data": base64.b64encode(text.encode()).decode(), "title": display}}],
        "context": {"encounter": [{"reference": f"Encounter/{encounter['id']}"}], "period": {"start": stamp(when)}},
        "date": stamp(when),
        "id": short_id("doc-handmade-", kind, encounter["id"]),
        "resourceType": "DocumentReference",
        "status": "current",
        "subject": encounter["subject"],
        "type": {"coding": [{"code": code, "display": display, "system": LOINC}], "text": display},
    }


def note_texts(kind: str, name: str, reason: str) -> str:
    if kind == "admission":
        return (f"History and physical\n\nPresenting complaint: {reason}.\n\n"
                f"{name} was admitted from the emergency department. Observations on arrival recorded on the chart. "
                "Allergies reviewed with the patient.\n\nPlan:\n- Admit to the ward\n- Bloods and chest X-ray\n"
                "- Medication reconciliation today\n- Review on the morning round\n")
    if kind == "progress":
        return (f"Ward round\n\n{name} slept well. Eating and drinking. Observations stable overnight.\n\n"
                "Plan: continue current treatment, repeat bloods tomorrow, physiotherapy review.\n")
    return (f"Nursing admission\n\n{name} settled on the ward, orientated, mobilising with one assist. "
            "Skin intact. Falls risk assessed. Family informed of the ward's visiting times.\n")


def procedure(encounter: dict, code: str, display: str, when: datetime) -> dict:
    return {
        "code": {"coding": [{"code": code, "display": display, "system": SNOMED}], "text": display},
        "encounter": {"reference": f"Encounter/{encounter['id']}"},
        "id": short_id("proc-handmade-", code, encounter["id"]),
        "performedPeriod": {"end": stamp(when + timedelta(minutes=20)), "start": stamp(when)},
        "resourceType": "Procedure",
        "status": "completed",
        "subject": encounter["subject"],
    }


def immunization(patient_id: str, vaccine: tuple[str, str], day: str) -> dict:
    return {
        "id": short_id("imm-handmade-", vaccine[0], patient_id, day),
        "occurrenceDateTime": f"{day}T10:00:00Z",
        "patient": {"reference": f"Patient/{patient_id}"},
        "primarySource": True,
        "resourceType": "Immunization",
        "status": "completed",
        "vaccineCode": {"coding": [{"code": vaccine[0], "display": vaccine[1], "system": CVX}], "text": vaccine[1]},
    }


def care_plan(encounter: dict, start: datetime) -> tuple[dict, dict]:
    goal = {
        "description": {"text": "Stable weight within 1 kg of the dry weight"},
        "id": short_id("goal-handmade-", encounter["id"]),
        "lifecycleStatus": "active",
        "resourceType": "Goal",
        "subject": encounter["subject"],
    }
    plan = {
        "activity": [{"detail": {"code": {"coding": [{"code": code, "display": display, "system": SNOMED}], "text": text},
                                 "status": "in-progress"}}
                     for code, display, text in (("27113001", "Body weight (observable entity)", "Daily weight"),
                                                 ("386619000", "Fluid restriction (regime/therapy)", "Fluid restriction 1.5 L a day"))],
        "category": [{"coding": [{"code": "assess-plan", "system": "http://hl7.org/fhir/us/core/CodeSystem/careplan-category"}]},
                     {"coding": [{"code": "735984001", "display": "Heart failure self management plan (record artifact)",
                                  "system": SNOMED}], "text": "Heart failure self management plan"}],
        "encounter": {"reference": f"Encounter/{encounter['id']}"},
        "goal": [{"reference": f"Goal/{goal['id']}"}],
        "id": short_id("cp-handmade-", encounter["id"]),
        "intent": "plan",
        "period": {"start": stamp(start)},
        "resourceType": "CarePlan",
        "status": "active",
        "subject": encounter["subject"],
    }
    return plan, goal


def add(patients: dict[str, dict], encounters: dict[str, dict]) -> tuple[dict[str, dict], ...]:
    """The notes, procedures, immunizations, care plans and goals, each by id."""
    newest = max(parse(e["period"]["start"]) for e in encounters.values() if e.get("period", {}).get("start"))
    notes: dict[str, dict] = {}
    procedures: dict[str, dict] = {}
    immunizations: dict[str, dict] = {}
    plans: dict[str, dict] = {}
    goals: dict[str, dict] = {}
    for encounter in sorted(encounters.values(), key=lambda e: e["id"]):
        if encounter.get("status") != "in-progress" or encounter.get("class", {}).get("code") != "IMP":
            continue
        patient_id = encounter["subject"]["reference"].split("/", 1)[1]
        patient = patients[patient_id]
        start = parse(encounter["period"]["start"])
        clinician = next((p["individual"] for p in encounter.get("participant", []) if "individual" in p), NURSE)
        reason = (encounter.get("reasonCode") or [{}])[0].get("text", "not recorded")
        name = family(patient)
        planned = [("admission", clinician, start + timedelta(minutes=30)), ("nursing", NURSE, start + timedelta(minutes=90))]
        morning = (start + timedelta(days=1)).replace(hour=9, minute=0, second=0)
        planned.append(("progress", clinician, morning))
        for kind, author, when in planned:
            if when <= newest:
                resource = note(kind, encounter, author, when, note_texts(kind, name, reason))
                notes[resource["id"]] = resource
        if start + timedelta(hours=1) <= newest:
            resource = procedure(encounter, "430193006", "Medication reconciliation (procedure)", start + timedelta(hours=1))
            procedures[resource["id"]] = resource
        if any(word in reason.lower() for word in CHEST_XRAY_REASONS) and start + timedelta(hours=2) <= newest:
            resource = procedure(encounter, "399208008", "Plain chest X-ray (procedure)", start + timedelta(hours=2))
            procedures[resource["id"]] = resource
        if "heart failure" in reason.lower():
            plan, goal = care_plan(encounter, start)
            plans[plan["id"]], goals[goal["id"]] = plan, goal
        for day in ("2023-10-16", "2024-10-15"):
            resource = immunization(patient_id, INFLUENZA, day)
            immunizations[resource["id"]] = resource
        if patient.get("birthDate", "9999") < "1960":
            resource = immunization(patient_id, PCV13, "2022-03-01")
            immunizations[resource["id"]] = resource
    return notes, procedures, immunizations, plans, goals
