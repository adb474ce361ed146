"""Hostile servers at full line speed (fault_server.py): every bound holds in memory and in
time, measured from the outside on the real binary. Peak RSS is the kernel's, as GNU time
reports it, and must stay under the response limit plus 64 MB; wall time is the sync's.

URLSession read ahead of its delegate, so an endless body grew `emr sync` to 8 GB at the 64 MB
limit and a gzip bomb to 1.4 GB; a 70 MB /metadata sent slowly was still being read at 480 s, a
1 byte/s server with --timeout 10 held a sync 65 s; a server whose paging never ended was stopped
only by the 10,000-page cap (400 s). A watchdog ends a run that goes past four
times its bounds, so a regression fails the test instead of the machine."""
import dataclasses
import os
import re
import signal
import subprocess
import time

import pytest

from conftest import private_file
from fhir_server import WARD

@dataclasses.dataclass
class Measured:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float


def measured(run_emr, *args, memory_mb: float, seconds: float) -> Measured:
    """Runs emr to its end under GNU time, which reports the peak RSS of emr alone (wait4 on a
    child forked from this process would count this process's own pages: the kernel carries a
    forked child's high-water mark across exec). A run past four times `memory_mb` or
    `seconds` is killed (and fails the caller's bounds); time's exit status is emr's, or 128
    plus the signal that ended it."""
    folder = run_emr.home.parent
    out, err = (open(folder / name, "w+") for name in ("stdout", "stderr"))
    report = folder / "peak-rss-kb"
    started = time.monotonic()
    process = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", str(report), str(run_emr.emr), *args],
                               env=run_emr.env, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
    while process.poll() is None:
        for child in children(process.pid):
            if time.monotonic() - started > 4 * seconds or resident_mb(child) > 4 * memory_mb:
                os.kill(child, signal.SIGKILL)
        time.sleep(0.05)
    out.seek(0), err.seek(0)
    peak_kb = int(report.read_text().split()[-1])
    return Measured(process.returncode, out.read(), err.read(), time.monotonic() - started, peak_kb / 1024)


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listed:
            return [int(child) for child in listed.read().split()]
    except OSError:
        return []


def resident_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024
    except (OSError, StopIteration):
        return 0


def sync(run_emr, base, *extra, limit_mb=64, seconds=60):
    return measured(run_emr, "sync", "--server", base, "--ward", WARD, *extra, memory_mb=limit_mb + 64, seconds=seconds)


def within(result: Measured, limit_mb: float, seconds: float):
    print(f"peak RSS {result.peak_mb:.0f} MB, {result.seconds:.1f} s, exit {result.returncode}")  # pytest -s shows the figures
    assert result.peak_mb < limit_mb + 64, f"peak RSS {result.peak_mb:.0f} MB, over {limit_mb} + 64 MB: {result.stderr[-300:]}"
    assert result.seconds < seconds, f"took {result.seconds:.1f} s, over {seconds} s: {result.stderr[-300:]}"


@pytest.mark.parametrize("mode, limit_mb", [
    (mode, limit) for mode in ("endless", "endless-close", "gzip-bomb", "metadata:endless") for limit in (64, 200)
] + [("huge", 64), ("metadata:huge", 64)])
def test_an_answer_past_the_limit_is_cut_off_there(run_emr, fault_proxy, mode, limit_mb):
    """At the default limit and at one far above the 20 MB where URLSession's bound gave way
    (the 70 MB answers pass only the default)."""
    run_emr.env["EMR_MAX_RESPONSE_MB"] = str(limit_mb)
    result = sync(run_emr, fault_proxy(mode), limit_mb=limit_mb)
    within(result, limit_mb, 60)
    assert result.returncode in (1, 2), result.stderr
    assert f"the answer passed {limit_mb} MB; stopped reading it" in result.stderr, result.stderr


@pytest.mark.parametrize("mode", ["token:huge", "token:endless"])
def test_a_token_answer_past_the_limit_is_cut_off_there(run_emr, fault_proxy, tmp_path, mode):
    secret = private_file(tmp_path / "secret", b"s\n")
    result = sync(run_emr, fault_proxy(mode), "--client-id", "ward", "--client-secret-file", str(secret))
    within(result, 64, 60)
    assert result.returncode in (1, 2), result.stderr
    assert "the answer passed 64 MB; stopped reading it" in result.stderr, result.stderr


@pytest.mark.parametrize("mode", ["metadata:drip", "metadata:trickle", "drip", "trickle", "token:trickle"])
def test_timeout_is_the_whole_exchange(run_emr, fault_proxy, tmp_path, mode):
    """A server that drips or trickles (never idle, never done) ends the sync at --timeout:
    no retry starts the clock again."""
    secret = private_file(tmp_path / "secret", b"s\n")
    result = sync(run_emr, fault_proxy(mode), "--timeout", "10", "--client-id", "ward", "--client-secret-file", str(secret), seconds=20)
    within(result, 64, 15)
    assert result.returncode == 2, result.stderr
    assert "did not answer within 10 s" in result.stderr, result.stderr


@pytest.mark.parametrize("mode", ["endless-paging", "endless-empty-paging"])
def test_paging_without_end_stops_at_the_census_budget(run_emr, fault_proxy, mode):
    """Pages of new Observations (or of nothing) with a next link each, as fast as the
    loopback takes them: the sync stops at the budget its census allows, keeping nothing of
    what it fetched, within the memory and time a real census of that size needs."""
    result = sync(run_emr, fault_proxy(mode))
    within(result, 64, 60)
    assert result.returncode == 1, result.stderr
    assert re.search(r"the server sent more than a sync may take \(\d+ resources for \d+ patients\); stopped, nothing was stored",
                     result.stderr), result.stderr


def test_the_budget_is_set_in_the_config(run_emr, fault_proxy):
    """`sync_resources_per_patient` in $EMR_HOME/config sets it; a value out of range is one line."""
    run_emr.home.mkdir(mode=0o700, exist_ok=True)
    config = run_emr.home / "config"
    config.write_text("sync_resources_per_patient = 1000\n")
    config.chmod(0o600)
    result = sync(run_emr, fault_proxy("endless-paging"))
    assert result.returncode == 1, result.stderr
    assert "(6000 resources for 6 patients)" in result.stderr, result.stderr
    config.write_text("sync_resources_per_patient = 12\n")
    refused = sync(run_emr, fault_proxy("endless-paging"))
    assert refused.returncode == 2
    assert refused.stderr.strip() == "emr: sync_resources_per_patient must be a whole number between 1000 and 10000000, got '12'"
