"""Observation encodings: fixed shape per (game, players, variant), values in [0, 1], built from the view
only (so secrecy follows from the view), and the sizes docs/rl.md states."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import hustings  # noqa: E402
from hustings.engine import GameState, get_spec, list_games  # noqa: E402
from hustings.games.die_macher_2019.adapters import rl as dm  # noqa: E402
from hustings.rl import encoder_for, max_game_length  # noqa: E402
from hustings.rl.encoding import GENERIC_SLOTS, fresh_encoder, has_own_encoder  # noqa: E402

GAME = "die-macher-2019"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
# every registered game, the toy games of tests/toygame too (they get the generic encoder)
CONFIGS = [(g, v, n) for g in list_games() for v in get_spec(g).variants for n in get_spec(g).player_counts(v)]


def _random_game(game: str, variant: str, players: int, seed: int, every: int = 1):
    """Yield states along a seeded random game (every ``every`` steps, and the final one)."""
    s = hustings.make(game, players=players, variant=variant, seed=seed)
    r = random.Random(seed)
    step = 0
    while not s.is_over:
        if step % every == 0:
            yield s
        p = s.current_players[0]
        s.apply(p, r.choice(s.legal_actions(p)))
        step += 1
    yield s


@pytest.mark.parametrize("game,variant,players", CONFIGS)
def test_layout_is_contiguous_and_named(game: str, variant: str, players: int) -> None:
    enc = encoder_for(game, players, variant)
    assert enc.players == players and enc.variant == variant and enc.game == game
    at = 0
    names = set()
    for s in enc.slices:
        assert s.start == at and s.size > 0 and s.doc, s
        assert s.name not in names, f"duplicate slice {s.name}"
        names.add(s.name)
        at = s.stop
    assert at == enc.size
    assert encoder_for(game, players, variant) is enc  # cached
    # the puzzle's own bound is its action limit (R7: every game a program plays ends after 200 actions)
    assert max_game_length(game, players, variant) >= (200 if game == "palace-escape" else 1000)


@pytest.mark.parametrize("game,variant,players", CONFIGS)
def test_every_view_encodes_in_bounds(game: str, variant: str, players: int) -> None:
    enc = encoder_for(game, players, variant)
    phases = set()
    for s in _random_game(game, variant, players, seed=players * 10 + len(variant), every=3):
        for viewer in [None, *range(players)]:
            x = enc.encode(s.view(viewer))
            assert x.shape == (enc.size,) and x.dtype == np.float32
            assert np.isfinite(x).all() and (x >= 0).all() and (x <= 1).all()
        if game == GAME:
            phase = enc.slice("phase")
            one = x[phase.start:phase.stop]
            assert one.sum() == 1.0
            phases.add(dm.PHASES[int(one.argmax())])
    if game == GAME:
        assert {"party", "draft", "platform", "deploy", "bid", "program", "media", "rally", "place", "exec",
                "convert", "over"} <= phases


def test_sizes_match_the_documentation() -> None:
    text = DOCS.read_text("utf-8")
    rows = re.findall(r"^\|\s*`?([a-z0-9-]+)`?\s*\|\s*(\w+)\s*\|\s*(\d+)\s*\|\s*([\d,]+)\s*\|", text, re.M)
    documented = {(g, v, int(n)): int(size.replace(",", "")) for g, v, n, size in rows}
    for game, variant, players in CONFIGS:
        if not has_own_encoder(game):
            assert encoder_for(game, players, variant).size == players + GENERIC_SLOTS  # docs/rl.md, generic
            continue
        assert documented.get((game, variant, players)) == encoder_for(game, players, variant).size, (
            f"docs/rl.md: the size table is out of date for {game} {variant} {players} players"
        )


def _private(enc, q: int) -> list[slice]:
    return [slice(enc.slice(f"players[{q}].{k}").start, enc.slice(f"players[{q}].{k}").stop)
            for k in ("money_known", "money", "hand_known", "hand")]


def test_hidden_slots_stay_zero_and_follow_only_the_view() -> None:
    n = 4
    enc = encoder_for(GAME, n, "standard")
    r = random.Random(5)
    checked = 0
    for s in _random_game(GAME, "standard", n, seed=11, every=17):
        for p in range(n):
            x = enc.encode(s.view(p))
            assert x[enc.slice(f"players[{p}].money_known").start] == 1.0
            for q in range(n):
                if q != p and not s.is_over:  # at the end every seat's money is open (issue 14, 五.5)
                    for sl in _private(enc, q):
                        assert not x[sl].any(), f"seat {q}'s private slots leak into seat {p}'s observation"
            # a state that differs in everything p cannot see encodes the same for p
            sample: GameState = s.resample(p, random.Random(r.getrandbits(32)))
            assert np.array_equal(enc.encode(sample.view(p)), x)
            checked += 1
        spectator = enc.encode(s.view(None))
        assert not spectator[enc.slice("you").start:enc.slice("you").stop].any()
        for q in range(n):
            # at the end money is open (issue 14, 五.5): only the hands stay hidden
            for sl in _private(enc, q)[2:] if s.is_over else _private(enc, q):
                assert not spectator[sl].any()
    assert checked > 40


def test_observer_seat_is_one_hot() -> None:
    enc = encoder_for(GAME, 3, "expanded")
    s = hustings.make(GAME, players=3, variant="expanded", seed=2)
    for p in range(3):
        x = enc.encode(s.view(p))
        you = x[enc.slice("you").start:enc.slice("you").stop]
        assert list(you) == [1.0 if q == p else 0.0 for q in range(3)]


def test_a_view_of_another_configuration_is_refused() -> None:
    enc = encoder_for(GAME, 4, "standard")
    with pytest.raises(ValueError, match="4 players"):
        enc.encode(hustings.make(GAME, players=3, seed=0).view(0))
    with pytest.raises(ValueError, match="standard"):
        enc.encode(hustings.make(GAME, players=4, variant="expanded", seed=0).view(0))


def test_bad_requests_name_the_problem() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        encoder_for("no-such-game")
    with pytest.raises(ValueError, match="players"):
        encoder_for(GAME, 9)
    with pytest.raises(ValueError, match="variant"):
        encoder_for(GAME, 4, "deluxe")
    assert encoder_for(GAME).players == get_spec(GAME).player_counts(get_spec(GAME).default_variant)[0]


def test_describe_is_json_ready() -> None:
    import json

    d = encoder_for(GAME, 5, "expanded").describe()
    assert json.loads(json.dumps(d)) == d
    assert d["size"] == sum(s["size"] for s in d["slices"])


# sha256 of every encoding (absolute and egocentric, every seat and the spectator, every 3rd step) along seed 5's
# random game, computed with the sparse-dict encoder this buffer-filling one replaced: the layout and the bits
# stay the same (a change here means a versioned, documented layout change)
PINNED_DIGESTS = {
    ("die-macher", "full", 4): "0bf6f9a6f69d9c3ba15bae323079584049603a0e28ab9df32ea4b486c7ac926d",
    ("die-macher-2019", "standard", 4): "1ab78dcb70c271ae259cf3524ec462797e0be855b936c56a641ec46932924139",
    ("election-war", "standard", 4): "18277c6791cbd8f655909062b7044d677711422392a7a7f7e537f49ee9e99f34",
    ("palace-escape", "hard", 1): "f538e45f43c5f67566bee532cbbf71f55f20280f24059e868d5ae8c0240c9520",
    # pinned before the encoders learned to reuse the blocks of unchanged view parts (issue 26's speed aims)
    ("die-macher", "full", 3): "6141654428d4efa199295edb315f1f8eb10bf1b738e7303aa1fe9e9be4882b91",
    ("die-macher", "short", 5): "d2339a015456bbfdafccf30b13479285f873cc242178971a7e2e26194291bd5c",
    ("die-macher-2019", "expanded", 5): "8136d6d6298cea827b71d7cb414ea0ffef90a485032fe57fb0a4db9b879fa857",
    ("die-macher-2019", "standard", 3): "b9cc48a15f44064443884fb27c1859d8f53ff3ffcef44ca856a0b7311853cca7",
    ("election-war", "standard", 10): "cda46deb18de8fdc0e6f3df5f1fce8ae3dee6fae998599de4aeff3697d5449c8",
    ("election-war", "standard", 2): "fb1efeacb76342270e96ab9d3fa49d5eaf40c834c12f54484e022debf964e839",
}


def _digest(game: str, variant: str, players: int) -> str:
    import hashlib

    h = hashlib.sha256()
    forms = [encoder_for(game, players, variant, egocentric=ego) for ego in (False, True)]
    for s in _random_game(game, variant, players, 5, every=3):
        for viewer in (None, *range(players)):
            view = s.view(viewer)
            for enc in forms:
                h.update(enc.encode(view).tobytes())
    return h.hexdigest()


@pytest.mark.parametrize("game,variant,players", sorted(PINNED_DIGESTS))
def test_encodings_keep_their_bits(game: str, variant: str, players: int) -> None:
    assert _digest(game, variant, players) == PINNED_DIGESTS[(game, variant, players)]


@pytest.mark.parametrize("game,variant,players", sorted(PINNED_DIGESTS))
def test_encode_into_writes_what_encode_returns(game: str, variant: str, players: int) -> None:
    for ego in (False, True):
        enc = encoder_for(game, players, variant, egocentric=ego)
        out = np.full(enc.size, 7.0, np.float32)  # stale values must all be overwritten
        for s in _random_game(game, variant, players, 2, every=7):
            for viewer in (None, *range(players)):
                view = s.view(viewer)
                enc.encode_into(view, out)
                assert out.tobytes() == enc.encode(view).tobytes()


@pytest.mark.parametrize("game,variant,players", sorted(PINNED_DIGESTS))
def test_rows_written_and_cast_at_once_are_what_encode_returns(game: str, variant: str, players: int) -> None:
    # the vector env's path: each row's writer (encode_row, or fill straight into a kept memoryview), then one cast
    # of every row to float32 (the same rounding as encode's)
    for ego in (False, True):
        enc = encoder_for(game, players, variant, egocentric=ego)
        rows = np.full((2, enc.size), 7.0)  # stale values must all be overwritten
        write = enc.row_writer(rows[0])
        for s in _random_game(game, variant, players, 2, every=7):
            for viewer in (None, *range(players)):
                view = s.view(viewer)
                write(view)
                enc.encode_row(view, rows[1])
                cast = rows.astype(np.float32)
                assert cast[0].tobytes() == cast[1].tobytes() == enc.encode(view).tobytes()


# --------------------------------------------------------------- memos of unchanged view parts (BlockMemo)

MEMO_CONFIGS = [("die-macher", "full", 4), ("die-macher-2019", "standard", 4), ("election-war", "standard", 4),
                ("election-war", "standard", 10)]


@pytest.mark.parametrize("game,variant,players", MEMO_CONFIGS)
def test_a_warm_encoder_writes_what_a_fresh_one_writes(game: str, variant: str, players: int) -> None:
    # one encoder sees two games' views interleaved, every seat's and the spectator's (its memos then hold parts
    # of both); each encoding must be the bits of a fresh encoder's, which has nothing to reuse
    warm = [fresh_encoder(game, players, variant, egocentric=ego) for ego in (False, True)]
    games = [_random_game(game, variant, players, seed, every=5) for seed in (11, 12)]
    checked = 0
    for a, b in zip(*games, strict=False):
        for s in (a, b):
            for viewer in (None, *range(players)):
                view = s.view(viewer)
                for ego, enc in enumerate(warm):
                    cold = fresh_encoder(game, players, variant, egocentric=bool(ego))
                    assert enc.encode(view).tobytes() == cold.encode(view).tobytes()
                    checked += 1
    assert checked > 100


@pytest.mark.parametrize("game,variant,players", MEMO_CONFIGS)
def test_changing_a_view_after_encoding_it_changes_nothing_kept(game: str, variant: str, players: int) -> None:
    # the memos keep copies: a caller that edits the view it passed (a list emptied, a number changed, a nested
    # record changed) must get the encoding of the edited view next time, not the block of the old one
    enc = fresh_encoder(game, players, variant)
    edited = 0
    for s in _random_game(game, variant, players, 3, every=17):
        view = s.view(0)
        enc.encode(view)
        for key in ("players", "boards", "candidates", "tie", "poll"):
            parts = view.get(key)
            for part in parts if isinstance(parts, list) else [parts] if isinstance(parts, dict) else ():
                items = part if isinstance(part, list) else [part]
                for item in items:
                    for k, v in item.items():
                        if k == "sheet":  # action ids of classic's starting sheet: 0 is none of them
                            continue
                        if isinstance(v, list) and v and all(type(x) is int for x in v) and any(v):
                            v[:] = [0] * len(v)  # in place, the same length: still a valid view
                            edited += 1
                        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
                            v.clear()
                            edited += 1
                        elif type(v) is int and k not in ("seat", "board", "player", "row") and v > 0:
                            item[k] = 0
                            edited += 1
        assert enc.encode(view).tobytes() == fresh_encoder(game, players, variant).encode(view).tobytes()
    assert edited > 20


def test_election_war_per_seat_counts_edited_in_place_are_encoded_afresh() -> None:
    # hand sizes and cards won are kept from the last view of any seat: an edit in place of the very lists encoded
    # before must show in the next encoding, and a list of the wrong length is refused, not spilled into the next
    # field
    enc = fresh_encoder("election-war", 4, "standard")
    checked = 0
    for s in _random_game("election-war", "standard", 4, 5, every=9):
        view = s.view(1)
        enc.encode(view)
        for key in ("hand_sizes", "votes"):
            view[key][:] = [(k + 2) % 13 for k in view[key]]
            assert enc.encode(view).tobytes() == fresh_encoder("election-war", 4, "standard").encode(view).tobytes()
            checked += 1
    assert checked > 10
    view = s.view(1)
    for key in ("hand_sizes", "votes"):
        bad = dict(view)
        bad[key] = [*view[key], 3]
        with pytest.raises(ValueError, match="5 counts per seat"):
            enc.encode(bad)


def test_block_memo_knows_a_part_by_its_json_and_keeps_a_bounded_table() -> None:
    from hustings.rl.encoding import BlockMemo

    memo = BlockMemo(2, 5, size=3)
    out: Any = memoryview(np.zeros(8))  # what Encoder._filled hands fill()
    part: dict[str, Any] = {"a": [1, 2], "b": None}
    key = memo.lookup(out, part)
    assert key is not None  # never seen: the caller writes the block
    out[2:5] = memoryview(np.array([0.25, 0.5, 1.0]))
    memo.store(out, key, part)
    part["a"].append(3)  # the caller edits its view: what was kept does not change
    fresh: Any = memoryview(np.zeros(8))
    assert memo.lookup(fresh, part) is not None
    assert memo.lookup(fresh, {"a": [1, 2], "b": None}) is None  # an equal part: its block copied, nothing else
    assert list(fresh) == [0.0, 0.0, 0.25, 0.5, 1.0, 0.0, 0.0, 0.0]
    # a value JSON tells apart from an equal Python one (True == 1) is another part: at worst a miss, never a
    # wrong block
    assert memo.lookup(fresh, {"a": [True, 2], "b": None}) is not None
    # a part that is not plain JSON is never kept
    odd = {"a": {1, 2}}
    assert memo.lookup(out, odd) == b""
    memo.store(out, b"", odd)
    assert len(memo.blocks) == 1
    # at most `size` parts, the oldest leaving first
    for i in range(5):
        k = memo.lookup(out, [i])
        assert k is not None
        memo.store(out, k, [i])
    assert len(memo.blocks) == 3
    assert memo.lookup(out, [4]) is None and memo.lookup(out, [2]) is None
    assert memo.lookup(out, [1]) is not None and memo.lookup(out, {"a": [1, 2], "b": None}) is not None
    # the older pair gives the same answers
    assert memo.use(out, [3]) and not memo.use(out, [9])


def test_election_war_fill_writes_what_its_memoised_encode_writes() -> None:
    # fill() (the base class's way in, no memos) and encode() (rows, hand and discard pile reused) agree bit for bit
    enc = fresh_encoder("election-war", 4, "standard")
    for s in _random_game("election-war", "standard", 4, 9, every=4):
        for viewer in (None, 0, 3):
            view = s.view(viewer)
            buf = np.zeros(enc.size, np.float64)
            enc.fill(memoryview(buf), view)
            assert buf.astype(np.float32).tobytes() == enc.encode(view).tobytes()
