"""`make demo-online`: a local FHIR server (sekmet, 127.0.0.1 only) holding the demo fixtures.
Writes its base URL to DIR/url once loaded, then serves until SIGTERM or SIGINT, and stops
the server it started."""
import pathlib
import signal
import sys

from fhir_server import FHIRServer, demo_resources


def main(directory: pathlib.Path):
    directory.mkdir(parents=True, exist_ok=True)
    server = FHIRServer(directory)
    try:
        server.load(demo_resources())
        (directory / "url").write_text(server.base)
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]).resolve())
