"""Long commands show one self-rewriting progress line on stderr when it is a terminal: never
when stderr is a pipe or a log, never with --quiet, never a value from a record, and erased
before the summary prints."""
import pty_run
from fixture_facts import phi_terms
from test_cache_cli import PASS, demo_files, emr_run

ERASE = "\r\x1b[K"


def run_on_a_terminal(emr, env, *args):
    return pty_run.run_on_a_terminal(emr, dict(env, EMR_PASSPHRASE=PASS), *args)


def test_import_on_a_terminal_shows_its_progress_then_erases_it(emr, env):
    screen = run_on_a_terminal(emr, env, "import", *demo_files())
    drawn = [part.split("\x1b[K")[0] for part in screen.split("\r")[1:] if part.startswith("importing: ")]
    assert drawn, screen
    assert all(f"/{len(demo_files())} files, " in line and " resources" in line for line in drawn), drawn
    summary = screen.index("imported ")
    assert screen.rfind(ERASE, 0, summary) > screen.rfind("importing: ", 0, summary), "erased before the summary"
    assert "importing: " not in screen[summary:]
    shown = screen.replace("\x1b[K", "\n")  # "\x1b[Kimported" would read as a name, Kim
    hits = [term for term in phi_terms() if term in shown]
    assert not hits, hits


def test_import_shows_no_progress_when_stderr_is_not_a_terminal(emr, env):
    result = emr_run(emr, env, "import", *demo_files())
    assert result.returncode == 0, result.stderr
    assert "importing: " not in result.stderr and "\r" not in result.stderr


def test_quiet_import_on_a_terminal_shows_no_progress(emr, env):
    screen = run_on_a_terminal(emr, env, "import", "--quiet", *demo_files())
    assert "imported " in screen
    assert "importing: " not in screen and ERASE not in screen


def test_passwd_on_a_terminal_shows_its_steps_then_erases_them(emr, env):
    assert emr_run(emr, env, "import", demo_files()[0]).returncode == 0
    screen = run_on_a_terminal(emr, dict(env, EMR_NEW_PASSPHRASE="another passphrase"), "passwd")
    assert "\rchanging the passphrase: 1/3 steps" in screen, screen
    assert screen.index(ERASE) < screen.index("passphrase changed for the cache"), screen
