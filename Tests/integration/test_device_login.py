"""The device authorization grant (RFC 8628) against the real provider (Authlib's
`DeviceAuthorizationEndpoint` and `DeviceCodeGrant`, see smart_provider.py) behind the same
nginx-fronted FHIR server as test_user_login.py. The test plays the nurse on another device:
it reads the user code `emr login --device` prints and approves (or denies) it at the
provider's verification address over HTTP."""
import re
import signal
import subprocess
import threading

import pytest

from test_user_login import audited, configure, start_login
from user_login_server import NURSE, NURSE_PRACTITIONER, running_login_server
from charting_steps import eventually
from tmux_session import TmuxSession

CODE = re.compile(r"open (http://127\.0\.0\.1:\d+/device) and enter the code ([A-Z]{4}-[A-Z]{4})")


@pytest.fixture(scope="module")
def device_server(tmp_path_factory):
    """Polled every second; the server paces polls at 3 s, so a client polling at the
    advertised interval is told to slow down on its second poll."""
    with running_login_server(tmp_path_factory.mktemp("device"), device_interval=1, device_pace=3) as server:
        yield server


def start_device_login(run_emr) -> tuple[subprocess.Popen, str, list[str]]:
    """`emr login --device` without a display; returns it, the user code, and the lines shown."""
    process, lines, match = start_login(run_emr, ["--device"], subprocess.DEVNULL, CODE.search, "showing the code")
    return process, match.group(2), lines


def finish(process: subprocess.Popen, timeout: float = 60) -> tuple[str, str]:
    """The rest of what `emr login` printed (read through the buffer start_login read into:
    communicate() would skip it), once it ended; fails if it has not ended within `timeout`
    seconds, never hangs."""
    read = {}
    reader = threading.Thread(target=lambda: read.update(out=process.stdout.read(), err=process.stderr.read()), daemon=True)
    reader.start()
    reader.join(timeout)
    if reader.is_alive():
        process.kill()
        reader.join()
        raise AssertionError(f"emr login did not end within {timeout} s; it printed:\n{read.get('out', '')}")
    process.wait(timeout=5)
    return read["out"], read["err"]


def wait_for_answer(server, user_code: str, answer: str, timeout: float = 30) -> list[str]:
    """Until the provider has answered a poll of this code with `answer`; returns its answers."""
    return eventually(lambda: server.provider.poll_answers(user_code), f"the provider's {answer}", timeout,
                      until=lambda answers: answer in answers)


def test_approved_on_another_device_logs_in_and_sync_works_as_that_user(run_emr, device_server):
    configure(run_emr, device_server)
    process, user_code, lines = start_device_login(run_emr)
    assert f"{device_server.provider.url}/device?user_code={user_code}" in lines[-1]  # verification_uri_complete
    wait_for_answer(device_server, user_code, "authorization_pending")
    device_server.provider.answer_device_code(user_code, NURSE)
    out, err = finish(process)
    assert process.returncode == 0, err
    assert "Waiting for the login to be approved" in out
    assert f"logged in to http://127.0.0.1:{device_server.port} as {NURSE_PRACTITIONER}" in out
    assert audited(run_emr, "server-login") == ["success"]
    synced = run_emr("sync")
    assert synced.returncode == 0, synced.stderr


def test_device_typed_at_the_paste_back_prompt_logs_in_with_a_code(run_emr, device_server):
    """A nurse whose ssh session runs nothing but the workstation cannot run `emr login
    --device`; typing `device` at the paste-back prompt switches to it."""
    configure(run_emr, device_server)
    process, _, _ = start_login(run_emr, ["--no-browser"], subprocess.PIPE,
                                lambda line: "Or type device" in line, "naming the device login")
    process.stdin.write("device\n")
    process.stdin.close()
    while not (match := CODE.search(line := process.stdout.readline())):
        assert line, "emr login ended before showing the code: " + process.stderr.read()
    device_server.provider.answer_device_code(match.group(2), NURSE)
    out, err = finish(process)
    assert process.returncode == 0, err
    assert f"logged in to http://127.0.0.1:{device_server.port} as {NURSE_PRACTITIONER}" in out
    assert audited(run_emr, "server-login") == ["success"]


def test_slow_down_adds_five_seconds_to_the_interval(run_emr, device_server):
    """The server answers `slow_down` to the second poll (1 s after the first, its pace is 3 s);
    with the interval then 6 s the next poll is within the pace, so no second `slow_down`."""
    configure(run_emr, device_server)
    process, user_code, _ = start_device_login(run_emr)
    wait_for_answer(device_server, user_code, "slow_down")
    device_server.provider.answer_device_code(user_code, NURSE)
    out, err = finish(process)
    assert process.returncode == 0, err
    assert device_server.provider.poll_answers(user_code) == ["authorization_pending", "slow_down", "approved"]


def test_denied_on_another_device_is_one_line_and_nothing_stored(run_emr, device_server):
    configure(run_emr, device_server)
    process, user_code, _ = start_device_login(run_emr)
    device_server.provider.answer_device_code(user_code, NURSE, deny=True)
    _, err = finish(process)
    assert process.returncode == 2
    assert err.strip().splitlines() == ["emr: the login was refused at the server (access denied); nothing was stored"]
    assert run_emr("sync").returncode == 2
    assert audited(run_emr, "server-login") == ["failure"]


def test_ctrl_c_while_waiting_stores_nothing(run_emr, device_server):
    configure(run_emr, device_server)
    process, user_code, _ = start_device_login(run_emr)
    wait_for_answer(device_server, user_code, "authorization_pending")
    process.send_signal(signal.SIGINT)
    finish(process, timeout=30)
    assert process.returncode != 0
    device_server.provider.answer_device_code(user_code, NURSE)  # approved too late: nobody polls
    synced = run_emr("sync")
    assert synced.returncode == 2 and "emr login" in synced.stderr


def test_an_expired_code_says_to_log_in_again(run_emr, tmp_path):
    with running_login_server(tmp_path, device_seconds=2, device_interval=1) as server:
        configure(run_emr, server)
        process, _, _ = start_device_login(run_emr)
        _, err = finish(process)
    assert process.returncode == 2
    assert err.strip().splitlines() == ["emr: the login code expired before it was approved; nothing was stored, run 'emr login' again"]


def test_a_server_without_the_device_grant_is_named_in_one_line(run_emr, tmp_path):
    with running_login_server(tmp_path, discovery={"device_authorization_endpoint": None}) as server:
        configure(run_emr, server)
        result = run_emr("login", "--device")
    assert result.returncode == 2
    assert "offers no device login" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_workstation_logs_in_at_start_by_device_code(run_emr, device_server):
    """`login_flow = device`, no DISPLAY (SSH): before the screen the code is shown; the nurse
    approves it on her phone and the workstation opens online as her."""
    configure(run_emr, device_server, "login_flow = device\n")
    env = {k: v for k, v in run_emr.env.items() if k != "DISPLAY"}
    session = TmuxSession(str(run_emr.emr), env, columns=80, rows=24)
    try:
        session.wait_for("Ctrl-C cancels", timeout=60)
        match = CODE.search(session.joined_screen())
        assert match, session.joined_screen()
        device_server.provider.answer_device_code(match.group(2), NURSE)
        session.wait_for("ONLINE · synced", timeout=120)
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()
    assert run_emr("sync").returncode == 0
