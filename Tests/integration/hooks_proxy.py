"""Debian's nginx in front of `emr hooks`, as WardServer.md sets it up: the FHIR server
POSTs its notifications to nginx, which passes `/notify` on to the listener on loopback.

    sekmet ──POST /notify──> nginx ──> emr hooks (127.0.0.1, its own port)

The `location` block is the one WardServer.md quotes (the test proves that snippet); the
rest of the file only lets nginx run unprivileged in a temp directory. Killed by its PID.
"""
import pathlib
import subprocess

from fhir_server import free_port, wait_for
from user_login_server import NGINX


def notify_location(listener_port: int) -> str:
    """The block WardServer.md documents, for a listener on 127.0.0.1:`listener_port`."""
    return f"""    location = /notify {{
      proxy_pass http://127.0.0.1:{listener_port};
      client_max_body_size 64k;
    }}"""


class NotifyProxy:
    """nginx on a free port of 127.0.0.1 passing `/notify` to the listener's port; `endpoint`
    is what the Subscription names."""

    def __init__(self, directory: pathlib.Path, listener_port: int):
        directory.mkdir(parents=True, exist_ok=True)
        self.directory = directory
        self.port = free_port()
        self.endpoint = f"http://127.0.0.1:{self.port}/notify"
        conf = directory / "nginx.conf"
        conf.write_text(f"""
daemon off;
master_process off;
worker_processes 1;
pid {directory}/nginx.pid;
error_log {directory}/error.log warn;
events {{ worker_connections 256; }}
http {{
  access_log {directory}/access.log;
  client_body_temp_path {directory}/body;
  proxy_temp_path {directory}/proxy;
  fastcgi_temp_path {directory}/fastcgi;
  uwsgi_temp_path {directory}/uwsgi;
  scgi_temp_path {directory}/scgi;
  server {{
    listen 127.0.0.1:{self.port};
{notify_location(listener_port)}
  }}
}}
""")
        self.log = open(directory / "stdout.log", "a")
        self.process = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(directory)], stdout=self.log, stderr=subprocess.STDOUT)
        wait_for(f"http://127.0.0.1:{self.port}/")

    def requests(self) -> list[str]:
        """The access log's lines: what the FHIR server sent through nginx, and its status."""
        path = self.directory / "access.log"
        return path.read_text().splitlines() if path.exists() else []

    def stop(self):
        self.process.kill()
        self.process.wait()
        self.log.close()
