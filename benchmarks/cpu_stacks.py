"""A sampler of the event loop thread's stacks by CPU time, for a server under load (`server_load.py --cpu-stacks`).

py-spy samples by wall time: on a loaded machine a thread that is ready but waiting for a core is sampled wherever
it waits (just after a socket write that woke the client, or the event loop's select), which says more about the
machine than about the work. Here SIGPROF fires every ``INTERVAL_S`` of the process's CPU time (setitimer's
ITIMER_PROF: every thread's user and system time), and the handler, which Python runs in the main thread (the
event loop's), records that thread's Python stack. The store's threads' CPU lands on whatever the main thread is
doing then (usually waiting in the loop: ``(idle)``). Sampling starts on SIGUSR1 and stops on SIGUSR2, which
writes the collapsed stacks (`benchmarks/stacks.py` reads them) to the path in ``$HUSTINGS_CPU_STACKS``.

Installed by the launcher server_load.py writes: ``import cpu_stacks; cpu_stacks.install()``.
"""

from __future__ import annotations

import os
import signal
import sys
from collections import Counter
from types import FrameType

INTERVAL_S = 0.001


def _name(frame: FrameType) -> str:
    code = frame.f_code
    path = code.co_filename
    for cut in ("site-packages/", "/src/", "/lib/python3"):
        at = path.find(cut)
        if at >= 0:
            path = path[at + len(cut):]
            break
    return f"{getattr(code, 'co_qualname', code.co_name)} ({path}:{frame.f_lineno})"


def install() -> None:
    out = os.environ.get("HUSTINGS_CPU_STACKS")
    if not out:
        return
    counts: Counter[str] = Counter()

    def sample(signum: int, frame: FrameType | None) -> None:
        stack = []
        while frame is not None:
            stack.append(_name(frame))
            frame = frame.f_back
        counts[";".join(reversed(stack)) or "(idle)"] += 1

    def start(signum: int, frame: FrameType | None) -> None:
        counts.clear()
        signal.setitimer(signal.ITIMER_PROF, INTERVAL_S, INTERVAL_S)

    def stop(signum: int, frame: FrameType | None) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        with open(out, "w") as f:
            for stack, n in counts.items():
                f.write(f"{stack} {n}\n")
        print(f"cpu_stacks: {sum(counts.values())} samples to {out}", file=sys.stderr)

    signal.signal(signal.SIGPROF, sample)
    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
