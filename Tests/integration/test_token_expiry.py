"""An access token that expires on the real server while the workstation still holds it.

The workstation renews a minute before the expiry the server announced (`expires_in`), by its
own clock, so against an honest server it only meets an expired token when the server's clock
jumps ahead, as after an NTP step. Here sekmet runs under libfaketime with a clock file the
test steps forward by 10 minutes, past the 5-minute token lifetime configured on the server;
the server then answers `401 Access token expired` to the stored token."""
import base64
import json
import pathlib
import re
import urllib.parse
import urllib.request

import pytest

from conftest import fetched
from fhir_server import WARD, FHIRServer, demo_resources
from test_auth import secret_file

LIBFAKETIME = pathlib.Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")
TOKEN_LIFETIME = 300


@pytest.fixture(scope="module")
def stepped_server(tmp_path_factory):
    if not LIBFAKETIME.exists():
        pytest.skip("libfaketime is not installed (make test-deps installs it)")
    directory = tmp_path_factory.mktemp("fhir-expiry")
    clock = directory / "clock"
    clock.write_text("+0\n")
    clients = [{"client_id": "loader", "client_secret": "load-secret", "scopes": "system/*.*"},
               {"client_id": "ward", "client_secret": "ward-secret", "scopes": "system/*.read"}]
    server = FHIRServer(directory, auth={"types": ["smart"], "smart_clients": clients, "token_lifetime": TOKEN_LIFETIME},
                        environment={"LD_PRELOAD": str(LIBFAKETIME), "FAKETIME_TIMESTAMP_FILE": str(clock), "FAKETIME_NO_CACHE": "1"})
    try:
        form = urllib.parse.urlencode({"grant_type": "client_credentials", "scope": "system/*.*"}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{server.port}/auth/token", data=form, headers={
            "Authorization": "Basic " + base64.b64encode(b"loader:load-secret").decode()})
        token = json.loads(urllib.request.urlopen(request, timeout=30).read())["access_token"]
        wanted = {"Patient", "Encounter", "Location", "Practitioner", "Condition"}
        server.load([r for r in demo_resources() if r["resourceType"] in wanted], token=token)
        server.clock = clock
        yield server
    finally:
        server.stop()


def requests_since(server: FHIRServer, offset: int) -> list[tuple[str, str, int]]:
    """(method, path, status) of each request in the server's access log after `offset`."""
    text = (server.directory / "server.log").read_text()[offset:]
    return [(method, path, int(status)) for method, path, status in re.findall(r'"(\w+) (\S+) HTTP/1\.1" (\d{3})', text)]


def test_an_expired_token_is_renewed_once_and_the_request_retried(run_emr, stepped_server, tmp_path):
    secret = secret_file(tmp_path, "ward-secret")

    def sync():
        return run_emr("sync", "--server", stepped_server.base, "--ward", WARD, "--client-id", "ward",
                       "--client-secret-file", secret, "--scope", "system/*.read")

    first = sync()
    assert first.returncode == 0, first.stderr
    assert fetched(first.stdout)["Patient"] > 1, "several patients, so several requests are in flight at once"

    stepped_server.clock.write_text(f"+{2 * TOKEN_LIFETIME}s\n")  # the server's clock jumps 10 minutes ahead
    mark = (stepped_server.directory / "server.log").stat().st_size
    second = sync()
    assert second.returncode == 0, second.stderr
    log = requests_since(stepped_server, mark)
    refused = [(method, path) for method, path, status in log if status == 401]
    renewals = [status for method, path, status in log if path == "/auth/token"]
    assert len(refused) == 1, f"exactly one request met the expired token: {log}"
    assert renewals == [200], f"exactly one renewal: {log}"
    assert (*refused[0], 200) in log[log.index((*refused[0], 401)) + 1:], "the refused request was sent again and answered"

    # The renewed token is the one kept in the cache: with the secret no longer valid, the
    # next sync needs no token request, which the expired one would.
    with open(secret, "w") as handle:
        handle.write("no-longer-valid")
    mark = (stepped_server.directory / "server.log").stat().st_size
    third = sync()
    assert third.returncode == 0, third.stderr
    assert [entry for entry in requests_since(stepped_server, mark) if entry[1] == "/auth/token" or entry[2] == 401] == []
