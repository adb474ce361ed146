"""Several emr processes on one cache, as on a ward server: a workstation open for hours while
`emr sync` (the timer) and `emr import` start beside it and exit. Nothing one of them commits
may be lost when another exits, and none may read another's commit as tampering.

Found by a fault run: emr opened cache.sqlite and its WAL outside SQLite to flush them, and
closing that descriptor dropped every POSIX lock the process held on the file, SQLite's shared
lock included; the next emr to exit believed it was alone and deleted the WAL under the open
workstation, whose charted values then went into a deleted file."""
import fcntl
import os
import pathlib
import signal
import sqlite3
import struct
import subprocess
import time

import pytest

from charting_steps import chart, chart_full_set, eventually, open_chart, unsent
from fixture_facts import DEMO, resources
from test_cache_cli import PASS, demo_files, emr_run
from tmux_session import TmuxSession

# SQLite's lock bytes (os_unix.c): a connection in WAL mode holds a read lock on one byte of
# this range of the database file for as long as it is open; the last one to close finds the
# range free, checkpoints and deletes the WAL.
SHARED_FIRST = 0x40000000 + 2
SHARED_SIZE = 510


def shared_lock_holder(database):
    """The pid holding a lock in SQLite's shared range of `database`, None when it is free
    (asked with F_GETLK, which takes no lock)."""
    descriptor = os.open(database, os.O_RDONLY)
    try:
        asked = struct.pack("hhqqi4x", fcntl.F_WRLCK, os.SEEK_SET, SHARED_FIRST, SHARED_SIZE, 0)
        kind, _, _, _, pid = struct.unpack("hhqqi4x", fcntl.fcntl(descriptor, fcntl.F_GETLK, asked))
        return None if kind == fcntl.F_UNLCK else pid
    finally:
        os.close(descriptor)


def deleted_cache_files(pid):
    """The cache files `pid` still has open though they were deleted (`... (deleted)`)."""
    found = []
    for entry in pathlib.Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(entry)
        except FileNotFoundError:
            continue
        if "cache.sqlite" in target and target.endswith("(deleted)"):
            found.append(target)
    return found


def assert_still_holds_the_cache(session, database):
    pid = session.emr_pid()
    assert shared_lock_holder(database) == pid, "the workstation lost SQLite's shared lock on the cache"
    assert deleted_cache_files(pid) == [], "the workstation writes to deleted cache files"


def start_workstation(emr, env):
    return TmuxSession(str(emr), dict(env, EMR_PASSPHRASE=PASS))


def patient(index):
    return sorted(resources("Patient"), key=lambda p: p["id"])[index]


def killed(session, emr, env):
    """Kills the workstation (-9) and closes its terminal; the cache opens again and its trail verifies."""
    pid = session.emr_pid()
    if pid:
        os.kill(pid, signal.SIGKILL)
    session.close()
    verify = emr_run(emr, env, "audit", "verify")
    assert verify.returncode == 0, verify.stderr


def restarted_unsent(emr, env, person):
    """The header's count of unsent entries in a workstation started again on the cache."""
    session = start_workstation(emr, env)
    try:
        open_chart(session, person)
        return unsent(session.screen())
    finally:
        session.close()


def test_a_command_exiting_beside_the_workstation_loses_nothing_it_charts_then(emr, env, emr_home):
    """The reported case, step by step: workstation open; a command exits; a nurse charts;
    kill -9. The values survive, and the cache opens again."""
    assert emr_run(emr, env, "import", *demo_files()).returncode == 0
    database = emr_home / "cache.sqlite"
    person = patient(3)
    session = start_workstation(emr, env)
    try:
        open_chart(session, person)
        before = unsent(session.screen())
        exited = emr_run(emr, env, "import", demo_files()[0])
        assert exited.returncode == 0, exited.stderr
        assert_still_holds_the_cache(session, database)
        chart_full_set(session)
        session.keys("Enter")
        session.wait_for("saved 7 values")
        after = emr_run(emr, env, "import", demo_files()[0])
        assert after.returncode == 0, after.stderr
        assert_still_holds_the_cache(session, database)
    finally:
        killed(session, emr, env)
    assert restarted_unsent(emr, env, person) == before + 7


ROUNDS = 50
IMPORTS_PER_ROUND = 3


def audit_actions(emr, env):
    shown = emr_run(emr, env, "audit", "show")
    assert shown.returncode == 0, shown.stderr
    return [line.split()[5] for line in shown.stdout.strip().splitlines()[1:]]


def test_fifty_rounds_of_commands_beside_a_charting_workstation_lose_no_commit(emr, env, emr_home):
    """50 rounds: three `emr import` processes start together and exit while the workstation
    charts a value. After a kill -9 of the workstation every import's entry (each commits with its
    file's data) and every charted value is there, and no process saw tampering."""
    assert emr_run(emr, env, "import", *demo_files()).returncode == 0
    database = emr_home / "cache.sqlite"
    location = str(DEMO / "Location.ndjson")
    person = patient(4)
    session = start_workstation(emr, env)
    command_env = dict(env, EMR_PASSPHRASE=PASS)
    try:
        open_chart(session, person)
        before = unsent(session.screen())
        for round_number in range(ROUNDS):
            imports = [subprocess.Popen([str(emr), "import", location], env=command_env, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                       for _ in range(IMPORTS_PER_ROUND)]
            chart(session, [str(60 + round_number)])
            session.keys("Enter")
            eventually(lambda: f"{before + round_number + 1} unsent" in session.screen().splitlines()[0],
                       f"round {round_number + 1}'s value saved", seen=session.screen)
            for process in imports:
                out, err = process.communicate(timeout=120)
                assert process.returncode == 0 and "imported 0 resources of 0 patients; 59 unchanged" in out, f"round {round_number + 1}: {err}"
            assert_still_holds_the_cache(session, database)
    finally:
        killed(session, emr, env)
    actions = audit_actions(emr, env)
    assert actions.count("import") == len(demo_files()) + ROUNDS * IMPORTS_PER_ROUND
    assert actions.count("charting") == ROUNDS
    assert restarted_unsent(emr, env, person) == before + ROUNDS


def outbox_rows(database):
    """Rows in the outbox (its count is plaintext; read while no emr has the cache open)."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return connection.execute("SELECT count(*) FROM outbox").fetchone()[0]
    finally:
        connection.close()


# Every half millisecond for 30 ms: a save commits about 13 ms after Enter in a debug build.
KILL_OFFSETS_MS = [step / 2 for step in range(61)]


def test_a_kill_at_any_moment_of_a_save_leaves_the_values_and_their_entry_together(emr, env, emr_home):
    """A nurse presses Enter to save one value and the workstation is killed (-9) 0, 0.5, 1 ...
    30 ms later, a new trial each time: every saved value has its charting entry and every
    entry its value (one heart rate is one outbox row), the trail verifies, and the offsets
    straddle the save (some trials saved, some did not)."""
    assert emr_run(emr, env, "import", *demo_files()).returncode == 0
    database = emr_home / "cache.sqlite"
    person = patient(6)
    outcomes = []
    for trial, offset in enumerate(KILL_OFFSETS_MS):
        session = start_workstation(emr, env)
        try:
            open_chart(session, person)
            chart(session, [str(60 + trial)])
            pid = session.emr_pid()
            session.key_now("Enter")
            time.sleep(offset / 1000)
            os.kill(pid, signal.SIGKILL)
        finally:
            session.close()
        verify = emr_run(emr, env, "audit", "verify")
        assert verify.returncode == 0, f"after a kill {offset} ms into a save: {verify.stderr}"
        saved, entries = outbox_rows(database), audit_actions(emr, env).count("charting")
        assert saved == entries, f"a kill {offset} ms into a save left {saved} saved values and {entries} charting entries"
        outcomes.append(saved - sum(outcomes))
    assert 0 < sum(outcomes) < len(outcomes), f"the kills did not straddle the save (saved per trial: {outcomes})"
