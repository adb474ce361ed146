"""Synthea-style copies of carebundle patients: each file also carries the hospital's
locations (the same ward and room in every file, as Synthea repeats its facilities) and a bed of
its own that the patient's encounters name. Measures what an import does with locations that
repeat (issue 19, item 15).

Usage: synthea_style.py CAREBUNDLE_DIR OUT COUNT
"""
import json
import os
import sys

PHYSICAL = "http://terminology.hl7.org/CodeSystem/location-physical-type"


def location(ident, name, code, part_of=None):
    resource = {"resourceType": "Location", "id": ident, "name": name,
                "physicalType": {"coding": [{"system": PHYSICAL, "code": code}]}}
    if part_of:
        resource["partOf"] = {"reference": f"Location/{part_of}"}
    return {"fullUrl": f"urn:uuid:location-{ident}", "resource": resource,
            "request": {"method": "PUT", "url": f"Location/{ident}"}}


def main(source, out, count):
    os.makedirs(out, exist_ok=True)
    for index in range(count):
        with open(os.path.join(source, f"{index // 1000:03d}", f"{index:06d}.json"), encoding="utf-8") as handle:
            bundle = json.load(handle)
        bed = f"bed-{index}"
        for entry in bundle["entry"]:
            if entry["resource"]["resourceType"] == "Encounter":
                entry["resource"]["location"] = [{"location": {"reference": f"Location/{bed}"}}]
        bundle["entry"] += [location("ward-4w", "4 West", "wa"), location("room-1", "Room 1", "ro", "ward-4w"),
                            location(bed, f"Bed {index + 1}", "bd", "room-1")]
        with open(os.path.join(out, f"{index:06d}.json"), "w", encoding="utf-8") as handle:
            json.dump(bundle, handle)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
