"""What a player may see of Die Macher 2019, and states re-dealt consistently with it.

Hidden from a player: others' money, hand cards, draft cards, secret bids, secret deployments and
face-down politicians. Hidden from everyone: face-down opinion cards, every deck's order, reserve states.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from hustings.engine import Rng
from hustings.engine.core import chain_items
from hustings.games.die_macher_2019 import data as D

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules import DieMacher2019


def _counts(cards: list[int]) -> list[int]:
    out = [0] * D.NUM_TYPES
    for c in cards:
        out[c] += 1
    return out


def build_view(s: DieMacher2019, player: int | None) -> dict[str, Any]:
    n = s.n
    if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n):
        raise ValueError(f"unknown player {player!r}: players are 0..{n - 1}, or None for a spectator")
    me = player
    players = []
    for p in range(n):
        mine = p == me
        used = [i for i in range(len(D.POLITICIANS)) if s.pol_used[p] >> i & 1]
        info: dict[str, Any] = {
            "seat": p,
            "party": s.party[p],
            "money": s.money[p] if mine else None,
            "base": s.base[p],
            "media_reserve": s.media_res[p],
            "rally_reserve": s.rally_res[p],
            "platform": list(s.platform[p]),
            "hand": sorted(s.hand[p]) if mine else None,
            "hand_size": len(s.hand[p]),
            "politicians_used": used,
            "donations_used": [c for c in range(len(D.DONATIONS)) if s.don_used[p] >> c & 1],
            "media_presence": list(s.presence[p]),
            "election_points": s.vp_elec[p],
            "election_bonus": s.vp_bonus[p],
        }
        players.append(info)
    boards = []
    for b in range(D.NUM_BOARDS):
        st = s.board_state[b]
        pols = []
        for q, pol, revealed in s.placed[b]:
            pols.append({"player": q, "politician": pol if (revealed or q == me) else None,
                         "revealed": bool(revealed)})
        boards.append({
            "board": b,
            "state": st,
            "active": st >= 0,
            "election_round": s.elec_round[b] if st >= 0 else None,
            "opinions": list(s.up[b]),
            "hidden_opinions": len(s.down[b]),
            "double": s.dbl[b],
            "media": list(s.media[b]),
            "media_controller": s._controller(b) if st >= 0 else -1,
            "rallies": list(s.rallies[b]),
            "trend": list(s.trend[b]),
            "votes": list(s.votes[b]),
            "politicians": pols,
        })
    v: dict[str, Any] = {
        "game": s.GAME_ID,
        "variant": s.variant,
        "players_count": n,
        "you": me,
        "round": s.round,
        "phase": s.phase,
        "current_players": list(s.current_players),
        "first_player": s.first,
        "players": players,
        "boards": boards,
        "program": {"display": list(s.prog_display), "deck_size": len(s.prog_deck),
                    "discard": _counts(s.prog_disc)},
        "opinion": {"display": list(s.op_display), "deck_size": len(s.op_deck), "discard": _counts(s.op_disc)},
        "polls": {"deck_size": len(s.poll_deck), "discard": sorted(s.poll_disc)},
        "reserve_states": len(s.reserve),
        "double_markers_left": s.double_supply,
        "elections_done": s.elections_done,
        "results": [dict(r) for r in s.results],
        "scores": s.scores() if s.phase == "over" else None,
    }
    ph = s.phase
    if ph in ("draft", "platform") and me is not None:
        v["draft"] = {
            "packet": sorted(s.packets[me]),
            "picks": sorted(s.picks[me]),
            "pending_pick": s.pending_pick[me],
            "platform_chosen": list(s.plat_pending[me]),
            "round": s.draft_round,
        }
    if ph == "deploy" and me is not None:
        v["deployment_choice"] = s.deploy_choice[me]
    if ph == "bid":
        v["bids_submitted"] = [s.bids[p] >= 0 for p in range(n)]
        if me is not None:
            v["your_bid"] = s.bids[me]
    if ph == "tie":
        v["tie"] = {"players": list(s.tie_order), "price": s.tie_price, "high": s.tie_high}
    if ph == "program" or s.prog_step:
        v["program_turn"] = {"player": s.prog_player, "step": s.prog_step, "swaps": s.prog_swaps}
    if ph == "rally":
        v["rally_boards_done"] = [b for b in range(4) if s.rally_mask >> b & 1]
    if ph == "place":
        v["place_passed"] = list(s.place_passed)
    if ph in ("exec", "poll_decide") and s.bi < len(s.order) and s.phase == "exec":
        b = s.order[s.bi]
        if s.pi < len(s.placed[b]):
            q, pol, _ = s.placed[b][s.pi]
            v["politician_turn"] = {"board": b, "player": q, "politician": pol, "step": s.exec_step,
                                    "effect": s.exec_effect}
    if ph in ("poll", "poll_decide") and s.poll_card >= 0:
        v["poll"] = {"board": s.poll_board, "card": s.poll_card, "trend": list(D.POLLS[s.poll_card]),
                     "host": s.poll_host if ph == "poll" else None, "high_bid": s.poll_high,
                     "high_bidder": s.poll_high_p, "bidders": list(s.poll_bidders)}
    if ph == "influence" and s.bi < len(s.order):
        v["influence_board"] = s.order[s.bi]
    if ph == "convert" and s.conv_boards:
        v["convert_board"] = s.conv_boards[0]
    return v


# ------------------------------------------------------------------------------------------ resample


def resample(s: DieMacher2019, player: int | None, rng: random.Random | Rng) -> DieMacher2019:
    """A copy where everything ``player`` cannot see is re-dealt at random, consistently with the view.

    Kept as they are: money (every payment is public, so it follows from what everyone saw) and public
    piles. Replaced: the seed, the RNG state, the action history (emptied) and the log (only the
    events ``player`` may see), so a search bot can use the sample without learning a secret.
    Re-dealt: decks, face-down opinions, reserve states, others' hands and draft cards, others'
    face-down politicians, secret bids and deployments. During the draft and platform choice the cards
    ``player`` passed on stay with the other players (they are not dealt into the deck).
    """
    r = Rng(rng.getrandbits(64)) if isinstance(rng, random.Random) else Rng(rng.next64())
    t = s.clone()
    me = player if player is not None and 0 <= player < s.n else None
    # Nothing that could rebuild the hidden cards may survive: the seed replays the first deal, the
    # RNG predicts reshuffles, the history holds others' secret choices, the log their private events.
    t.seed = r.next64()
    t.rng = Rng(r.next64())
    t._history = None
    t._log = _filter_chain(s._log, me)
    others = [p for p in range(s.n) if p != me]

    # program cards: the deck, others' hands and their secret draft cards form one unknown pool
    drafting = t.phase in ("draft", "platform")
    pool = list(t.prog_deck)
    n_hidden = 0  # cards in others' hands and draft holdings (the rest of the pool is the deck)
    for p in others:
        held = t.hand[p] + t.plat_discard[p] + (
            t.packets[p] + t.picks[p] + (t.plat_pending[p] if not t.packets[p] else []) if drafting else [])
        pool += held
        n_hidden += len(held)
    # Cards ``player`` passed on in the draft are with the others, not in the deck (seed 000 一.6).
    forced: list[int] = []
    free = list(pool)
    for c in _passed_on(t, me) if drafting else []:
        if c in free:  # always, when the deduction is right; a safeguard, not a rule
            free.remove(c)
            forced.append(c)
    for _attempt in range(50):
        r.shuffle(free)
        split = n_hidden - len(forced)
        dealt = _deal_program(t, others, forced + free[:split], free[split:], r)
        if dealt is not None:
            t.prog_deck = dealt.pop(-1)[0]
            for p in others:
                t.hand[p], t.packets[p], t.picks[p], pending, pick, t.plat_discard[p] = dealt[p]
                if drafting:
                    t.plat_pending[p] = pending
                    t.pending_pick[p] = pick
            break

    # opinion cards: the deck and every face-down card on the boards
    pool = list(t.op_deck)
    for b in range(D.NUM_BOARDS):
        pool += t.down[b]
    r.shuffle(pool)
    it = iter(pool)
    t.op_deck = [next(it) for _ in t.op_deck]
    for b in range(D.NUM_BOARDS):
        t.down[b] = [next(it) for _ in t.down[b]]

    r.shuffle(t.poll_deck)
    states = t.reserve + t.state_pool
    r.shuffle(states)
    t.reserve = states[: len(t.reserve)]
    t.state_pool = states[len(t.reserve):]

    # others' face-down politicians: any of their unused politicians
    for p in others:
        hidden = [(b, i) for b in range(D.NUM_BOARDS) for i, e in enumerate(t.placed[b]) if e[0] == p and not e[2]]
        if not hidden:
            continue
        free = [pol for pol in range(len(D.POLITICIANS))
                if not t.pol_used[p] >> pol & 1 and (t.expanded or not D.POLITICIANS[pol].expanded_only)]
        r.shuffle(free)
        for (b, i), pol in zip(hidden, free, strict=False):
            t.placed[b][i][1] = pol

    # secret simultaneous choices not yet revealed
    if t.phase == "bid":
        for p in others:
            if t.bids[p] >= 0:
                t.bids[p] = 1000 * r.randrange(min(t.money[p] // 1000, D.MAX_BID_K) + 1)
    if t.phase == "deploy":
        from hustings.games.die_macher_2019.actions import DEPLOY_ACTIONS

        for p in others:
            if t.deploy_choice[p] >= 0:
                t.deploy_choice[p] = r.choice(DEPLOY_ACTIONS).id
    return t


def _filter_chain(chain: Any, player: int | None) -> Any:
    kept = [e for e in chain_items(chain) if e.to is None or e.to == player]
    out: Any = None
    for e in kept:
        out = (e, out)
    return out


def _passed_on(t: DieMacher2019, me: int | None) -> list[int]:
    """Cards ``me`` saw in its draft packets and passed to the left, still hidden with other players:
    each passed packet minus ``me``'s pick, less what has since gone face up to the discard pile."""
    if me is None:
        return []
    packets: list[list[int]] = []
    picks: list[int] = []
    for e in chain_items(t._log):
        if e.to == me and e.type in ("cards_dealt", "cards_received"):
            packets.append(list(e.data["cards"]))
        elif e.to == me and e.type == "draft_pick":
            picks.append(e.data["card"])
    passes = min(t.draft_round, 3)  # a packet moves on after each of the first three picks
    out: list[int] = []
    for packet, pick in zip(packets[:passes], picks[:passes], strict=False):
        packet.remove(pick)
        out += packet
    # Less what is in sight: back in ``me``'s own hands (a packet can come round again with 3 players)
    # or face up in the discard pile. What is left must be with the others.
    for c in t.packets[me] + t.picks[me] + t.plat_pending[me] + t.hand[me] + t.plat_discard[me] + t.prog_disc:
        if c in out:
            out.remove(c)
    return out


def _deal_program(
    t: DieMacher2019, others: list[int], hidden: list[int], deck: list[int], r: Rng
) -> dict[int, Any] | None:
    """Deal ``hidden`` into the others' hidden slots (hands, draft cards); ``deck`` becomes the deck.
    None when a deal breaks a platform rule (the caller retries)."""
    cards = list(hidden)
    r.shuffle(cards)
    out: dict[int, Any] = {}
    phase = t.phase
    for p in others:
        pending: list[int] = []
        pick = -1
        if phase == "platform" and not t.packets[p]:
            # a finished secret platform: cards of distinct issues (5 unless the cards ran dry, R3)
            size = len(t.plat_pending[p])
            seen: set[int] = set()
            for c in list(cards):
                if len(pending) == size:
                    break
                if c >> 1 not in seen:
                    seen.add(c >> 1)
                    pending.append(c)
                    cards.remove(c)
            if len(pending) < size:
                return None
        packet = [cards.pop() for _ in t.packets[p]]
        picks = [cards.pop() for _ in t.picks[p]]
        hand = [cards.pop() for _ in t.hand[p]]
        leftover = [cards.pop() for _ in t.plat_discard[p]]  # face down until the reveal (R36)
        if phase == "draft" and t.pending_pick[p] >= 0:
            pick = r.choice(packet)
        if phase == "platform" and packet:
            if len({c >> 1 for c in packet}) < min(5, len({c >> 1 for c in t.packets[p]})):
                return None
            pending = _random_platform(packet, r)[: len(t.plat_pending[p])]
        if phase not in ("draft", "platform"):
            pending, pick = list(t.plat_pending[p]), t.pending_pick[p]
        out[p] = (hand, packet, picks, pending, pick, leftover)
    out[-1] = (list(deck),)
    return out


def _random_platform(cards: list[int], r: Rng) -> list[int]:
    """A random legal platform (5 distinct issues) from ``cards``, in a random order."""
    by_issue: dict[int, list[int]] = {}
    for c in cards:
        by_issue.setdefault(c >> 1, []).append(c)
    issues = list(by_issue)
    r.shuffle(issues)
    return [r.choice(by_issue[i]) for i in issues[:5]]
