"""The OpenID Connect provider the user-login tests log in at: oidc-provider-mock (PyPI,
pinned in Tests/requirements.txt), whose protocol work is Authlib's authorization server,
run here with the settings a hospital's server has for a SMART public native client:

- PKCE required, S256 only (Authlib's own `CodeChallenge` extension; `plain` refused), so a
  client that gets the challenge wrong is refused by real code, not by a test's opinion;
- public clients (token endpoint auth method `none`) for the code and the refresh grants;
- the SMART scopes (`fhirUser`, `online_access`, the default `user/...` ones) grantable;
- clients must register (their redirect URIs are then checked exactly);
- an unknown or revoked bearer token at userinfo is a 401 `invalid_token` (RFC 6750), which
  nginx's auth_request turns into the FHIR server's 401 (the provider's own answer is a 400);
- token revocation (RFC 7009, Authlib's `RevocationEndpoint`) at `/oauth2/revoke` for public
  clients: revoking a refresh token ends the access token issued with it, as the RFC advises;
- the device authorization grant (RFC 8628, Authlib's `DeviceAuthorizationEndpoint` and
  `DeviceCodeGrant`) at `/oauth2/device`, advertised as `device_authorization_endpoint` in the
  OpenID discovery, with an id token (Authlib's `OpenIDToken` extension) like the code grant's.
  The user approves or denies a user code by POSTing `user_code`, `sub` and `action`
  (`approve` or `deny`) to the verification address `/device`; the codes live
  `DEVICE_SECONDS` and the client is told to poll every `DEVICE_INTERVAL` seconds. The server
  paces polls at `DEVICE_PACE` seconds: a poll sooner than that after the previous one is
  answered `slow_down` by Authlib's grant (`should_slow_down`), as a loaded server does. What
  each poll was answered is at `GET /device/answers/USER_CODE`, for the tests to wait on;
- a refresh token lives `REFRESH_SECONDS` (the provider's own never expire), after which the
  refresh grant answers `invalid_grant`, as a hospital's server's does;
- the live access and refresh tokens of a user at `GET /users/SUB/tokens`, for the tests that
  scan a terminal's scrollback and an account's files for them.

Nothing of the protocol is written here: these are the provider's and Authlib's documented
extension points. Usage: `python smart_provider.py PORT TOKEN_SECONDS [REFRESH_SECONDS
[DEVICE_SECONDS DEVICE_INTERVAL DEVICE_PACE]]`, on 127.0.0.1 only.
"""
import dataclasses
import os
import sys
import time
from datetime import datetime, timedelta, timezone

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # plain http on 127.0.0.1 only

import authlib.integrations.flask_oauth2 as flask_oauth2
import authlib.oauth2.rfc6749
import authlib.oauth2.rfc6750
import authlib.oauth2.rfc7009
import authlib.oauth2.rfc7636
import authlib.oauth2.rfc8628
import authlib.oidc.core
import flask
import oidc_provider_mock
from oidc_provider_mock import _app, _storage

SMART_SCOPES = (
    "fhirUser", "online_access", "offline_access", "launch/patient",
    "user/*.rs", "user/Observation.cu", "user/MedicationAdministration.cu", "user/AuditEvent.c",
    "user/*.read", "user/Observation.write", "user/AuditEvent.write",
)
_storage.Client.SCOPES_SUPPORTED = _storage.Client.SCOPES_SUPPORTED + SMART_SCOPES
_storage.Client.GRANT_TYPES_SUPPORTED = _storage.Client.GRANT_TYPES_SUPPORTED + (authlib.oauth2.rfc8628.DEVICE_CODE_GRANT_TYPE,)


class S256Only(authlib.oauth2.rfc7636.CodeChallenge):
    """PKCE as SMART App Launch 2 demands it: always, and only S256."""
    SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]
    DEFAULT_CODE_CHALLENGE_METHOD = "S256"

    def validate_code_challenge(self, grant, redirect_uri):
        data = grant.request.payload.data
        if not data.get("code_challenge") or data.get("code_challenge_method") != "S256":
            raise authlib.oauth2.rfc6749.InvalidRequestError("PKCE with code_challenge_method=S256 is required")
        super().validate_code_challenge(grant, redirect_uri)


@dataclasses.dataclass(kw_only=True, frozen=True)
class CodeWithChallenge(_storage.AuthorizationCode):
    code_challenge: str | None = None
    code_challenge_method: str | None = None


class PublicCodeGrant(_app.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        S256Only(required=True)(self)

    def save_authorization_code(self, code, request):
        data = request.payload.data
        _storage.storage.store_authorization_code(CodeWithChallenge(
            code=code, user_id=request.user.sub, client_id=request.client.get_client_id(),
            redirect_uri=request.payload.redirect_uri, scope=request.payload.scope, nonce=data.get("nonce"),
            code_challenge=data.get("code_challenge"), code_challenge_method=data.get("code_challenge_method")))


class PublicRefreshGrant(_app.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]
    # Set by main(): how long a refresh token lasts after it was issued with its access token.
    lifetime = timedelta(days=1)
    access_lifetime = timedelta(hours=1)

    def authenticate_refresh_token(self, refresh_token):
        token = super().authenticate_refresh_token(refresh_token)
        issued = token.expires_at - self.access_lifetime
        if datetime.now(timezone.utc) >= issued + self.lifetime:
            raise authlib.oauth2.rfc6749.InvalidGrantError("the refresh token has expired")
        return token


class PublicRevocation(authlib.oauth2.rfc7009.RevocationEndpoint):
    """RFC 7009 for public clients. Only refresh tokens name their client, so an access token
    alone is answered 200 and left to expire (the RFC allows it); a refresh token takes its
    access token with it."""
    CLIENT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]

    def query_token(self, token_string, token_type_hint):
        return _storage.storage.get_refresh_token(token_string)

    def revoke_token(self, token, request):
        _storage.storage.remove_refresh_token(token.token)
        _storage.storage.remove_access_token(token.access_token)


# The device logins in progress: device code -> credential, user code -> (sub, approved),
# user code -> what each poll was answered, device code -> when it was last polled.
DEVICE_CREDENTIALS: dict[str, authlib.oauth2.rfc8628.DeviceCredentialDict] = {}
USER_GRANTS: dict[str, tuple[str, bool]] = {}
POLL_ANSWERS: dict[str, list[str]] = {}
LAST_POLL: dict[str, float] = {}


class DeviceAuthorization(authlib.oauth2.rfc8628.DeviceAuthorizationEndpoint):
    # Set by main().
    EXPIRES_IN = 1800
    INTERVAL = 5

    def get_verification_uri(self):
        return flask.request.host_url + "device"

    def save_device_credential(self, client_id, scope, data):
        DEVICE_CREDENTIALS[data["device_code"]] = authlib.oauth2.rfc8628.DeviceCredentialDict(
            client_id=client_id, scope=scope, expires_at=time.time() + self.EXPIRES_IN, **data)
        POLL_ANSWERS[data["user_code"]] = []


class DeviceGrant(authlib.oauth2.rfc8628.DeviceCodeGrant):
    # Set by main(): polls closer together than this are told to slow down.
    pace = 0.0

    def query_device_credential(self, device_code):
        return DEVICE_CREDENTIALS.get(device_code)

    def query_user_grant(self, user_code):
        if user_code not in USER_GRANTS:
            return None
        sub, approved = USER_GRANTS[user_code]
        return _storage.storage.get_user(sub) or _storage.User(sub=sub, claims={"email": sub}), approved

    def should_slow_down(self, credential):
        now, code = time.monotonic(), credential["device_code"]
        last, LAST_POLL[code] = LAST_POLL.get(code), now
        return last is not None and now - last < self.pace

    def validate_device_credential(self, credential):
        answers = POLL_ANSWERS.setdefault(credential.get_user_code(), [])
        try:
            user = super().validate_device_credential(credential)
        except authlib.oauth2.OAuth2Error as error:
            answers.append(error.error)
            raise
        answers.append("approved")
        return user


class DeviceOpenID(_app.OpenIDCode):
    """The id token (with `fhirUser`) for the device grant: the provider's own signing and
    claims, hooked only where a token is made (there is no authorization request here)."""
    __call__ = authlib.oidc.core.OpenIDToken.__call__


class SmartAuthorizationServer(flask_oauth2.AuthorizationServer):
    token_max_age = timedelta(hours=1)  # set by main()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.register_endpoint(PublicRevocation)
        self.register_endpoint(DeviceAuthorization)
        self.register_grant(DeviceGrant, [DeviceOpenID(require_nonce=False, token_max_age=self.token_max_age)])


class TokenValidator(_app.TokenValidator):
    def authenticate_token(self, token_string):
        token = _storage.storage.get_access_token(token_string)
        if not token:
            raise authlib.oauth2.rfc6750.InvalidTokenError()
        return token


# The provider registers its grants and validator by these names when the app is made.
_app.AuthorizationCodeGrant = PublicCodeGrant
_app.RefreshTokenGrant = PublicRefreshGrant
_app.TokenValidator = TokenValidator
flask_oauth2.AuthorizationServer = SmartAuthorizationServer


def revoke():
    return _app.authorization.create_endpoint_response(PublicRevocation.ENDPOINT_NAME)


def device_authorization():
    return _app.authorization.create_endpoint_response(DeviceAuthorization.ENDPOINT_NAME)


def token():
    """Authlib's own token endpoint for every registered grant (the provider's view knows only
    the code and refresh grants)."""
    return _app.authorization.create_token_response()


def verify_device():
    """The verification address: the user approves (or denies) a user code as `sub`."""
    if flask.request.method == "GET":
        return ('<form method="post"><input name="user_code"><input name="sub">'
                '<button name="action" value="approve">Approve</button><button name="action" value="deny">Deny</button></form>')
    form = flask.request.form
    user_code, sub, action = form.get("user_code", "").strip().upper(), form.get("sub", ""), form.get("action")
    pending = [c for c in DEVICE_CREDENTIALS.values() if c.get_user_code() == user_code and not c.is_expired()]
    if not pending or action not in ("approve", "deny") or not sub:
        return "unknown or expired code", 400
    USER_GRANTS[user_code] = (sub, action == "approve")
    return "done"


def poll_answers(user_code):
    return flask.jsonify(POLL_ANSWERS.get(user_code, []))


def issued_tokens(sub):
    """The live access and refresh tokens of `sub`: a test scans that none is shown or stored."""
    store = _storage.storage
    return flask.jsonify([t.token for t in [*store.access_tokens(), *store.refresh_tokens()] if t.user_id == sub])


def main():
    port, seconds = int(sys.argv[1]), int(sys.argv[2])
    PublicRefreshGrant.access_lifetime = timedelta(seconds=seconds)
    SmartAuthorizationServer.token_max_age = timedelta(seconds=seconds)
    if len(sys.argv) > 3:
        PublicRefreshGrant.lifetime = timedelta(seconds=float(sys.argv[3]))
    if len(sys.argv) > 6:
        DeviceAuthorization.EXPIRES_IN, DeviceAuthorization.INTERVAL = int(sys.argv[4]), int(sys.argv[5])
        DeviceGrant.pace = float(sys.argv[6])
    app = oidc_provider_mock.app(require_client_registration=True, access_token_max_age=timedelta(seconds=seconds))
    app.add_url_rule("/oauth2/revoke", view_func=revoke, methods=["POST"])
    app.add_url_rule("/oauth2/device", view_func=device_authorization, methods=["POST"])
    app.add_url_rule("/device", view_func=verify_device, methods=["GET", "POST"])
    app.add_url_rule("/device/answers/<user_code>", view_func=poll_answers)
    app.add_url_rule("/users/<sub>/tokens", view_func=issued_tokens)
    app.view_functions["oidc-provider-mock.issue_token"] = token
    discovery = app.view_functions["oidc-provider-mock.openid_config"]

    def openid_config():
        document = discovery().get_json()
        document["device_authorization_endpoint"] = flask.request.host_url + "oauth2/device"
        return flask.jsonify(document)

    app.view_functions["oidc-provider-mock.openid_config"] = openid_config
    app.run(host="127.0.0.1", port=port, debug=False, use_reloader=False, threaded=True)


if __name__ == "__main__":
    main()
