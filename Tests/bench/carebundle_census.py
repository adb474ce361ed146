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

Usage: carebundle_census.py OUT COUNT [--seed 42] [--jobs 1]
"""
import argparse
import json
import multiprocessing
import os
import sys
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


def worker(args):
    out, seed, indexes, chosen = args
    for index in indexes:
        write_patient(out, seed, index, chosen[index])
    return len(indexes)


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
    args = parser.parse_args()

    check_meta(args.out, args.seed)
    start = time.perf_counter()
    missing = [i for i in range(args.count) if not os.path.exists(bundle_path(args.out, i))]
    if missing:
        chosen = profiles(args.seed, args.count)
        if args.jobs > 1:
            slices = [(args.out, args.seed, missing[k::args.jobs], chosen) for k in range(args.jobs)]
            with multiprocessing.Pool(args.jobs) as pool:
                pool.map(worker, slices)
        else:
            worker((args.out, args.seed, missing, chosen))
    print(json.dumps({"patients": args.count, "generated": len(missing), "seconds": time.perf_counter() - start}))


if __name__ == "__main__":
    main()
