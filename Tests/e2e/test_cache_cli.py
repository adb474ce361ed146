"""`emr import`, `passwd` and `wipe` on a real encrypted cache: what a user sees on good and
bad input, with the exact message and exit status, and the files left untouched on failure."""
import hashlib
import json
import os
import pathlib
import signal
import sqlite3
import stat
import subprocess
import time

import pytest

from fixture_facts import DEMO, needle, phi_terms, resources

PASS = "correct horse battery"


def emr_run(emr, env, *args, passphrase=PASS, timeout=300, **extra):
    environment = dict(env, **extra)
    if passphrase is not None:
        environment["EMR_PASSPHRASE"] = passphrase
    return subprocess.run([str(emr), *args], env=environment, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def demo_files():
    return sorted(str(p) for p in DEMO.glob("*.ndjson"))


def digest(folder: pathlib.Path):
    """The cache's files by content; the debug log (EMR_LOG) is expected to grow."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.iterdir()) if p.is_file() and p.name != "emr-debug.log"}


@pytest.fixture
def imported(emr, env, emr_home):
    result = emr_run(emr, env, "import", *demo_files())
    assert result.returncode == 0, result.stderr
    return result


def test_import_reports_counts_per_type(imported):
    expected = {t: len(resources(t)) for t in ("Patient", "Encounter", "Observation", "MedicationRequest", "Condition",
                                               "AllergyIntolerance", "Location", "Practitioner", "DiagnosticReport",
                                               "MedicationAdministration", "DocumentReference", "Procedure", "Immunization",
                                               "CarePlan", "Goal")}
    line = imported.stdout.strip().splitlines()[-1]
    for resource_type, count in expected.items():
        assert f"{resource_type} {count}" in line, line
    assert f"imported {sum(expected.values())} resources" in line
    # Each patient once, though their records came in several files (a sum per file said far more).
    assert f"of {expected['Patient']} patients; 0 skipped" in line, line


def test_cache_files_are_private(imported, emr_home):
    assert stat.S_IMODE(emr_home.stat().st_mode) == 0o700
    for path in emr_home.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def assert_no_phi_on_disk(folder: pathlib.Path):
    blobs = {p.name: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    hits = [(term, name) for term in phi_terms() for name, blob in blobs.items() if needle(term) in blob]
    assert not hits, f"PHI in plaintext on disk: {hits[:5]}"


def test_no_phi_in_plaintext_on_disk_after_import_and_after_passwd(emr, env, imported, emr_home):
    assert phi_terms(), "no PHI terms read from fixtures"
    assert_no_phi_on_disk(emr_home)
    result = emr_run(emr, env, "passwd", EMR_NEW_PASSPHRASE="a new passphrase")
    assert result.returncode == 0, result.stderr
    assert_no_phi_on_disk(emr_home)


def test_the_phi_scan_would_catch_a_plaintext_name(tmp_path):
    planted = tmp_path / "leak"
    planted.mkdir()
    (planted / "file").write_bytes(b"xx" + needle(phi_terms()[0]) + b"yy")
    with pytest.raises(AssertionError):
        assert_no_phi_on_disk(planted)


def test_reimport_is_idempotent_and_says_what_was_unchanged(emr, env, imported, emr_home):
    """The same files imported again said `imported 4167 resources` again: now nothing is
    imported and each is counted unchanged."""
    rows = lambda: sqlite3.connect(f"file:{emr_home}/cache.sqlite?mode=ro", uri=True).execute("select count(*) from resource").fetchone()[0]
    before = rows()
    again = emr_run(emr, env, "import", *demo_files())
    assert again.returncode == 0, again.stderr
    assert rows() == before
    total = sum(len(resources(t)) for t in ("Patient", "Encounter", "Observation", "MedicationRequest", "Condition", "AllergyIntolerance",
                                            "Location", "Practitioner", "DiagnosticReport", "MedicationAdministration",
                                            "DocumentReference", "Procedure", "Immunization", "CarePlan", "Goal"))
    assert again.stdout.strip().splitlines()[-1] == f"imported 0 resources of 0 patients; {total} unchanged; 0 skipped", again.stdout


def test_resources_of_unused_types_are_one_line_with_their_counts(emr, env, emr_home, tmp_path):
    """Two Synthea patients printed 345 lines, one per Claim, Coverage…: now one line
    for them all, and the resources the workstation uses are imported as before."""
    source = tmp_path / "synthea-like.ndjson"
    unused = [{"resourceType": "Claim", "id": f"claim-{n}"} for n in range(26)] + \
             [{"resourceType": "Coverage", "id": f"coverage-{n}"} for n in range(26)] + \
             [{"resourceType": "ExplanationOfBenefit", "id": f"eob-{n}"} for n in range(3)]
    patient = {"resourceType": "Patient", "id": "unused-types-patient", "name": [{"family": "Whitcombe", "given": ["Ada"]}]}
    source.write_text("\n".join(json.dumps(r) for r in [patient] + unused) + "\n")
    result = emr_run(emr, env, "import", str(source))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines == ["Claim 26, Coverage 26, ExplanationOfBenefit 3: not used",
                     "imported 1 resources (Patient 1) of 1 patient; 0 skipped"], result.stdout
    assert "not used" not in result.stderr, result.stderr


def test_wrong_passphrase_is_exit_3_and_changes_no_file(emr, env, imported, emr_home):
    before = digest(emr_home)
    result = emr_run(emr, env, "import", demo_files()[0], passphrase="not the passphrase")
    assert result.returncode == 3
    assert result.stderr.strip() == f"emr: wrong passphrase for the cache in {emr_home}"
    # Only the failure counter for the audit trail (a number, see UnlockFailures) is written.
    counter = emr_home / "unlock-failures"
    assert counter.read_text() == "1" and stat.S_IMODE(counter.stat().st_mode) == 0o600
    counter.unlink()
    assert digest(emr_home) == before


def test_passwd_replaces_the_passphrase(emr, env, imported):
    assert emr_run(emr, env, "passwd", EMR_NEW_PASSPHRASE="a new passphrase").returncode == 0
    assert emr_run(emr, env, "import", demo_files()[0]).returncode == 3
    assert emr_run(emr, env, "import", demo_files()[0], passphrase="a new passphrase").returncode == 0


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage"])
def test_corrupt_database_names_the_file_and_the_way_out(emr, env, imported, emr_home, damage):
    database = emr_home / "cache.sqlite"
    for side in ("cache.sqlite-wal", "cache.sqlite-shm"):
        (emr_home / side).unlink(missing_ok=True)
    data = bytearray(database.read_bytes())
    if damage == "truncate":
        data = data[: len(data) // 3]
    elif damage == "flip":
        for offset in range(4096, len(data), 997):
            data[offset] ^= 0xFF
    else:
        data = bytearray(b"this is not a database" * 100)
    database.write_bytes(bytes(data))
    result = emr_run(emr, env, "import", demo_files()[0])
    assert result.returncode == 4, result.stderr
    message = result.stderr.strip()
    assert message.count("\n") == 0
    assert str(database) in message and "emr wipe" in message
    assert database.exists(), "a damaged cache must never be deleted automatically"


def test_corrupt_key_file_is_an_integrity_failure(emr, env, imported, emr_home):
    key = emr_home / "key.json"
    key.write_bytes(key.read_bytes()[:40])
    result = emr_run(emr, env, "import", demo_files()[0])
    assert result.returncode == 4
    assert str(key) in result.stderr and "emr wipe" in result.stderr


def test_group_readable_cache_is_refused_with_the_fix(emr, env, imported, emr_home):
    os.chmod(emr_home, 0o755)
    result = emr_run(emr, env, "import", demo_files()[0])
    assert result.returncode == 2
    assert f"chmod 700 {emr_home}" in result.stderr


def test_passphrase_file_must_be_private(emr, env, emr_home, tmp_path):
    secret = tmp_path / "pass"
    secret.write_text(PASS + "\n")
    os.chmod(secret, 0o644)
    result = emr_run(emr, env, "import", "--passphrase-file", str(secret), demo_files()[0], passphrase=None)
    assert result.returncode == 2
    assert f"chmod 600 {secret}" in result.stderr
    os.chmod(secret, 0o600)
    assert emr_run(emr, env, "import", "--passphrase-file", str(secret), demo_files()[0], passphrase=None).returncode == 0


def test_invalid_files_are_reported_per_resource_and_the_rest_imported(emr, env, emr_home):
    invalid = sorted(str(p) for p in (DEMO.parent / "invalid").iterdir() if p.name != "EXPECTED.md")
    result = emr_run(emr, env, "import", *demo_files(), *invalid)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "Fatal error" not in result.stderr
    assert "04-wrong-type-Observation.ndjson" in result.stderr
    assert "valueQuantity.value: expected number, found string" in result.stderr
    assert "skipped" in result.stdout.strip().splitlines()[-1]


def test_wipe_needs_confirmation_then_removes_key_first(emr, env, imported, emr_home):
    refused = emr_run(emr, env, "wipe")
    assert refused.returncode == 2 and "--yes" in refused.stderr
    result = emr_run(emr, env, "wipe", "--yes")
    assert result.returncode == 0
    assert result.stdout.startswith(f"removed: {emr_home}/key.json")
    assert not (emr_home / "key.json").exists() and not (emr_home / "cache.sqlite").exists()


def test_wipe_removes_a_key_file_left_half_written(emr, env, imported, emr_home):
    """A kill while the first run wrote the key left `.key.json.<hex>.tmp`, a wrapped key, behind a wipe."""
    leftover = emr_home / ".key.json.5f3a9c.tmp"
    leftover.write_text((emr_home / "key.json").read_text())
    result = emr_run(emr, env, "wipe", "--yes")
    assert result.returncode == 0, result.stderr
    assert str(leftover) in result.stdout and not leftover.exists()


def test_kill_9_mid_import_leaves_all_or_none_of_the_file(emr, env, emr_home, tmp_path):
    assert emr_run(emr, env, "import", str(DEMO / "Patient.ndjson")).returncode == 0
    big = tmp_path / "Observation.ndjson"
    lines = (DEMO / "Observation.ndjson").read_text().splitlines()
    # The same observations under new ids, many times over, so the import takes a while.
    with big.open("w") as out:
        for copy in range(30):
            for line in lines:
                out.write(line.replace('"id":"', f'"id":"k{copy}-', 1) + "\n")
    process = subprocess.Popen([str(emr), "import", str(big)], env=dict(env, EMR_PASSPHRASE=PASS),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Kill it while the file's transaction is observably under way: its pages are piling up
    # in the write-ahead log, not yet committed.
    wal = emr_home / "cache.sqlite-wal"
    deadline = time.monotonic() + 60
    while not (wal.exists() and wal.stat().st_size > 4_000_000):
        assert process.poll() is None, "the import finished before it could be killed mid-way: make the file bigger"
        assert time.monotonic() < deadline, "the import never got under way"
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    assert process.wait() == -signal.SIGKILL, "killed mid-import, not finished"
    count = lambda: sqlite3.connect(f"file:{emr_home}/cache.sqlite?mode=ro", uri=True).execute(
        "select count(*) from resource where resource_type = 'Observation'").fetchone()[0]
    assert count() == 0, "none of the file: its transaction never committed"
    again = emr_run(emr, env, "import", str(big))
    assert again.returncode == 0, again.stderr
    assert count() == 30 * len(lines)


def test_two_processes_import_at_once_without_lock_errors(emr, env, emr_home):
    assert emr_run(emr, env, "import", str(DEMO / "Location.ndjson")).returncode == 0
    environment = dict(env, EMR_PASSPHRASE=PASS)
    first = subprocess.Popen([str(emr), "import", *demo_files()], env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    second = subprocess.Popen([str(emr), "import", *demo_files()], env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for process in (first, second):
        out, err = process.communicate(timeout=600)
        assert process.returncode == 0, err
        assert "locked" not in err


def test_two_first_runs_at_once_make_one_cache_and_both_succeed(emr, env, tmp_path):
    """Two first runs together each made a key: one then said "encrypted with a different key:
    run 'emr wipe'" (or "table resource already exists"), advice that destroys the other's good
    import. Now the second waits for the first to create the cache, then uses it."""
    files = [str(DEMO / "Patient.ndjson"), str(DEMO / "Location.ndjson")]
    for attempt in range(4):
        home = tmp_path / f"home-{attempt}"
        environment = dict(env, EMR_PASSPHRASE=PASS, EMR_HOME=str(home))
        runs = [subprocess.Popen([str(emr), "import", *files], env=environment, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
        for run in runs:
            out, err = run.communicate(timeout=300)
            assert run.returncode == 0, (attempt, err)
            assert "wipe" not in err and "already exists" not in err, (attempt, err)
        verify = emr_run(emr, environment, "audit", "verify")
        assert verify.returncode == 0, verify.stdout + verify.stderr
        patients = sqlite3.connect(f"file:{home}/cache.sqlite?mode=ro", uri=True).execute(
            "select count(*) from resource where resource_type = 'Patient'").fetchone()[0]
        assert patients == len(resources("Patient")), "one cache holding the patients once"


def test_the_key_is_written_before_the_database_so_a_failed_first_run_is_recoverable(emr, env, emr_home, tmp_path):
    """The database was made before the key file: a first run stopped between the two (1 kill in
    12) left a cache no key could read, and every command then said to wipe. The key now comes
    first, so what a stopped first run leaves is a key whose database the next run makes."""
    emr_home.mkdir(mode=0o700)
    (emr_home / "cache.sqlite").symlink_to(tmp_path / "elsewhere.sqlite")
    refused = emr_run(emr, env, "import", str(DEMO / "Patient.ndjson"))
    assert refused.returncode != 0 and "link" in refused.stderr, refused.stderr
    assert (emr_home / "key.json").exists(), "the key came first"
    (emr_home / "cache.sqlite").unlink()
    again = emr_run(emr, env, "import", str(DEMO / "Patient.ndjson"))
    assert again.returncode == 0, again.stderr
    assert "wipe" not in again.stderr


def test_a_file_name_with_an_escape_sequence_is_printed_escaped(emr, env, emr_home, tmp_path):
    """A file named to clear the screen (ESC [2J) or break a line must not drive the terminal."""
    hostile = tmp_path / "bad\x1b[2J\nname.json"
    hostile.write_text("x")
    result = emr_run(emr, env, "import", str(hostile))
    assert result.returncode == 1
    assert "\x1b" not in result.stderr and "bad\\e[2J\\nname.json" in result.stderr, repr(result.stderr)
    assert len(result.stderr.strip().splitlines()) == 1, "one line per problem"


@pytest.mark.parametrize("statement, table", [
    ("DELETE FROM patient_list WHERE row_id = (SELECT min(row_id) FROM patient_list)", "patient_list"),
    ("DELETE FROM resource WHERE row_id IN (SELECT row_id FROM resource WHERE resource_type = 'Observation' LIMIT 5)", "resource"),
], ids=["list-row", "observations"])
def test_rows_deleted_behind_emrs_back_are_records_missing(emr, env, imported, emr_home, statement, table):
    """A deleted list row read as a smaller ward, deleted observations as none recorded: the
    sealed manifest of each table names them as records missing, exit 4, before anything is shown."""
    connection = sqlite3.connect(emr_home / "cache.sqlite")
    with connection:
        connection.execute(statement)
    connection.close()
    result = emr_run(emr, env, "import", demo_files()[0])
    assert result.returncode == 4, result.stdout + result.stderr
    assert f"Records missing from the cache: its {table} table holds" in result.stderr, result.stderr
    assert "run 'emr wipe', then re-import or re-sync" in result.stderr
