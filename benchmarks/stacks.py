"""Sums py-spy's collapsed stacks (`server_load.py --py-spy`): each function's own share of the samples and its
share with what it calls, the largest first.

    python benchmarks/stacks.py server-sqlite.txt [--top 40] [--match hustings]
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", type=Path)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--match", default="", help="only frames whose text contains this (inclusive table)")
    args = parser.parse_args()
    own: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    total = 0
    for line in args.path.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack:
            continue
        count = int(count_text)
        frames = stack.split(";")
        total += count
        own[frames[-1]] += count
        for frame in set(frames):
            inclusive[frame] += count
    print(f"{total} samples")
    print("own:")
    for frame, n in own.most_common(args.top):
        print(f"  {100 * n / total:5.1f} %  {frame}")
    print("with callees:")
    shown = [(f, n) for f, n in inclusive.most_common() if args.match in f][: args.top]
    for frame, n in shown:
        print(f"  {100 * n / total:5.1f} %  {frame}")


if __name__ == "__main__":
    main()
