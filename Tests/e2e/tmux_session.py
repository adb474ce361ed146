"""A real terminal for end-to-end tests: tmux runs `emr` in a pane of a given size and TERM;
tests type with send-keys and read what a person would see with capture-pane."""
import os
import shlex
import subprocess
import tempfile
import time
import uuid


class TmuxSession:
    def __init__(self, command, env, columns=80, rows=24, term="xterm-256color"):
        self.name = f"emr-e2e-{uuid.uuid4().hex[:8]}"
        self.socket = self.name
        # Per-session files: what stty said before and after, and emr's exit status.
        self.state_dir = tempfile.mkdtemp(prefix="emr-e2e-")
        state = shlex.quote(self.state_dir)
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items() if k.startswith(("EMR_", "LANG", "LC_", "TZ", "NO_COLOR", "HOME")))
        # The pane's shell records the terminal settings around emr, so tests can compare them.
        script = (
            f"export TERM={shlex.quote(term)} {exports}; stty -g > {state}/stty-before; "
            f"{command}; echo \"exit=$?\" > {state}/exit-status; "
            f"stty -g > {state}/stty-after; sleep 600"
        )
        self._tmux("new-session", "-d", "-s", self.name, "-x", str(columns), "-y", str(rows), "bash", "--norc", "--noprofile", "-c", script)

    def _tmux(self, *args, check=True):
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=check)

    def record_output(self, path):
        """From now on, copies every byte the program sends to the terminal into `path`."""
        self._tmux("pipe-pane", "-o", "-t", self.name, f"cat > {shlex.quote(str(path))}")

    def keys(self, *keys, literal=False):
        """Sends keys; with literal=True the text is typed as is."""
        for key in keys:
            self._tmux("send-keys", "-t", self.name, *(["-l"] if literal else []), key)
            time.sleep(0.05)

    def key_now(self, key):
        """Sends one key and returns at once, without `keys`' pause: for a test that times what
        happens after it (a kill some milliseconds into what the key started)."""
        self._tmux("send-keys", "-t", self.name, key)

    def raw(self, data: str):
        """Sends exact bytes as a terminal would (e.g. '\\x1bOB' for Down in keypad mode)."""
        self._tmux("send-keys", "-t", self.name, "-H", *[f"{b:02x}" for b in data.encode()])

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", self.name).stdout

    def styled_screen(self) -> str:
        """The screen with its attributes as escape sequences: a moved highlight shows here."""
        return self._tmux("capture-pane", "-p", "-e", "-t", self.name).stdout

    def joined_screen(self) -> str:
        """The screen with wrapped lines joined: a long address printed before curses starts."""
        return self._tmux("capture-pane", "-p", "-J", "-t", self.name).stdout

    def joined_scrollback(self) -> str:
        """The scrollback and screen with wrapped lines joined: addresses printed while the
        program had handed the terminal back, the latest last."""
        return self._tmux("capture-pane", "-p", "-J", "-S", "-1000", "-t", self.name).stdout

    def scrollback(self) -> str:
        return self._tmux("capture-pane", "-p", "-S", "-1000", "-t", self.name).stdout

    def wait_for(self, text, timeout=30.0) -> str:
        deadline = time.time() + timeout
        screen = ""
        while time.time() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} did not appear within {timeout}s; screen was:\n{screen}")

    def wait_until_gone(self, text, timeout=10.0) -> str:
        deadline = time.time() + timeout
        screen = ""
        while time.time() < deadline:
            screen = self.screen()
            if text not in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} still on screen after {timeout}s:\n{screen}")

    def resize(self, columns, rows):
        self._tmux("resize-window", "-t", self.name, "-x", str(columns), "-y", str(rows))

    def emr_pid(self):
        return self.child_pid("emr")

    def child_pid(self, program):
        """The pid of `program` started by the pane's shell (`emr`, or `ssh` for a remote one)."""
        pane_pid = self._tmux("display-message", "-p", "-t", self.name, "#{pane_pid}").stdout.strip()
        out = subprocess.run(["pgrep", "-P", pane_pid, "-x", program], capture_output=True, text=True).stdout.split()
        return int(out[0]) if out else None

    def finished(self, timeout=10.0) -> str:
        """Waits for emr to exit and returns 'exit=N'."""
        path = os.path.join(self.state_dir, "exit-status")
        deadline = time.time() + timeout
        while time.time() < deadline:
            if os.path.exists(path) and os.path.exists(os.path.join(self.state_dir, "stty-after")):
                time.sleep(0.1)
                return open(path).read().strip()
            time.sleep(0.1)
        raise AssertionError(f"emr did not exit within {timeout}s; screen:\n{self.screen()}")

    def stty(self):
        read = lambda name: open(os.path.join(self.state_dir, name)).read().strip()
        return read("stty-before"), read("stty-after")

    def close(self):
        self._tmux("kill-server", check=False)
