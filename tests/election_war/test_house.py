"""選舉之戰's house rules (issue 29): each kind of change reaches the rules that read it."""

from __future__ import annotations

import random

import hustings
from hustings.engine import house
from playout import play_out


def _random_game(players: int, seed: int, rules: dict[str, object] | None = None) -> hustings.GameState:
    return play_out(hustings.make("election-war", players=players, seed=seed, rules=rules), seed)


def test_the_tie_rule_turns_everyone_losing_into_a_shared_win_with_the_same_moves() -> None:
    # seed 004's count: three or more tied at the top and everyone loses (printed all_lose_if_tied=3)
    lost = next(s for s in (_random_game(10, seed) for seed in range(60)) if not s.outcome().winners)
    top = max(t["total"] for t in lost.scores())
    tied = [p for p, t in enumerate(lost.scores()) if t["total"] == top]
    assert len(tied) >= 3
    rec = lost.record()
    rec.update(rules={"all_lose_if_tied": 16}, data_digest=None)
    del rec["data_digest"]
    shared = hustings.replay(rec)  # every move is legal under the other tie rule: only the outcome differs
    assert shared.history == lost.history and shared.scores() == lost.scores()
    assert sorted(shared.outcome().winners) == tied


def test_two_at_the_top_make_everyone_lose_when_the_rule_says_two() -> None:
    for seed in range(80):
        s = _random_game(4, seed, {"all_lose_if_tied": 2})
        totals = [t["total"] for t in s.scores()]
        if totals.count(max(totals)) == 2:
            assert s.outcome().winners == ()
            return
    raise AssertionError("no two-way tie at the top in 80 random games")


def _first_hand(rules: dict[str, object] | None) -> int:
    """The size of the first news hand dealt (3-1: drawn up to the hand size; effects may draw more later)."""
    s = hustings.make("election-war", players=4, seed=2, rules=rules)
    rng = random.Random(2)
    while not s.is_over:
        sizes = [len(s.view(p)["hand"] or ()) for p in range(4)]
        if any(sizes):
            return max(sizes)
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    raise AssertionError("no hand was dealt")


def test_card_changes_reach_the_deck_the_hands_and_the_count() -> None:
    s = hustings.make("election-war", players=4, seed=2, rules={"news.gaffe.count": 12,
                                                               "districts.xiguang_1.council": 0})
    assert s.data.NEWS_DECK.count(0) == 12 and s.data.DISTRICTS[0].council == 0  # type: ignore[attr-defined]
    assert _first_hand({"hand_size": 3}) == 3 and _first_hand(None) == 6


def test_people_read_the_rules_by_the_cards_names_never_their_ids() -> None:
    h = house.require("election-war")
    lines = h.describe({"news.gaffe.amount": -2, "roles.r01.level": 6}, "zh-Hant")
    assert lines[0].startswith("新聞卡 ") and "gaffe" not in lines[0] and lines[0].endswith("（原版：-1）")
    assert "r01" not in lines[1]
