"""Integration tests: the real `emr` binary syncing from a real FHIR R4 server (sekmet-fhir,
from the pinned venv) started here on 127.0.0.1 only, on a free port, and killed by its PID
when the tests end (fhir_server.py, shared with the ward suite). The demo fixtures are
loaded as transaction Bundles.
"""
import os
import pathlib
import subprocess

import pytest

from fhir_server import ROOT, FaultProxy, demo_server  # noqa: F401  (demo_server: a fixture for this suite)

PASSPHRASE = "integration-test-passphrase"


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
