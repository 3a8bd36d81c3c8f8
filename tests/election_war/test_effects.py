"""The news cards' white effect texts (seed 004 3-2; the card set is the project's design, docs/data/election-war.md;
rulings R7, R9 to R12)."""

from __future__ import annotations

from hustings.games.election_war import data as D
from hustings.games.election_war.phases import Phase, Status

from .conftest import NEWS, act, campaigning, play, refresh, stack_deck


def carried_out(card: str, target: int = 1, players: int = 4):  # type: ignore[no-untyped-def]
    """Seat 0 plays ``card`` on ``target``'s candidate; the check succeeds and no press conference is called."""
    s = campaigning(players)
    s.level[0][target] = 1
    stack_deck(s, 6)
    play(s, card, target)
    act(s, target, "no_press")
    return s


def test_withdrawal() -> None:
    """A withdrawal card: the candidate leaves the election (seed 004 3-2, 註2 counts only those still running)."""
    s = carried_out("bribery")
    assert s.status[0][1] == Status.WITHDRAWN


def test_strength_changes_never_go_below_zero() -> None:
    """Strength cards change 戰鬥力; ruling R10: never below 0."""
    s = campaigning(4)
    s.level[0][1] = 1
    s.strength[0][1] = 2
    stack_deck(s, 6)
    play(s, "vote_buying", 1)  # strength -3, 爆
    act(s, 1, "no_press")
    assert s.strength[0][1] == 0
    s2 = carried_out("star_endorsement")
    assert s2.strength[0][1] == D.ROLES[s2.cand[0][1]].strength + 2


def test_level_changes_stay_within_one_to_six() -> None:
    """Level cards change the level a wind check must reach (註1); ruling R10: 1..6."""
    s = carried_out("poll_slump")
    assert s.level[0][1] == 1  # was set to 1 for the check; cannot drop lower
    s = campaigning(4)
    s.level[0][1] = 6
    stack_deck(s, 6)
    play(s, "fact_check", 1)
    act(s, 1, "no_press")
    assert s.level[0][1] == 6


def test_draw_goes_to_the_player_who_played_the_card() -> None:
    """Ruling R9: a draw card's cards go to the player who played it, whoever the target."""
    s = campaigning(4)
    before = len(s.hands[0])
    s.level[0][1] = 1
    stack_deck(s, 6)
    play(s, "insider_tip", 1)  # hand +1 for the played card, -1 when played
    act(s, 1, "no_press")
    assert len(s.hands[0]) == before + 2 and len(s.hands[1]) == 0


def test_discard_takes_cards_at_random_from_the_owner() -> None:
    """Ruling R12: the target's owner discards at random, face up on the discard pile."""
    s = campaigning(4)
    s.hands[1] = sorted([NEWS["gaffe"], NEWS["bribery"], NEWS["viral_clip"]])
    s.level[0][1] = 1
    stack_deck(s, 6)
    play(s, "media_blackout", 1)  # discard 2
    ev = act(s, 1, "no_press")
    eff = next(e for e in ev if e.type == "effect")
    assert len(s.hands[1]) == 1 and len(eff.data["cards"]) == 2
    assert sorted(s.discard[-3:-1]) == sorted(eff.data["cards"])
    assert s.discard[-1] == NEWS["media_blackout"]  # R7: the played card follows its effect


def test_protection_keeps_further_news_off_the_candidate() -> None:
    """Ruling R11: a protected candidate cannot be the target of news cards for the rest of the round."""
    s = carried_out("bodyguards", target=0)
    assert s.protected[0][0] == 1
    refresh(s)
    assert s.phase is Phase.PLAY
    assert all(a.args[1] != 0 for a in s.legal_actions(0) if a.kind == "play")


def test_every_news_card_has_a_known_effect_and_the_deck_is_balanced() -> None:
    """The card set (docs/data/election-war.md): 120 cards, each die value 1..6 twenty times, every effect kind
    present, withdrawals all 爆."""
    from collections import Counter

    dice = Counter(D.NEWS_DIE[t] for t in D.NEWS_DECK)
    assert dice == {d: 20 for d in range(1, 7)}
    assert {c.effect for c in D.NEWS} == set(D.EFFECTS)
    assert all(c.stops for c in D.NEWS if c.effect == "withdraw")
