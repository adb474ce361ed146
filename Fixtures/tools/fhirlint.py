"""Small FHIR R4 checker used to keep invalid resources out of Fixtures/demo.

Two layers:
  1. fhir.resources (R4B models, pydantic v2): element names, datatypes,
     primitive regexes (e.g. empty strings), cardinality of required
     elements. fhir.resources 8.x ships no R4 package; R4B is identical to R4
     for the eight resource types kept in the demo set.
  2. Hand-written R4 rules the models do not enforce: required-binding
     codes, a few invariants (obs-6, obs-7, ait-1, ait-2, con-4, con-5,
     qty-3, per-1), reference syntax, and a generic walk for empty / null
     values.

Every problem is reported as "<Type>/<id>.<path>: <message>" with array
indices written as [n].
"""

from __future__ import annotations

import math
import re
from typing import Any, Iterable

try:  # layer 1 is optional for callers that only need the hand rules
    from fhir.resources.R4B import get_fhir_model_class  # type: ignore
except Exception:  # pragma: no cover
    get_fhir_model_class = None

REQUIRED_CODES: dict[str, set[str]] = {
    "Patient.gender": {"male", "female", "other", "unknown"},
    "Practitioner.gender": {"male", "female", "other", "unknown"},
    "Encounter.status": {"planned", "arrived", "triaged", "in-progress", "onleave",
                         "finished", "cancelled", "entered-in-error", "unknown"},
    "Encounter.statusHistory.status": {"planned", "arrived", "triaged", "in-progress",
                                       "onleave", "finished", "cancelled",
                                       "entered-in-error", "unknown"},
    "Encounter.location.status": {"planned", "active", "reserved", "completed"},
    "Observation.status": {"registered", "preliminary", "final", "amended", "corrected",
                           "cancelled", "entered-in-error", "unknown"},
    "MedicationRequest.status": {"active", "on-hold", "cancelled", "completed",
                                 "entered-in-error", "stopped", "draft", "unknown"},
    "MedicationRequest.intent": {"proposal", "plan", "order", "original-order",
                                 "reflex-order", "filler-order", "instance-order",
                                 "option"},
    "MedicationRequest.priority": {"routine", "urgent", "asap", "stat"},
    "AllergyIntolerance.type": {"allergy", "intolerance"},
    "AllergyIntolerance.category": {"food", "medication", "environment", "biologic"},
    "AllergyIntolerance.criticality": {"low", "high", "unable-to-assess"},
    "AllergyIntolerance.reaction.severity": {"mild", "moderate", "severe"},
    "Location.status": {"active", "suspended", "inactive"},
    "Location.mode": {"instance", "kind"},
}

REQUIRED_CODINGS: dict[str, tuple[str, set[str]]] = {
    "AllergyIntolerance.clinicalStatus": (
        "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical",
        {"active", "inactive", "resolved"}),
    "AllergyIntolerance.verificationStatus": (
        "http://terminology.hl7.org/CodeSystem/allergyintolerance-verification",
        {"unconfirmed", "confirmed", "refuted", "entered-in-error"}),
    "Condition.clinicalStatus": (
        "http://terminology.hl7.org/CodeSystem/condition-clinical",
        {"active", "recurrence", "relapse", "inactive", "remission", "resolved"}),
    "Condition.verificationStatus": (
        "http://terminology.hl7.org/CodeSystem/condition-ver-status",
        {"unconfirmed", "provisional", "differential", "confirmed", "refuted",
         "entered-in-error"}),
}

COMMON_CODES: dict[str, set[str]] = {
    # datatype-level required bindings, matched on the last two path segments
    "identifier.use": {"usual", "official", "temp", "secondary", "old"},
    "name.use": {"usual", "official", "temp", "nickname", "anonymous", "old", "maiden"},
    "telecom.system": {"phone", "fax", "email", "pager", "url", "sms", "other"},
    "telecom.use": {"home", "work", "temp", "old", "mobile"},
    "address.use": {"home", "work", "temp", "old", "billing"},
    "address.type": {"postal", "physical", "both"},
}

REF_RE = re.compile(r"^(urn:uuid:[0-9a-fA-F-]{36}|urn:oid:[0-2](\.\d+)+|"
                    r"([A-Za-z][A-Za-z0-9]*)/[A-Za-z0-9\-.]{1,64}(/_history/[A-Za-z0-9\-.]{1,64})?|"
                    r"https?://\S+|#\S*)$")
ID_RE = re.compile(r"^[A-Za-z0-9\-.]{1,64}$")


def _fmt(rtype: str, rid: Any, path: str) -> str:
    head = f"{rtype}/{rid}" if isinstance(rid, str) and rid else f"{rtype}/<no id>"
    return head + (("." + path) if path else "")


def _walk(obj: Any, path: str) -> Iterable[tuple[str, Any]]:
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _walk(v, f"{path}.{k}" if path else k)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _walk(v, f"{path}[{i}]")


def _strip_idx(path: str) -> str:
    return re.sub(r"\[\d+\]", "", path)


def _pydantic_type(err_type: str, inp: Any) -> str:
    found = {dict: "object", list: "array", str: "string", bool: "boolean",
             int: "number", float: "number", type(None): "null"}.get(type(inp), type(inp).__name__)
    if err_type == "extra_forbidden":
        return "unknown element"
    if err_type == "missing":
        return "missing required element"
    if err_type in ("string_pattern_mismatch",) and inp == "":
        return "empty string"
    if err_type.startswith("string_pattern"):
        return f"value {inp!r} does not match the FHIR primitive pattern"
    for t, name in (("float", "number"), ("int", "integer"), ("decimal", "number"),
                    ("bool", "boolean"), ("string", "string"), ("date", "date"),
                    ("datetime", "dateTime"), ("list", "array"), ("dict", "object"),
                    ("model", "object")):
        if err_type.startswith(t):
            return f"expected {name}, found {found}"
    return f"{err_type} (found {found})"


def model_problems(res: dict) -> list[str]:
    """Layer 1: validate against the fhir.resources R4B model."""
    if get_fhir_model_class is None:
        raise RuntimeError("fhir.resources is not installed; pip install -r Fixtures/tools/requirements.txt")
    rtype = res.get("resourceType")
    try:
        model = get_fhir_model_class(rtype)
    except Exception:
        return [_fmt(str(rtype), res.get("id"), "resourceType") + ": unknown resource type"]
    try:
        model.model_validate(res)
    except Exception as exc:  # pydantic.ValidationError
        out = []
        errors = getattr(exc, "errors", None)
        if errors is None:
            return [_fmt(rtype, res.get("id"), "") + f": {exc}"]
        for e in errors():
            path = ""
            for part in e.get("loc", ()):
                if isinstance(part, int):
                    path += f"[{part}]"
                elif part == "__root__":
                    continue
                else:
                    path += ("." if path else "") + str(part)
            out.append(_fmt(rtype, res.get("id"), path) + ": " + _pydantic_type(e.get("type", ""), e.get("input")))
        return out
    return []


def rule_problems(res: dict) -> list[str]:
    """Layer 2: hand-written R4 rules."""
    rtype = str(res.get("resourceType"))
    rid = res.get("id")
    out: list[str] = []

    def add(path: str, msg: str) -> None:
        out.append(_fmt(rtype, rid, path) + ": " + msg)

    if not isinstance(rid, str) or not ID_RE.match(rid):
        add("id", "missing or malformed id")

    for path, v in _walk(res, ""):
        if v is None:
            add(path, "null value")
        elif isinstance(v, str):
            if v == "":
                add(path, "empty string")
            elif v.strip() == "":
                add(path, "whitespace-only string")
        elif isinstance(v, list) and not v:
            add(path, "empty array")
        elif isinstance(v, dict) and not v:
            add(path, "empty object")
        elif isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
            add(path, "non-finite number")
        if isinstance(v, dict):
            if "reference" in v and isinstance(v["reference"], str) and not REF_RE.match(v["reference"]):
                add(path + ".reference", f"malformed reference {v['reference']!r}")
            # qty-3: if a code for the unit is present, the system SHALL also be present
            if isinstance(v.get("value"), (int, float)) and not isinstance(v.get("value"), bool) \
                    and "code" in v and "system" not in v:
                add(path, "qty-3: Quantity.code without Quantity.system")
            # per-1: start <= end
            if set(v) >= {"start", "end"} and isinstance(v["start"], str) and isinstance(v["end"], str):
                if v["end"][:len(v["start"])] < v["start"][:len(v["end"])]:
                    add(path, "per-1: period end before start")
        bare = rtype + "." + _strip_idx(path) if path else rtype
        if bare in REQUIRED_CODES:
            vals = v if isinstance(v, list) else [v]
            for x in vals:
                if isinstance(x, str) and x and x not in REQUIRED_CODES[bare]:
                    add(path, f"unknown code {x!r}")
                elif not isinstance(x, str) and x is not None:
                    add(path, f"expected code string, found {type(x).__name__}")
        if bare in REQUIRED_CODINGS and isinstance(v, dict):
            system, codes = REQUIRED_CODINGS[bare]
            codings = [c for c in v.get("coding", []) if isinstance(c, dict) and c.get("system") == system]
            if not codings:
                add(path, f"no coding from {system}")
            for c in codings:
                if c.get("code") not in codes:
                    add(path, f"unknown code {c.get('code')!r}")
        tail = ".".join(_strip_idx(path).split(".")[-2:])
        if tail in COMMON_CODES and isinstance(v, str) and v not in COMMON_CODES[tail]:
            add(path, f"unknown code {v!r}")

    def code_of(cc: Any) -> str | None:
        if isinstance(cc, dict):
            for c in cc.get("coding", []) or []:
                if isinstance(c, dict):
                    return c.get("code")
        return None

    if rtype == "Observation":
        has_value = any(k.startswith("value") for k in res)
        if "dataAbsentReason" in res and has_value:
            add("dataAbsentReason", "obs-6: dataAbsentReason with value[x]")
        own = code_of(res.get("code"))
        for i, comp in enumerate(res.get("component", []) or []):
            if isinstance(comp, dict) and has_value and code_of(comp.get("code")) == own:
                add(f"component[{i}]", "obs-7: component repeats Observation.code while value[x] present")
        for i, rr in enumerate(res.get("referenceRange", []) or []):
            if isinstance(rr, dict) and not ({"low", "high", "text"} & set(rr)):
                add(f"referenceRange[{i}]", "obs-3: referenceRange needs low, high or text")
        if "subject" not in res:
            add("subject", "missing subject (required for the demo set)")
    if rtype in ("AllergyIntolerance", "Condition"):
        ver = code_of(res.get("verificationStatus"))
        if ver == "entered-in-error" and "clinicalStatus" in res:
            add("clinicalStatus", "ait-2/con-5: clinicalStatus with entered-in-error")
        if rtype == "AllergyIntolerance" and ver != "entered-in-error" and "clinicalStatus" not in res:
            add("clinicalStatus", "ait-1: clinicalStatus required")
        if rtype == "Condition" and any(k.startswith("abatement") for k in res):
            if code_of(res.get("clinicalStatus")) not in ("inactive", "resolved", "remission"):
                add("clinicalStatus", "con-4: abated condition must be inactive/resolved/remission")
    if rtype == "Patient" and "deceasedBoolean" in res and "deceasedDateTime" in res:
        add("deceased[x]", "two values for a choice element")
    return out


def problems(res: Any) -> list[str]:
    if not isinstance(res, dict):
        return [f"<line>: expected object, found {type(res).__name__}"]
    if "resourceType" not in res:
        return [_fmt("<unknown>", res.get("id"), "resourceType") + ": missing resourceType"]
    seen: list[str] = []
    for p in rule_problems(res) + model_problems(res):
        if p not in seen:
            seen.append(p)
    return seen
