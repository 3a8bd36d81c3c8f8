"""The election calendar of Die Macher 2019 (seed 000 一.3, 三.9.3, 四.7, 四.8; rulings R13, R30)."""

from __future__ import annotations

# Elections as (round, board) in election order (seed 000 一.3 and 四.8).
ELECTIONS = {
    "standard": [(1, 0), (2, 1), (3, 2), (4, 3)],
    "expanded": [(1, 0), (2, 1), (3, 2), (4, 3), (4, 0), (5, 1), (5, 2)],
}
LAST_ROUND = {"standard": 4, "expanded": 5}
# Income after the elections of these rounds (三.9.3; expanded: ruling R13).
INCOME_ROUNDS = {"standard": (1, 2, 3), "expanded": (1, 2, 3, 4)}
DONATION_ROUNDS = (1, 2, 3)
