"""`emr hooks` for the tests: started on 127.0.0.1 with its own EMR_HOME and socket, read
back through that socket as a workstation would, killed by its PID; with `proxy`, behind
nginx (hooks_proxy.py), the Subscription naming nginx."""
import json
import os
import pathlib
import socket
import subprocess
import sys
import time
import urllib.request

from fhir_server import WARD, free_port
from hooks_proxy import NotifyProxy

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))
from charting_steps import eventually  # noqa: E402  (shared with the e2e tests)


class HooksListener:
    def __init__(self, emr: pathlib.Path, server, home: pathlib.Path, heartbeat: int = 60, extra: tuple = (),
                 socket_path: str | None = None, proxy: bool = False):
        home.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.home, self.server = home, server
        self.socket_path = socket_path or str(home / "events.sock")
        self.port = free_port()
        self.proxy = NotifyProxy(home / "nginx", self.port) if proxy else None
        # What the Subscription names: nginx's /notify, or the listener's own.
        self.endpoint = self.proxy.endpoint if self.proxy else f"http://127.0.0.1:{self.port}/notify"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("EMR_")}
        self.env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", TZ="UTC", EMR_HOME=str(home), EMR_RETRY_DELAY="0.05")
        self.args = [str(emr), "hooks", "--server", server.base, "--ward", WARD, "--listen", f"127.0.0.1:{self.port}",
                     "--endpoint", self.endpoint, "--socket", self.socket_path, "--heartbeat", str(heartbeat), *extra]
        self.start()

    def start(self):
        """Starts the listener; returns once the server made its Subscription active (not one
        left behind by an earlier listener). A listener whose Subscription never becomes active
        is stopped before the failure is raised: no fixture gets to stop it, and one left running
        outlives the module's server, saying only that the server stopped answering."""
        earlier = getattr(self, "subscription", {}).get("id")
        self.log = open(self.home / "hooks.log", "a")
        self.process = subprocess.Popen(self.args, env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        try:
            self.subscription = self.wait_active(earlier)
        except BaseException:
            self.stop()
            raise

    def wait_active(self, earlier: str | None, seconds: float = 20) -> dict:
        """The listener's Subscription once active, known by the endpoint it names (nginx's,
        behind the proxy, not the listener's port)."""
        def active() -> dict | None:
            assert self.process.poll() is None, self.output()
            found = [s for s in self.server.search_all("Subscription?status=active")
                     if s["id"].startswith("emr-hooks-") and s["id"] != earlier
                     and s["channel"]["endpoint"] == self.endpoint]
            return found[0] if found and os.path.exists(self.socket_path) else None
        return eventually(active, "the listener's Subscription active", seconds, seen=self.output)

    def output(self) -> str:
        if not self.log.closed:
            self.log.flush()
        return (self.home / "hooks.log").read_text()

    @property
    def token(self) -> str:
        return (self.home / "hooks-token").read_text().strip()

    def notify(self, body: bytes, token: str | None) -> int:
        """POSTs `body` to the Subscription's endpoint as a rest-hook client would; the status."""
        headers = {"Content-Type": "application/fhir+json"}
        if token is not None:
            headers["Authorization"] = "Bearer " + token
        request = urllib.request.Request(self.endpoint, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def stop(self, signal_number: int = 15) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal_number)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        if self.proxy:
            self.proxy.stop()
        return self.process.returncode


class SocketReader:
    """A workstation's end of the listener's socket: one JSON message a line."""

    def __init__(self, path: str):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.buffer = b""

    def next(self, seconds: float = 5) -> dict | None:
        """The next message, or None when none came within `seconds`."""
        deadline = time.time() + seconds
        while b"\n" not in self.buffer:
            left = deadline - time.time()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                return None
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def close(self):
        self.sock.close()
