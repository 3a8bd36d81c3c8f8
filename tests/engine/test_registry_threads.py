"""The registry's first lookup, from several threads at once (a server's threads do this): each sees every game."""

from __future__ import annotations

import json
import subprocess
import sys

# A fresh interpreter: the entry points must not be loaded yet. Eight threads ask at the same moment.
PROBE = """
import json, threading
from hustings.engine import list_games
barrier = threading.Barrier(8)
seen = []
def ask():
    barrier.wait()
    seen.append(list_games())
threads = [threading.Thread(target=ask) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
print(json.dumps(seen))
"""


def test_the_first_lookups_from_many_threads_all_see_every_installed_game() -> None:
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=60)
        seen = json.loads(out.stdout)
        assert len(seen) == 8
        for games in seen:  # a thread that came second once got an empty or half-loaded registry
            assert {"die-macher", "die-macher-2019", "election-war", "palace-escape"} <= set(games), games
