"""The patient list's NEWS2 score and due marks on the demo (`emr --demo`), at 80x24 and with the
list alone on a 72-column screen: Jackson (4E-01, on his SpO2 target) scores 5, medium, shown
`5M`, the Q6H patient at 4W-06 always has a dose due or late, and `?` explains the letters."""
import re

from charting_steps import wait_until, words
from tmux_session import TmuxSession


def list_part(line):
    """The list pane's part of a screen line (the chart pane sits beside it)."""
    return line.split("│")[1] if line.count("│") >= 2 else line


def row(screen, bed):
    return next((list_part(line) for line in screen.splitlines() if f" {bed}" in list_part(line)), "")


def test_the_list_shows_scores_and_due_marks_and_explains_them(emr, env, tmp_path):
    env = dict(env, EMR_HOME=str(tmp_path / "emr-home"))
    session = TmuxSession(f"{emr} --demo", env, columns=80, rows=24)
    try:
        screen = wait_until(session, lambda s: row(s, "4E-01") != "", "Jackson's row", timeout=120)
        jackson = row(screen, "4E-01")
        assert re.search(r" 5M[ ≈]", jackson), jackson
        # 4W-06 has a Q6H order: one of its doses is always due or late (the missed one's next is due).
        assert re.search(r"[DBdb][R!A ]*$", row(screen, "4W-06").rstrip()), row(screen, "4W-06")
        session.keys("?")
        session.wait_for("Keys (Esc or ? to close)")
        session.keys("G")  # the notes are at the end of the help
        help_screen = wait_until(session, lambda s: "List NEWS2" in words(s), "the list's legend in ?")
        assert "7H high, 5M medium, 3S a single parameter scoring 3, 2 low, * older than 12 h (stale)" in words(help_screen)
        assert "D a dose, B both, capital when late, small (o d b) when due" in words(help_screen)
        session.keys("Escape")
        session.wait_until_gone("List NEWS2")
        session.resize(72, 24)
        wide = wait_until(session, lambda s: "NEWS2 5 MED" in row(s, "4E-01"), "words on a wide list")
        assert re.search(r"dose (due|late)", row(wide, "4W-06")), row(wide, "4W-06")
    finally:
        session.close()
