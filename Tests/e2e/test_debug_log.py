"""With EMR_LOG=debug, the diagnostic log goes to a private file, and neither it nor anything
emr prints on stderr names a fixture patient: no name, MRN or birth date."""
import stat

from fixture_facts import needle, phi_terms
from test_cache_cli import demo_files, emr_run
from fixture_facts import DEMO

INVALID = DEMO.parent / "invalid"


def test_debug_log_and_stderr_carry_no_phi(emr, env, emr_home):
    debug = dict(env, EMR_LOG="debug")
    runs = [
        emr_run(emr, debug, "import", *demo_files()),
        emr_run(emr, debug, "import", *demo_files()[:2]),
        emr_run(emr, debug, "import", demo_files()[0], passphrase="not the passphrase"),
        emr_run(emr, debug, "import", *sorted(str(p) for p in INVALID.glob("*.json*"))),
        emr_run(emr, debug, "audit", "verify"),
        emr_run(emr, debug, "audit", "show"),
    ]
    assert [r.returncode for r in runs[:3]] == [0, 0, 3], [r.stderr for r in runs]
    log = emr_home / "emr-debug.log"
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    text = log.read_bytes()
    assert b" import.file resources=" in text and b" unlock outcome=failure error=KeyFileError" in text
    stderr = b"".join(r.stderr.encode() for r in runs)
    hits = [(term, where) for term in phi_terms() for where, blob in (("log", text), ("stderr", stderr)) if needle(term) in blob]
    assert not hits, f"PHI in the debug log or stderr: {hits[:5]}"


def test_no_log_file_without_emr_log(emr, env, emr_home):
    env = {k: v for k, v in env.items() if k != "EMR_LOG"}
    assert emr_run(emr, env, "import", demo_files()[0]).returncode == 0
    assert not (emr_home / "emr-debug.log").exists()
