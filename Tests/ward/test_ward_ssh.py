"""A nurse reaches the workstation over ssh on a ward server (issue 6, "The ward server
set-up"): key login lands in `emr` and nothing else, the account's own passphrase unlocks its
own cache, `q` leaves the thin client's terminal as it was, and a dropped link ends the
server-side `emr` with the cache intact and no patient data in plaintext."""
import os
import pwd
import re
import signal
import subprocess

import pytest

TERMS = ["vt220", "xterm-256color"]


def audit_entries(account) -> int:
    result = account.emr("audit", "verify", env={"EMR_PASSPHRASE": account.passphrase}, check=False)
    match = re.fullmatch(r"ok: (\d+) entries, the whole chain verified", result.stdout.strip())
    assert result.returncode == 0 and match, f"audit verify as the account: {result.stdout} {result.stderr}"
    return int(match.group(1))


def session_environment(pid) -> dict:
    raw = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


def test_a_vt220_client_whose_locale_is_not_utf8_gets_its_own_line_drawing(nurse, ward_server, tmp_path):
    """The login wrapper keeps the locale ssh sent (WardServer.md: SendEnv/AcceptEnv): a VT220 with
    LANG=C gets no UTF-8 at all, and frames in its line-drawing set (ESC ( 0)."""
    started, sent = tmp_path / "recording", tmp_path / "sent.bin"
    waiting = f"while [ ! -e {started} ]; do sleep 0.05; done; {nurse.ssh_command()}"
    session = nurse.ssh_session(term="vt220", locale="C", command=waiting)
    try:
        session.record_output(sent)
        started.touch()
        nurse.unlock(session)
        [pid] = nurse.emr_pids()
        remote = session_environment(pid)
        assert (remote.get("LANG"), remote.get("LC_ALL")) == ("C", "C"), "the client's locale did not reach emr"
        session.keys("q")
        assert session.finished() == "exit=0", ward_server.log()
        output = sent.read_bytes()
        assert not [b for b in output if b >= 0x80], "UTF-8 sent to a VT220 whose locale is C"
        assert b"\x1b(0" in output, "frames not drawn in the terminal's line-drawing set"
        assert nurse.wait_until_no_emr() == []
    finally:
        session.close()


@pytest.mark.parametrize("term", TERMS)
def test_ssh_login_lands_in_the_workstation_and_q_restores_the_terminal(nurse, ward_server, term):
    session = nurse.ssh_session(term=term)
    try:
        screen = nurse.unlock(session)
        assert "Patients" in screen and "DOB " in screen
        [pid] = nurse.emr_pids()
        remote = session_environment(pid)
        assert remote["TERM"] == term, "ssh did not carry the thin client's TERM to emr"
        assert remote["SSH_CLIENT"].startswith("127.0.0.1 "), "emr is not running under the ssh login"
        first_mrn = re.search(r"MRN (\S+)", screen).group(1)
        session.keys("j")
        session.wait_until_gone(f"MRN {first_mrn}")  # the next patient's banner
        session.keys("Enter", "3")
        screen = session.wait_for("[3 Vitals]")
        assert "MRN " in screen
        session.keys("q")
        assert session.finished() == "exit=0", ward_server.log()
        before, after = session.stty()
        assert before == after, "the local terminal's settings changed"
        assert "MRN " not in session.scrollback(), "patient data left on the thin client's terminal"
        assert nurse.wait_until_no_emr() == []
    finally:
        session.close()


@pytest.mark.parametrize("where", ["passphrase prompt", "open chart"])
def test_dropped_link_ends_emr_and_keeps_the_cache(nurse, ward_server, where):
    entries = audit_entries(nurse)
    session = nurse.ssh_session(term="vt220")
    try:
        if where == "open chart":
            nurse.unlock(session)
            session.keys("Enter")
            session.wait_for("[1 Summary]")
        else:
            session.wait_for("Passphrase for the cache in", timeout=30)
        assert len(nurse.emr_pids()) == 1
        os.kill(session.child_pid("ssh"), signal.SIGTERM)  # the link drops: sshd hangs up emr's tty
        session.finished()
        before, after = session.stty()
        assert before == after, "the local terminal's settings changed"
        assert nurse.wait_until_no_emr() == [], f"emr still running after the link dropped: {ward_server.log()}"
    finally:
        session.close()

    again = nurse.ssh_session(term="xterm-256color")
    try:
        nurse.unlock(again)
        again.keys("q")
        assert again.finished() == "exit=0"
    finally:
        again.close()
    assert audit_entries(nurse) > entries
    rows = nurse.audit_rows()[entries:]
    assert {(row["USER"], row["SOURCE"]) for row in rows} == {(nurse.name, "127.0.0.1")}, "entries not tied to the ssh login"
    actions = [row["ACTION"] for row in rows]
    if where == "open chart":
        # The dropped session's unlock and chart view were recorded before they showed.
        assert actions.count("unlock") == 2 and "chart-opened" in actions[1:actions.index("unlock", 1)], actions
    else:
        assert actions.count("unlock") == 1, actions
    nurse.assert_no_phi_in_files()


def test_first_login_creates_the_accounts_own_cache_with_a_new_passphrase(ward_server):
    account = ward_server.add_account()
    session = account.ssh_session(term="vt220")
    try:
        session.wait_for("New passphrase for the cache in", timeout=30)
        session.keys("first-login-passphrase", literal=True)
        session.keys("Enter")
        session.wait_for("Type it again")
        session.keys("first-login-passphrase", literal=True)
        session.keys("Enter")
        session.wait_for("Patients 0", timeout=30)
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
    folder = account.emr_home.stat()
    key = (account.emr_home / "key.json").stat()
    assert pwd.getpwuid(folder.st_uid).pw_name == account.name and folder.st_mode & 0o777 == 0o700
    assert pwd.getpwuid(key.st_uid).pw_name == account.name and key.st_mode & 0o777 == 0o600
    account.passphrase = "first-login-passphrase"
    assert [row["ACTION"] for row in account.audit_rows()] == ["unlock"]


def test_a_command_asked_for_over_ssh_runs_emr_instead(nurse):
    """ForceCommand: the account has no shell and no other program, even when the client
    names one; without a terminal emr stops at the passphrase and says why."""
    command = nurse.ssh_command().replace("ssh -tt", "ssh -T") + " cat /etc/passwd"
    result = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert "root:" not in result.stdout
    assert "no terminal to ask for the passphrase" in result.stderr
