"""A FHIR server that knows its users, as a hospital's does, built from real parts on
127.0.0.1 only:

    emr ──> nginx (Debian) ──auth_request──> the provider's /userinfo  (smart_provider.py)
                │ token accepted
                └──> sekmet-fhir (open, reached only through nginx)

sekmet trusts only its own tokens, so nginx checks each request's bearer token with the
OpenID provider that issued it (its userinfo endpoint answers 200 for a live token, 401 for
an expired or revoked one) and passes the request on only then. nginx also serves the FHIR
base's `.well-known/smart-configuration`, naming the provider's endpoints, as a FHIR server
fronted by Keycloak or Epic's does. Every process is killed by its PID.
"""
import contextlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

from fhir_server import HERE, FHIRServer, demo_resources, free_port, wait_for

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
# The public client's registered redirect (http://127.0.0.1:PORT/callback), and the test user:
# her login name at the provider, the Practitioner her id token names, and that Practitioner.
REDIRECT_PORT = 8765
NURSE, NURSE_PRACTITIONER = "nurse.adams", "Practitioner/prac-nurse-adams"
NURSE_RESOURCE = {"resourceType": "Practitioner", "id": "prac-nurse-adams", "active": True,
                  "name": [{"use": "official", "family": "Adams", "given": ["Ada"]}]}


class Provider:
    """smart_provider.py on a free port; tokens live `token_seconds`; device codes live
    `device_seconds`, polled every `device_interval` s and paced at `device_pace` s."""

    def __init__(self, directory: pathlib.Path, token_seconds: int = 3600, refresh_seconds: float = 86400,
                 device_seconds: int = 600, device_interval: int = 1, device_pace: float = 0):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.revocation_endpoint = self.url + "/oauth2/revoke"
        self.log = open(directory / "provider.log", "a")
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "smart_provider.py"), str(self.port), str(token_seconds), str(refresh_seconds),
             str(device_seconds), str(device_interval), str(device_pace)],
            stdout=self.log, stderr=subprocess.STDOUT)
        wait_for(self.url + "/.well-known/openid-configuration")
        self.discovery = json.loads(urllib.request.urlopen(self.url + "/.well-known/openid-configuration", timeout=10).read())

    def register(self, redirect_uri: str) -> str:
        """A public client (no secret) allowed only `redirect_uri`; returns its client id."""
        body = json.dumps({"redirect_uris": [redirect_uri], "token_endpoint_auth_method": "none"}).encode()
        request = urllib.request.Request(self.discovery["registration_endpoint"], data=body,
                                         headers={"Content-Type": "application/json"}, method="POST")
        return json.loads(urllib.request.urlopen(request, timeout=10).read())["client_id"]

    def add_user(self, sub: str, fhir_user: str):
        """A user whose id token names `fhir_user` (a Practitioner reference)."""
        body = json.dumps({"fhirUser": fhir_user, "name": sub}).encode()
        request = urllib.request.Request(f"{self.url}/users/{urllib.parse.quote(sub)}", data=body,
                                         headers={"Content-Type": "application/json"}, method="PUT")
        urllib.request.urlopen(request, timeout=10)

    def answer_device_code(self, user_code: str, sub: str, deny: bool = False):
        """Plays the user at the verification address on another device: approves (or denies)
        `user_code` as `sub`."""
        form = {"user_code": user_code, "sub": sub, "action": "deny" if deny else "approve"}
        urllib.request.urlopen(urllib.request.Request(self.url + "/device", data=urllib.parse.urlencode(form).encode()), timeout=10)

    def poll_answers(self, user_code: str) -> list[str]:
        """What each of the client's polls for `user_code` was answered, oldest first."""
        return json.loads(urllib.request.urlopen(f"{self.url}/device/answers/{user_code}", timeout=10).read())

    def tokens(self, sub: str) -> list[str]:
        """Every access and refresh token the provider issued to `sub` (for scans that none
        of them was written or shown in plaintext)."""
        return json.loads(urllib.request.urlopen(f"{self.url}/users/{urllib.parse.quote(sub)}/tokens", timeout=10).read())

    def revoke(self, sub: str):
        """Ends every session of `sub`: access and refresh tokens stop working."""
        request = urllib.request.Request(f"{self.url}/users/{urllib.parse.quote(sub)}/revoke-tokens", data=b"", method="POST")
        urllib.request.urlopen(request, timeout=10)

    def stop(self):
        self.process.kill()
        self.process.wait()
        self.log.close()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def log_in_as(authorize_url: str, sub: str, deny: bool = False) -> str:
    """Plays the user's browser: opens the authorize URL, submits the provider's login form
    as `sub` (or presses Deny) and returns where the provider redirects to (not followed)."""
    assert authorize_url.startswith("http://127.0.0.1:"), authorize_url
    with urllib.request.urlopen(authorize_url, timeout=10) as page:
        assert b'name="sub"' in page.read(), "the provider did not show its login form"
    form = {"action": "deny"} if deny else {"sub": sub}
    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(urllib.request.Request(authorize_url, data=urllib.parse.urlencode(form).encode(), method="POST"), timeout=10)
    except urllib.error.HTTPError as redirect:
        if redirect.code in (301, 302, 303, 307):
            return redirect.headers["Location"]
        raise
    raise AssertionError("the provider did not redirect back")


class UserLoginServer:
    """sekmet behind nginx, which accepts the provider's tokens; `base` is the FHIR base."""

    def __init__(self, directory: pathlib.Path, provider: Provider, discovery: dict | None = None):
        """`discovery` replaces entries of the SMART configuration nginx serves (a server
        that offers less)."""
        self.directory, self.provider = directory, provider
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/fhir"
        (directory / "fhir").mkdir(exist_ok=True)
        self.fhir = FHIRServer(directory / "fhir", public_base=self.base)
        smart = {
            "issuer": provider.discovery["issuer"],
            "authorization_endpoint": provider.discovery["authorization_endpoint"],
            "token_endpoint": provider.discovery["token_endpoint"],
            "revocation_endpoint": provider.revocation_endpoint,
            "device_authorization_endpoint": provider.discovery["device_authorization_endpoint"],
            "grant_types_supported": ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["none"],
            "scopes_supported": ["openid", "fhirUser", "online_access", "offline_access", "user/*.rs"],
            "capabilities": ["launch-standalone", "client-public", "permission-user", "sso-openid-connect", "permission-v2"],
            **(discovery or {}),
        }
        smart = {key: value for key, value in smart.items() if value is not None}  # None: the server lacks it
        userinfo = urllib.parse.urlsplit(provider.discovery["userinfo_endpoint"])
        (directory / "nginx").mkdir(exist_ok=True)
        conf = directory / "nginx" / "nginx.conf"
        conf.write_text(f"""
daemon off;
master_process off;
worker_processes 1;
pid {directory}/nginx/nginx.pid;
error_log {directory}/nginx/error.log warn;
events {{ worker_connections 64; }}
http {{
  access_log off;
  client_body_temp_path {directory}/nginx/body;
  proxy_temp_path {directory}/nginx/proxy;
  fastcgi_temp_path {directory}/nginx/fastcgi;
  uwsgi_temp_path {directory}/nginx/uwsgi;
  scgi_temp_path {directory}/nginx/scgi;
  server {{
    listen 127.0.0.1:{self.port};
    location = /fhir/.well-known/smart-configuration {{
      default_type application/json;
      return 200 '{json.dumps(smart)}';
    }}
    location = /_token_check {{
      internal;
      proxy_pass http://127.0.0.1:{userinfo.port}{userinfo.path};
      proxy_pass_request_body off;
      proxy_set_header Content-Length "";
      proxy_set_header Authorization $http_authorization;
    }}
    location /fhir/ {{
      auth_request /_token_check;
      proxy_pass http://127.0.0.1:{self.fhir.port};
      proxy_set_header Host 127.0.0.1:{self.port};
    }}
  }}
}}
""")
        self.log = open(directory / "nginx" / "stdout.log", "a")
        self.process = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(directory / "nginx")], stdout=self.log, stderr=subprocess.STDOUT)
        wait_for(self.base + "/.well-known/smart-configuration")

    def stop(self):
        self.process.kill()
        self.process.wait()
        self.log.close()
        self.fhir.stop()


@contextlib.contextmanager
def running_login_server(directory, token_seconds: int = 3600, discovery: dict | None = None, refresh_seconds: float = 86400,
                         **device):
    """The provider and the FHIR server behind nginx, with the demo patients, the nurse and
    the public client registered for the redirect port; `device` sets the provider's device
    login (`device_seconds`, `device_interval`, `device_pace`)."""
    provider = Provider(directory, token_seconds=token_seconds, refresh_seconds=refresh_seconds, **device)
    server = UserLoginServer(directory, provider, discovery)
    try:
        server.fhir.load(demo_resources() + [NURSE_RESOURCE])
        provider.add_user(NURSE, NURSE_PRACTITIONER)
        server.client_id = provider.register(f"http://127.0.0.1:{REDIRECT_PORT}/callback")
        yield server
    finally:
        server.stop()
        provider.stop()
