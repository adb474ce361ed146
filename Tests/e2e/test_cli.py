"""The command-line contract: help, version, and one-line usage errors with status 2."""
import subprocess


def run(emr, *args, env=None):
    return subprocess.run([str(emr), *args], capture_output=True, text=True, env=env, timeout=60)


def test_help_lists_commands_and_exit_statuses(emr, env):
    result = run(emr, "--help", env=env)
    assert result.returncode == 0
    for word in ("import", "passwd", "wipe", "--demo", "Exit status"):
        assert word in result.stdout
    assert result.stderr == ""


def test_version_prints_one_line(emr, env):
    result = run(emr, "--version", env=env)
    assert result.returncode == 0
    assert result.stdout.startswith("emr ") and result.stdout.count("\n") == 1


def test_unknown_option_is_one_line_usage_error(emr, env):
    result = run(emr, "--frobnicate", env=env)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip().count("\n") == 0
    assert "unknown option --frobnicate" in result.stderr


def test_unknown_command_is_usage_error(emr, env):
    result = run(emr, "frobnicate", env=env)
    assert result.returncode == 2
    assert "unknown command 'frobnicate'" in result.stderr


def test_option_of_another_command_is_refused(emr, env):
    result = run(emr, "wipe", "--theme", "mono", env=env)
    assert result.returncode == 2
    assert "unknown option --theme for 'wipe'" in result.stderr


def test_missing_option_value(emr, env):
    result = run(emr, "--theme", env=env)
    assert result.returncode == 2
    assert "option --theme needs a value" in result.stderr


def test_import_without_files(emr, env):
    result = run(emr, "import", env=env)
    assert result.returncode == 2
    assert "import needs at least one FHIR file" in result.stderr
