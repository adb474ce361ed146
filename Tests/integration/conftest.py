"""Integration tests: the real `emr` binary syncing from a real FHIR R4 server (sekmet-fhir,
from the pinned venv) started here on 127.0.0.1 only, on a free port, and killed by its PID
when the tests end (fhir_server.py, shared with the ward suite). The demo fixtures are
loaded as transaction Bundles.
"""
import http.server
import os
import pathlib
import signal
import subprocess
import threading

import pytest

from fhir_server import ROOT, FaultProxy, demo_server  # noqa: F401  (demo_server: a fixture for this suite)

PASSPHRASE = "integration-test-passphrase"

# The programs under test hear Ctrl-C (SIGINT) and SIGQUIT as a user's would, however this
# run was started: a job started in the background of a shell without job control begins
# with both ignored, its children inherit that, and no shell can undo it (a Ctrl-C test then
# waited for ever). A handler here is reset to the default in every program started.
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGQUIT, lambda *_: None)


@pytest.fixture(scope="session")
def emr() -> pathlib.Path:
    override = os.environ.get("EMR_BIN")
    if override:
        return pathlib.Path(override)
    bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    return pathlib.Path(bin_dir) / "emr"


class Runner:
    """Runs `emr` with its own EMR_HOME."""

    def __init__(self, emr: pathlib.Path, home: pathlib.Path):
        self.emr, self.home = emr, home
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("EMR_")}
        self.env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", TZ="UTC", EMR_HOME=str(home), EMR_PASSPHRASE=PASSPHRASE,
                        EMR_RETRY_DELAY="0.05")

    def __call__(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.emr), *args], env=self.env, capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def run_emr(emr, tmp_path) -> Runner:
    return Runner(emr, tmp_path / "emr-home")


def private_file(path: pathlib.Path, content: bytes) -> pathlib.Path:
    """A file only its owner may read, as emr demands of secrets (a client secret, a key)."""
    path.write_bytes(content)
    os.chmod(path, 0o600)
    return path


def fetched(summary: str) -> dict[str, int]:
    """The per-type counts in `emr sync`'s summary line."""
    inside = summary.split("resources (", 1)[1].split(")", 1)[0] if "resources (" in summary else ""
    return {kind: int(count) for kind, count in (part.rsplit(" ", 1) for part in inside.split(", ") if part)}


@pytest.fixture
def fault_proxy(demo_server):
    """Starts fault_server.py in a mode, in front of the demo server; killed by PID afterwards."""
    proxies = []

    def start(mode: str) -> str:
        proxies.append(FaultProxy(demo_server.base, mode))
        return proxies[-1].base

    yield start
    for proxy in proxies:
        proxy.stop()


class RequestCatcher:
    """An HTTP server on another loopback address (127.0.0.2 is another host to a client) that
    answers every request with an empty search Bundle and records it: where a client must
    never send the server's token or queries."""

    def __init__(self, host: str):
        seen = self.seen = []

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                seen.append((self.command, self.path, self.headers.get("Authorization")))
                body = b'{"resourceType":"Bundle","type":"searchset","entry":[]}'
                self.send_response(200)
                self.send_header("Content-Type", "application/fhir+json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_POST = do_PUT = do_GET

        self.server = http.server.ThreadingHTTPServer((host, 0), Handler)
        self.origin = f"http://{host}:{self.server.server_port}"
        self.base = f"{self.origin}/fhir"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def requests(self) -> list:
        return list(self.seen)

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def request_catcher():
    """Starts RequestCatchers on loopback addresses; stopped after the test."""
    catchers = []

    def start(host: str) -> RequestCatcher:
        catchers.append(RequestCatcher(host))
        return catchers[-1]

    yield start
    for catcher in catchers:
        catcher.stop()
