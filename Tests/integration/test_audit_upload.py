"""`emr sync` uploads the audit trail: one valid R4 AuditEvent per local entry on the real
server, only new entries on the next sync, and still exactly one per entry after the sync
is killed with SIGKILL in the middle of the upload."""
import re
import signal
import subprocess
import time

from fhir.resources.R4B.auditevent import AuditEvent

from fhir_server import WARD, free_port


def audit_ids(server) -> list[str]:
    return [event["id"] for event in server.search_all("AuditEvent?_count=500")]


def local_entries(run_emr) -> int:
    verified = run_emr("audit", "verify")
    assert verified.returncode == 0, verified.stderr
    return int(re.fullmatch(r"ok: (\d+) entries, the whole chain verified", verified.stdout.strip()).group(1))


def uploaded(result) -> int:
    return int(re.search(r"^uploaded (\d+) audit entries to ", result.stdout, re.M).group(1))


def sync(run_emr, base):
    return run_emr("sync", "--server", base, "--ward", WARD)


def pend_entries(run_emr, runs: int):
    """Adds entries without uploading them: syncs against a port nobody listens on
    (each records its unlock and the failed sync)."""
    closed = f"http://127.0.0.1:{free_port()}/fhir"
    for _ in range(runs):
        assert sync(run_emr, closed).returncode == 2


def test_sync_uploads_one_valid_audit_event_per_entry(run_emr, demo_server):
    before = set(audit_ids(demo_server))
    result = sync(run_emr, demo_server.base)
    assert result.returncode == 0, result.stderr
    entries = local_entries(run_emr)
    assert uploaded(result) == entries
    events = [e for e in demo_server.search_all("AuditEvent?_count=500") if e["id"] not in before]
    assert len(events) == len({e["id"] for e in events}) == entries
    for event in events:
        AuditEvent.model_validate(event)
    kinds = sorted((e["type"]["code"], [s["code"] for s in e.get("subtype", [])], e["action"], e["outcome"]) for e in events)
    assert kinds == [("110107", [], "C", "0"), ("110114", ["110122"], "E", "0")], "the sync (an import) and its unlock (a login)"


def test_a_second_sync_uploads_only_the_new_entries(run_emr, demo_server):
    before = set(audit_ids(demo_server))
    assert sync(run_emr, demo_server.base).returncode == 0
    pend_entries(run_emr, 2)
    again = sync(run_emr, demo_server.base)
    assert again.returncode == 0, again.stderr
    assert uploaded(again) == 4 + 2, "two failed syncs (unlock, sync) and this one's unlock and sync"
    new = set(audit_ids(demo_server)) - before
    assert len(new) == local_entries(run_emr)


def test_kill_during_upload_still_gives_exactly_one_event_per_entry(run_emr, demo_server, fault_proxy):
    before = set(audit_ids(demo_server))
    pend_entries(run_emr, 6)
    slow = fault_proxy("slow-put")
    process = subprocess.Popen([str(run_emr.emr), "sync", "--server", slow, "--ward", WARD], env=run_emr.env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 120
    while len(set(audit_ids(demo_server)) - before) < 3 and time.time() < deadline:
        time.sleep(0.1)
    process.send_signal(signal.SIGKILL)
    process.wait()
    entries = local_entries(run_emr)
    partial = len(set(audit_ids(demo_server)) - before)
    assert 3 <= partial < entries, "killed in the middle of the upload"

    resumed = sync(run_emr, demo_server.base)
    assert resumed.returncode == 0, resumed.stderr
    assert uploaded(resumed) in (entries + 2 - partial, entries + 2 - partial + 1), "the rest, at most the one in flight again"
    new = set(audit_ids(demo_server)) - before
    assert len(new) == local_entries(run_emr) == entries + 2
