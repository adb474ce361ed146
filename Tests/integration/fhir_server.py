"""The real FHIR server for tests, shared by the integration and ward suites (and `make
demo-online`, the bench): sekmet-fhir from the pinned venv, started on 127.0.0.1 only, on a
free port, killed by its PID; the demo fixtures loaded as transaction Bundles; the fault
proxy (fault_server.py) in front of it; and the checks of what the workstation charted
(one copy per value, valid R4 per fhir.resources 6.4.0 in .venv-r4).

Both suites' conftests import the `demo_server` fixture from here.
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
WARD = "loc-ward-5E"
R4_PYTHON = ROOT / ".venv-r4/bin/python"
# How the workstation names what it charts: `identifier` urn:ietf:rfc:3986 | urn:uuid:<id>.
CHARTED_SYSTEM = "urn:ietf:rfc:3986"


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

    def __init__(self, directory: pathlib.Path, auth: dict | None = None, environment: dict | None = None,
                 public_base: str | None = None):
        """`environment` is added to the server's (e.g. a shifted clock); `public_base` is the
        base its links name when a proxy in front of it is the way in."""
        self.port = free_port()
        self.environment = dict(os.environ, **(environment or {}))
        self.base = f"http://127.0.0.1:{self.port}/fhir"
        settings = {
            "host": "127.0.0.1", "port": self.port, "base_url": public_base or self.base, "data_dir": str(directory / "data"),
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

    def copies(self, charted_id: str, resource_type: str = "Observation") -> list[dict]:
        """The server's resources of `resource_type` carrying the identifier the workstation gave `charted_id`."""
        return self.search_all(f"{resource_type}?identifier={CHARTED_SYSTEM}|urn:uuid:{charted_id}")

    def charted(self, patient_id: str) -> list[dict]:
        """The patient's vital signs charted by a workstation (those with its identifier), in
        one page: behind nginx (user_login_server.py) the server's next links name nginx,
        which wants a token."""
        return [o for o in self.search_all(f"Observation?subject=Patient/{patient_id}&category=vital-signs&_count=1000")
                if any(i.get("system") == CHARTED_SYSTEM for i in o.get("identifier", []))]

    def census(self) -> list[str]:
        """The ids of the patients on the test ward, sorted."""
        encounters = self.search_all(f"Encounter?location=Location/{WARD}&status=in-progress")
        return sorted({e["subject"]["reference"].split("/")[1] for e in encounters})


def demo_resources() -> list[dict]:
    resources = []
    for path in sorted(glob.glob(str(ROOT / "Fixtures/demo/*.ndjson"))):
        resources += [json.loads(line) for line in open(path) if line.strip()]
    return resources


@pytest.fixture(scope="module")
def demo_server(tmp_path_factory):
    """An open server holding the demo fixtures; changes made by one module stay in it."""
    server = FHIRServer(tmp_path_factory.mktemp("fhir"))
    try:
        server.load(demo_resources())
        yield server
    finally:
        server.stop()


class FaultProxy:
    """fault_server.py in one mode in front of `upstream`; `stop` kills it by PID, `start`
    serves again on the same port, in another mode if given."""

    def __init__(self, upstream: str, mode: str):
        self.upstream, self.mode, self.port = upstream, mode, free_port()
        self.base = f"http://127.0.0.1:{self.port}/fhir"
        self.start()

    def start(self, mode: str | None = None):
        self.mode = mode or self.mode
        self.process = subprocess.Popen([sys.executable, str(HERE / "fault_server.py"), str(self.port), self.upstream, self.mode])
        wait_for(f"{self.base}/metadata")
        return self

    def stop(self):
        self.process.kill()
        self.process.wait()


def validate_r4(resources: list[dict]):
    """Fails unless each resource is a valid R4 Observation with the vital-signs structure
    (validate_r4.py, run in .venv-r4)."""
    assert R4_PYTHON.exists(), "the R4 validator's venv is missing: run 'make venv'"
    result = subprocess.run([str(R4_PYTHON), str(HERE / "validate_r4.py")], input=json.dumps(resources),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
