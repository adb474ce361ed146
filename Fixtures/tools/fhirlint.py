"""Small FHIR R4 checker used to keep invalid resources out of Fixtures/demo.

Three layers:
  1. fhir.resources (R4B models, pydantic v2): element names, datatypes,
     primitive regexes (e.g. empty strings), cardinality of required
     elements. fhir.resources 8.x ships no R4 package; R4B is identical to R4
     for the eight resource types kept in the demo set.
  2. A strict walk over the same model metadata: JSON types (no coercion of
     "yes" to true or "12" to 12), required elements, reference target types.
  3. Hand-written R4 rules the models do not enforce: required-binding
     codes, a few invariants (obs-6, obs-7, ait-1, ait-2, con-4, con-5,
     qty-3, per-1), reference syntax, and a generic walk for empty / null
     values.

Every problem is reported as "<Type>/<id>.<path>: <message>" with array
indices written as [n].
"""

from __future__ import annotations

import datetime
import decimal
import math
import re
import types
import typing
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
    if err_type == "value_error":
        return f"invalid value (found {found})"
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


def _json_type(v: Any) -> str:
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, float)):
        return "number"
    return {dict: "object", list: "array", str: "string", type(None): "null"}.get(type(v), type(v).__name__)


def _unwrap(ann: Any) -> tuple[bool, Any]:
    """-> (is_list, base annotation) with Optional/Annotated removed."""
    is_list = False
    while True:
        origin = typing.get_origin(ann)
        args = typing.get_args(ann)
        if origin is typing.Union or origin is types.UnionType:
            ann = [a for a in args if a is not type(None)][0]
        elif origin is typing.Annotated:
            ann = args[0]
        elif origin in (list, typing.List):
            is_list = True
            ann = args[0]
        else:
            return is_list, ann


def _model_for(name: str) -> Any:
    try:
        return get_fhir_model_class(name)
    except Exception:
        return None


def schema_problems(res: dict) -> list[str]:
    """Strict JSON-type, cardinality and reference-target check driven by the
    fhir.resources model metadata (pydantic itself coerces "yes" -> true,
    "12" -> 12, and skips required primitives when other errors exist)."""
    rtype = str(res.get("resourceType"))
    rid = res.get("id")
    out: list[str] = []
    model = _model_for(rtype)
    if model is None:
        return [_fmt(rtype, rid, "resourceType") + ": unknown resource type"]

    def add(path: str, msg: str) -> None:
        out.append(_fmt(rtype, rid, path) + ": " + msg)

    def check_value(v: Any, base: Any, path: str) -> None:
        if base is bool:
            if not isinstance(v, bool):
                add(path, f"expected boolean, found {_json_type(v)}")
        elif base is int:
            if isinstance(v, bool) or not isinstance(v, int):
                if isinstance(v, float) and v.is_integer():
                    return
                add(path, f"expected integer, found {_json_type(v)}")
        elif base is decimal.Decimal:
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                add(path, f"expected number, found {_json_type(v)}")
        elif base in (str, datetime.date, datetime.datetime, datetime.time, bytes):
            if not isinstance(v, str):
                kind = {datetime.date: "date string", datetime.datetime: "dateTime string",
                        datetime.time: "time string"}.get(base, "string")
                add(path, f"expected {kind}, found {_json_type(v)}")
        else:
            name = getattr(base, "__name__", "")
            if name.endswith("Type"):
                name = name[:-4]
            if not isinstance(v, dict):
                add(path, f"expected object, found {_json_type(v)}")
                return
            if name in ("Resource", "DomainResource"):
                name = str(v.get("resourceType"))
                sub = _model_for(name)
                if sub is None:
                    add(path + ".resourceType", f"unknown resource type {name!r}")
                    return
                walk(v, sub, path, resource=True)
                return
            sub = _model_for(name)
            if sub is not None:
                walk(v, sub, path)

    def walk(obj: dict, m: Any, path: str, resource: bool = False) -> None:
        fields = {f.alias or n: f for n, f in m.model_fields.items()}
        for fname, f in fields.items():
            extra = f.json_schema_extra if isinstance(f.json_schema_extra, dict) else {}
            if extra.get("element_required") and fname not in obj and ("_" + fname) not in obj:
                add(f"{path}.{fname}" if path else fname, "missing required element")
        for k, v in obj.items():
            if k == "resourceType" and resource:
                continue
            if k.startswith("_"):
                continue
            f = fields.get(k)
            if f is None:
                continue  # reported by the model layer as an unknown element
            sub = f"{path}.{k}" if path else k
            is_list, base = _unwrap(f.annotation)
            extra = f.json_schema_extra if isinstance(f.json_schema_extra, dict) else {}
            if is_list:
                if not isinstance(v, list):
                    add(sub, f"expected array, found {_json_type(v)}")
                    continue
                items = [(f"{sub}[{i}]", x) for i, x in enumerate(v)]
            else:
                if isinstance(v, list):
                    add(sub, "expected single value, found array")
                    continue
                items = [(sub, v)]
            for ipath, x in items:
                if x is None:
                    continue  # reported by the rule layer
                check_value(x, base, ipath)
                allowed = extra.get("enum_reference_types")
                if allowed and isinstance(x, dict) and isinstance(x.get("reference"), str):
                    ref = x["reference"]
                    if "/" in ref and not ref.startswith(("urn:", "http:", "https:", "#")):
                        target = ref.split("/", 1)[0]
                        if "Resource" not in allowed and target not in allowed:
                            add(ipath + ".reference", f"reference to {target} not allowed here")

    walk(res, model, "", resource=True)
    return out


def bundle_problems(b: dict) -> list[str]:
    """Bundle-level checks; entry resources are checked separately."""
    out: list[str] = []
    bid = b.get("id")
    btype = b.get("type")
    seen_full: dict[str, int] = {}
    seen_ids: dict[str, int] = {}
    for i, e in enumerate(b.get("entry", []) if isinstance(b.get("entry"), list) else []):
        if not isinstance(e, dict):
            continue
        if btype in ("transaction", "batch") and "request" not in e:
            out.append(_fmt("Bundle", bid, f"entry[{i}].request") + ": missing required element (bdl-3)")
        req = e.get("request")
        if isinstance(req, dict) and isinstance(req.get("method"), str) \
                and req["method"] not in ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"):
            out.append(_fmt("Bundle", bid, f"entry[{i}].request.method") + f": unknown code {req['method']!r}")
        fu = e.get("fullUrl")
        if isinstance(fu, str):
            if fu in seen_full:
                out.append(_fmt("Bundle", bid, f"entry[{i}].fullUrl")
                           + f": duplicate fullUrl {fu} (first at entry[{seen_full[fu]}]) (bdl-7)")
            else:
                seen_full[fu] = i
        r = e.get("resource")
        if isinstance(r, dict) and isinstance(r.get("id"), str):
            key = f"{r.get('resourceType')}/{r['id']}"
            if key in seen_ids:
                out.append(_fmt("Bundle", bid, f"entry[{i}].resource")
                           + f": duplicate id {key} (first at entry[{seen_ids[key]}])")
            else:
                seen_ids[key] = i
    return out


def problems(res: Any) -> list[str]:
    if isinstance(res, dict) and res.get("resourceType") == "Bundle" and isinstance(res.get("entry"), list):
        shell = {k: v for k, v in res.items() if k != "entry"}
        out = problems(shell) + bundle_problems(res)
        entry_model = _model_for("BundleEntry")
        for i, e in enumerate(res["entry"]):
            if not isinstance(e, dict):
                out.append(_fmt("Bundle", res.get("id"), f"entry[{i}]") + f": expected object, found {_json_type(e)}")
                continue
            rest = {k: v for k, v in e.items() if k != "resource"}
            if rest and entry_model is not None:
                try:
                    entry_model.model_validate(rest)
                except Exception as exc:
                    for err in exc.errors():
                        loc = ".".join(str(x) for x in err.get("loc", ()))
                        out.append(_fmt("Bundle", res.get("id"), f"entry[{i}].{loc}") + ": "
                                   + _pydantic_type(err.get("type", ""), err.get("input")))
            if "resource" in e:
                out.extend(problems(e["resource"]))
        return out
    if not isinstance(res, dict):
        return [f"<line>: expected object, found {_json_type(res)}"]
    if "resourceType" not in res:
        return [_fmt("<unknown>", res.get("id"), "resourceType") + ": missing resourceType"]
    if get_fhir_model_class is None:
        raise RuntimeError("fhir.resources is not installed; pip install -r Fixtures/tools/requirements.txt")
    first = rule_problems(res) + schema_problems(res)
    reported = {p.split(": ", 1)[0] for p in first}
    seen: list[str] = []
    for p in first + [m for m in model_problems(res) if m.split(": ", 1)[0] not in reported]:
        if p not in seen:
            seen.append(p)
    return seen
