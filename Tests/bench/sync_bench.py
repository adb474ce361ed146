"""Metric 7 of `make bench`: the census synced from a real FHIR server (sekmet-fhir, started here
on 127.0.0.1 only and loaded with the demo fixtures) by `emr sync`, against the Python reference
client `fhirclient` fetching the same resources from the same server with the same searches.

Runs alternate (emr, then the peer) after one warm-up of each, so a neighbour's load favours
neither. Each `emr sync` run is a first sync into a fresh EMR_HOME (everything fetched and
stored); its whole-process wall time includes creating and unlocking the cache (scrypt), and
its own summary line gives the sync alone. The peer's time covers its searches, paging and
parsing into `fhirclient` models, without interpreter start-up and imports; it stores nothing.

Prints one JSON object. Usage: sync_bench.py RUNS EMR_BINARY WORK_DIR
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "integration"))
from fhir_server import WARD, FHIRServer, demo_resources  # noqa: E402  (the integration tests' server)

from fhirclient import client  # noqa: E402
from fhirclient.models.allergyintolerance import AllergyIntolerance  # noqa: E402
from fhirclient.models.condition import Condition  # noqa: E402
from fhirclient.models.encounter import Encounter  # noqa: E402
from fhirclient.models.location import Location  # noqa: E402
from fhirclient.models.medicationrequest import MedicationRequest  # noqa: E402
from fhirclient.models.observation import Observation  # noqa: E402
from fhirclient.models.patient import Patient  # noqa: E402
from fhirclient.models.practitioner import Practitioner  # noqa: E402

PAGE = "200"  # emr's page size
PATIENTS_PER_SEARCH = 40  # emr's patients per `patient=` search
REFERENCE = re.compile(r'"(Location|Practitioner)/([A-Za-z0-9.\-]{1,64})"')


class CountingServer:
    """Counts the peer's HTTP requests (first pages and next links alike)."""

    def __init__(self, server):
        self.requests = 0
        original = server.request_json

        def counted(path, *args, **kwargs):
            self.requests += 1
            return original(path, *args, **kwargs)

        server.request_json = counted


def peer_sync(base: str) -> tuple[int, int]:
    """The same searches `emr sync` makes on a first sync; returns (resources, requests)."""
    smart = client.FHIRClient(settings={"app_id": "emr-bench", "api_base": base})
    counter = CountingServer(smart.server)
    fetched: dict[str, dict] = {}

    def search(model, struct):
        for resource in model.where(struct=dict(struct, _count=PAGE)).perform_resources_iter(smart.server):
            fetched[f"{resource.resource_type}/{resource.id}"] = resource.as_json()

    search(Encounter, {"location": f"Location/{WARD}", "status": "in-progress"})
    patients = sorted({r["subject"]["reference"].split("/")[1] for r in fetched.values() if r["resourceType"] == "Encounter"})
    for start in range(0, len(patients), PATIENTS_PER_SEARCH):
        ids = ",".join(patients[start:start + PATIENTS_PER_SEARCH])
        search(Patient, {"_id": ids})
        for model, extra in [(Encounter, {}), (Observation, {"category": "vital-signs,laboratory,survey,therapy,exam"}), (MedicationRequest, {}),
                             (Condition, {}), (AllergyIntolerance, {})]:
            search(model, dict(extra, patient=ids))
    requested: set[str] = set()
    while True:  # referenced places and people, then the places those name (partOf)
        wanted = {f"{kind}/{id}" for kind, id in REFERENCE.findall(json.dumps(list(fetched.values())))} - requested - fetched.keys()
        if not wanted:
            break
        requested |= wanted
        for model in (Location, Practitioner):
            ids = sorted(key.split("/")[1] for key in wanted if key.startswith(model.resource_type + "/"))
            for start in range(0, len(ids), PATIENTS_PER_SEARCH):
                search(model, {"_id": ",".join(ids[start:start + PATIENTS_PER_SEARCH])})
    return len(fetched), counter.requests


def emr_sync(emr: str, base: str, home: pathlib.Path) -> dict:
    """One first sync into a fresh cache: wall time, and what its summary line says."""
    subprocess.run(["rm", "-rf", str(home)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("EMR_")}
    env.update(EMR_HOME=str(home), EMR_PASSPHRASE="bench-sync-passphrase", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    start = time.perf_counter()
    result = subprocess.run([emr, "sync", "--server", base, "--ward", WARD], env=env, capture_output=True, text=True, timeout=600)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"emr sync failed ({result.returncode}): {result.stderr.strip()}")
    summary = re.search(r"synced (\d+) patients .*fetched (\d+) resources.*; (\d+) requests in ([\d.]+) s", result.stdout)
    if not summary:
        raise SystemExit(f"unexpected emr sync summary: {result.stdout.strip()}")
    patients, resources, requests, seconds = summary.groups()
    return {"wall": wall, "sync": float(seconds), "patients": int(patients), "resources": int(resources), "requests": int(requests)}


def main():
    runs, emr, work = int(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3]).resolve()
    (work / "fhir").mkdir(parents=True, exist_ok=True)
    server = FHIRServer(work / "fhir")
    try:
        server.load(demo_resources())
        emr_runs, peer_times = [], []
        peer = (0, 0)
        for run in range(runs + 1):
            measured = emr_sync(emr, server.base, work / "emr-home")
            start = time.perf_counter()
            peer = peer_sync(server.base)
            elapsed = time.perf_counter() - start
            if run > 0:  # run 0 warms the server's caches and both clients
                emr_runs.append(measured)
                peer_times.append(elapsed)
    finally:
        server.stop()
    print(json.dumps({
        "patients": emr_runs[0]["patients"], "emr_resources": emr_runs[0]["resources"], "emr_requests": emr_runs[0]["requests"],
        "emr_wall": [r["wall"] for r in emr_runs], "emr_sync": [r["sync"] for r in emr_runs],
        "peer_resources": peer[0], "peer_requests": peer[1], "peer": peer_times,
    }))


if __name__ == "__main__":
    main()
