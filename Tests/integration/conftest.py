"""Integration tests: the real `emr` binary syncing from a real FHIR R4 server (sekmet-fhir,
from the pinned venv) started here on 127.0.0.1 only, on a free port, and killed by its PID
when the tests end. The demo fixtures are loaded as transaction Bundles.
"""
import glob
import json
import os
import pathlib
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
PASSPHRASE = "integration-test-passphrase"
WARD = "loc-ward-5E"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, seconds: float = 60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not come up")


class FHIRServer:
    """One sekmet instance in its own directory."""

    def __init__(self, directory: pathlib.Path, auth: dict | None = None, environment: dict | None = None):
        """`environment` is added to the server's (e.g. a shifted clock)."""
        self.port = free_port()
        self.environment = dict(os.environ, **(environment or {}))
        self.base = f"http://127.0.0.1:{self.port}/fhir"
        settings = {
            "host": "127.0.0.1", "port": self.port, "base_url": self.base, "data_dir": str(directory / "data"),
            "simulator": {"enabled": False}, "log_inbound": False,
        }
        if auth:
            settings["server_auth"] = auth
        self.config = directory / "settings.yaml"
        self.config.write_text(json.dumps(settings))  # YAML is a superset of JSON
        sekmet = str(pathlib.Path(sys.executable).parent / "sekmet")
        self.directory, self.sekmet = directory, sekmet
        subprocess.run([sekmet, "reset", "--yes", "--config", str(self.config)], check=True, capture_output=True, cwd=directory)
        self.start()

    def start(self):
        """Serves on the same port and database (again, after `stop`)."""
        self.log = open(self.directory / "server.log", "a")
        self.process = subprocess.Popen(
            [self.sekmet, "serve", "--config", str(self.config), "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=self.log, stderr=subprocess.STDOUT, cwd=self.directory, env=self.environment)
        wait_for(f"http://127.0.0.1:{self.port}/.well-known/smart-configuration")

    def stop(self):
        self.process.kill()
        self.process.wait()
        self.log.close()

    def request(self, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
        headers = {"Accept": "application/fhir+json", "Content-Type": "application/fhir+json"}
        if token:
            headers["Authorization"] = "Bearer " + token
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + "/" + path.lstrip("/"), data=data, headers=headers, method=method)
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())

    def put(self, resource: dict):
        return self.request("PUT", f"{resource['resourceType']}/{resource['id']}", resource)

    def load(self, resources: list[dict], token: str | None = None):
        """POSTs `resources` as transaction Bundles (PUT entries keep the fixture ids)."""
        for start in range(0, len(resources), 500):
            entries = [{"resource": r, "request": {"method": "PUT", "url": f"{r['resourceType']}/{r['id']}"}}
                       for r in resources[start:start + 500]]
            self.request("POST", "", {"resourceType": "Bundle", "type": "transaction", "entry": entries}, token)

    def search_all(self, query: str) -> list[dict]:
        """Every resource a search returns, following next links."""
        found, url = [], self.base + "/" + query
        while url:
            with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept": "application/fhir+json"}), timeout=60) as response:
                bundle = json.loads(response.read())
            found += [entry["resource"] for entry in bundle.get("entry", []) if entry.get("search", {}).get("mode", "match") != "outcome"]
            url = next((link["url"] for link in bundle.get("link", []) if link["relation"] == "next"), None)
        return found


def demo_resources() -> list[dict]:
    resources = []
    for path in sorted(glob.glob(str(ROOT / "Fixtures/demo/*.ndjson"))):
        resources += [json.loads(line) for line in open(path) if line.strip()]
    return resources


@pytest.fixture(scope="session")
def emr() -> pathlib.Path:
    override = os.environ.get("EMR_BIN")
    if override:
        return pathlib.Path(override)
    bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    return pathlib.Path(bin_dir) / "emr"


@pytest.fixture(scope="module")
def demo_server(tmp_path_factory):
    """An open server holding the demo fixtures; changes made by one module stay in it."""
    server = FHIRServer(tmp_path_factory.mktemp("fhir"))
    try:
        server.load(demo_resources())
        yield server
    finally:
        server.stop()


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


def fetched(summary: str) -> dict[str, int]:
    """The per-type counts in `emr sync`'s summary line."""
    inside = summary.split("resources (", 1)[1].split(")", 1)[0] if "resources (" in summary else ""
    return {kind: int(count) for kind, count in (part.rsplit(" ", 1) for part in inside.split(", ") if part)}


@pytest.fixture
def fault_proxy(demo_server):
    """Starts fault_server.py in a mode, in front of the demo server; killed by PID afterwards."""
    processes = []

    def start(mode: str) -> str:
        port = free_port()
        process = subprocess.Popen([sys.executable, str(HERE / "fault_server.py"), str(port), demo_server.base, mode])
        processes.append(process)
        wait_for(f"http://127.0.0.1:{port}/fhir/metadata")
        return f"http://127.0.0.1:{port}/fhir"

    yield start
    for process in processes:
        process.kill()
        process.wait()
