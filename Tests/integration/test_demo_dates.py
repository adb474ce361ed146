"""The shift `make demo-online` gives the fixtures before its server loads them (demo_dates.py)."""
import datetime

from demo_dates import shift_for, shifted
from fhir_server import demo_resources

NOW = datetime.datetime(2026, 11, 21, 14, 30, 45, tzinfo=datetime.timezone.utc)


def observation(when, code="8867-4"):
    return {"resourceType": "Observation", "code": {"coding": [{"code": code}]}, "effectiveDateTime": when,
            "meta": {"lastUpdated": "2030-01-01T00:00:00Z"}}


def test_the_newest_time_becomes_now_to_the_minute_and_every_date_moves_with_it():
    resources = [
        observation("2024-03-01T10:15:00+01:00"),
        observation("2024-03-02T08:00:00Z", code="2019"),
        {"resourceType": "Patient", "birthDate": "1950-02-27"},
        {"resourceType": "Encounter", "period": {"start": "2024-02", "end": "2024"}},
    ]
    seconds = shift_for(resources, NOW)
    assert seconds % 60 == 0
    moved = shifted(resources, seconds)
    newest = datetime.datetime.fromisoformat(moved[1]["effectiveDateTime"].replace("Z", "+00:00"))
    assert datetime.timedelta(0) <= NOW - newest < datetime.timedelta(minutes=1), "lastUpdated never decides the newest point"
    assert moved[0]["effectiveDateTime"].endswith("+01:00") and moved[1]["effectiveDateTime"].endswith("Z")
    assert moved[1]["code"]["coding"][0]["code"] == "2019", "a code that looks like a year is a code"
    days = round(seconds / 86_400)
    assert moved[2]["birthDate"] == (datetime.date(1950, 2, 27) + datetime.timedelta(days=days)).isoformat()
    assert len(moved[3]["period"]["start"]) == 7 and len(moved[3]["period"]["end"]) == 4, "precision is kept"
    assert resources[0]["effectiveDateTime"] == "2024-03-01T10:15:00+01:00", "the input is not changed"


def test_the_demo_fixtures_end_now_after_the_shift():
    resources = demo_resources()
    moved = shifted(resources, shift_for(resources, NOW))
    assert shift_for(moved, NOW) == 0
