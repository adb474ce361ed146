#!/usr/bin/env bash
# `make test`'s runner. Builds once (the venvs made meanwhile), then runs lanes side by side,
# each lane's suites one after another: `run_lanes.sh "arch-test unit-test | integration-test
# ward-test"` (the Makefile's TEST_LANES). Lanes share no port (each server takes a free one;
# the login redirect port is taken by the login tests and the ward suite, one lane) and no
# files (each test its own EMR_HOME and tmux server). A suite's output goes to
# .build/test-logs/SUITE.log and is printed whole when it ends, so lanes never interleave. A
# failing suite stops its lane; the other lanes run to their end. Then each suite's time, and
# the exit status of the first failure.
set -u
# Job control: each lane in its own process group. Without it a background job starts with
# SIGINT and SIGQUIT ignored, and the programs under test inherit that (a test's Ctrl-C to
# `emr login` went unheard; where this script itself starts with them ignored, the
# integration suite's conftest gives them back). Ctrl-C or a kill of this script ends the lanes.
set -m
logs=.build/test-logs
rm -rf "$logs" && mkdir -p "$logs"
make --no-print-directory -j3 venv build-tests || exit $?
export SUITES_BUILT=1

lane() {
    for suite in $1; do
        start=$(date +%s)
        echo "== $suite started"
        make --no-print-directory "$suite" > "$logs/$suite.log" 2>&1
        status=$?
        took=$(( $(date +%s) - start ))
        # One suite's whole output at a time.
        flock "$logs/.print" sh -c "echo '== $suite ended ($status) after $took s'; cat '$logs/$suite.log'"
        echo "$suite $took $status" >> "$logs/.times"
        [ "$status" = 0 ] || return "$status"
    done
}

started=$(date +%s)
pids=()
trap 'for pid in "${pids[@]}"; do kill -- -"$pid" 2>/dev/null; done; exit 130' INT TERM
IFS='|' read -ra lanes <<< "$1"
for suites in "${lanes[@]}"; do
    lane "$suites" &
    pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do
    wait "$pid" || { status=$?; [ "$failed" = 0 ] && failed=$status; }
done

echo "Suite times (lanes side by side: ${1}):"
while read -r suite took status; do
    printf '  %-28s %2d min %02d s%s\n' "$suite" $((took / 60)) $((took % 60)) "$([ "$status" = 0 ] || echo '  FAILED')"
done < "$logs/.times"
total=$(( $(date +%s) - started ))
printf '  %-28s %2d min %02d s\n' "all, wall clock" $((total / 60)) $((total % 60))
exit "$failed"
