"""The workstation's audit entries, end to end: a search by MRN, the chart and each tab
opened, a lock and an unlock in `emr --demo`, then read back with `emr audit show`."""
import subprocess

from charting_steps import open_chart
from fixture_facts import mrn, severe_allergy_patient
from tmux_session import TmuxSession


def audit(emr, env, home, *words):
    demo = home / "demo"
    environment = dict(env, EMR_HOME=str(demo))
    return subprocess.run([str(emr), "audit", *words, "--passphrase-file", str(demo / "demo-passphrase")],
                          env=environment, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


def test_search_chart_tabs_lock_and_unlock_are_recorded(emr, env, tmp_path):
    home = tmp_path / "emr-home"
    patient, _ = severe_allergy_patient()
    session = TmuxSession(f"{emr} --demo", dict(env, EMR_HOME=str(home)), columns=80, rows=24, term="xterm-256color")
    try:
        open_chart(session, patient)
        for key, title in (("2", "[2 Encounters]"), ("3", "[3 Vitals]"), ("4", "[4 Meds]")):
            session.keys(key)
            session.wait_for(title)
        session.keys("L")
        session.wait_for("Screen locked")
        session.keys("demo", literal=True)
        session.keys("Enter")
        session.wait_for("[4 Meds]")
        session.keys("q")
        assert session.finished() == "exit=0"
    finally:
        session.close()

    shown = audit(emr, env, home, "show", "--patient", patient["id"])
    assert shown.returncode == 0, shown.stderr
    opened = [line.split()[6] for line in shown.stdout.splitlines()[1:] if line.split()[5] == "chart-opened"]
    for tab in ("summary", "encounters", "vitals", "medications"):
        assert tab in opened, shown.stdout
    everything = audit(emr, env, home, "show").stdout.splitlines()[1:]
    actions = [line.split()[5] for line in everything]
    searches = [line.split()[6] for line in everything if line.split()[5] == "search"]
    # Incremental search: every keystroke is a query ("P" reads as a name, "POP-0" as an MRN).
    assert searches and searches[-1] == "mrn" and set(searches) <= {"name", "mrn"}, everything
    assert mrn(patient) not in "\n".join(everything)
    assert actions.count("lock") == 1 and actions[actions.index("lock") + 1] == "unlock", actions
    verify = audit(emr, env, home, "verify")
    assert verify.returncode == 0 and verify.stdout.startswith("ok: "), verify.stderr
