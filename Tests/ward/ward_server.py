"""A ward server for tests, for real: OpenSSH `sshd` on 127.0.0.1 with a throwaway host key
and its own config, throwaway Unix accounts that log in by key only, and `ForceCommand`
running `emr` through a root-owned wrapper, as Sources/emr/emr.docc/WardServer.md describes.

Everything lives under one temporary folder; `stop()` kills what was started (by pid),
removes the accounts and their group, and deletes the folder. Needs root.
"""
import os
import pathlib
import re
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
import uuid

from fhir_server import free_port
from fixture_facts import needle, phi_terms
from tmux_session import TmuxSession

SSHD = "/usr/sbin/sshd"
ROOT = pathlib.Path(__file__).resolve().parents[2]


def run(*args, **kwargs):
    return subprocess.run(list(args), check=True, capture_output=True, text=True, **kwargs)


def running_pids(user, program=None):
    """The user's live processes (of `program` if given). Zombies are left out: they have
    ended and wait only for init to reap them."""
    out = subprocess.run(["pgrep", "-u", user, *(["-x", program] if program else [])], capture_output=True, text=True).stdout
    return [int(pid) for pid in out.split() if process_state(pid) not in ("Z", None)]


def process_state(pid):
    """The state letter of /proc/PID/stat (R, S, Z, ...), None once the process is gone."""
    try:
        stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[0]


def sshd_config(port, folder, group, login):
    """The server's whole config: local only, keys only, and for the nurses' group nothing
    but the workstation (the same Match block WardServer.md shows)."""
    return f"""\
Port {port}
ListenAddress 127.0.0.1
HostKey {folder}/ssh_host_ed25519_key
PidFile {folder}/sshd.pid
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
AuthorizedKeysFile .ssh/authorized_keys
StrictModes yes
PermitRootLogin no
AllowGroups {group}
LogLevel VERBOSE

Match Group {group}
    AcceptEnv LANG LC_*
    ForceCommand {login}
    PermitTTY yes
    DisableForwarding yes
    PermitUserRC no
"""


def login_wrapper(emr, environment):
    """The ForceCommand: a root-owned script, so the account can change neither the program
    nor its settings; `exec`, so no wrapper process is left once emr runs. The locale is the
    client's (ssh SendEnv, sshd AcceptEnv), C.UTF-8 when the client sent none."""
    exports = " ".join(f"{key}={shlex.quote(value)}" for key, value in sorted(environment.items()))
    return ("#!/bin/sh\n# Every ssh login of a ward account runs the workstation, whatever was asked for.\n"
            ": \"${LANG:=C.UTF-8}\"\n"
            f"export LANG {exports}\nexec {emr}\n")


class WardAccount:
    """One nurse: a Unix account in the ward group with its own key, home and cache."""

    def __init__(self, server, name, home, key):
        self.server, self.name, self.home, self.key = server, name, home, key
        self.passphrase = None

    @property
    def emr_home(self) -> pathlib.Path:
        """Where `emr` keeps this account's cache when EMR_HOME is not set."""
        return self.home / ".local" / "share" / "emr"

    def emr(self, *args, env=None, check=True):
        """Runs the staged `emr` as this account, with a clean environment (as cron would)."""
        environment = {"HOME": str(self.home), "USER": self.name, "LOGNAME": self.name,
                       "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", **(env or {})}
        command = ["runuser", "-u", self.name, "--", "env", "-i",
                   *(f"{k}={v}" for k, v in environment.items()), str(self.server.emr), *args]
        return subprocess.run(command, capture_output=True, text=True, cwd=self.home, check=check)

    def create_cache(self, passphrase, *command):
        """The account's own cache, made by its first `emr import FILE...` or `emr sync` (as
        `command`, run as the account) with a new passphrase."""
        result = self.emr(*map(str, command), env={"EMR_PASSPHRASE": passphrase}, check=False)
        assert result.returncode == 0, f"emr {command[0]} as {self.name} failed: {result.stderr}"
        self.passphrase = passphrase

    def configure(self, **settings):
        """Writes the account's `emr` config (`key = value` per setting), owned by the account
        and 0600 in its 0700 cache folder, as WardServer.md sets a ward up."""
        self.emr_home.mkdir(parents=True, exist_ok=True)
        config = self.emr_home / "config"
        config.write_text("".join(f"{key} = {value}\n" for key, value in settings.items()))
        for path in [self.home / ".local", self.home / ".local" / "share", self.emr_home, config]:
            shutil.chown(path, self.name, self.server.group)
            path.chmod(0o600 if path == config else 0o700)

    def unlock(self, session) -> str:
        """Types the passphrase at emr's prompt in `session`; returns the first list screen."""
        self.type_passphrase(session)
        return session.wait_for("MRN ", timeout=30)

    def type_passphrase(self, session):
        """Waits for emr's passphrase prompt in `session` and answers it (what comes next is
        the list, or first the server login when the account logs its nurse in)."""
        session.wait_for("Passphrase for the cache in", timeout=30)
        session.keys(self.passphrase, literal=True)
        session.keys("Enter")

    def audit_rows(self) -> list:
        """`emr audit show` as the account, as dicts keyed by its header (columns are 2+ spaces apart)."""
        lines = self.emr("audit", "show", env={"EMR_PASSPHRASE": self.passphrase}).stdout.splitlines()
        header = re.split(r"\s{2,}", lines[0])
        return [dict(zip(header, re.split(r"\s{2,}", line))) for line in lines[1:]]

    def emr_pids(self):
        """The account's running `emr` processes (there must be none once a session ended)."""
        return running_pids(self.name, "emr")

    def wait_until_no_emr(self, seconds=5.0):
        """Waits for the account's `emr` processes to end; those still running after `seconds`."""
        deadline = time.time() + seconds
        while self.emr_pids() and time.time() < deadline:
            time.sleep(0.1)
        return self.emr_pids()

    def ssh_command(self) -> str:
        """What a thin client runs to reach the workstation (no host-key prompt, no config
        of the machine's own ssh user)."""
        return (f"ssh -tt -F /dev/null -p {self.server.port} -i {shlex.quote(str(self.key))} "
                "-o SendEnv=LANG -o 'SendEnv=LC_*' -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=no "
                f"-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR {self.name}@127.0.0.1")

    def ssh_session(self, term="xterm-256color", columns=80, rows=24, locale="C.UTF-8", command=None) -> TmuxSession:
        """A tmux pane of the given size, TERM and locale (which ssh sends along) running ssh
        into this account, or `command` (which runs `ssh_command()`) when given."""
        env = {"LANG": locale, "LC_ALL": locale}
        return TmuxSession(command or self.ssh_command(), env, columns=columns, rows=rows, term=term)

    def files(self):
        """Every file in the account's home, as bytes (for plaintext scans)."""
        return {str(path): path.read_bytes() for path in self.home.rglob("*") if path.is_file()}

    def assert_no_phi_in_files(self):
        """No fixture patient's name, MRN or birth date in plaintext in any file of the
        account, its debug log included."""
        files = self.files()
        assert any(name.endswith("emr-debug.log") for name in files), "no debug log written, so the scan would miss it"
        hits = [(term, name) for term in phi_terms() for name, blob in files.items() if needle(term) in blob]
        assert not hits, f"PHI in plaintext in the account's files: {hits[:5]}"


class WardServer:
    """sshd on a free port of 127.0.0.1 with `emr` staged where the accounts can run it."""

    def __init__(self, emr_binary, environment=None):
        """`environment` goes into the login wrapper, for every session of every account."""
        self.binary = pathlib.Path(emr_binary)
        self.environment = dict(environment or {})
        self.base = pathlib.Path(tempfile.mkdtemp(prefix="emr-ward-"))
        self.group = f"emrward{uuid.uuid4().hex[:6]}"
        self.accounts = []
        self.process = None
        self.port = free_port()
        self.emr = self.base / "emr" / "bin" / "emr"
        self.fixtures = self.base / "emr" / "Fixtures"  # readable by the accounts
        self.login = self.base / "emr" / "emr-login"
        self.log_path = self.base / "sshd" / "sshd.log"

    def _stage(self):
        """Copies emr and the folders it finds beside itself (Themes, Fixtures; see
        ResourceLocator) to a root-owned, world-readable place, as an install to /opt would:
        the build folder may not be reachable by other users, and must not be writable by
        them. Beside it, the login wrapper."""
        target = self.base / "emr"
        self.emr.parent.mkdir(parents=True)
        shutil.copy2(self.binary, self.emr)
        for folder in ("Themes", "Fixtures"):
            shutil.copytree(ROOT / folder, target / folder)
        self.login.write_text(login_wrapper(self.emr, self.environment))
        for path in [target, *target.rglob("*")]:
            path.chmod(0o755 if path.is_dir() or path in (self.emr, self.login) else 0o644)

    def start(self):
        self.base.chmod(0o755)  # the accounts' homes are below it
        (self.base / "home").mkdir(mode=0o755)
        self._stage()
        run("groupadd", self.group)
        folder = self.base / "sshd"
        folder.mkdir(mode=0o700)
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(folder / "ssh_host_ed25519_key"))
        config = folder / "sshd_config"
        config.write_text(sshd_config(self.port, folder, self.group, self.login))
        os.makedirs("/run/sshd", mode=0o755, exist_ok=True)  # sshd's privilege-separation root
        run(SSHD, "-t", "-f", str(config))
        with open(self.log_path, "w") as log:
            self.process = subprocess.Popen([SSHD, "-D", "-e", "-f", str(config)], stdout=log, stderr=subprocess.STDOUT)
        deadline = time.time() + 15
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"sshd exited at start: {self.log()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"sshd did not listen on 127.0.0.1:{self.port}: {self.log()}")

    def log(self) -> str:
        return self.log_path.read_text() if self.log_path.exists() else ""

    def add_account(self) -> WardAccount:
        """A new nurse account: key login only (password field `*`, unlocked but with no
        password), home 0700 under the server's folder, its public key authorized."""
        name = f"emrw{uuid.uuid4().hex[:8]}"
        home = self.base / "home" / name
        run("useradd", "--create-home", "--home-dir", str(home), "--shell", "/bin/sh",
            "--gid", self.group, "--comment", "emr ward test (throwaway)", name)
        account = WardAccount(self, name, home, self.base / "client" / name)
        self.accounts.append(account)
        run("usermod", "-p", "*", name)
        home.chmod(0o700)
        (self.base / "client").mkdir(mode=0o700, exist_ok=True)
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(account.key))
        ssh = home / ".ssh"
        ssh.mkdir(mode=0o700)
        (ssh / "authorized_keys").write_text(pathlib.Path(f"{account.key}.pub").read_text())
        (ssh / "authorized_keys").chmod(0o600)
        run("chown", "-R", f"{name}:{self.group}", str(ssh))
        return account

    def add_offline_nurse(self) -> WardAccount:
        """A new nurse account whose own cache holds the demo fixtures, made by `emr import`
        run as the account, and locked by its own passphrase (`nurse.unlock(session)` types it)."""
        account = self.add_account()
        account.create_cache("ward-nurse-passphrase", "import", *sorted((self.fixtures / "demo").glob("*.ndjson")))
        return account

    def stop(self):
        """Ends every process of the test accounts and sshd (by pid), then removes the
        accounts, the group and the folder. Safe to call after a partial start."""
        for account in self.accounts:
            for pid in running_pids(account.name):
                subprocess.run(["kill", "-KILL", str(pid)], capture_output=True)
            deadline = time.time() + 5
            while running_pids(account.name) and time.time() < deadline:
                time.sleep(0.1)
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        for account in self.accounts:
            # --force: an unreaped zombie of the account must not keep the account alive.
            subprocess.run(["userdel", "--force", "--remove", account.name], capture_output=True)
        subprocess.run(["groupdel", self.group], capture_output=True)
        shutil.rmtree(self.base, ignore_errors=True)
