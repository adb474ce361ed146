"""Synthetic patients for `make bench` at hospital scale, from the PyPI package `carebundle`.

Patient i is the i-th Bundle of carebundle's `generate_cohort(count=N, seed=SEED)` for any
N > i: profiles drawn by the default prevalence, sex alternating, one transaction Bundle per
patient. The cohort call would build every Bundle in memory before returning, so this draws
the same profile choices (numpy's choice is prefix-stable: the first k of N draws are the k
draws) and generates one patient at a time by index.

Bundles go to OUT/NNN/NNNNNN.json, compact JSON, each written under a temporary name and
renamed, so an interrupted run leaves only whole files and the next run fills in the rest.
OUT/meta.json records the seed and carebundle version; a folder made with others is refused.
Prints one JSON object: patients present, patients generated now, and seconds taken.

With --jobs N the work is split between N worker processes started afresh (this script with
--slice K/N: patient i belongs to slice i mod N), never forked from a process whose numpy
threads are running: a forked pool could be left waiting forever on dead workers. Each
worker reports progress on stdout; the parent prints a line per 10% with rate and time left
to stderr, and stops every worker, naming the slice, when one fails or makes no progress for
--stall seconds.

Usage: carebundle_census.py OUT COUNT [--seed 42] [--jobs 1] [--stall 300]
"""
import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import time

import carebundle
import numpy as np
from carebundle import generate_bundle, to_json
from carebundle.generate import DEFAULT_COHORT_PREVALENCE, stable_digest


def bundle_path(out, index):
    return os.path.join(out, f"{index // 1000:03d}", f"{index:06d}.json")


def profiles(seed, count):
    """The profile of each of the first `count` patients, exactly as `generate_cohort` picks them."""
    keys = sorted(DEFAULT_COHORT_PREVALENCE)
    total = sum(DEFAULT_COHORT_PREVALENCE.values())
    chooser = np.random.default_rng([seed, stable_digest("cohort")])
    picks = chooser.choice(len(keys), size=count, p=[DEFAULT_COHORT_PREVALENCE[k] / total for k in keys])
    return [keys[int(pick)] for pick in picks]


def write_patient(out, seed, index, profile):
    bundle = generate_bundle(profile=profile, seed=seed, sex=("F", "M")[index % 2], index=index)
    path = bundle_path(out, index)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    partial = path + ".partial"
    with open(partial, "w", encoding="utf-8") as handle:
        handle.write(to_json(bundle, indent=None))
    os.replace(partial, path)


def generate_slice(out, seed, count, slice_number, slices):
    """Writes the missing patients of one slice, saying `done N` after each."""
    chosen = profiles(seed, count)
    for index in range(slice_number, count, slices):
        if not os.path.exists(bundle_path(out, index)):
            write_patient(out, seed, index, chosen[index])
        print("done 1", flush=True)


def run_workers(args, missing):
    """Runs --jobs fresh worker processes and follows their progress; exits with a clear error
    when one fails or stalls."""
    commands = [[sys.executable, os.path.abspath(__file__), args.out, str(args.count), "--seed", str(args.seed),
                 "--slice", f"{k}/{args.jobs}"] for k in range(args.jobs)]
    workers = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for command in commands]
    progress = queue.Queue()

    def follow(number, process):
        for _ in process.stdout:
            progress.put(number)
        progress.put(None)

    for number, process in enumerate(workers):
        threading.Thread(target=follow, args=(number, process), daemon=True).start()
    total, done, ended, reported = args.count, 0, 0, 0
    started = last_progress = time.monotonic()
    try:
        while ended < len(workers):
            try:
                item = progress.get(timeout=1)
            except queue.Empty:
                item = "idle"
            now = time.monotonic()
            if item is None:
                ended += 1
            elif item != "idle":
                done += 1
                last_progress = now
                if done * 10 // total > reported:
                    reported = done * 10 // total
                    rate = done / max(now - started, 1e-6)
                    print(f"carebundle: {reported * 10}% ({done}/{total} patients, {rate:.0f}/s, "
                          f"{(total - done) / rate:.0f} s left)", file=sys.stderr, flush=True)
            if now - last_progress > args.stall:
                sys.exit(f"carebundle generation stalled: no patient written for {args.stall} s; stopped the workers")
        for number, process in enumerate(workers):
            if process.wait() != 0:
                sys.exit(f"carebundle worker for slice {number}/{args.jobs} failed (exit {process.returncode}); "
                         "the patients written so far are kept, run again to finish")
    finally:
        for process in workers:
            if process.poll() is None:
                process.kill()
    return len(missing)


def check_meta(out, seed):
    meta = {"seed": seed, "carebundle": carebundle.__version__}
    path = os.path.join(out, "meta.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            found = json.load(handle)
        if found != meta:
            sys.exit(f"{out} holds patients made with {found}, not {meta}: delete the folder and run again")
    else:
        os.makedirs(out, exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(meta, handle)


def main():
    parser = argparse.ArgumentParser(description="carebundle patients for make bench, streamed by index")
    parser.add_argument("out")
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--stall", type=float, default=300, help="seconds without a patient written before giving up")
    parser.add_argument("--slice", help="K/N: generate only patient indexes i with i mod N == K (a worker)")
    args = parser.parse_args()
    if args.slice:
        number, slices = (int(part) for part in args.slice.split("/"))
        generate_slice(args.out, args.seed, args.count, number, slices)
        return

    check_meta(args.out, args.seed)
    start = time.perf_counter()
    missing = [i for i in range(args.count) if not os.path.exists(bundle_path(args.out, i))]
    if missing:
        run_workers(args, missing)
    print(json.dumps({"patients": args.count, "generated": len(missing), "seconds": time.perf_counter() - start}))


if __name__ == "__main__":
    main()
