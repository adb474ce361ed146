"""Whole-process figures for `make bench`, through real pseudo-terminals (stdlib only).

  pty_bench.py coldstart RUNS COLS ROWS -- CMD...   wall ms from spawn to the first frame
  pty_bench.py bytes COLS ROWS PLAN -- CMD...       bytes written per Ctrl-L and per key of PLAN
  pty_bench.py held COLS ROWS PLAN -- CMD...        each key of PLAN held: how long the screen lags
  pty_bench.py sessions COUNT COLS ROWS -- CMD...    memory of COUNT concurrent sessions

Each prints one JSON object. The environment (EMR_HOME, EMR_PASSPHRASE, TERM) is inherited.
"""
import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

# The header's first word: present once the first frame is drawn, in every mode.
FIRST_FRAME_MARK = b"EMR"
# A frame is complete when the program has said nothing for this long.
QUIET_SECONDS = 0.25
# A held key's auto-repeat: xterm's and the Linux console's default rate is about 30 per second.
REPEAT_SECONDS = 1 / 30


class Session:
    """One program on its own pty of the given size."""

    def __init__(self, command, cols, rows):
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.setdefault("TERM", "xterm-256color")
            os.execvp(command[0], command)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.kill(self.pid, signal.SIGWINCH)

    def read_until(self, mark, timeout=30.0):
        """Reads until `mark` appears; returns seconds since spawn when it did."""
        seen = b""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                seen += os.read(self.fd, 65536)
                if mark in seen:
                    return time.perf_counter() - self.started
        raise SystemExit(f"pty_bench: no first frame within {timeout} s; output began {seen[:200]!r}")

    def drain(self, quiet=QUIET_SECONDS, timeout=10.0):
        """Bytes written until the program has been quiet for `quiet` seconds."""
        total = 0
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                return total
            try:
                total += len(os.read(self.fd, 65536))
            except OSError:
                return total
        return total

    def send(self, keys):
        os.write(self.fd, keys)
        return self.drain()

    def memory_kib(self):
        """(peak RSS, PSS) in KiB: PSS splits shared pages between the processes sharing them."""
        with open(f"/proc/{self.pid}/status") as status:
            peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
        with open(f"/proc/{self.pid}/smaps_rollup") as rollup:
            fields = dict(line.split(":", 1) for line in rollup.readlines()[1:])
        return peak, int(fields["Pss"].split()[0])

    def close(self):
        try:
            os.write(self.fd, b"q")
            for _ in range(40):
                pid, _ = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    break
                self.drain(quiet=0.05, timeout=0.2)
            else:
                os.kill(self.pid, signal.SIGTERM)
                os.waitpid(self.pid, 0)
        finally:
            os.close(self.fd)


def cold_start(runs, cols, rows, command):
    times = []
    for _ in range(runs):
        session = Session(command, cols, rows)
        times.append(session.read_until(FIRST_FRAME_MARK) * 1000)
        session.drain()
        session.close()
    return {"ms": sorted(times)}


def bytes_per_key(cols, rows, plan, command):
    """PLAN is emr-bench's session (ScreenKeys.swift): [row or null, key's bytes] pairs, each key
    sent on its own and the program's answer counted for its row (null: not counted). Ctrl-L's
    full repaint is counted first, on the first frame."""
    session = Session(command, cols, rows)
    session.read_until(FIRST_FRAME_MARK)
    session.drain(quiet=1.0)
    repaints = [session.send(b"\x0c") for _ in range(5)]
    counted = {}
    for row, keys in plan:
        sent = session.send(keys.encode())
        if row is not None:
            counted.setdefault(row, []).append(sent)
    session.close()
    return {"repaint": sorted(repaints), "keys": {row: sorted(sizes) for row, sizes in counted.items()}}


def held_keys(cols, rows, plan, command):
    """PLAN is emr-bench's session (ScreenKeys.held): [row or null, key's bytes, times] triples.
    A counted row's key is sent `times` times at a held key's repeat rate, its answers read as
    they come; counted are the milliseconds the screen goes on changing after the last repeat
    (what the user waits for once the key is let go: the backlog) and the bytes per key."""
    session = Session(command, cols, rows)
    session.read_until(FIRST_FRAME_MARK)
    session.drain(quiet=1.0)
    counted = {}
    for row, keys, times in plan:
        total, last_byte, sent = 0, 0.0, 0.0
        for n in range(times):
            os.write(session.fd, keys.encode())
            sent = time.perf_counter()
            # Read until the next repeat is due, then (after the last) until quiet.
            wait_until = sent + (REPEAT_SECONDS if n < times - 1 else QUIET_SECONDS)
            while (left := wait_until - time.perf_counter()) > 0:
                ready, _, _ = select.select([session.fd], [], [], left)
                if ready:
                    total += len(os.read(session.fd, 65536))
                    last_byte = time.perf_counter()
                    if n == times - 1:
                        wait_until = last_byte + QUIET_SECONDS
        if row is not None:
            counted.setdefault(row, []).append({"lag_ms": max(0.0, last_byte - sent) * 1000, "bytes": total / times})
    session.close()
    return {"keys": counted}


def sessions(count, cols, rows, command):
    opened = [Session(command, cols, rows) for _ in range(count)]
    try:
        for session in opened:
            session.read_until(FIRST_FRAME_MARK, timeout=120)
        for session in opened:
            session.drain(quiet=0.5)
        memory = [session.memory_kib() for session in opened]
    finally:
        for session in opened:
            session.close()
    return {"peak_rss_kib": [m[0] for m in memory], "pss_kib": [m[1] for m in memory]}


def main():
    split = sys.argv.index("--")
    # Numbers, and a mode's JSON plan after them.
    mode, numbers, command = sys.argv[1], [json.loads(v) for v in sys.argv[2:split]], sys.argv[split + 1:]
    run = {"coldstart": cold_start, "bytes": bytes_per_key, "held": held_keys, "sessions": sessions}[mode]
    print(json.dumps(run(*numbers, command)))


if __name__ == "__main__":
    main()
