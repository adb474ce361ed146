"""The Python peer for import throughput: parse and validate the same files with the reference
stack `fhir.resources` (FHIR R4B models, the closest it ships to R4). Each line is a resource
(NDJSON) or a whole Bundle (carebundle's compact files); a Bundle counts its entries' resources.

Prints one JSON object: resources parsed, failures, and the wall time of each run, in
seconds, for parsing only (interpreter start-up and imports are not counted).
Usage: fhir_parse_peer.py RUNS FILE...
"""
import json
import sys
import time

from fhir.resources.R4B import get_fhir_model_class


def parse_all(paths):
    parsed = failed = 0
    for path in paths:
        with open(path, "rb") as handle:
            for line in handle:
                if not line.strip():
                    continue
                try:
                    data = json.loads(line)
                    get_fhir_model_class(data["resourceType"]).model_validate(data)
                    parsed += len(data.get("entry", [])) if data["resourceType"] == "Bundle" else 1
                except Exception:  # a resource the peer rejects counts as a failure, not a crash
                    failed += 1
    return parsed, failed


def main():
    runs, paths = int(sys.argv[1]), sys.argv[2:]
    parse_all(paths)  # warm-up: model classes are built lazily on first use
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        parsed, failed = parse_all(paths)
        times.append(time.perf_counter() - start)
    print(json.dumps({"parsed": parsed, "failed": failed, "seconds": sorted(times)}))


if __name__ == "__main__":
    main()
