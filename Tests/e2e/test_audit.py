"""`emr audit verify` and `emr audit show` on a real cache: what each command records, and
tampering with the stored trail through sqlite3 making `verify` fail at the right entry."""
import pathlib
import sqlite3

import pytest

from test_cache_cli import PASS, demo_files, emr_run
from fixture_facts import resources


def audit_rows(emr, env, *options, passphrase=PASS):
    result = emr_run(emr, env, "audit", "show", *options, passphrase=passphrase)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    header = lines[0].split()
    assert header[:3] == ["#", "TIME", "(UTC)"], lines[0]
    return [line.split() for line in lines[1:]]


def actions(rows):
    """(number, action, detail, outcome) per entry; columns: #, time, user, client, source, action, detail, patient, outcome."""
    return [(int(row[0]), row[5], row[6], row[8]) for row in rows]


def per_file(files):
    """One import entry per file, with its count: each commits with the file's data."""
    return [("import", str(len(resources(pathlib.Path(f).stem))), "success") for f in files]


def two_imports_entries():
    """The trail after `two_imports`: unlock, an import per demo file, unlock, import."""
    return len(demo_files()) + 3


@pytest.fixture
def two_imports(emr, env, emr_home):
    """`two_imports_entries()` entries: unlock, an import per demo file, unlock, import."""
    for files in (demo_files(), [demo_files()[0]]):
        result = emr_run(emr, env, "import", *files)
        assert result.returncode == 0, result.stderr
    return emr_home / "cache.sqlite"


def test_each_file_is_recorded_with_its_count_and_verifies(emr, env, emr_home):
    result = emr_run(emr, env, "import", *demo_files())
    assert result.returncode == 0, result.stderr
    rows = audit_rows(emr, env)
    assert [a[1:] for a in actions(rows)] == [("unlock", "-", "success")] + per_file(demo_files())
    user = rows[0][2]
    assert all(row[2] == user and row[7] == "-" for row in rows), rows
    verify = emr_run(emr, env, "audit", "verify")
    assert (verify.returncode, verify.stdout.strip()) == (0, f"ok: {1 + len(demo_files())} entries, the whole chain verified")


def test_audit_commands_do_not_add_entries(emr, env, two_imports):
    for _ in range(2):
        assert emr_run(emr, env, "audit", "verify").stdout.strip() == f"ok: {two_imports_entries()} entries, the whole chain verified"
        assert len(audit_rows(emr, env)) == two_imports_entries()


def test_a_failed_unlock_is_recorded_at_the_next_unlock(emr, env, two_imports):
    wrong = emr_run(emr, env, "import", demo_files()[0], passphrase="not the passphrase")
    assert wrong.returncode == 3
    assert emr_run(emr, env, "import", demo_files()[0]).returncode == 0
    last = two_imports_entries()
    # The file is held exactly already (two_imports imported it twice): the import wrote nothing.
    assert actions(audit_rows(emr, env))[last:] == [
        (last + 1, "unlock-failed", "1", "failure"), (last + 2, "unlock", "-", "success"), (last + 3, "import", "0", "success")]


def test_show_filters_by_user_and_time(emr, env, two_imports):
    assert len(audit_rows(emr, env, "--since", "2000-01-01")) == two_imports_entries()
    assert emr_run(emr, env, "audit", "show", "--since", "2999-01-01").stdout.strip() == "no audit entries match"
    assert emr_run(emr, env, "audit", "show", "--user", "nobody-here").stdout.strip() == "no audit entries match"
    user = audit_rows(emr, env)[0][2]
    assert len(audit_rows(emr, env, "--user", user)) == two_imports_entries()
    bad = emr_run(emr, env, "audit", "show", "--since", "yesterday")
    assert bad.returncode == 2 and "--since needs a date" in bad.stderr


def test_audit_needs_verify_or_show(emr, env):
    result = emr_run(emr, env, "audit", "erase")
    assert result.returncode == 2
    assert "audit needs one of: verify, show" in result.stderr


def tamper(database, *statements):
    connection = sqlite3.connect(database)
    with connection:
        for sql in statements:
            connection.execute(sql)
    connection.close()


@pytest.mark.parametrize("statements, entry, words", [
    # Byte 21 changed whatever it was (a fixed x'00' would change nothing 1 time in 256).
    (["UPDATE audit_log SET entry = substr(entry, 1, 20) || CASE WHEN substr(entry, 21, 1) = x'00' THEN x'01' ELSE x'00' END "
      "|| substr(entry, 22) WHERE row_id = 3"], 3, "altered"),
    (["DELETE FROM audit_log WHERE row_id = 2"], 2, "removed or reordered"),
    (["UPDATE audit_log SET entry = (SELECT entry FROM audit_log AS o WHERE o.row_id = 5 - audit_log.row_id), "
      "chain_tag = (SELECT chain_tag FROM audit_log AS o WHERE o.row_id = 5 - audit_log.row_id) WHERE row_id IN (2, 3)"], 2, "altered"),
    ([f"DELETE FROM audit_log WHERE row_id = {two_imports_entries()}"], two_imports_entries(), "missing"),
], ids=["edited-byte", "deleted", "swapped", "tail-removed"])
def test_tampering_makes_verify_fail_at_the_entry(emr, env, two_imports, statements, entry, words):
    tamper(two_imports, *statements)
    result = emr_run(emr, env, "audit", "verify")
    assert result.returncode == 4, result.stdout + result.stderr
    assert f"broken at entry {entry}:" in result.stderr and words in result.stderr, result.stderr
    assert result.stdout == ""


def test_a_passphrase_change_is_a_security_event_in_the_trail(emr, env, two_imports):
    """ONC 170.315(d)(2): `emr passwd` is recorded (after the unlock it needs), and a wrong old
    passphrase changes nothing and is counted as a failed unlock."""
    wrong = emr_run(emr, env, "passwd", passphrase="not the passphrase", EMR_NEW_PASSPHRASE="a new passphrase")
    assert wrong.returncode == 3, wrong.stderr
    changed = emr_run(emr, env, "passwd", EMR_NEW_PASSPHRASE="a new passphrase")
    assert changed.returncode == 0, changed.stderr
    rows = audit_rows(emr, env, passphrase="a new passphrase")
    last = two_imports_entries()
    assert actions(rows)[last:] == [(last + 1, "unlock-failed", "1", "failure"), (last + 2, "unlock", "-", "success"),
                                    (last + 3, "passphrase-changed", "-", "success")]
    assert emr_run(emr, env, "audit", "verify", passphrase="a new passphrase").stdout.strip() == f"ok: {last + 3} entries, the whole chain verified"


def test_a_passphrase_change_on_a_broken_trail_is_refused_and_changes_nothing(emr, env, two_imports, emr_home):
    """Access that cannot be recorded is refused: the old passphrase still opens the cache."""
    tamper(two_imports, "UPDATE audit_log SET entry = substr(entry, 1, 20) || x'00' || substr(entry, 22) WHERE row_id = 3")
    key = (emr_home / "key.json").read_bytes()
    refused = emr_run(emr, env, "passwd", EMR_NEW_PASSPHRASE="a new passphrase")
    assert refused.returncode == 4 and "broken at entry 3" in refused.stderr, refused.stderr
    assert (emr_home / "key.json").read_bytes() == key


def test_wipe_is_recorded_before_removal_and_says_what_it_removed(emr, env, two_imports, emr_home):
    result = emr_run(emr, env, "wipe", "--yes")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("removed: ") and str(emr_home / "key.json") in lines[0] and str(two_imports) in lines[0]
    assert lines[1] == "wipe recorded in the audit trail before removal"
    assert not (emr_home / "cache.sqlite").exists()


def test_wipe_without_a_passphrase_still_wipes(emr, env, two_imports):
    result = emr_run(emr, env, "wipe", "--yes", passphrase=None)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("removed: ")
    assert "not recorded in the audit trail: no passphrase given" in result.stdout


@pytest.mark.parametrize("damage", ["emptied", "deleted", "anchor-altered"])
def test_a_trail_younger_than_its_anchor_is_tampering_and_takes_nothing_more(emr, env, two_imports, emr_home, damage):
    """The anchor beside the key (audit.anchor) vouches for the trail's length: a cache that was
    emptied or deleted says so (exit 4), and no command records (so stores or shows) anything more."""
    if damage == "emptied":
        tamper(two_imports, "DELETE FROM audit_log", "DELETE FROM audit_head")
    elif damage == "deleted":
        for suffix in ("", "-wal", "-shm"):
            pathlib.Path(str(two_imports) + suffix).unlink(missing_ok=True)
    else:
        anchor = emr_home / "audit.anchor"
        data = bytearray(anchor.read_bytes())
        data[-3] ^= 1
        anchor.write_bytes(bytes(data))
    verify = emr_run(emr, env, "audit", "verify")
    assert verify.returncode == 4, verify.stdout + verify.stderr
    reason = "sealed record of its length" if damage == "anchor-altered" else f"{two_imports_entries()} entries were recorded but the cache does not hold them"
    assert reason in verify.stderr, verify.stderr
    advice = "copy its folder as evidence and report it, then run 'emr wipe'"
    assert advice in verify.stderr
    imported = emr_run(emr, env, "import", demo_files()[0])
    assert imported.returncode == 4 and "audit trail is broken" in imported.stderr and advice in imported.stderr, imported.stderr
    assert emr_run(emr, env, "wipe", "--yes").returncode == 0
    assert not (emr_home / "audit.anchor").exists()
    again = emr_run(emr, env, "import", demo_files()[0])
    assert again.returncode == 0, again.stderr
    assert emr_run(emr, env, "audit", "verify").stdout.strip() == "ok: 2 entries, the whole chain verified"


def test_audit_show_gives_the_same_advice_as_verify(emr, env, two_imports):
    tamper(two_imports, "UPDATE audit_log SET entry = substr(entry, 1, 20) || x'00' || substr(entry, 22) WHERE row_id = 3")
    shown = emr_run(emr, env, "audit", "show")
    verified = emr_run(emr, env, "audit", "verify")
    assert shown.returncode == verified.returncode == 4
    assert "broken at entry 3" in shown.stderr and "broken at entry 3" in verified.stderr
    advice = "copy its folder as evidence and report it, then run 'emr wipe' and re-import or re-sync"
    assert advice in shown.stderr and advice in verified.stderr, shown.stderr + verified.stderr


def test_after_tampering_nothing_more_is_recorded_or_stored(emr, env, two_imports):
    """One policy: a broken trail takes no more entries until an operator acts, so import (and
    sync, and the workstation) stop at once with the advice verify gives; the evidence stays as found."""
    tamper(two_imports, "UPDATE audit_log SET entry = substr(entry, 1, 20) || x'00' || substr(entry, 22) WHERE row_id = 3")
    before = sqlite3.connect(two_imports).execute("SELECT count(*) FROM audit_log").fetchone()[0]
    imported = emr_run(emr, env, "import", demo_files()[0])
    assert imported.returncode == 4, imported.stdout + imported.stderr
    assert "broken at entry 3" in imported.stderr and "copy its folder as evidence and report it" in imported.stderr
    assert sqlite3.connect(two_imports).execute("SELECT count(*) FROM audit_log").fetchone()[0] == before
    verified = emr_run(emr, env, "audit", "verify")
    assert verified.returncode == 4 and "broken at entry 3" in verified.stderr
