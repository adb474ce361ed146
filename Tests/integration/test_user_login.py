"""SMART App Launch user login against a real OpenID provider (oidc-provider-mock, PKCE S256
required) and a FHIR server that accepts only its live tokens (nginx in front of sekmet; see
user_login_server.py). The test plays the user: it reads the address `emr login --no-browser`
prints, logs in at the provider's own form over HTTP, and pastes back the redirect address,
as a nurse on an SSH thin client does from a phone or another PC."""
import pathlib
import sys
import subprocess
import time
import urllib.parse
import urllib.request

import pytest

from conftest import PASSPHRASE
from fhir_server import WARD, free_port
from user_login_server import NURSE, NURSE_PRACTITIONER, REDIRECT_PORT, log_in_as, running_login_server

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))
from tmux_session import TmuxSession  # noqa: E402  (shared with the e2e tests)
from charting_steps import chart, eventually, leave, open_chart, unsent, wait_words  # noqa: E402

@pytest.fixture(scope="module")
def login_server(tmp_path_factory):
    with running_login_server(tmp_path_factory.mktemp("login")) as server:
        yield server


def configure(run_emr, server, extra: str = ""):
    run_emr.home.mkdir(mode=0o700)
    (run_emr.home / "config").write_text(
        f"server = {server.base}\nward = {WARD}\nlogin = user\nlogin_client_id = {server.client_id}\n"
        f"login_redirect_port = {REDIRECT_PORT}\n{extra}")


def start_login(run_emr, words: list[str], stdin, until, waiting_for: str):
    """`emr login WORDS` without a display (as over SSH), read line by line until `until(line)`
    is true; returns the process, the lines shown and what `until` gave."""
    env = {k: v for k, v in run_emr.env.items() if k != "DISPLAY"}
    process = subprocess.Popen([str(run_emr.emr), "login", *words], env=env, text=True,
                               stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines = []
    while True:
        line = process.stdout.readline()
        assert line, f"emr login ended before {waiting_for}: " + process.stderr.read()
        lines.append(line)
        if found := until(line):
            return process, lines, found


def login(run_emr, answer_for) -> subprocess.CompletedProcess:
    """`emr login --no-browser`; `answer_for(authorize_url)` is what the user pastes."""
    process, lines, _ = start_login(
        run_emr, ["--no-browser"], subprocess.PIPE,
        lambda line: line.startswith("http://127.0.0.1:") and "/oauth2/authorize?" in line, "printing the address")
    process.stdin.write(answer_for(lines[-1].strip()) + "\n")
    process.stdin.close()
    # Read through the buffer readline filled (communicate() would skip what is in it).
    out, err = process.stdout.read(), process.stderr.read()
    process.wait(timeout=60)
    return subprocess.CompletedProcess(process.args, process.returncode, "".join(lines) + out, err)


def audited(run_emr, code: str) -> list[str]:
    """The outcomes of this account's audit entries with `code`, oldest first."""
    return [row["OUTCOME"] for row in audit_rows(run_emr) if row["ACTION"] == code]


def audit_rows(run_emr) -> list[dict[str, str]]:
    """`emr audit show` as rows by column name (no cell holds a space)."""
    shown = run_emr("audit", "show")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    header = lines[0].replace("TIME (UTC)", "TIME").split()
    return [dict(zip(header, line.split())) for line in lines[1:]]


def query(url: str) -> dict[str, str]:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))


def test_login_by_paste_back_then_sync_as_that_user(run_emr, login_server):
    configure(run_emr, login_server)
    asked = {}

    def user(url):
        asked.update(query(url))
        return log_in_as(url, NURSE)

    result = login(run_emr, user)
    assert result.returncode == 0, result.stderr
    assert f"logged in to http://127.0.0.1:{login_server.port} as {NURSE_PRACTITIONER}" in result.stdout
    assert asked["code_challenge_method"] == "S256" and len(asked["code_challenge"]) == 43
    assert asked["aud"] == login_server.base
    assert asked["scope"].split()[:3] == ["openid", "fhirUser", "online_access"]
    assert "user/Observation.cu" in asked["scope"].split()
    assert "no device authorization" not in result.stderr  # the server offers it
    assert "Or type device to log in with a code on any device instead" in result.stdout.splitlines()

    synced = run_emr("sync")
    assert synced.returncode == 0, synced.stderr
    assert "synced" in synced.stdout or "patients" in synced.stdout


def test_a_server_without_the_device_grant_gets_no_device_line_at_the_prompt(run_emr, tmp_path):
    with running_login_server(tmp_path, discovery={"device_authorization_endpoint": None}) as server:
        configure(run_emr, server)
        result = login(run_emr, lambda url: log_in_as(url, NURSE))
    assert result.returncode == 0, result.stderr
    assert "or just the code:" in result.stdout, "the prompt was read"
    assert "with a code" not in result.stdout
    assert "no device authorization" in result.stderr


def test_without_login_sync_says_to_log_in(run_emr, login_server):
    configure(run_emr, login_server)
    result = run_emr("sync")
    assert result.returncode == 2
    assert "not logged in to the FHIR server" in result.stderr and "emr login" in result.stderr


def test_a_redirect_with_another_state_is_refused_and_nothing_stored(run_emr, login_server):
    configure(run_emr, login_server)

    def forged(url):
        redirect = log_in_as(url, NURSE)
        return redirect.replace("state=", "state=x")

    result = login(run_emr, forged)
    assert result.returncode == 2
    assert "state does not match" in result.stderr
    assert run_emr("sync").returncode == 2


def test_denied_consent_is_one_line_and_nothing_stored(run_emr, login_server):
    configure(run_emr, login_server)
    result = login(run_emr, lambda url: log_in_as(url, NURSE, deny=True))
    assert result.returncode == 2
    assert "refused at the server (access denied)" in result.stderr
    assert run_emr("sync").returncode == 2
    assert audited(run_emr, "server-login") == ["failure"]


def test_the_bare_code_works_and_logout_ends_the_session(run_emr, login_server):
    configure(run_emr, login_server)
    result = login(run_emr, lambda url: query(log_in_as(url, NURSE))["code"])
    assert result.returncode == 0, result.stderr
    assert run_emr("sync").returncode == 0

    out = run_emr("logout")
    assert out.returncode == 0 and "logged out of" in out.stdout
    assert audited(run_emr, "server-login") == ["success"] and audited(run_emr, "server-logout") == ["success"]
    after = run_emr("sync")
    assert after.returncode == 2 and "emr login" in after.stderr


def test_a_session_revoked_at_the_server_is_dropped(run_emr, login_server):
    configure(run_emr, login_server)
    assert login(run_emr, lambda url: log_in_as(url, NURSE)).returncode == 0
    login_server.provider.revoke(NURSE)
    refused = run_emr("sync")
    assert refused.returncode == 2 and "emr login" in refused.stderr
    # The session is gone from the cache: the next run does not try the dead token again.
    again = run_emr("sync")
    assert "no one is logged in" in again.stderr


def fake_xdg_open(directory):
    """An `xdg-open` first on PATH that only records the address it was given (no browser)."""
    directory.mkdir(exist_ok=True)
    script = directory / "xdg-open"
    script.write_text(f"#!/bin/sh\necho \"$1\" >> {directory}/opened\n")
    script.chmod(0o755)
    return directory / "opened"


def test_with_a_display_the_browser_opens_and_the_loopback_redirect_finishes_the_login(run_emr, login_server, tmp_path):
    port = free_port()
    configure(run_emr, login_server)
    client_id = login_server.provider.register(f"http://127.0.0.1:{port}/callback")
    opened = fake_xdg_open(tmp_path / "bin")
    env = dict(run_emr.env, DISPLAY=":0", PATH=f"{tmp_path / 'bin'}:{run_emr.env['PATH']}")
    process = subprocess.Popen([str(run_emr.emr), "login", "--client-id", client_id, "--redirect-port", str(port)], env=env,
                               text=True, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        printed = []
        while "Waiting for the browser" not in (line := process.stdout.readline()):
            assert line, "emr login ended early: " + process.stderr.read()
            printed.append(line.strip())
        # xdg-open runs beside emr: wait until it has been handed the address emr printed.
        deadline = time.time() + 30
        while not (opened.exists() and opened.read_text().strip()) and time.time() < deadline:
            time.sleep(0.05)
        address = opened.read_text().strip()
        assert address in printed
        # The browser: the provider's login form, then its redirect to emr's loopback listener.
        redirect = log_in_as(address, NURSE)
        assert redirect.startswith(f"http://127.0.0.1:{port}/callback?")
        with urllib.request.urlopen(redirect, timeout=10) as page:
            assert b"return to the terminal" in page.read()
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 0, err
    assert f"as {NURSE_PRACTITIONER}" in out
    assert run_emr("sync").returncode == 0


def test_without_a_display_no_browser_is_started(run_emr, login_server, tmp_path):
    configure(run_emr, login_server)
    opened = fake_xdg_open(tmp_path / "bin")
    env = {k: v for k, v in run_emr.env.items() if k != "DISPLAY"}
    env["PATH"] = f"{tmp_path / 'bin'}:{env['PATH']}"
    result = subprocess.run([str(run_emr.emr), "login"], env=env, input="", capture_output=True, text=True, timeout=60)
    assert "paste the address" in result.stdout
    assert result.returncode == 2 and "no answer from the login" in result.stderr
    assert not opened.exists()


@pytest.fixture(scope="module")
def short_session_server(tmp_path_factory):
    """Tokens that live 30 s: under the minute emr renews ahead of expiry, so each run renews."""
    with running_login_server(tmp_path_factory.mktemp("short"), token_seconds=30) as server:
        yield server


def token_requests(server) -> int:
    return (server.directory / "provider.log").read_text().count("POST /oauth2/token")


def test_a_token_about_to_expire_is_renewed_with_the_refresh_token(run_emr, short_session_server):
    configure(run_emr, short_session_server)
    assert login(run_emr, lambda url: log_in_as(url, NURSE)).returncode == 0
    before = token_requests(short_session_server)
    synced = run_emr("sync")
    assert synced.returncode == 0, synced.stderr
    assert token_requests(short_session_server) == before + 1
    # The renewed session was sealed: the next run renews from it (the first access token is dead).
    again = run_emr("sync")
    assert again.returncode == 0, again.stderr


def test_wipe_takes_the_session_with_the_cache(run_emr, login_server):
    configure(run_emr, login_server)
    assert login(run_emr, lambda url: log_in_as(url, NURSE)).returncode == 0
    assert run_emr("wipe", "--yes").returncode == 0
    after = run_emr("sync")
    assert after.returncode == 2 and "no one is logged in" in after.stderr


def test_another_clinician_cannot_log_in_with_this_cache(run_emr, login_server):
    configure(run_emr, login_server)
    login_server.provider.add_user("dr.brook", "Practitioner/prac-dr-brook")
    assert login(run_emr, lambda url: log_in_as(url, NURSE)).returncode == 0
    other = login(run_emr, lambda url: log_in_as(url, "dr.brook"))
    assert other.returncode == 2
    assert f"this cache belongs to {NURSE_PRACTITIONER}; Practitioner/prac-dr-brook cannot log in" in other.stderr
    # The owner's session is untouched; after a logout the owner logs in again.
    assert run_emr("sync").returncode == 0
    assert run_emr("logout").returncode == 0
    assert login(run_emr, lambda url: log_in_as(url, NURSE)).returncode == 0


PASTE_PROMPT = "or just the code"


def wait_for_login_prompt(session, count: int = 1):
    """Until the workstation's `count`th login prompt is on the terminal (earlier ones stay in
    its scrollback); returns the address that login asks the nurse to open."""
    shown = eventually(session.joined_scrollback, f"login prompt {count}", 60,
                       until=lambda text: text.count(PASTE_PROMPT) >= count, seen=session.screen)
    return [line for line in shown.splitlines() if "/oauth2/authorize?" in line][-1].strip()


def paste_login_at_start(session, count: int = 1, user: str = NURSE):
    """The workstation's login (at start, or at an unlock), over SSH: the nurse (or `user`)
    logs in on another device and pastes back the address the browser ended on."""
    session.keys(log_in_as(wait_for_login_prompt(session, count), user), literal=True)
    session.keys("Enter")


def test_the_online_workstation_asks_for_a_login_at_start_over_ssh(run_emr, login_server):
    """No DISPLAY, as over SSH: before the screen, the address and the prompt; the nurse pastes
    the redirect from another device, and the workstation then syncs as her."""
    configure(run_emr, login_server)
    env = {k: v for k, v in run_emr.env.items() if k != "DISPLAY"}
    session = TmuxSession(str(run_emr.emr), env, columns=80, rows=24)
    try:
        paste_login_at_start(session)
        session.wait_for("ONLINE · synced", timeout=120)
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
    # The session was sealed in the cache: the next run uses it without asking.
    synced = run_emr("sync")
    assert synced.returncode == 0, synced.stderr


def test_a_server_offering_only_plain_pkce_is_refused_before_any_browser(run_emr, tmp_path):
    with running_login_server(tmp_path, discovery={"code_challenge_methods_supported": ["plain"]}) as server:
        configure(run_emr, server)
        result = run_emr("login", "--no-browser")
    assert result.returncode == 2
    assert "does not offer PKCE S256 (offers: plain)" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "/oauth2/authorize" not in result.stdout


def test_the_logged_in_nurse_is_the_user_of_record(run_emr, login_server):
    """Charting as the logged-in nurse: the server's Observation names her Practitioner as
    performer, the header her name, and the audit trail her Practitioner beside the account."""
    configure(run_emr, login_server, "sync_interval = 0.05\n")  # a sync every 3 s
    assert login(run_emr, lambda url: log_in_as(url, NURSE)).returncode == 0
    patient_id = login_server.fhir.census()[-1]
    person = login_server.fhir.search_all(f"Patient?_id={patient_id}")[0]
    env = {k: v for k, v in run_emr.env.items() if k != "DISPLAY"}
    session = TmuxSession(str(run_emr.emr), env, columns=80, rows=24)
    try:
        header = session.wait_for("ONLINE · synced", timeout=120).splitlines()[0]
        assert "Ada Adams" in header
        open_chart(session, person)
        chart(session, ["72"])
        session.keys("Enter")
        wait_words(session, "all charted entries are on the server", timeout=60)
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
    [observation] = login_server.fhir.charted(patient_id)
    assert observation["performer"][0]["reference"] == NURSE_PRACTITIONER
    assert observation["performer"][0].get("display")
    rows = audit_rows(run_emr)
    charting = [row for row in rows if row["ACTION"] == "charting"]
    assert charting and all(row["PRACTITIONER"] == NURSE_PRACTITIONER for row in charting), rows
    assert [row["PRACTITIONER"] for row in rows if row["ACTION"] == "server-login"] == [NURSE_PRACTITIONER]


def test_logout_revokes_the_session_at_the_server(run_emr, login_server):
    configure(run_emr, login_server)
    assert login(run_emr, lambda url: log_in_as(url, NURSE)).returncode == 0
    revocations = (login_server.directory / "provider.log").read_text().count('"POST /oauth2/revoke HTTP/1.1" 200')
    out = run_emr("logout")
    assert out.returncode == 0, out.stderr
    assert "removed from the cache; it was revoked at the server" in out.stdout
    log = (login_server.directory / "provider.log").read_text()
    assert log.count('"POST /oauth2/revoke HTTP/1.1" 200') == revocations + 1


def test_without_revocation_logout_says_the_server_session_lasts_until_it_expires(run_emr, tmp_path):
    with running_login_server(tmp_path, discovery={"revocation_endpoint": None}) as server:
        configure(run_emr, server)
        assert login(run_emr, lambda url: log_in_as(url, NURSE)).returncode == 0
        out = run_emr("logout")
    assert out.returncode == 0, out.stderr
    assert "the server offers no revocation, so its session lasts until it expires" in out.stdout
    assert "/oauth2/revoke" not in (tmp_path / "provider.log").read_text()


def chart_after_the_session_ends(run_emr, server):
    """The nurse logs in and the ward is cached; the workstation opens (over SSH: no DISPLAY)
    and runs until its server session ends, which its status line says; she charts a heart
    rate, kept pending. Returns the workstation's tmux session and the patient's id."""
    # An access token of 72 s is due for renewal (a minute ahead) 12 s after the login, when
    # the refresh token (1 s) is dead already; the first sync fills the cache before that.
    due = time.time() + 13
    assert login(run_emr, lambda url: log_in_as(url, NURSE)).returncode == 0
    synced = run_emr("sync")
    assert synced.returncode == 0 and time.time() < due - 1, "the ward in the cache, as after a working day"
    # The workstation opens on a live session; its syncs reach the renewal when it comes due,
    # and the refusal is what the nurse then sees.
    patient_id = server.fhir.census()[-1]
    person = server.fhir.search_all(f"Patient?_id={patient_id}")[0]
    session = TmuxSession(str(run_emr.emr), {k: v for k, v in run_emr.env.items() if k != "DISPLAY"}, columns=80, rows=24)
    try:
        screen = session.wait_for("sync failed: server login ended; charting is kept: L, then unlock, to log in", timeout=120)
        assert "OFFLINE" in screen.splitlines()[0]
        open_chart(session, person)
        chart(session, ["72"])
        session.keys("Enter")
        session.wait_for("pending until the server has it")
    except BaseException:
        session.close()
        raise
    return session, patient_id


def test_an_expired_refresh_token_asks_for_a_login_and_nothing_charted_is_lost(run_emr, tmp_path):
    """The refresh token dies (the provider answers invalid_grant): the workstation says so in
    one line and charts on, offline; the next start asks for a login, and the vital charted
    meanwhile reaches the server then."""
    with running_login_server(tmp_path, token_seconds=72, refresh_seconds=1) as server:
        configure(run_emr, server, "sync_interval = 0.5\n")  # the failure stays on the status line
        session, patient_id = chart_after_the_session_ends(run_emr, server)
        try:
            leave(session)
            assert session.finished() == "exit=0"
        finally:
            session.close()
        synced = run_emr("sync")
        assert synced.returncode == 2 and "no one is logged in" in synced.stderr, "the dead session was dropped"
        session = TmuxSession(str(run_emr.emr), {k: v for k, v in run_emr.env.items() if k != "DISPLAY"}, columns=80, rows=24)
        try:
            paste_login_at_start(session)
            charted = eventually(lambda: server.fhir.charted(patient_id), "the vital on the server", 120, seen=session.screen)
            leave(session)
            assert session.finished() == "exit=0"
        finally:
            session.close()
    assert [o["performer"][0]["reference"] for o in charted] == [NURSE_PRACTITIONER]


def lock_and_unlock(session):
    """`L`, then the cache passphrase at the lock screen, as the nurse does."""
    session.keys("L")
    session.wait_for("Screen locked")
    session.keys(PASSPHRASE, literal=True)
    session.keys("Enter")


def test_an_ended_session_is_logged_in_again_at_the_unlock(run_emr, tmp_path):
    """The refresh token dies while the workstation runs. The nurse locks and unlocks: the
    terminal goes to the login (paste-back, over SSH); Ctrl-C there leaves her offline on the
    cache with one line, and the next unlock asks again; logged in, the header is ONLINE at
    once and the heart rate charted meanwhile reaches the server, as hers."""
    with running_login_server(tmp_path, token_seconds=72, refresh_seconds=1) as server:
        configure(run_emr, server, "sync_interval = 0.5\n")
        session, patient_id = chart_after_the_session_ends(run_emr, server)
        try:
            lock_and_unlock(session)
            wait_for_login_prompt(session)
            session.keys("C-c")
            screen = session.wait_for("login cancelled: charting is kept here; L, then unlock, to log in again")
            assert "OFFLINE" in screen.splitlines()[0] and unsent(screen) == 1, "nothing lost"
            assert server.fhir.charted(patient_id) == []

            lock_and_unlock(session)
            paste_login_at_start(session, count=2)
            session.wait_for("ONLINE · synced", timeout=120)
            # The sync at once after the login drains the outbox: the header's count goes.
            eventually(session.screen, "the outbox drained", 60, until=lambda screen: not unsent(screen))
            leave(session)
        finally:
            session.close()
        charted = server.fhir.charted(patient_id)
    assert [o["performer"][0]["reference"] for o in charted] == [NURSE_PRACTITIONER]
    assert audited(run_emr, "server-login") == ["success", "failure", "success"]


def test_another_clinician_cannot_log_in_again_at_the_unlock(run_emr, tmp_path):
    """At the unlock after the session ended, a colleague's login is refused: the reason stays
    on the terminal until Enter, then the nurse is back on her cache, offline, nothing lost,
    and the workstation still names her."""
    with running_login_server(tmp_path, token_seconds=72, refresh_seconds=1) as server:
        configure(run_emr, server, "sync_interval = 0.5\n")
        server.provider.add_user("dr.brook", "Practitioner/prac-dr-brook")
        session, patient_id = chart_after_the_session_ends(run_emr, server)
        try:
            lock_and_unlock(session)
            paste_login_at_start(session, user="dr.brook")
            session.wait_for("Press Enter to go back to the workstation", timeout=60)
            assert f"this cache belongs to {NURSE_PRACTITIONER}" in session.joined_screen()
            session.keys("Enter")
            screen = session.wait_for("login failed: charting is kept here; L, then unlock, to log in again")
            assert "OFFLINE" in screen.splitlines()[0] and "Ada Adams" in screen.splitlines()[0] and unsent(screen) == 1
            leave(session)
        finally:
            session.close()
        assert server.fhir.charted(patient_id) == []
    assert audited(run_emr, "server-login") == ["success", "failure"]
