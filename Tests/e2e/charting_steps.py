"""What a nurse does on the vitals form, and how tests read the result off the screen; shared
by the demo charting tests, the online ones against the real server and the ward ones over ssh."""
import itertools
import os
import re
import time

from fixture_facts import banner_name, mrn, resources

# What is typed from heart rate on, one field per Tab: HR, systolic, diastolic, temperature,
# RR, SpO2, oxygen (a choice: Space picks O2), then, asked on O2 only, the O2 device (N picks
# nasal cannula), O2 flow and FiO2 (left empty), weight, pain.
FULL_SET = ["112", "148", "92", "101.2F", "24", "89", "o", "N", "2", "", "71.2", "3"]
# The Observations a full set becomes, in the order they are sent: HR, BP, T, RR, SpO2, weight, pain.
FULL_SET_CODES = ["8867-4", "85354-9", "8310-5", "9279-1", "2708-6", "29463-7", "72514-3"]


def words(screen):
    """The screen's words in reading order, frames and padding gone, so a message wrapped
    over two lines reads as one."""
    return " ".join(re.sub(r"[│┌┐└┘├┤─|+]", " ", screen).split())


def eventually(probe, what, timeout=15.0, until=bool, seen=None, every=0.1):
    """Asks `probe()` every `every` seconds until `until` holds for its answer (by default: the
    answer is there), as what a user or the server shows next, and returns that answer; fails
    after `timeout` seconds naming `what` and what was there instead (the last answer, or
    `seen()`). The one place tests wait by polling (the bench too, asking more often where it
    times what it waits for)."""
    deadline = time.time() + timeout
    while not until(value := probe()):
        if time.time() >= deadline:
            raise AssertionError(f"{what} did not appear within {timeout}s; instead:\n{seen() if seen else value}")
        time.sleep(every)
    return value


def wait_until(session, check, what, timeout=15.0):
    """Waits until `check(screen)` holds; returns that screen."""
    return eventually(session.screen, what, timeout, until=check)


def wait_words(session, text, timeout=15.0):
    return wait_until(session, lambda screen: text in words(screen), repr(text), timeout)


def unsent(screen):
    """The header's count of entries the server does not have yet."""
    found = re.search(r"(\d+) unsent", screen.splitlines()[0])
    return int(found.group(1)) if found else 0


def chart_pane(screen):
    """The chart pane's text alone, frames gone, wrapped lines joined (the list pane's rows
    sit on the same screen lines)."""
    return words("\n".join(line.split("│")[-2] if line.count("│") >= 2 else "" for line in screen.splitlines()))


def whole_tab(session):
    """The open tab's text from top to bottom, page by page."""
    text = []
    while True:
        screen = session.screen()
        text.append(chart_pane(screen))
        shown = re.search(r"(\d+)-(\d+)/(\d+)", screen)
        if not shown or shown.group(2) == shown.group(3):
            return " ".join(text)
        session.keys("NPage")
        wait_until(session, lambda now, before=shown.group(0): re.search(r"\d+-\d+/\d+", now)
                   and re.search(r"\d+-\d+/\d+", now).group(0) != before, "the next page")


def open_chart(session, person):
    session.wait_for("MRN ", timeout=120)
    session.keys("/")
    session.keys(mrn(person), literal=True)
    session.wait_for("1 found")
    session.keys("Enter", "Enter")
    # The banner's name: capitals, unlike the list's (the MRN may wrap onto the next line).
    session.wait_for(banner_name(person)[:20])


def type_field(session, value):
    if value == "Space":
        session.keys("Space")
    elif value:
        session.keys(value, literal=True)


def open_form(session):
    """`a` on an open chart: the vitals form."""
    session.keys("a")
    return session.wait_for("Add vitals")


def discard_form(session):
    """Esc, and Esc again when the form asks before dropping what was typed; returns the chart."""
    session.keys("Escape")
    session.wait_for("press Esc again")
    session.keys("Escape")
    return session.wait_until_gone("Add vitals")


def chart(session, values):
    """From an open chart: the form, `values` typed from heart rate on (one field per Tab),
    the confirm step; returns that screen."""
    open_form(session)
    for index, value in enumerate(values):
        if index:
            session.keys("Tab")
        type_field(session, value)
    session.keys("Enter")
    return session.wait_for("Check and save vitals")


def chart_full_set(session):
    return chart(session, FULL_SET)


def give_reason_and_confirm(session, reason, confirm="Enter marks"):
    """On the correction's reason step: type it, wait for the confirm step's `confirm`, mark."""
    session.keys(reason, literal=True)
    session.keys("Enter")
    wait_words(session, confirm)
    session.keys("Enter")
    session.wait_for("entered in error, stays pending")


def back_to_whole_list(session, patients):
    """From a chart opened by a search: Esc to the list, Esc to clear the search; waits until
    the list counts all `patients` again."""
    session.keys("Escape")
    wait_until(session, lambda s: "Enter open" in s.splitlines()[-1], "the list")
    session.keys("Escape")
    session.wait_for(f"Patients {patients}")


def leave(session):
    """q, and q again when the quit guard asks (something is unsent). What the header said
    before q may be gone by then (the outbox sent it meanwhile: no question, emr ends), so
    what q brings is waited for: the question, or the end."""
    session.keys("q")
    ended = os.path.join(session.state_dir, "exit-status")
    eventually(lambda: "unsent entr" in session.screen() or os.path.exists(ended), "the quit question or the end", 30)
    if not os.path.exists(ended):
        session.keys("q")
    assert session.finished() == "exit=0"


def scan_drug(session, person, drug):
    """The dose form's drug step, as a nurse scans the package: the code of `person`'s active
    order whose drug's name starts with `drug` (RxNorm in the demo), or, for an order with no
    code, its name typed as the label reads (the words before its strength); then a pre-dose
    check the dose meets (no recent value) is given a reason. Returns the dose step's screen."""
    order = next(o for o in resources("MedicationRequest")
                 if o.get("status") == "active" and o["subject"]["reference"].endswith("/" + person["id"])
                 and drug_name(o).lower().startswith(drug.lower()))
    screen = wait_until(session, lambda s: "Drug code:" in s or "Drug name:" in s, "the drug step")
    codings = (order.get("medicationCodeableConcept") or {}).get("coding") or []
    if "Drug code:" in screen and codings:
        session.keys(codings[0]["code"], literal=True)
    else:
        session.keys(" ".join(itertools.takewhile(lambda w: not any(c.isdigit() for c in w), drug_name(order).split())), literal=True)
    session.keys("Enter")
    for _ in range(5):
        screen = wait_until(session, lambda s: "Dose given:" in s or "Reason:" in s, "the dose step, or a check to answer")
        if "Dose given:" in screen:
            return screen
        session.keys("value checked at the bedside", literal=True)
        typed = wait_until(session, lambda s: "value checked at the bedside" in s, "the reason typed")
        session.keys("Enter")
        wait_until(session, lambda s, typed=typed: s != typed, "the next step")
    raise AssertionError("the dose step never came: " + session.screen())


def drug_name(order):
    concept = order.get("medicationCodeableConcept") or {}
    return concept.get("text") or (concept.get("coding") or [{}])[0].get("display", "")
