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
    environment.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", EMR_HOME=str(emr_home), TZ="UTC")
    return environment


@pytest.fixture(scope="session")
def fixtures_dir() -> pathlib.Path:
    return ROOT / "Fixtures"


def pytest_report_header(config):
    return f"emr e2e: tmux {'found' if shutil.which('tmux') else 'MISSING'}"
