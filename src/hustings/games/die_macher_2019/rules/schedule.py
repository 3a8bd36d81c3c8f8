"""The election calendar of Die Macher 2019 (seed 000 一.3, 三.9.3, 四.7, 四.8; rulings R13, R30): the printed
game's, now part of its data (``data.py``; a state reads ``state.data``), named here for callers that read it."""

from __future__ import annotations

from hustings.games.die_macher_2019.data import DONATION_ROUNDS, ELECTIONS, INCOME_ROUNDS, LAST_ROUND

__all__ = ["DONATION_ROUNDS", "ELECTIONS", "INCOME_ROUNDS", "LAST_ROUND"]
