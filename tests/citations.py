"""Citations of the rules' internal ids, which player-facing text never shows (the project's rule "player-facing
text never shows internal ids"): a seed document ("seed 000", "seeds 001", its file name), a ruling ("R7",
"ruling R7"), a section mark ("§", a seed 000 section like "三.8", a Die Macher classic one like "001 2.vii").
The rules' readers find them in code comments, ``PhaseRules.section`` and the games' rulings.md."""

from __future__ import annotations

import re

CITATION = re.compile(
    r"\bseeds? ?\d{3}\b"  # seed 000, seeds 001 and 003
    r"|\b\d{3}_[0-9a-f]{16}\b"  # a seed's file name (000_39b850a45b3dc272.txt)
    r"|\brulings? R?\d"  # ruling R7, rulings R7, R8
    r"|(?<![A-Za-z0-9])R\d{1,2}\b"  # R7
    r"|§"  # rulebook §3.1, §一.1
    r"|[一二三四五六七八九十]\.\d"  # a seed 000 section: 三.9.2
    r"|(?<![\d,.])00\d (?:\d|[A-Z]\b)"  # a classic seed's section: 001 2.vii, 003 L
)


def citations(text: str) -> list[str]:
    """The citations in ``text`` (none in anything a player reads)."""
    return [m.group(0) for m in CITATION.finditer(text)]

