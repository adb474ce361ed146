"""End-to-end tests: they drive the real `emr` binary, never a mock.

The binary is built by `make test` before pytest runs; EMR_BIN overrides its path.
Every test gets its own EMR_HOME in a temporary directory, so no test touches a real cache.
"""
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def emr_binary() -> pathlib.Path:
    override = os.environ.get("EMR_BIN")
    if override:
        return pathlib.Path(override)
    bin_dir = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    return pathlib.Path(bin_dir) / "emr"


@pytest.fixture(scope="session")
def emr() -> pathlib.Path:
    path = emr_binary()
    if not path.exists():
        pytest.fail(f"{path} is missing: run 'make build' first")
    return path


@pytest.fixture
def emr_home(tmp_path) -> pathlib.Path:
    home = tmp_path / "emr-home"
    return home


@pytest.fixture
def env(emr_home) -> dict:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("EMR_")}
    # Debug logging is on for the whole suite, so the PHI scan below covers every path tested.
    environment.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", EMR_HOME=str(emr_home), TZ="UTC", EMR_LOG="debug")
    return environment


@pytest.fixture(scope="session", autouse=True)
def no_phi_in_any_debug_log(tmp_path_factory):
    """After the whole end-to-end suite ran with EMR_LOG=debug, no log it wrote may hold a
    fixture patient's name, MRN or birth date."""
    from fixture_facts import needle, phi_terms
    yield
    logs = list(tmp_path_factory.getbasetemp().rglob("emr-debug.log"))
    assert logs, "the suite wrote no debug log, so the PHI scan would prove nothing"
    hits = [(term, str(log)) for log in logs for term in phi_terms() if needle(term) in log.read_bytes()]
    assert not hits, f"PHI in debug logs: {hits[:5]}"


@pytest.fixture(scope="session")
def fixtures_dir() -> pathlib.Path:
    return ROOT / "Fixtures"


def pytest_report_header(config):
    return f"emr e2e: tmux {'found' if shutil.which('tmux') else 'MISSING'}"
