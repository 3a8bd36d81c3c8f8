"""End to end: complete random games in both variants for 3, 4 and 5 players, with rule invariants
checked at every step (seed 000 一 to 五)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import DieMacher2019

from .conftest import LANGS, events, new_game, opinion_cards, program_cards, random_game

COMPONENTS = ("election_points", "election_bonus", "media_presence", "party_base", "money_rank")
ELECTIONS = {"standard": 4, "expanded": 7}


@pytest.mark.parametrize("variant", ["standard", "expanded"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_game_reaches_the_end_with_consistent_scores(variant: str, players: int) -> None:
    """seed 000 五: a random game ends after all elections; each total is the sum of its components;
    the components stay within what the rules can give."""
    for seed in range(100, 110):
        s = random_game(players, variant, seed)
        assert s.is_over and s.phase == Phase.OVER
        assert s.elections_done == ELECTIONS[variant] == len(s.results)
        scores = s.scores()
        assert len(scores) == players
        final = events(s, "final_scores")
        assert len(final) == 1 and final[0].data["scores"] == scores
        for p, row in enumerate(scores):
            assert set(row) == {*COMPONENTS, "total"}
            assert row["total"] == sum(row[k] for k in COMPONENTS)
            assert row["election_points"] == sum(r["points"][p] for r in s.results)
            assert row["election_bonus"] == sum(r["bonus"][p] for r in s.results)
            assert 0 <= row["election_bonus"] <= 12 * len(s.results)
            assert row["media_presence"] == sum(D.MEDIA_PRESENCE[variant][e] for e in s.presence[p])
            assert row["party_base"] == s.base[p] >= 0
            assert row["money_rank"] in (0, 3, 6)
        assert 6 in [row["money_rank"] for row in scores]
        best = max(row["total"] for row in scores)
        assert s.winners() == [p for p, row in enumerate(scores) if row["total"] == best]
        for r in s.results:
            card = D.STATES[r["state"]]
            assert all(0 <= pts <= card.max_points for pts in r["points"])
            assert all(b in (0, 5, 7, 10, 12) for b in r["bonus"])
            assert len(set(r["state"] for r in s.results)) == len(s.results)
        assert all(s.legal_actions(p) == [] for p in range(players))


def check_invariants(s: DieMacher2019, variant: str) -> None:
    n = s.n
    if s.phase == Phase.PARTY:
        return
    chosen = sum(len(s.plat_pending[p]) for p in range(n) if not s.packets[p])  # secret finished platforms
    assert len(program_cards(s)) + chosen == 56
    assert Counter(opinion_cards(s)) == {t: 3 for t in range(D.NUM_TYPES)}
    assert s.double_supply + sum(1 for b in range(4) if s.dbl[b] >= 0) == D.DOUBLE_MARKERS
    for p in range(n):
        assert s.money[p] >= 0
        assert s.rally_res[p] + sum(s.rallies[b][p] for b in range(4)) == D.RALLY_CUBES
        on_board = sum(s.media[b][p] for b in range(4))
        assert s.media_res[p] + on_board + len(s.presence[p]) == D.MEDIA_MARKERS[variant]
        assert s.base[p] >= 0
        if s.platform[p]:
            issues = [c >> 1 for c in s.platform[p]]
            assert len(issues) == len(set(issues)) == 5
    for b in range(4):
        if s.board_state[b] < 0:
            assert not any(s.media[b]) and not any(s.rallies[b]) and s.dbl[b] == -1
            continue
        assert sum(s.media[b]) <= D.MEDIA_SLOTS
        assert all(0 <= x <= D.MAX_RALLIES for x in s.rallies[b])
        assert all(D.TREND_MIN <= x <= D.TREND_MAX for x in s.trend[b])
        issues = [c >> 1 for c in s.up[b]]
        assert len(issues) == len(set(issues)) <= 4
        if s.dbl[b] >= 0:
            assert s.dbl[b] in issues
    for p in s.current_players:
        for a in s.legal_actions(p):
            if a.kind == "bid":
                assert a.args[0] * 1000 <= s.money[p]  # R10
            elif a.kind == "rally":
                assert D.RALLY_COST[a.args[1]] <= s.money[p]
            elif a.kind == "media":
                assert s.money[p] >= D.MEDIA_COST


@pytest.mark.parametrize("variant", ["standard", "expanded"])
@pytest.mark.parametrize("players", [3, 5])
def test_random_play_keeps_rule_invariants(variant: str, players: int) -> None:
    """seed 000 一.1, 三.3, 三.4, 四.1, 四.2, 四.5, 四.6, R10: pieces are conserved (20 cubes, media markers,
    56 program and 42 opinion cards, 4 double markers), money never negative, at most 5 markers and 8
    cubes per state, trend -3..+3, no issue twice face up, platforms of 5 issues, no unaffordable offer;
    each politician placed at most once per game."""
    for seed in range(7, 17):
        s = new_game(players, variant, seed)
        rng = random.Random(seed * 31)
        placed: list[set[int]] = [set() for _ in range(players)]
        while not s.is_over:
            check_invariants(s, variant)
            p = s.current_players[0]
            acts = s.legal_actions(p)
            assert acts
            a = acts[rng.randrange(len(acts))]
            if a.kind == "place":
                assert a.args[0] not in placed[p]
                placed[p].add(a.args[0])
                assert variant == "expanded" or not D.POLITICIANS[a.args[0]].expanded_only
            s.apply(p, a)
        check_invariants(s, variant)


def test_every_event_renders_in_three_languages() -> None:
    """Events carry messages in zh-Hans, zh-Hant and en; the English differs from the Chinese and the key
    results differ between all three."""
    seen: set[str] = set()
    for players, variant, seed in ((3, "standard", 1), (5, "expanded", 2), (4, "standard", 3)):
        s = random_game(players, variant, seed)
        for e in s.all_events():
            texts = {lang: e.message(lang) for lang in LANGS}
            assert all(isinstance(t, str) and t for t in texts.values()), e.type
            assert texts["en"] != texts["zh-Hans"] and texts["en"] != texts["zh-Hant"], (e.type, texts)
            seen.add(e.type)
            if e.type in ("votes_converted", "election_result", "final_scores", "income", "first_player"):
                assert len(set(texts.values())) == 3, (e.type, texts)
    assert {"votes_converted", "election_result", "final_scores", "income", "poll_auction"} <= seen
