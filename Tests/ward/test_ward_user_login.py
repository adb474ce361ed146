"""A nurse logs in at the hospital's FHIR server over ssh (issue 17, e2e): the ward account
runs `emr` with `login = user` against the integration suite's login stack (a real OpenID
provider, nginx checking each token, sekmet behind it; Tests/integration/user_login_server.py),
all on 127.0.0.1. At 80x24 the nurse unlocks her cache, gets the paste-back prompt (no
DISPLAY over ssh, so no browser), logs in on "another device" (the test, playing the
browser with HTTP requests to the provider's login form) and pastes back where the browser
ended. The workstation opens online under her name; the vital sign she charts reaches the
server naming her Practitioner as `performer`, and her account's audit trail names her too.
No token is shown in the terminal or written to the account's files, nor any PHI."""
import base64

import pytest

from charting_steps import chart, leave, open_chart, wait_words
from fhir_server import WARD
from user_login_server import NURSE, NURSE_PRACTITIONER, REDIRECT_PORT, log_in_as, running_login_server

DEVICE_HINT = "Or type device to log in with a code on any device instead"


@pytest.fixture(scope="module")
def login_server(ward_server, tmp_path_factory):
    """The provider, nginx and sekmet with the demo ward, the nurse's Practitioner and the
    public client (after the ward server, so a skip there starts nothing here)."""
    with running_login_server(tmp_path_factory.mktemp("ward-login")) as server:
        yield server


@pytest.fixture(scope="module")
def nurse(ward_server, login_server):
    """This module's own nurse (the shared one is never left with unsent entries): her cache
    made by `emr import`, her config naming the FHIR base behind nginx, with user login and a
    background sync every 3 s, as WardServer.md sets an account up."""
    account = ward_server.add_offline_nurse()
    account.configure(server=login_server.base, ward=WARD, login="user", login_client_id=login_server.client_id,
                      login_redirect_port=REDIRECT_PORT, sync_interval="0.05")
    return account


def paste_back(session):
    """The nurse's other device: opens the address the prompt shows, logs in, and the nurse
    pastes the address the browser ended on at the prompt."""
    address = next(line.strip() for line in session.joined_screen().splitlines() if "/oauth2/authorize?" in line)
    session.keys(log_in_as(address, NURSE), literal=True)
    session.keys("Enter")


def shown_anywhere(text, blob: bytes) -> bool:
    """`text` in `blob` as is or base64-encoded (as a debug log might hold it)."""
    return any(form in blob for form in (text.encode(), base64.b64encode(text.encode())))


def test_a_nurse_logs_in_by_paste_back_over_ssh_and_charts_as_her_practitioner(nurse, login_server):
    patient_id = login_server.fhir.census()[-1]
    person = login_server.fhir.search_all(f"Patient?_id={patient_id}")[0]
    session = nurse.ssh_session(term="xterm-256color")
    try:
        nurse.type_passphrase(session)
        prompt = session.wait_for("or just the code", timeout=60)
        assert DEVICE_HINT in prompt, "the server offers the device login: the prompt says how to choose it"
        paste_back(session)
        header = session.wait_for("ONLINE · synced", timeout=120).splitlines()[0]
        assert "Ada Adams" in header, header
        open_chart(session, person)
        chart(session, ["72"])
        session.keys("Enter")
        wait_words(session, "all charted entries are on the server", timeout=60)
        leave(session)
        assert session.finished() == "exit=0"
        scrollback = session.scrollback().replace("\n", "")
    finally:
        session.close()

    [observation] = login_server.fhir.charted(patient_id)
    assert observation["performer"][0]["reference"] == NURSE_PRACTITIONER
    assert observation["performer"][0]["display"] == nurse.name

    rows = nurse.audit_rows()
    assert [row["PRACTITIONER"] for row in rows if row["ACTION"] == "server-login"] == [NURSE_PRACTITIONER], rows
    charting = [row for row in rows if row["ACTION"] == "charting"]
    assert charting and all(row["PRACTITIONER"] == NURSE_PRACTITIONER for row in charting), rows

    tokens = login_server.provider.tokens(NURSE)
    assert tokens, "the provider issued the nurse's tokens"
    assert "/oauth2/authorize?" in scrollback, "the scan covers what was shown before the screen"
    assert "eyJ" not in scrollback, "no JWT (the id token) on the screen"
    assert not [token for token in tokens if token in scrollback], "a token was shown in the terminal"
    files = nurse.files()
    assert not [(name, token) for token in tokens for name, blob in files.items() if shown_anywhere(token, blob)]
    nurse.assert_no_phi_in_files()
