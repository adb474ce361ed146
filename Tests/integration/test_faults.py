"""Faults between emr and the server, injected by fault_server.py: every failed sync leaves
the cache unchanged and says why; retries ride out throttling and transient errors."""
import time

import pytest

from conftest import fetched, private_file
from fhir_server import WARD


def sync(run_emr, base, *extra):
    return run_emr("sync", "--server", base, "--ward", WARD, *extra)


def assert_cache_untouched_then_full_sync(run_emr, demo_server):
    """Nothing from the failed sync was stored: the next one is still a first, full sync."""
    again = sync(run_emr, demo_server.base)
    assert again.returncode == 0, again.stderr
    assert "new, full)" in again.stdout and "(0 new" not in again.stdout


def test_server_killed_mid_sync(run_emr, demo_server, fault_proxy):
    result = sync(run_emr, fault_proxy("die-after-4"))
    assert result.returncode == 2
    assert "cannot reach the FHIR server" in result.stderr and "the cache is unchanged" in result.stderr
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


def test_429_honours_retry_after(run_emr, fault_proxy):
    started = time.monotonic()
    result = sync(run_emr, fault_proxy("throttle"))
    assert result.returncode == 0, result.stderr
    assert time.monotonic() - started >= 1, "waited the Retry-After second"
    assert fetched(result.stdout)["Observation"] > 0


def test_transient_500s_are_retried(run_emr, fault_proxy):
    result = sync(run_emr, fault_proxy("error500"))
    assert result.returncode == 0, result.stderr
    assert fetched(result.stdout)["Observation"] > 0


def test_slow_server_times_out(run_emr, demo_server, fault_proxy):
    result = sync(run_emr, fault_proxy("slow"), "--timeout", "1")
    assert result.returncode == 2
    assert "did not answer within 1 s" in result.stderr
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


def test_garbage_body_is_refused(run_emr, demo_server, fault_proxy):
    result = sync(run_emr, fault_proxy("garbage"))
    assert result.returncode == 1
    assert "Observation search: the answer is not valid JSON" in result.stderr and "nothing was stored" in result.stderr
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


def test_html_page_is_refused(run_emr, fault_proxy):
    result = sync(run_emr, fault_proxy("html"))
    assert result.returncode == 1
    assert "the server sent an HTML page, not FHIR JSON" in result.stderr


def test_next_link_to_another_host_is_refused(run_emr, demo_server, fault_proxy):
    result = sync(run_emr, fault_proxy("foreign-next"))
    assert result.returncode == 1
    assert "points to another host (http://other.invalid)" in result.stderr
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


def test_a_redirect_to_another_host_is_not_followed(run_emr, demo_server, fault_proxy, request_catcher):
    """The token and the query never leave the server: a 302 to another host (127.0.0.2 is
    another host to the client) is refused in one line, and the other host hears nothing."""
    other = request_catcher("127.0.0.2")
    result = sync(run_emr, fault_proxy(f"redirect-to:{other.base}"))
    assert result.returncode == 1, result.stderr
    assert f"the server redirected to another host ({other.origin}); not followed" in result.stderr, result.stderr
    assert "cannot reach" not in result.stderr
    assert other.requests() == [], "the other host was never asked"
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


def test_an_endless_answer_is_read_only_up_to_the_limit(run_emr, demo_server, fault_proxy):
    """A body that never ends grew the process to 3.9 GB in 18 s; now reading stops at the limit."""
    run_emr.env["EMR_MAX_RESPONSE_MB"] = "2"
    started = time.monotonic()
    result = sync(run_emr, fault_proxy("endless"))
    assert result.returncode == 1, result.stderr
    assert "unusable answer to Observation search: the answer passed 2 MB; stopped reading it" in result.stderr, result.stderr
    assert time.monotonic() - started < 60
    del run_emr.env["EMR_MAX_RESPONSE_MB"]
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


def test_an_answer_that_breaks_off_is_said_in_words(run_emr, demo_server, fault_proxy):
    """A body shorter than announced was reported as 'network error -1'."""
    result = sync(run_emr, fault_proxy("short"))
    assert result.returncode == 2, result.stderr
    assert "the answer broke off or was malformed" in result.stderr, result.stderr
    assert "network error" not in result.stderr
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


def test_server_diagnostics_never_reach_a_non_terminal_stderr(run_emr, demo_server, fault_proxy):
    """A server's free text may echo patient data; under cron stderr becomes a log, so it is
    shown only to a person at a terminal."""
    result = sync(run_emr, fault_proxy("rejected"))
    assert result.returncode == 1
    assert "ZZTESTNAME" not in result.stderr and "Quentin" not in result.stderr
    assert "run 'emr sync' in a terminal to see the server's message" in result.stderr
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


@pytest.mark.parametrize("smart", [False, True])
def test_a_redirect_within_the_server_is_followed(run_emr, fault_proxy, tmp_path, smart):
    """A server that moved a path keeps working: the redirect stays on its origin, and with
    SMART the token goes along (the moved path answers 401 without it)."""
    credentials = ["--client-id", "ward", "--client-secret-file", str(private_file(tmp_path / "secret", b"s\n"))] if smart else []
    result = sync(run_emr, fault_proxy("moved"), *credentials)
    assert result.returncode == 0, result.stderr
    assert fetched(result.stdout)["Observation"] > 0


def test_a_redirect_loop_is_said_in_words(run_emr, demo_server, fault_proxy):
    """A 302 to itself was reported as 'network error -1007'."""
    result = sync(run_emr, fault_proxy("redirect-loop"))
    assert result.returncode in (1, 2), result.stderr
    assert "the server redirected in a loop" in result.stderr, result.stderr
    assert "network error" not in result.stderr and "-1007" not in result.stderr
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


def test_a_next_link_back_to_the_same_page_stops_the_search(run_emr, demo_server, fault_proxy):
    """A next link to itself looped for minutes (6,807 requests in 150 s, the sync lock held)."""
    started = time.monotonic()
    result = sync(run_emr, fault_proxy("self-next"))
    assert result.returncode == 1, result.stderr
    assert "the server's next-page link leads back to a page already fetched (after page 1)" in result.stderr, result.stderr
    assert time.monotonic() - started < 30
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


@pytest.mark.parametrize("asked, said", [("3600", "60 min"), ("Thu, 31 Dec 2099 23:59:59 GMT", "more than a day")])
def test_a_server_asking_to_wait_longer_than_the_sync_waits_is_not_waited_for(run_emr, demo_server, fault_proxy, asked, said):
    """Retry-After: 3600, or a date in 2099, held a sync silently for minutes; now the sync
    stops at once and says what the server asked."""
    started = time.monotonic()
    result = sync(run_emr, fault_proxy(f"retry-after:{asked}"))
    assert result.returncode in (1, 2), result.stderr
    assert f"asked to wait {said} before Observation search; not waited" in result.stderr, result.stderr
    assert time.monotonic() - started < 30
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


@pytest.mark.parametrize("mode", ["hangup", "not-http"])
def test_a_broken_answer_is_said_in_words(run_emr, demo_server, fault_proxy, mode):
    """No answer at all, or one that is not HTTP, is said in words, never as a URL error code."""
    result = sync(run_emr, fault_proxy(mode))
    assert result.returncode == 2, result.stderr
    assert "cannot reach the FHIR server" in result.stderr, result.stderr
    assert "network error" not in result.stderr and "error -" not in result.stderr, result.stderr
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


def test_an_endless_capability_statement_is_read_only_up_to_the_limit(run_emr, demo_server, fault_proxy):
    """/metadata is read through the same limit as every other answer."""
    run_emr.env["EMR_MAX_RESPONSE_MB"] = "1"
    result = sync(run_emr, fault_proxy("metadata:endless"))
    assert result.returncode in (1, 2), result.stderr
    assert "the answer passed 1 MB; stopped reading it" in result.stderr, result.stderr
    del run_emr.env["EMR_MAX_RESPONSE_MB"]
    assert_cache_untouched_then_full_sync(run_emr, demo_server)


def test_a_token_request_redirected_to_another_host_is_not_followed(run_emr, fault_proxy, request_catcher, tmp_path):
    """The client secret (here in the form, client_secret_post) never reaches another host,
    even by a 307 that would post it again there."""
    other = request_catcher("127.0.0.2")
    secret = private_file(tmp_path / "client-secret", b"ward-secret\n")
    result = sync(run_emr, fault_proxy(f"token-redirect-to:{other.base}"),
                  "--client-id", "ward", "--client-secret-file", str(secret), "--client-auth", "client_secret_post")
    assert result.returncode in (1, 2), result.stderr
    assert f"token request: the server redirected to another host ({other.origin}); not followed" in result.stderr, result.stderr
    assert other.requests() == [], "the other host was never asked"


def test_an_observation_of_a_patient_never_asked_for_is_refused(run_emr, demo_server, fault_proxy):
    """It was stored silently; now it is refused in one line and everything asked for is stored."""
    result = sync(run_emr, fault_proxy("stranger"))
    assert result.returncode == 1, result.stderr
    assert "Observation search: Observation/stranger-hr: belongs to a patient this sync did not ask for; not stored" in result.stderr
    assert f"stored {sum(fetched(result.stdout).values())};" in result.stdout, "all that was asked for, the stranger not counted"


def test_a_null_patient_entry_takes_that_patients_records_with_it(run_emr, demo_server, fault_proxy):
    """A census patient whose record came as a null entry had their other records stored
    under no patient; now none of theirs is stored, said in one line, and the others are."""
    result = sync(run_emr, fault_proxy("patient:null-first"))
    assert result.returncode == 1, result.stderr
    dropped = [line for line in result.stderr.splitlines() if "the patient's own record did not come" in line]
    assert len(dropped) == 1, result.stderr
    assert "other resources were not stored" in dropped[0]
    assert "stored 0;" not in result.stdout, "the other patients' records are stored"


def test_a_token_with_a_line_break_cannot_add_a_header(run_emr, fault_proxy, tmp_path):
    """The token endpoint's answer goes into the Authorization header of every request; a line
    break in it would have started a header of the server's choosing."""
    secret = private_file(tmp_path / "secret", b"s\n")
    result = sync(run_emr, fault_proxy("token:crlf"), "--client-id", "ward", "--client-secret-file", str(secret))
    assert result.returncode == 0, result.stderr
