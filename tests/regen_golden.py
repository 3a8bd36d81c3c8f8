"""Regenerate the golden playthroughs of every game the test suite knows, the toy games included.

Run by ``make golden``; the test suite (tests/test_golden.py) compares the files with fresh playthroughs.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hustings.golden import main
from toygame import register_toys

if __name__ == "__main__":
    register_toys()
    sys.exit(main(["--regen", *sys.argv[1:]]))
