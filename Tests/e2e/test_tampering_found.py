"""Tampering a fault run found unnoticed, each done the way it was (sqlite3 on the file, the
shell on the folder) and now refused with one line that names what is wrong. The cache's
integrity baseline: every cache holds its key check, a sealed manifest per watched table and
its audit anchor from its first open on, so any of them missing was removed."""
import os
import pathlib
import shutil
import stat

import pytest

from charting_steps import chart_full_set, leave, open_chart
from test_audit import tamper
from test_cache_between_processes import patient, start_workstation
from test_cache_cli import demo_files, emr_run

ADVICE = "run 'emr wipe', then re-import or re-sync"


@pytest.fixture(scope="module")
def charted_home(emr, tmp_path_factory):
    """A cache of the demo files with one full set charted (7 outbox rows pending)."""
    home = tmp_path_factory.mktemp("charted") / "emr-home"
    environment = {k: v for k, v in os.environ.items() if not k.startswith("EMR_")}
    environment.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", EMR_HOME=str(home), TZ="UTC")
    assert emr_run(emr, environment, "import", *demo_files()).returncode == 0
    session = start_workstation(emr, environment)
    try:
        open_chart(session, patient(7))
        chart_full_set(session)
        session.keys("Enter")
        session.wait_for("saved 7 values")
        leave(session)
    finally:
        session.close()
    return home


@pytest.fixture
def charted(charted_home, emr_home):
    """A copy of `charted_home` as this test's EMR_HOME."""
    shutil.copytree(charted_home, emr_home)
    return emr_home / "cache.sqlite"


def refused(result, *words):
    assert result.returncode == 4, result.stdout + result.stderr
    for word in words:
        assert word in result.stderr, result.stderr
    assert "different key" not in result.stderr


def test_a_patient_deleted_with_the_manifest_rows_that_counted_them_is_records_missing(emr, env, charted):
    """Found: a whole patient vanished when their rows went with the manifest's."""
    first = "(SELECT patient_index FROM patient_list ORDER BY row_id LIMIT 1)"
    tamper(charted,
           f"DELETE FROM resource WHERE patient_index = {first} OR key_index = {first}",
           f"DELETE FROM chart_bundle WHERE patient_index = {first}",
           f"DELETE FROM patient_list WHERE patient_index = {first}",
           "DELETE FROM manifest WHERE table_name IN ('resource', 'patient_list', 'chart_bundle')")
    refused(emr_run(emr, env, "import", demo_files()[0]), "Records missing from the cache: the sealed count of its", "was removed", ADVICE)


@pytest.mark.parametrize("statement", [
    "DELETE FROM outbox WHERE row_id = (SELECT min(row_id) FROM outbox WHERE state = 'pending')",
    "DELETE FROM outbox",
    "UPDATE outbox SET state = 'sent'",
    "UPDATE outbox SET patient_index = (SELECT patient_index FROM patient_list WHERE patient_index != outbox.patient_index LIMIT 1)",
], ids=["a-pending-row", "every-row", "state-sent", "another-patient"])
def test_the_outbox_changed_behind_emrs_back_is_records_missing(emr, env, charted, statement):
    """Found: charted values never sent and still read 'pending' (or went to another chart)."""
    tamper(charted, statement)
    refused(emr_run(emr, env, "import", demo_files()[0]), "Records missing from the cache: its outbox table", ADVICE)


def test_the_workstation_says_so_beside_its_first_frame(emr, env, charted):
    tamper(charted, "UPDATE outbox SET state = 'sent'")
    session = start_workstation(emr, env)
    try:
        session.wait_for("Records missing from the cache (outbox): run 'emr wipe', re-sync")
    finally:
        session.close()


def test_the_outbox_and_manifest_deleted_together_is_records_missing(emr, env, charted):
    tamper(charted, "DELETE FROM outbox", "DELETE FROM manifest WHERE table_name = 'outbox'")
    refused(emr_run(emr, env, "import", demo_files()[0]), "the sealed count of its outbox table was removed", ADVICE)


def test_a_deleted_anchor_is_tampering_and_is_not_made_again(emr, env, charted, emr_home):
    """Found: a deleted audit.anchor was made again at the next entry, silently."""
    (emr_home / "audit.anchor").unlink()
    verify = emr_run(emr, env, "audit", "verify")
    refused(verify, "audit.anchor) was removed", "copy its folder as evidence and report it")
    refused(emr_run(emr, env, "import", demo_files()[0]), "audit.anchor) was removed")
    assert not (emr_home / "audit.anchor").exists()


def test_an_older_database_put_back_with_the_anchor_deleted_is_tampering(emr, env, emr_home):
    """Found: an old cache.sqlite put back with the anchor deleted verified "ok: 16 entries",
    and an import with its entries was gone."""
    assert emr_run(emr, env, "import", *demo_files()).returncode == 0
    older = emr_home.parent / "older"
    older.mkdir()
    for name in ("cache.sqlite", "cache.sqlite-wal", "cache.sqlite-shm"):
        if (emr_home / name).exists():
            shutil.copy2(emr_home / name, older / name)
    assert emr_run(emr, env, "import", demo_files()[0]).returncode == 0
    for name in ("cache.sqlite", "cache.sqlite-wal", "cache.sqlite-shm", "audit.anchor"):
        (emr_home / name).unlink(missing_ok=True)
    for copied in older.iterdir():
        shutil.copy2(copied, emr_home / copied.name)
    refused(emr_run(emr, env, "audit", "verify"), "audit.anchor) was removed")


def test_deleted_secret_rows_are_named_as_missing_not_as_another_key(emr, env, charted):
    """Found: deleting the `secret` rows was reported as a cache "encrypted with a different key"."""
    tamper(charted, "DELETE FROM secret")
    refused(emr_run(emr, env, "import", demo_files()[0]), "Records missing from the cache: its secret table holds 0 rows", ADVICE)


def test_a_symlinked_debug_log_is_refused_and_not_followed(emr, env, charted, emr_home, tmp_path):
    """Found: with EMR_LOG=debug, emr appended to whatever a link in the log's place named."""
    target = tmp_path / "someone-elses-file"
    target.write_text("theirs\n")
    log = emr_home / "emr-debug.log"
    log.unlink(missing_ok=True)
    log.symlink_to(target)
    result = emr_run(emr, dict(env, EMR_LOG="debug"), "audit", "verify")
    assert result.returncode == 2, result.stderr
    assert f"{log} is a symbolic link: remove it (or run without EMR_LOG=debug)" in result.stderr
    assert target.read_text() == "theirs\n"
    assert result.stdout == ""


def test_a_debug_log_is_made_private_whatever_it_was(emr, env, charted, emr_home):
    log = emr_home / "emr-debug.log"
    log.unlink(missing_ok=True)
    log.write_text("")
    log.chmod(0o644)
    assert emr_run(emr, dict(env, EMR_LOG="debug"), "audit", "verify").returncode == 0
    assert stat.S_IMODE(log.stat().st_mode) == 0o600


@pytest.mark.parametrize("command", [["import", demo_files()[0]], ["audit", "verify"], ["audit", "show"], ["passwd"]],
                         ids=["import", "audit-verify", "audit-show", "passwd"])
def test_a_config_others_can_write_is_refused_by_every_command(emr, env, charted, emr_home, command):
    """Found: import and the workstation refused it, `emr audit verify` exited 0. One rule."""
    config = emr_home / "config"
    config.write_text("ward = 5 East\n")
    config.chmod(0o666)
    result = emr_run(emr, env, *command, EMR_NEW_PASSPHRASE="a new passphrase")
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"{config} can be changed by other users: run 'chmod go-w {config}'" in result.stderr
