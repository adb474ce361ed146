"""Only SQLite opens the cache's database files (cache.sqlite, -wal, -shm, -journal). A
descriptor on one of them opened anywhere else drops, when it is closed, every POSIX lock the
process holds on that file, SQLite's included (POSIX locks belong to the process and the file,
not to the descriptor): another emr then deletes the WAL under this one and its commits are
lost (test_cache_between_processes). Checked twice: in the source, and on the running binary."""
import pathlib
import re
import shutil
import subprocess

import pytest

from charting_steps import chart, open_chart
from test_cache_cli import PASS, demo_files, emr_run
from test_cache_between_processes import patient
from tmux_session import TmuxSession

ROOT = pathlib.Path(__file__).resolve().parents[2]
CACHE_FILE = re.compile(r'"[^"]*/cache\.sqlite(-wal|-shm|-journal)?"')

# What names a cache database file in the source, and what opens a file outside SQLite.
CACHE_FILE_NAMES = re.compile(r'\b(databasePath|databaseFiles|sidecarSuffixes|databaseName)\b|"-(wal|shm|journal)"|cache\.sqlite')
OPENS_A_FILE = re.compile(
    r'(?:(?<![\w.])|(?<=Glibc\.))(open|openat|creat|fopen|freopen|mmap)\s*\(|\bFileHandle\s*\(|\bFileHandle\.init|contents\(atPath|'
    r'Data\(contentsOf|contentsOfFile|\b(Input|Output)Stream\s*\(|copyItem\(|\.write\(to(File)?:|truncate\s*\(')
CALLEE = re.compile(r'\b(?:([A-Z]\w*)\.)?([A-Za-z_]\w*)\s*\(')


def swift_sources():
    return {path: path.read_text() for path in sorted((ROOT / "Sources").rglob("*.swift"))}


def defining_files(sources, type_name, function):
    """The files that declare `function` (or, with no function, the type), in `type_name` when named."""
    declares = re.compile(rf'\b(func|init)\s*{re.escape(function)}\b' if function else rf'\b(struct|class|enum)\s+{re.escape(type_name)}\b')
    found = [path for path, text in sources.items() if declares.search(text)]
    if type_name and function:
        of_type = [path for path in found if re.search(rf'\b(struct|class|enum|extension)\s+{re.escape(type_name)}\b', sources[path])]
        found = of_type or found
    return found


def files_handed_a_cache_path(sources):
    """Each line naming a cache database file, and the files declaring what that line calls
    (the path may be an argument): what must never open a file by itself."""
    lines, files = [], set()
    for path, text in sources.items():
        for number, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith("//") or not CACHE_FILE_NAMES.search(line):
                continue
            lines.append((path, number, line))
            for type_name, name in CALLEE.findall(line):
                if name[0].isupper() and not type_name:
                    files.update(defining_files(sources, name, None))
                else:
                    files.update(defining_files(sources, type_name, name))
    return lines, files


def opening_code(text):
    """The lines of `text` that open a file, comments left out."""
    return [line.strip() for line in text.splitlines() if not line.lstrip().startswith("//") and OPENS_A_FILE.search(line)]


def test_no_source_opens_a_cache_file_outside_sqlite():
    sources = swift_sources()
    lines, files = files_handed_a_cache_path(sources)
    assert any("SQLiteConnection.swift" in str(f) for f in files), "the scan no longer follows the path to SQLite"
    offenders = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}" for path, number, line in lines if OPENS_A_FILE.search(line)]
    offenders += [f"{path.relative_to(ROOT)}: {line}" for path in sorted(files) for line in opening_code(sources[path])]
    assert not offenders, "opens a cache database file outside SQLite:\n" + "\n".join(offenders)


def test_the_scan_finds_a_descriptor_opened_on_the_database(tmp_path):
    """What the old audit anchor did: open the database and its WAL to fsync them."""
    planted = {
        tmp_path / "Database.swift": "try Anchor.flush(files: [location.databasePath, location.databasePath + \"-wal\"])\n",
        tmp_path / "Anchor.swift": "enum Anchor {\n    static func flush(files: [String]) {\n        let fd = open(file, O_RDONLY)\n    }\n}\n",
    }
    lines, files = files_handed_a_cache_path(planted)
    assert tmp_path / "Anchor.swift" in files
    assert opening_code(planted[tmp_path / "Anchor.swift"]) == ["let fd = open(file, O_RDONLY)"]


def traced(tmp_path, name):
    """A command prefix running under strace: each thread's open calls with their stacks."""
    return ["strace", "-f", "-ff", "-k", "-qq", "-e", "trace=open,openat,openat2,creat", "-o", str(tmp_path / name)]


def opens_outside_sqlite(tmp_path):
    """(count of cache file opens, those whose stack does not pass through libsqlite3)."""
    opened, outside = 0, []
    for log in sorted(tmp_path.glob("trace*")):
        calls = re.split(r"\n(?! > )", log.read_text())
        for call in calls:
            first = call.splitlines()[0] if call else ""
            if not CACHE_FILE.search(first) or " = -1 " in first:
                continue
            opened += 1
            if "libsqlite3" not in call:
                outside.append(call)
    return opened, outside


@pytest.fixture
def strace_works(tmp_path):
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (make test-deps installs it)")
    probe = subprocess.run(["strace", "-f", "-k", "-qq", "-e", "trace=openat", "-o", str(tmp_path / "probe"), "true"],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"strace cannot trace here (no ptrace): {probe.stderr.strip()}")
    if " > " not in (tmp_path / "probe").read_text():
        pytest.skip("this strace prints no stacks (-k)")


def test_every_open_of_a_cache_file_comes_from_sqlite(emr, env, emr_home, tmp_path, strace_works):
    """The commands and a charting workstation, traced: every open of cache.sqlite or its side
    files has libsqlite3 on its stack."""
    traces = tmp_path / "traces"
    traces.mkdir()
    for step, args in enumerate([["import", *demo_files()], ["import", demo_files()[0]], ["audit", "verify"]]):
        result = subprocess.run(traced(traces, f"trace{step}") + [str(emr), *args], env=dict(env, EMR_PASSPHRASE=PASS),
                                capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300)
        assert result.returncode == 0, result.stderr
    passwd = subprocess.run(traced(traces, "trace-passwd") + [str(emr), "passwd"], capture_output=True, text=True,
                            env=dict(env, EMR_PASSPHRASE=PASS, EMR_NEW_PASSPHRASE=PASS), stdin=subprocess.DEVNULL, timeout=300)
    assert passwd.returncode == 0, passwd.stderr
    command = " ".join(traced(traces, "trace-workstation") + [str(emr)])
    session = TmuxSession(command, dict(env, EMR_PASSPHRASE=PASS))
    try:
        open_chart(session, patient(5))
        chart(session, ["72"])
        session.keys("Enter")
        session.wait_for("saved 1 value")
        session.keys("q")
        session.wait_for("unsent entr")
        session.keys("q")
        assert session.finished(timeout=60) == "exit=0"
    finally:
        session.close()
    opened, outside = opens_outside_sqlite(traces)
    assert opened >= 10, f"the trace saw {opened} opens of the cache: it no longer shows what it checks"
    assert not outside, "opened outside SQLite:\n\n" + "\n\n".join(outside[:3])
