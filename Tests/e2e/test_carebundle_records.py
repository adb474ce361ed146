"""Records from another generator than the demo's, read at 80x24 as a physician would: one
patient of each carebundle profile (PyPI `carebundle`, pinned in Tests/requirements.txt), made
at test time and imported with `emr import`. Every laboratory result is on the Results tab
with its value and unit whole, and the banner names the identifier the record has.

carebundle writes what the demo's clinosim does not: a UUID as the identifier's system, lab
units with UCUM annotations (`mL/min/{1.73_m2}`), panels as DiagnosticReports, long LOINC names
(`Hemoglobin A1c/Hemoglobin.total`)."""
import json
import pathlib
import re
import subprocess

import pytest
from carebundle import generate_bundle, to_json
from carebundle.generate import DEFAULT_COHORT_PREVALENCE

from charting_steps import back_to_whole_list, wait_until, whole_tab, words
from tmux_session import TmuxSession

PASS = "correct horse battery"
LAB = "http://terminology.hl7.org/CodeSystem/observation-category"
# How the worksheet writes the units carebundle sends (Workstation.md: units as a clinician reads them).
UNITS = {"U/L": "units/L", "mL/min/{1.73_m2}": "mL/min/1.73m2"}


# The names wards use for common tests, as the worksheet shows them (LabShortNames, by LOINC code).
SHORT_NAMES = dict(re.findall(r'"(\d+-\d)": "([^"]+)"', (pathlib.Path(__file__).resolve().parents[2]
                                                           / "Sources/CoreUseCases/Rules/LabShortNames.swift").read_text()))


def number(value):
    """A value as the worksheet shows it: as sent, never padded (`4.0` reads `4`)."""
    return f"{value:g}" if isinstance(value, float) else str(value)


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """One transaction Bundle per profile, in its own file."""
    folder = tmp_path_factory.mktemp("carebundle")
    bundles = []
    for index, profile in enumerate(sorted(DEFAULT_COHORT_PREVALENCE)):
        bundle = json.loads(to_json(generate_bundle(profile=profile, seed=40 + index, sex="FM"[index % 2], index=index)))
        path = folder / f"{profile}.json"
        path.write_text(json.dumps(bundle))
        bundles.append((path, [entry["resource"] for entry in bundle["entry"]]))
    return bundles


def labs(resources):
    """The laboratory results with a quantity: what the worksheet must show, each once."""
    return [r for r in resources if r["resourceType"] == "Observation" and "valueQuantity" in r
            and any(c.get("code") == "laboratory" for cat in r.get("category", []) for c in cat.get("coding", []))]


def test_every_carebundle_lab_reads_whole_with_its_unit_at_80x24(emr, env, records):
    env = dict(env, EMR_PASSPHRASE=PASS)
    for path, _ in records:
        result = subprocess.run([str(emr), "import", str(path)], env=env, capture_output=True, text=True, timeout=120,
                                stdin=subprocess.DEVNULL)
        assert result.returncode == 0, result.stderr
    session = TmuxSession(f"{emr}", env, columns=80, rows=24)
    try:
        session.wait_for(f"Patients {len(records)}", timeout=60)
        for _, resources in records:
            patient = next(r for r in resources if r["resourceType"] == "Patient")
            family = patient["name"][0]["family"]
            identifier = patient["identifier"][0]["value"]
            session.keys("/")
            session.keys(identifier, literal=True)
            session.wait_for("1 found")
            session.keys("Enter", "Enter")
            # Name plus the identifier the record has, labelled `ID` (its system is a UUID).
            wait_until(session, lambda s: family.upper() in s and f"ID {identifier}" in words(s), f"{family}'s banner")
            session.keys("5")
            wait_until(session, lambda s: "collection" in s, f"{family}'s worksheet")
            worksheet = whole_tab(session)
            for lab in labs(resources):
                quantity = lab["valueQuantity"]
                # The value whole, its flag (carebundle sends no ranges: the ward's judge them) and unit.
                shown = rf"{re.escape(number(quantity['value']))}( (H|L|HH|LL|A))? {re.escape(UNITS.get(quantity['unit'], quantity['unit']))}"
                name = lab["code"]["coding"][0]["display"]
                assert re.search(shown, worksheet), f"{family}: {name} = {shown!r} not on the worksheet:\n{worksheet}"
                row = SHORT_NAMES.get(lab["code"]["coding"][0]["code"], name).split()[0][:4]
                assert row in worksheet, f"{family}: no row named {row!r} for {name}"
            assert "…" not in "".join(w for w in worksheet.split() if any(ch.isdigit() for ch in w)), \
                f"{family}: a number was cut:\n{worksheet}"
            back_to_whole_list(session, len(records))
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
