"""One `emr import` of many files in one process, under a small stack: the stack a process
uses must not grow with the number of files (transactions) it handles.

It did: every commit wrapped the cache's before-commit step in two more reabstraction thunks,
about 250 bytes of stack a commit in the release build and 340 in debug (and time growing with
the square of the files), until one import of 40,000 files died of SIGSEGV after 423 s. A run of 100,000 files takes minutes and cannot be
passed on one command line (Linux allows arguments up to a quarter of the stack limit), so
this test shrinks the stack instead: at 256 KB, with at most 64 KB of it for the 3,000 names,
what the import needs at its deepest (well under 128 KB: one file imports at `ulimit -s 128`)
leaves about 120 KB, which a growth of 40 bytes a file uses up before the last file. The old
growth ran out of stack within the first 1,000 files (exit -11 in one second).
"""
import json
import resource
import subprocess

import pytest

from test_cache_cli import PASS

STACK_LIMIT = 256 * 1024
FILES = 3_000


def small_stack():
    resource.setrlimit(resource.RLIMIT_STACK, (STACK_LIMIT, STACK_LIMIT))


@pytest.fixture
def many_files(tmp_path):
    folder = tmp_path / "files"
    folder.mkdir()
    for number in range(FILES):
        patient = {"resourceType": "Patient", "id": f"scale-{number}", "gender": "female", "birthDate": "1950-01-01"}
        (folder / f"{number}.json").write_text(json.dumps(patient))
    return folder


def test_one_import_of_many_files_keeps_its_stack(emr, env, many_files):
    names = [f"{number}.json" for number in range(FILES)]
    result = subprocess.run([str(emr), "import", *names], env=dict(env, EMR_PASSPHRASE=PASS), cwd=many_files,
                            preexec_fn=small_stack, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, f"exit {result.returncode} (a negative one is the signal): {result.stderr[-500:]}"
    assert result.stdout.strip().splitlines()[-1] == f"imported {FILES} resources (Patient {FILES}) of {FILES} patients; 0 skipped"
