"""Runs `emr` as a user at a terminal sees it: stdout and stderr on a pseudo-terminal."""
import os
import pty
import subprocess


def run_on_a_terminal(emr, env, *args, timeout=300):
    """Runs emr with stdout and stderr on a pseudo-terminal (the passphrase from `env`) and
    returns everything it wrote there once it has exited, checking that it exited 0."""
    main, child = pty.openpty()
    process = subprocess.Popen([str(emr), *args], env=env, stdin=subprocess.DEVNULL, stdout=child, stderr=child)
    os.close(child)
    written = bytearray()
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # EIO: the child side is closed, everything it wrote was read
            break
        if not chunk:
            break
        written += chunk
    os.close(main)
    assert process.wait(timeout=timeout) == 0, written.decode(errors="replace")
    return written.decode()
