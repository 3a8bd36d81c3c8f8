"""選舉之戰 (seed 004, 多人遊戲) rules, a module per step of the rulebook:

- ``setup``: 1. 準備選舉 (six district cards of different cities, the role-card deal, the news deck; who starts)
- ``candidacy``: 2. 表態參選 (one role card face down on each row, at the same time; then all revealed)
- ``campaign``: 3. 開始競選 (six rounds; a turn is 3-1 draw to six, 3-2 news cards with the wind check 註1 and the
  press conference, 3-3 discard)
- ``count``: 4. 開票作業 (註2) and 5. 宣佈當選

``state`` holds the :class:`ElectionWar` data class; ``table`` maps each phase to its functions.
"""

from hustings.games.election_war.rules.state import ElectionWar

__all__ = ["ElectionWar"]
