"""Seed 004 多人遊戲 3. 開始競選: 3-1 draw to six, 3-2 news cards with the wind check (註1) and the press
conference, 爆, 3-3 discard; six rounds from the starting player clockwise."""

from __future__ import annotations

import random

from hustings.games.election_war import data as D
from hustings.games.election_war.phases import Phase, Status

from .conftest import (
    NEWS,
    act,
    campaigning,
    declare_all,
    kinds,
    legal_kinds,
    new_game,
    play,
    refresh,
    stack_deck,
    with_die,
)


def end_turn(s) -> None:  # type: ignore[no-untyped-def]
    """Stop playing and keep everything: the player on turn ends their turn."""
    p = s.turn
    refresh(s)
    if s.phase is Phase.PLAY:
        act(s, p, "stop")
    if s.phase is Phase.DISCARD and s.turn == p:
        act(s, p, "done")


def test_drawing_to_six_is_automatic() -> None:
    """Seed 004 3-1 and ruling R4: the player on turn draws up to six news cards without being asked."""
    s = campaigning(4)
    assert len(s.hands[0]) == 6 and all(len(h) == 0 for h in s.hands[1:])
    end_turn(s)
    assert s.turn == 1 and len(s.hands[1]) == 6 and len(s.hands[0]) == 6


def test_a_hand_of_six_or_more_draws_nothing() -> None:
    """Seed 004 3-1 (draw *up to* six), ruling R4: a hand already at six or more draws nothing."""
    s = campaigning(4)
    s.hands[1] = sorted([NEWS["gaffe"]] * 8)
    end_turn(s)
    assert len(s.hands[1]) == 8


def test_empty_deck_is_rebuilt_from_the_discard_pile() -> None:
    """Seed 004 3-1: when the deck runs out, the discard pile is shuffled into a new deck."""
    s = campaigning(3)
    pile = sorted(s.deck)
    s.discard, s.deck = s.deck[:], []
    end_turn(s)
    assert "reshuffled" in [e.type for e in s.all_events()]
    assert len(s.hands[1]) == 6
    assert sorted(s.deck + s.hands[1] + s.discard) == pile

def test_wind_check_fails_below_the_level() -> None:
    """Seed 004 註1: the top news card is flipped; a die below the target's level fails, and the played card and
    the flipped card go to the discard pile; the player may go on (3-2)."""
    s = campaigning(4)
    s.level[0][1] = 4
    stack_deck(s, 3)
    flipped = s.deck[-1]
    before = s.strength[0][1]
    ev = play(s, "gaffe", 1)
    check = next(e for e in ev if e.type == "wind_check")
    assert check.data["die"] == 3 and not check.data["success"]
    assert s.discard[-2:] == [flipped, NEWS["gaffe"]]
    assert s.strength[0][1] == before and s.phase is Phase.PLAY and s.turn == 0


def test_wind_check_succeeds_at_the_level_and_offers_the_press_conference() -> None:
    """Seed 004 註1 (die at least the level succeeds) and 3-2, ruling R6: the target's owner is asked."""
    s = campaigning(4)
    s.level[0][2] = 4
    stack_deck(s, 4)
    play(s, "gaffe", 2)
    assert s.phase is Phase.PRESS and s.current_players == (2,)
    assert legal_kinds(s, 2) == {"press", "no_press"}
    assert s.view(0)["pending"] == {"card": NEWS["gaffe"], "target": 2}


def test_press_conference_clears_the_name() -> None:
    """Seed 004 3-2: a successful press conference (its own wind check) clears the candidate: no effect, the card
    goes to the discard pile and the player goes on."""
    s = campaigning(4)
    s.level[0][2] = 3
    before = s.strength[0][2]
    stack_deck(s, 5, 3)
    play(s, "gaffe", 2)
    ev = act(s, 2, "press")
    pc = next(e for e in ev if e.type == "press_conference")
    assert pc.data["cleared"] and pc.data["die"] == 3
    assert s.strength[0][2] == before and s.discard[-1] == NEWS["gaffe"]
    assert s.phase is Phase.PLAY and s.turn == 0


def test_failed_press_conference_lets_the_effect_happen() -> None:
    """Seed 004 3-2: 帶風向成功、澄清失敗: the white text is carried out."""
    s = campaigning(4)
    s.level[0][2] = 3
    before = s.strength[0][2]
    stack_deck(s, 5, 2)
    play(s, "gaffe", 2)
    ev = act(s, 2, "press")
    assert "effect" in kinds(ev)
    assert s.strength[0][2] == before - 1


def test_declining_the_press_conference_lets_the_effect_happen() -> None:
    """Seed 004 3-2 (the owner *may* call one): declining carries the effect out."""
    s = campaigning(4)
    s.level[0][3] = 1
    before = s.strength[0][3]
    stack_deck(s, 6)
    play(s, "star_endorsement", 3)
    act(s, 3, "no_press")
    assert s.strength[0][3] == before + 2
    assert s.phase is Phase.PLAY


def test_own_candidate_may_be_targeted_and_owner_still_asked() -> None:
    """Rulings R5 and R6 (seed 004 3-2): a player may play news cards on their own candidate, and the press
    conference is offered to them too."""
    s = campaigning(4)
    refresh(s)
    assert any(a.kind == "play" and a.args[1] == 0 for a in s.legal_actions(0))
    s.level[0][0] = 1
    stack_deck(s, 6)
    play(s, "market_walk", 0)
    assert s.phase is Phase.PRESS and s.current_players == (0,)


def test_boom_ends_the_playing() -> None:
    """Seed 004 3-2: when an effect whose wind result is 爆 is carried out, the player goes on to 3-3."""
    s = campaigning(4)
    assert D.NEWS[NEWS["plagiarism"]].stops
    s.level[0][1] = 1
    stack_deck(s, 6)
    ev = play(s, "plagiarism", 1)
    ev += act(s, 1, "no_press")
    assert "explosion" in kinds(ev)
    assert s.status[0][1] == Status.WITHDRAWN
    assert s.phase is Phase.DISCARD and s.turn == 0
    assert legal_kinds(s, 0) == {"discard", "done"}


def test_boom_card_cleared_does_not_end_the_playing() -> None:
    """Seed 004 3-2: only a 爆 effect *carried out* stops the playing; a cleared one does not."""
    s = campaigning(4)
    s.level[0][1] = 2
    stack_deck(s, 6, 6)
    play(s, "plagiarism", 1)
    act(s, 1, "press")
    assert s.status[0][1] == Status.STANDING and s.phase is Phase.PLAY


def test_withdrawn_and_protected_candidates_cannot_be_targeted() -> None:
    """Seed 004 3-2 (news cards go on candidates still running) and ruling R11 (protection)."""
    s = campaigning(4)
    s.status[0][1] = int(Status.WITHDRAWN)
    s.protected[0][2] = 1
    refresh(s)
    targets = {a.args[1] for a in s.legal_actions(0) if a.kind == "play"}
    assert targets == {0, 3}


def test_no_card_to_flip_fails_the_check() -> None:
    """Ruling R8 (seed 004 註1 needs a card to flip): with deck and discard pile empty, the check fails."""
    s = campaigning(2)
    s.deck, s.discard = [], []
    s.level[0][1] = 1
    ev = play(s, "gaffe", 1)
    check = next(e for e in ev if e.type == "wind_check")
    assert check.data["card"] == -1 and not check.data["success"]


def test_discard_step_and_turn_order() -> None:
    """Seed 004 3-3: the player discards what they do not want, face up; then the next player clockwise."""
    s = campaigning(3)
    act(s, 0, "stop")
    assert s.phase is Phase.DISCARD
    card = s.hands[0][0]
    act(s, 0, "discard", card)
    assert s.discard[-1] == card and len(s.hands[0]) == 5
    act(s, 0, "done")
    assert s.turn == 1 and len(s.hands[0]) == 5


def test_six_rounds_one_per_row_from_the_starting_player() -> None:
    """Seed 004 3.: six rounds, one per row top to bottom, each begun by the starting player (R1), clockwise."""
    for seed in range(5):
        s = campaigning(3, seed=seed)
        r = random.Random(seed)
        while not s.is_over:
            p = s.current_players[0]
            s.apply(p, r.choice(s.legal_actions(p)))
        turns = [(e.data["round"], e.data["player"]) for e in s.all_events() if e.type == "turn_started"]
        assert turns == [(rnd, t) for rnd in range(6) for t in range(3)]
        rounds = [e.data["round"] for e in s.all_events() if e.type == "round_started"]
        assert rounds == list(range(6))


def test_starting_player_other_than_seat_zero() -> None:
    """Ruling R1: every round starts with the youngest player's seat, then clockwise."""
    s = new_game(4, seed=2, first=2)
    declare_all(s)
    assert s.turn == 2
    end_turn(s)
    assert s.turn == 3
    end_turn(s)
    assert s.turn == 0


def test_wind_check_on_an_empty_deck_reshuffles_the_discard_pile() -> None:
    """Seed 004 3-1 (牌庫的牌被抽完時，把棄牌堆洗牌後加入牌庫) and 註1 (翻開新聞卡牌庫上方的第一張牌): a wind check that
    finds the deck empty first shuffles the discard pile into a new deck, then flips its top card. The card being
    played lies on the candidate meanwhile, so it is not shuffled in."""
    s = campaigning(3)
    six = [with_die(6)] * 4
    s.deck, s.discard = [], six[:]
    s.level[0][1] = 6
    ev = play(s, "gaffe", 1)
    types = kinds(ev)
    assert types.index("reshuffled") < types.index("wind_check")
    assert next(e for e in ev if e.type == "reshuffled").data == {"cards": 4}
    check = next(e for e in ev if e.type == "wind_check")
    assert check.data["die"] == 6 and check.data["success"]
    assert len(s.deck) == 3 and s.discard == [with_die(6)]  # the flipped card starts the new discard pile
    assert s.pending == [NEWS["gaffe"], 1] and s.phase is Phase.PRESS


def test_council_check_on_an_empty_deck_reshuffles_the_discard_pile() -> None:
    """Seed 004 4. (a weaker winner needs a wind check for the council) with 3-1's reshuffle: the count's check
    also rebuilds an empty deck from the discard pile."""
    from hustings.games.election_war.rules import count as C

    s = campaigning(2)
    council = D.DISTRICTS[0].council
    for r in range(D.ROWS):
        s.rows[r] = 0
        for q in range(s.n):
            s.status[r][q] = int(Status.STANDING)
            s.strength[r][q] = council - 1 if q == 0 else 0
            s.level[r][q] = 6
    s.deck, s.discard = [], [with_die(6)] * 6
    s.round = D.ROWS
    C.count(s)
    assert [e.type for e in s.all_events()].count("reshuffled") == 1
    assert all(res["check"]["success"] for res in s.results)
    assert len(s.won_districts[0]) == 6


def test_last_card_played_skips_the_discard_step() -> None:
    """Seed 004 3-3 (捨棄 is for the cards left in hand) and ruling R16: when the player's last news card is
    resolved, there is nothing to discard and the turn passes at once, without a 3-3 decision."""
    s = campaigning(3)
    s.hands[0] = []
    s.level[0][1] = 6
    stack_deck(s, 1)  # the check fails: the card is spent, the hand is empty
    play(s, "gaffe", 1)
    assert s.hands[0] == []
    assert s.turn == 1 and s.phase is Phase.PLAY
    assert "kept" not in [e.type for e in s.all_events()]


def test_last_card_boom_skips_the_discard_step() -> None:
    """Seed 004 3-2 (a 爆 effect carried out ends the playing: to 3-3) and 3-3 with an empty hand: the turn ends."""
    s = campaigning(3)
    s.hands[0] = []
    s.level[0][1] = 1
    stack_deck(s, 6)
    play(s, "plagiarism", 1)
    ev = act(s, 1, "no_press")
    assert "explosion" in kinds(ev)
    assert s.turn == 1 and s.phase is Phase.PLAY


def test_one_wind_check_per_card() -> None:
    """Ruling R20 (seed 004 3-2 「重覆3-2步驟」, 註1 flips one card): every news card played gets a wind check of its
    own, flipping one card each."""
    s = campaigning(4)
    s.level[0][1] = 6
    stack_deck(s, 1, 2)
    deck = len(s.deck)
    ev = play(s, "gaffe", 1) + play(s, "bribery", 1)
    checks = [e.data for e in ev if e.type == "wind_check"]
    assert [c["die"] for c in checks] == [1, 2]
    assert len(s.deck) == deck - 2
