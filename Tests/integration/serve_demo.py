"""`make demo-online DIR EMR`: a local FHIR server (sekmet, 127.0.0.1 only) holding the demo
fixtures, and the workstation `EMR --server` against it, its cache in DIR/home.

One program owns both so the server never outlives the session: it is stopped when the
workstation exits, on Ctrl-C, on SIGTERM and when the terminal goes away (SIGHUP). A signal
sent to this program goes on to the workstation first, which restores the terminal and ends
as it does for its own signals. Exits with the workstation's status."""
import datetime
import os
import pathlib
import signal
import subprocess
import sys

from demo_dates import shift_for, shifted
from fhir_server import WARD, FHIRServer, demo_resources


def main(directory: pathlib.Path, emr: str) -> int:
    workstation = None

    def stop_on(signum, _frame):
        if workstation and workstation.poll() is None:
            workstation.send_signal(signum)
            try:
                workstation.wait(timeout=5)
            except subprocess.TimeoutExpired:
                workstation.kill()
        raise SystemExit(128 + signum)

    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, stop_on)
    (directory / "server").mkdir(parents=True, exist_ok=True)
    server = None
    try:
        server = FHIRServer(directory / "server")
        print(f"Loading the demo patients into a FHIR server at {server.base} ...", file=sys.stderr, flush=True)
        # Dated as the offline demo shows them: the newest point is now.
        resources = demo_resources()
        seconds = shift_for(resources, datetime.datetime.now(datetime.timezone.utc))
        server.load(shifted(resources, seconds))
        print(f"All dates moved forward {seconds // 86_400} d {seconds % 86_400 // 3600} h, so the newest point is now.",
              file=sys.stderr, flush=True)
        env = dict(os.environ, EMR_HOME=str(directory / "home"))
        workstation = subprocess.Popen([emr, "--server", server.base, "--ward", WARD], env=env)
        return workstation.wait()
    except KeyboardInterrupt:
        # Ctrl-C reached the workstation too (same terminal); let it finish restoring the terminal.
        if workstation:
            try:
                workstation.wait(timeout=5)
            except subprocess.TimeoutExpired:
                workstation.kill()
        return 130
    finally:
        if server:
            server.stop()


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1]).resolve(), sys.argv[2]))
