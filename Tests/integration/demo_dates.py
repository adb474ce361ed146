"""The demo fixtures' dates moved so their newest point is now, as `emr --demo` shows them (it
shifts while deriving its cache: DemoCache, DataLocal's ByteWriter and PartialDateShift), so that
`make demo-online`'s server holds the same picture. Times move by the whole minutes between the
newest time and now; dates, year-months and years by that many days, rounded, counted in UTC.

Only the elements that hold dates in the fixtures are touched: a code that happens to look like
a year ("2019") is a code."""
import datetime
import math

DATE_ELEMENTS = {
    "birthDate", "deceasedDateTime", "effectiveDateTime", "effectiveInstant", "issued", "start", "end",
    "authoredOn", "recordedDate", "onsetDateTime", "abatementDateTime", "occurrenceDateTime", "lastUpdated",
}
# meta.lastUpdated is the server's; it moves with the rest but never decides the newest point.
NEWEST_FROM = DATE_ELEMENTS - {"lastUpdated"}


def _walk(value, visit, key=None):
    if isinstance(value, dict):
        return {k: _walk(v, visit, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_walk(v, visit, key) for v in value]
    if isinstance(value, str) and key in DATE_ELEMENTS:
        return visit(key, value)
    return value


def _time(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")) if "T" in text else None


def shift_for(resources, now):
    """Seconds, in whole minutes, that bring the newest time in `resources` to `now` (aware)."""
    newest = []

    def note(key, text):
        moment = _time(text) if key in NEWEST_FROM else None
        if moment and moment.tzinfo:
            newest.append(moment)
        return text

    for resource in resources:
        _walk(resource, note)
    if not newest:
        return 0
    return math.floor((now - max(newest)).total_seconds() / 60) * 60


def _shift_partial(text, days):
    parts = [int(p) for p in text.split("-")]
    start = datetime.date(parts[0], parts[1] if len(parts) > 1 else 1, parts[2] if len(parts) > 2 else 1)
    moved = start + datetime.timedelta(days=days)
    return "-".join([f"{moved.year:04d}", f"{moved.month:02d}", f"{moved.day:02d}"][:len(parts)])


def shifted(resources, seconds):
    """Copies of `resources` with every date element moved by `seconds`."""
    days = round(seconds / 86_400)

    def move(_key, text):
        moment = _time(text)
        if moment is None:
            return _shift_partial(text, days)
        moved = (moment + datetime.timedelta(seconds=seconds)).isoformat()
        return moved.replace("+00:00", "Z") if text.endswith("Z") else moved

    return [_walk(resource, move) for resource in resources]
