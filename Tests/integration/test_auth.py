"""SMART Backend Services against the real server with auth on: client secrets (basic and
post) and private_key_jwt (ES384, RS384) get tokens; a wrong secret and a missing scope
get clear errors."""
import base64
import json
import os
import urllib.parse
import urllib.request

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from sekmet.auth.keys import public_jwk

from conftest import fetched, private_file
from fhir_server import FHIRServer, demo_resources


def pem(key) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


@pytest.fixture(scope="module")
def auth_server(tmp_path_factory):
    directory = tmp_path_factory.mktemp("fhir-auth")
    keys = {"jwt-ec": ec.generate_private_key(ec.SECP384R1()), "jwt-rsa": rsa.generate_private_key(public_exponent=65537, key_size=2048)}
    for name, key in keys.items():
        private_file(directory / f"{name}.pem", pem(key))
    clients = [
        {"client_id": "loader", "client_secret": "load-secret", "scopes": "system/*.*"},
        {"client_id": "ward", "client_secret": "ward-secret", "scopes": "system/*.read"},
        {"client_id": "narrow", "client_secret": "narrow-secret", "scopes": "system/Patient.read system/Encounter.read"},
    ] + [{"client_id": name, "jwks": {"keys": [public_jwk(key.public_key(), kid=name)]}, "scopes": "system/*.read"}
         for name, key in keys.items()]
    server = FHIRServer(directory, auth={"types": ["bearer", "smart"], "smart_clients": clients})
    try:
        form = urllib.parse.urlencode({"grant_type": "client_credentials", "scope": "system/*.*"}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{server.port}/auth/token", data=form, headers={
            "Authorization": "Basic " + base64.b64encode(b"loader:load-secret").decode()})
        token = json.loads(urllib.request.urlopen(request, timeout=30).read())["access_token"]
        wanted = {"Patient", "Encounter", "Location", "Practitioner", "AllergyIntolerance"}
        resources = [r for r in demo_resources() if r["resourceType"] in wanted]
        server.load(resources, token=token)
        server.patient = sorted(r["id"] for r in resources if r["resourceType"] == "Patient")[0]
        server.keys = directory
        yield server
    finally:
        server.stop()


def sync(run_emr, server, client_id, *extra):
    return run_emr("sync", "--server", server.base, "--patients", server.patient, "--client-id", client_id, *extra)


def secret_file(tmp_path, secret: str):
    return str(private_file(tmp_path / "client-secret", secret.encode() + b"\n"))


@pytest.mark.parametrize("method", ["client_secret_basic", "client_secret_post"])
def test_client_secret_gets_a_token(run_emr, auth_server, tmp_path, method):
    result = sync(run_emr, auth_server, "ward", "--client-secret-file", secret_file(tmp_path, "ward-secret"), "--client-auth", method)
    assert result.returncode == 0, result.stderr
    assert fetched(result.stdout)["Patient"] == 1


@pytest.mark.parametrize("client_id", ["jwt-ec", "jwt-rsa"])
def test_private_key_jwt_gets_a_token(run_emr, auth_server, client_id):
    result = sync(run_emr, auth_server, client_id, "--private-key", str(auth_server.keys / f"{client_id}.pem"))
    assert result.returncode == 0, result.stderr
    assert fetched(result.stdout)["Patient"] == 1


def test_a_stored_token_is_reused(run_emr, auth_server, tmp_path):
    secret = secret_file(tmp_path, "ward-secret")
    assert sync(run_emr, auth_server, "ward", "--client-secret-file", secret).returncode == 0
    os.chmod(secret, 0o600)
    with open(secret, "w") as handle:
        handle.write("no-longer-valid")
    again = sync(run_emr, auth_server, "ward", "--client-secret-file", secret)
    assert again.returncode == 0, "the token kept in the encrypted cache is still valid: " + again.stderr


def test_wrong_secret_gets_a_clear_error(run_emr, auth_server, tmp_path):
    result = sync(run_emr, auth_server, "ward", "--client-secret-file", secret_file(tmp_path, "wrong"))
    assert result.returncode == 2
    assert "the token endpoint refused the client credentials" in result.stderr
    assert "wrong" not in result.stderr


def test_missing_scope_is_named(run_emr, auth_server, tmp_path):
    result = sync(run_emr, auth_server, "narrow", "--client-secret-file", secret_file(tmp_path, "narrow-secret"),
                  "--scope", "system/Patient.read system/Encounter.read")
    assert result.returncode == 2
    assert "lacks scope system/" in result.stderr and "ask the server administrator" in result.stderr


def test_secret_file_readable_by_others_is_refused(run_emr, auth_server, tmp_path):
    path = secret_file(tmp_path, "ward-secret")
    os.chmod(path, 0o644)
    result = sync(run_emr, auth_server, "ward", "--client-secret-file", path)
    assert result.returncode == 2
    assert "readable by others" in result.stderr


def test_audit_upload_needs_the_write_scope(run_emr, auth_server, tmp_path):
    read_only = sync(run_emr, auth_server, "ward", "--client-secret-file", secret_file(tmp_path, "ward-secret"))
    assert read_only.returncode == 0, "the census sync itself succeeded: " + read_only.stderr
    assert "audit upload stopped after 0 entries" in read_only.stderr and "system/AuditEvent.write" in read_only.stderr
    # The default scope asks for the write: a client registered for it needs no --scope.
    writer = sync(run_emr, auth_server, "loader", "--client-secret-file", secret_file(tmp_path, "load-secret"))
    assert writer.returncode == 0, writer.stderr
    verified = run_emr("audit", "verify").stdout.strip()
    assert f"uploaded {verified.split()[1]} audit entries to " in writer.stdout, "every entry, the read-only sync's included"
