"""A tiny HTTP proxy on 127.0.0.1 in front of the real FHIR server that injects one fault
into Observation searches (the bulk of a sync), for the fault tests.

Usage: fault_server.py PORT UPSTREAM_BASE MODE
Modes: proxy, die-after-N (exit the process after N requests, like a killed server),
throttle (429 + Retry-After once), error500 (500 twice), slow (answers after 5 s),
garbage (200 with a body that is not JSON), html (200 with an HTML page),
foreign-next (a next link to another host), rejected (400 whose diagnostics
echo a patient name, as some servers do), slow-put (each PUT, an audit upload, waits
0.5 s before it is passed on), reject-put (each PUT of an Observation, a charted entry, is
refused with 422 and an OperationOutcome whose diagnostics span two lines), hold-first-put
(the first PUT of an Observation reaches the server, and its answer is held back for a
minute: the server has the entry, the client has no answer yet), redirect-to:BASE (each
Observation search answers 302 to the same path under BASE, another host), endless (each
Observation search answers 200 with a chunked body that never ends, until the client hangs up),
short (each Observation search announces 1000 bytes, sends 10 and hangs up), self-next (each
Observation search page's next link is the page itself), redirect-loop (each Observation search
answers 302 to itself), moved (each Observation search answers 302 to the same search under
/fhir/moved/, on this server, which serves it), retry-after:VALUE (each Observation search
answers 429 with `Retry-After: VALUE`), hangup (each Observation search is read and the
connection closed without an answer), not-http (each Observation search is answered with a line
that is not HTTP), token-redirect-to:BASE (each token request answers 307 to BASE's token
endpoint, another host: a client following it would post its credentials there). In every mode
SMART discovery names a token endpoint on this server, which issues `fault-token`; in mode
moved, a search that carried a token is served under /fhir/moved/ only with that token (a client
must keep it across a redirect within the server). A mode prefixed `metadata:` (`metadata:endless`) injects its fault into
`/metadata` instead, one prefixed `token:` into the token endpoint's answer, one prefixed
`patient:` into Patient searches. Two modes change what the server holds as it passes:
stranger (each Observation search page gains an Observation of a patient nobody asked for) and
null-first (each search page's first entry becomes `{"resource": null}`). Mode token:crlf
issues a token with a line break and a header after it; any request that arrives with that
header (`X-Injected`) is refused with 400.
Other PUTs pass through in every mode.

The line-speed modes stream as fast as the loopback takes it, from blocks built once: endless
(a chunked body that never ends), endless-close (no length, no chunks: a body that ends only
when the connection does), gzip-bomb (1 MB of gzip that inflates to 1 GiB), huge (a 70 MB
answer with its length announced), trickle (16 KB every 0.1 s, never idle and never ending),
drip (one byte a second), endless-paging (every Observation search page holds 200
Observations of the patients searched for, new ones each page, and a next link to a page
not yet fetched), endless-empty-paging (the same with no Observations).
"""
import http.server
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib

PORT, UPSTREAM, MODE = int(sys.argv[1]), sys.argv[2].rstrip("/"), sys.argv[3]
FAULTY_PATH = "/fhir/Observation"
if MODE.startswith("metadata:"):
    FAULTY_PATH, MODE = "/fhir/metadata", MODE[len("metadata:"):]
if MODE.startswith("token:"):
    FAULTY_PATH, MODE = "/auth/token", MODE[len("token:"):]
if MODE.startswith("patient:"):
    FAULTY_PATH, MODE = "/fhir/Patient", MODE[len("patient:"):]
BLOCK = b" " * (1 << 20)  # JSON whitespace: an answer stays well-formed until it is cut off
OPENING = b'{"resourceType":"Bundle","type":"searchset","entry":['


def gzip_bomb() -> bytes:
    """One gzip member that inflates to 1 GiB of JSON whitespace after an opening."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    parts = [packer.compress(OPENING)] + [packer.compress(BLOCK) for _ in range(1024)]
    return b"".join(parts + [packer.flush()])


BOMB = gzip_bomb() if MODE == "gzip-bomb" else b""
OWN_BASE = f"http://127.0.0.1:{PORT}/fhir"
state = {"requests": 0, "faults": 0, "held": False}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body: bytes, content_type="application/fhir+json", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        state["requests"] += 1
        if self.headers.get("X-Injected"):
            return self.answer(400, b'{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"security"}]}')
        if MODE.startswith("die-after-") and state["requests"] > int(MODE.rsplit("-", 1)[1]):
            os._exit(1)
        if self.path.startswith(FAULTY_PATH):
            state["authorization"] = self.headers.get("Authorization")
            if self.fault():
                return
        if self.path == "/fhir/.well-known/smart-configuration":
            body = f'{{"token_endpoint":"{OWN_BASE.rsplit("/fhir", 1)[0]}/auth/token"}}'
            return self.answer(200, body.encode(), content_type="application/json")
        if MODE == "moved" and self.path.startswith("/fhir/moved/"):
            if self.headers.get("Authorization") != state.get("authorization"):
                return self.answer(401, b'{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"login"}]}')
            self.path = "/fhir/" + self.path[len("/fhir/moved/"):]
        self.proxy()

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path != "/auth/token":
            return self.answer(404, b"")
        if FAULTY_PATH == "/auth/token" and self.fault():
            return
        if MODE.startswith("token-redirect-to:"):
            other = MODE.split(":", 1)[1].rstrip("/").rsplit("/fhir", 1)[0]
            return self.answer(307, b"", headers=[("Location", other + "/auth/token")])
        self.answer(200, b'{"access_token":"fault-token","token_type":"bearer","expires_in":3600}', content_type="application/json")

    def do_PUT(self):
        if MODE == "slow-put":
            time.sleep(0.5)
        if MODE == "reject-put" and self.path.startswith("/fhir/Observation/"):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            body = ('{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"business-rule",'
                    '"diagnostics":"Observation refused by ward policy:\\nvital signs need a signed order"}]}')
            return self.answer(422, body.encode())
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if MODE == "hold-first-put" and self.path.startswith("/fhir/Observation/") and not state["held"]:
            state["held"] = True
            return self.proxy(method="PUT", body=body, hold=60)
        self.proxy(method="PUT", body=body)

    def fault(self) -> bool:
        state["faults"] += 1
        first = state["faults"] == 1
        if MODE == "throttle" and first:
            self.answer(429, b"", headers=[("Retry-After", "1")])
        elif MODE == "error500" and state["faults"] <= 2:
            self.answer(500, b'{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"exception"}]}')
        elif MODE == "slow":
            time.sleep(5)
            return False
        elif MODE == "garbage":
            self.answer(200, b"garbage{\x00")
        elif MODE == "html":
            self.answer(200, b"<!DOCTYPE html><html><body>Bad gateway</body></html>", content_type="text/html")
        elif MODE == "rejected":
            body = ('{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"invalid",'
                    '"diagnostics":"Observation for Patient ZZTESTNAME Quentin not allowed"}]}')
            self.answer(400, body.encode())
        elif MODE == "short":
            self.send_response(200)
            self.send_header("Content-Type", "application/fhir+json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b'{"resourc')
            self.wfile.flush()
            self.close_connection = True
        elif MODE == "endless":
            chunk = b"%x\r\n%s\r\n" % (len(BLOCK), BLOCK)
            self.stream([("Transfer-Encoding", "chunked")], b"%x\r\n%s\r\n" % (len(OPENING), OPENING), chunk)
        elif MODE == "endless-close":
            self.stream([("Connection", "close")], OPENING, BLOCK)
        elif MODE == "gzip-bomb":
            self.stream([("Content-Encoding", "gzip"), ("Content-Length", str(len(BOMB)))], BOMB, b"", blocks=0)
        elif MODE == "huge":
            self.stream([("Content-Length", str(len(OPENING) + 70 * len(BLOCK)))], OPENING, BLOCK, blocks=70)
        elif MODE == "trickle":
            self.stream([("Connection", "close")], OPENING, b" " * 16_384, pause=0.1)
        elif MODE == "drip":
            self.stream([("Connection", "close")], b"", b" ", pause=1)
        elif MODE in ("endless-paging", "endless-empty-paging"):
            self.answer(200, self.endless_page(200 if MODE == "endless-paging" else 0))
        elif MODE == "crlf":
            body = b'{"access_token":"fault-token\\r\\nX-Injected: yes","token_type":"bearer","expires_in":3600}'
            self.answer(200, body, content_type="application/json")
        elif MODE in ("stranger", "null-first"):
            status, body, _ = self.upstream()
            bundle = json.loads(body)
            entries = bundle.setdefault("entry", [])
            if MODE == "stranger":
                entries.append({"resource": {"resourceType": "Observation", "id": "stranger-hr", "status": "final",
                                             "code": {"text": "Heart rate"}, "subject": {"reference": "Patient/not-asked-for"},
                                             "effectiveDateTime": "2024-01-01T00:00:00Z", "valueQuantity": {"value": 80}}})
            elif entries:
                entries[0] = {"resource": None}
            self.answer(status, json.dumps(bundle).encode())
        elif MODE.startswith("redirect-to:"):
            self.answer(302, b"", headers=[("Location", MODE.split(":", 1)[1].rstrip("/") + self.path)])
        elif MODE == "self-next":
            body = ('{"resourceType":"Bundle","type":"searchset","link":[{"relation":"next",'
                    f'"url":"{OWN_BASE}{self.path[len("/fhir"):]}"}}],"entry":[]}}')
            self.answer(200, body.encode())
        elif MODE == "redirect-loop":
            self.answer(302, b"", headers=[("Location", OWN_BASE + self.path[len("/fhir"):])])
        elif MODE == "moved":
            self.answer(302, b"", headers=[("Location", OWN_BASE + "/moved" + self.path[len("/fhir"):])])
        elif MODE.startswith("retry-after:"):
            self.answer(429, b"", headers=[("Retry-After", MODE.split(":", 1)[1])])
        elif MODE == "hangup":
            self.close_connection = True
        elif MODE == "not-http":
            self.wfile.write(b"this is not HTTP\r\n\r\n")
            self.close_connection = True
        elif MODE == "foreign-next":
            body = ('{"resourceType":"Bundle","type":"searchset","link":[{"relation":"next",'
                    '"url":"http://other.invalid/fhir/Observation?page=2"}],"entry":[]}')
            self.answer(200, body.encode())
        else:
            return False
        return True

    def stream(self, headers, first: bytes, block: bytes, blocks=1 << 14, pause=0.0):
        """A 200 with `headers`, then `first`, then `block` `blocks` times (16 GiB of 1 MB
        blocks: far past any limit under test), as fast as the client reads, or `pause`
        seconds apart; ends when the client hangs up."""
        self.send_response(200)
        self.send_header("Content-Type", "application/fhir+json")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        try:
            self.wfile.write(first)
            for _ in range(blocks):
                self.wfile.write(block)
                if pause:
                    self.wfile.flush()
                    time.sleep(pause)
        except OSError:
            pass  # the client stopped reading: what it must do
        self.close_connection = True

    def endless_page(self, count: int) -> bytes:
        """A search page of `count` new Observations of the patients asked for, and a next
        link to the page after it."""
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        patients = ",".join(query.get("patient", ["none"])).split(",")
        page = int(query.get("page", ["0"])[0])
        entries = [{"resource": {
            "resourceType": "Observation", "id": f"endless-{page}-{n}", "status": "final",
            "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "vital-signs"}]}],
            "code": {"coding": [{"system": "http://loinc.org", "code": "8867-4", "display": "Heart rate"}]},
            "subject": {"reference": f"Patient/{patients[n % len(patients)]}"},
            "effectiveDateTime": "2024-01-01T00:00:00Z",
            "valueQuantity": {"value": 70, "unit": "/min", "system": "http://unitsofmeasure.org", "code": "/min"}}}
            for n in range(count)]
        following = urllib.parse.urlencode({**{k: v[0] for k, v in query.items()}, "page": page + 1})
        link = [{"relation": "next", "url": f"{OWN_BASE}{url.path[len('/fhir'):]}?{following}"}]
        return json.dumps({"resourceType": "Bundle", "type": "searchset", "link": link, "entry": entries}).encode()

    def upstream(self, method="GET", body=None):
        """The real server's answer to this request: status, body (its links naming this
        server) and content type."""
        headers = {"Accept": "application/fhir+json", "Content-Type": "application/fhir+json"}
        request = urllib.request.Request(UPSTREAM + self.path[len("/fhir"):], data=body, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, body, content_type = response.status, response.read(), response.headers.get("Content-Type")
        except urllib.error.HTTPError as error:
            status, body, content_type = error.code, error.read(), error.headers.get("Content-Type")
        return status, body.replace(UPSTREAM.encode(), OWN_BASE.encode()), content_type

    def proxy(self, method="GET", body=None, hold=0):
        """Passes the request on; with `hold`, waits that many seconds before answering (the
        client may be gone by then)."""
        status, body, content_type = self.upstream(method, body)
        time.sleep(hold)
        try:
            self.answer(status, body, content_type or "application/fhir+json")
        except OSError:
            pass  # the client went away while the answer was held


http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
