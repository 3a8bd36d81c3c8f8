"""Fixed-shape numeric encodings of a player's view, for learning code.

An encoder turns ``state.view(p)`` (JSON) into a flat ``float32`` vector whose length depends only on
(game, players, variant). Every value lies in ``[0, 1]``: one-hot and multi-hot slots, counts divided by
their largest possible value, amounts divided by a scale and clipped. The encoder sees only the view, so
an observation can never hold more than the rules let that player see; a spectator view (``you`` is None)
encodes too, with the private slots left at zero.

A game offers its own encoder through its spec: ``adapters["rl_encoder"]`` names an
:class:`EncoderAdapter` in the game's package (e.g. ``hustings.games.die_macher_2019.adapters.rl:ENCODER``).
A game without one gets :class:`GenericEncoder`, a fixed-size hashed encoding of every value in the view:
lossy, but enough to run a toy game through PettingZoo or OpenSpiel.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt
from orjson import dumps as _dumps

from hustings.engine import get_spec
from hustings.engine.adapters import AdapterKind

FloatArray = npt.NDArray[np.float32]


class Slots(Protocol):
    """Where :meth:`Encoder.fill` writes: index -> value, every slot 0.0 until written (``out[i] += x`` works).

    A float64 buffer the size of the layout (a ``memoryview`` of a NumPy array): writes cost no hashing and no
    boxing, and sums are taken in float64 and rounded to float32 once, as the earlier sparse dict did, so the
    observations are the same bit for bit."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


@dataclass(frozen=True)
class Slice:
    """A named part of the encoding: ``vector[start:start + size]``."""

    name: str
    start: int
    size: int
    doc: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class Encoder:
    """Base class: a layout of named slices plus :meth:`encode`.

    Subclasses call :meth:`add` while building their layout (it returns the slice's offset), mark their
    per-seat blocks with :meth:`seats` (for the egocentric form) and implement :meth:`fill`, which writes
    the non-zero slots into :class:`Slots` (index -> value; ``out[i] += x`` works); :meth:`encode` returns
    them as a float32 array, :meth:`encode_into` writes them into one the caller keeps.
    """

    game: str
    players: int
    variant: str

    #: True for the egocentric form (:class:`EgocentricEncoder`)
    egocentric = False

    def __init__(self, game: str, players: int, variant: str) -> None:
        self.game = game
        self.players = players
        self.variant = variant
        self.slices: list[Slice] = []
        self.size = 0
        # (start, inner): ``players`` blocks of ``inner`` values from ``start``, block q about seat q
        self.seat_axes: list[tuple[int, int]] = []

    def add(self, name: str, size: int, doc: str) -> int:
        start = self.size
        self.slices.append(Slice(name, start, size, doc))
        self.size += size
        return start

    def seats(self, start: int, inner: int = 1) -> int:
        """Mark ``players`` consecutive blocks of ``inner`` values from ``start`` as one block per seat (seat 0
        first): the egocentric form rotates them so that the observer's block comes first. Returns ``start``."""
        if start < 0 or start + inner * self.players > self.size:
            raise ValueError(f"{self.game} encoding: seat blocks at {start} run past the layout")
        self.seat_axes.append((start, inner))
        return start

    def seat_slices(self, *names: str) -> None:
        """Mark whole slices of ``players`` values (one per seat) as seat blocks."""
        for name in names:
            sl = self.slice(name)
            if sl.size != self.players:
                raise ValueError(f"{self.game} encoding: slice {name!r} has {sl.size} values, not one per seat")
            self.seats(sl.start)

    def slice(self, name: str) -> Slice:
        for s in self.slices:
            if s.name == name:
                return s
        raise KeyError(f"{self.game} encoding has no slice {name!r}")

    def fill(self, out: Slots, view: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def _filled(self, view: Mapping[str, Any],
                buf: npt.NDArray[np.float64] | None = None) -> npt.NDArray[np.float64]:
        # a fresh buffer per call (zeroing costs about as much as reusing one) keeps a shared encoder
        # safe in threads; the memoryview takes plain-float writes at C speed. ``buf``: a zeroed float64 row the
        # caller keeps (encode_row)
        if buf is None:
            buf = np.zeros(self.size, np.float64)
        self.fill(cast(Slots, memoryview(cast(Any, buf))), view)
        return buf

    def encode(self, view: Mapping[str, Any]) -> FloatArray:
        """The view as a ``float32`` vector of length :attr:`size`, every value in ``[0, 1]``.

        A view of another game, player count or variant raises ValueError."""
        return self._filled(view).astype(np.float32)

    def encode_into(self, view: Mapping[str, Any], out: FloatArray) -> None:
        """:meth:`encode` written into ``out`` (float32, length :attr:`size`), which the caller keeps."""
        np.copyto(out, self._filled(view), casting="same_kind")

    def encode_row(self, view: Mapping[str, Any], row: npt.NDArray[np.float64]) -> None:
        """The encoding before its cast to float32, written into ``row`` (float64, C-contiguous, length
        :attr:`size`), which the caller keeps: a caller of many rows (the vector env) casts them all at once
        (``rows.astype(np.float32)`` is :meth:`encode` row by row, the same bits) and allocates nothing per
        encoding."""
        row.fill(0.0)
        self._filled(view, row)

    def row_writer(self, row: npt.NDArray[np.float64]) -> Callable[[Mapping[str, Any]], None]:
        """:meth:`encode_row` into ``row`` for ever after, as one function: a caller that writes the same row at
        every step (the vector env) makes the row's memoryview once, and an encoder that keeps no memos (no
        ``_filled`` of its own) is asked straight for :meth:`fill`."""
        if type(self)._filled is not Encoder._filled or type(self).encode_row is not Encoder.encode_row:
            return partial(self.encode_row, row=row)
        fill = self.fill
        cells = cast(Slots, memoryview(cast(Any, row)))
        zero = row.fill

        def write(view: Mapping[str, Any]) -> None:
            zero(0.0)
            fill(cells, view)

        return write

    def trust_view_identity(self) -> None:
        """Promise that no view handed to this encoder is changed afterwards (an observer encoding views nobody
        else holds, such as :mod:`hustings.rl.openspiel`'s): its memos then know a part they saw by its identity,
        without comparing it. Never for views a caller may edit."""
        for value in vars(self).values():
            for memo in value if isinstance(value, list | tuple) else (value,):
                if isinstance(memo, BlockMemo):
                    memo.trusted = True

    def describe(self) -> dict[str, Any]:
        """The layout as JSON: sizes and what each slice means."""
        return {
            "game": self.game,
            "players": self.players,
            "variant": self.variant,
            "egocentric": self.egocentric,
            "size": self.size,
            "slices": [{"name": s.name, "start": s.start, "size": s.size, "doc": s.doc} for s in self.slices],
        }

    def seat_order(self, you: int) -> npt.NDArray[np.intp]:
        """The index array of the egocentric form for observer ``you``: ``absolute[order]`` puts the seat
        blocks in the order you, you + 1, ... (clockwise, wrapping); every other value stays in place."""
        order = np.arange(self.size, dtype=np.intp)
        n = self.players
        for start, inner in self.seat_axes:  # composed one axis at a time: nested axes (seat x seat) commute
            step = np.arange(self.size, dtype=np.intp)
            for k in range(n):
                q = (you + k) % n
                step[start + k * inner:start + (k + 1) * inner] = np.arange(start + q * inner,
                                                                            start + (q + 1) * inner)
            order = order[step]
        return order


class EgocentricEncoder(Encoder):
    """The egocentric form of an encoder: the same layout, but every per-seat block is ordered from the
    observer: block 0 is the observer's own seat, block 1 the next seat clockwise (seat ``you + 1``), and so
    on. So the ``you`` slice is always ``[1, 0, ...]`` and a policy learned in one seat applies in every
    seat. A spectator view (``you`` is None) stays in absolute order. Action ids stay absolute (the
    game's action space does not rotate): seat ``q`` of an action is block ``(q - you) % players``.
    """

    egocentric = True

    def __init__(self, inner: Encoder) -> None:
        if inner.players > 1 and not inner.seat_axes:
            raise ValueError(f"{inner.game} encoder marks no per-seat blocks: it has no egocentric form")
        super().__init__(inner.game, inner.players, inner.variant)
        self.inner = inner
        self.slices = inner.slices
        self.size = inner.size
        self.seat_axes = inner.seat_axes
        self._orders = [inner.seat_order(you) for you in range(inner.players)]

    def fill(self, out: Slots, view: Mapping[str, Any]) -> None:
        raise NotImplementedError("EgocentricEncoder.encode rotates the inner encoder's array")

    def encode(self, view: Mapping[str, Any]) -> FloatArray:
        absolute = self.inner.encode(view)
        you = view.get("you") if isinstance(view, Mapping) else None
        if isinstance(you, int) and not isinstance(you, bool) and 0 < you < self.players:
            # take with "clip": the orders are permutations of the layout, so no index needs checking (15% fewer
            # instructions than indexing)
            return absolute.take(self._orders[you], mode="clip")
        return absolute

    def encode_row(self, view: Mapping[str, Any], row: npt.NDArray[np.float64]) -> None:
        absolute = self.inner._filled(view)
        you = view.get("you") if isinstance(view, Mapping) else None
        if isinstance(you, int) and not isinstance(you, bool) and 0 < you < self.players:
            absolute = absolute.take(self._orders[you], mode="clip")
        row[:] = absolute

    def encode_into(self, view: Mapping[str, Any], out: FloatArray) -> None:
        absolute = self.inner._filled(view)
        you = view.get("you") if isinstance(view, Mapping) else None
        if isinstance(you, int) and not isinstance(you, bool) and 0 < you < self.players:
            # a permutation: rounding before or after it is the same
            absolute = absolute.take(self._orders[you], mode="clip")
        np.copyto(out, absolute, casting="same_kind")

    def trust_view_identity(self) -> None:
        self.inner.trust_view_identity()

    def __getattr__(self, name: str) -> Any:
        # the inner encoder's offsets (o_you, ...) name the same slots: only the seat blocks move
        inner = self.__dict__.get("inner")
        if inner is None:
            raise AttributeError(name)
        return getattr(inner, name)


class BlockMemo:
    """The encoded block ``[start, stop)`` of one part of a view (a player's sheet, a board) for the last few
    distinct values of that part.

    Most of a view is the same from one step to the next and, bar the observer's own secrets, from seat to seat:
    an encoder looks the part up among the ones it encoded last and copies the block it wrote then instead of
    writing it again, so the bits are those of encoding the part afresh. A part's block must depend on the part
    alone and be written only by its own code, starting from zeros.

    A part is known by its JSON text (orjson, in C): one serialisation and one hash look the part up among all those
    kept, and the text is itself the copy kept (a caller may change its view later), so keeping costs no deep copy.
    Two parts with the same text encode the same (the encoders read JSON values); two that differ only in a way
    JSON cannot tell apart, or in key order, at worst miss. The table is replaced whole, never changed in place, so
    a shared encoder stays safe in threads."""

    __slots__ = ("blocks", "seen", "size", "start", "stop", "trusted")

    def __init__(self, start: int, stop: int, size: int = 8) -> None:
        self.start = start
        self.stop = stop
        self.size = size
        # JSON text of a part -> its block, oldest first (the oldest leaves when the table is full)
        self.blocks: dict[bytes, memoryview[float]] = {}
        # trusted (Encoder.trust_view_identity): the views handed in are never changed, so a part that is the very
        # object of one of the last two used needs no serialising; views of one step built around shared parts
        # (SharedViews) hand every seat's encoding the same objects. The objects are held, so no id is reused.
        self.trusted = False
        self.seen: tuple[tuple[Any, memoryview[float]], ...] = ()

    def lookup(self, out: Slots, part: Any) -> bytes | None:
        """Copy the block kept for a part equal to ``part`` into ``out`` and return None; else return the key
        :meth:`store` takes once the block is written (``b""`` for a part that is not plain JSON: never kept)::

            key = memo.lookup(out, part)
            if key is not None:
                ...  # write the part's block
                memo.store(out, key, part)
        """
        buf: Any = out  # a memoryview: the slice is copied in C
        if self.trusted:
            for obj, block in self.seen:
                if obj is part:
                    buf[self.start:self.stop] = block
                    return None
        try:
            key = _dumps(part)
        except TypeError:
            return b""
        found = self.blocks.get(key)
        if found is None:
            return key
        buf[self.start:self.stop] = found
        if self.trusted:
            self.seen = ((part, found), *self.seen[:1])
        return None

    def store(self, out: Slots, key: bytes, part: Any) -> None:
        """Remember the block just written into ``out`` for the part :meth:`lookup` gave ``key`` for."""
        if not key:
            return
        buf: Any = out
        block = memoryview(buf[self.start:self.stop].tobytes()).cast("d")
        blocks = dict(self.blocks)
        blocks[key] = block
        if len(blocks) > self.size:
            del blocks[next(iter(blocks))]
        self.blocks = blocks
        if self.trusted:
            self.seen = ((part, block), *self.seen[:1])

    def use(self, out: Slots, part: Any) -> bool:
        """:meth:`lookup` as a bool: True when the block was copied (then :meth:`keep` after writing it)."""
        return self.lookup(out, part) is None

    def keep(self, out: Slots, part: Any) -> None:
        """Remember the block just written into ``out`` for ``part`` (:meth:`store`, serialising it again)."""
        try:
            key = _dumps(part)
        except TypeError:
            return
        self.store(out, key, part)


EncoderFactory = Callable[[int, str], Encoder]
LengthBound = Callable[[int, str], int]

#: the bound on decisions in one game assumed for a game whose adapter gives none (OpenSpiel needs one)
DEFAULT_MAX_GAME_LENGTH = 10_000


@dataclass(frozen=True)
class ExactVariant:
    """A configuration of a game small enough for exact tools (CFR, best responses, exploitability): its make
    options, its seat count, how many deals it has (its only chance; each as likely as the others), how a
    referee tells deals apart (``deal_key(state)``: the chance side reads the dealt state, a player never
    does), its encoder, a bound on its decisions and the action kinds others do not see.
    :mod:`hustings.rl.openspiel` registers each as
    ``python_hustings_<game>_<name>`` with one explicit chance node and a perfect-recall information-state
    tensor."""

    name: str
    players: int
    options: Mapping[str, Any]
    deals: int
    deal_key: Callable[[Any], Hashable]
    encoder: Callable[[], Encoder]
    max_game_length: int
    #: action kinds other players do not see (a secret simultaneous step): they show as "a hidden action"
    secret_kinds: frozenset[str] = frozenset()


@dataclass(frozen=True)
class SharedViews:
    """A game's way of building several seats' views of one state (an adapter's option): ``parts(state)`` builds,
    once, what no seat's secret is in; ``view(state, viewer, parts)`` assembles one viewer's view around it, equal
    to ``state.view(viewer)`` but sharing those parts with every other view built from them, so such views are
    read-only: for the RL interfaces' encoders, never handed to a player. OpenSpiel's ``rl_environment`` reads
    every seat's tensor at every step, n views of one state (:mod:`hustings.rl.openspiel` uses this)."""

    parts: Callable[[Any], Any]
    view: Callable[[Any, int | None, Any], Mapping[str, Any]]


@dataclass(frozen=True)
class EncoderAdapter:
    """A game's RL adapter: ``factory(players, variant) -> Encoder`` and ``max_game_length(players, variant)``,
    an upper bound on the number of decisions in one game (every player's actions counted).

    ``everyone_may_lose(players, variant)``, for a game with its own outcome, says whether a game at that
    count can end with nobody winning (選舉之戰: three or more tied at the top, so never at two seats); the
    utilities' constant sums follow from it (:mod:`hustings.rl.utility`). Without it a game with its own
    outcome is assumed to let everyone lose at every count."""

    factory: EncoderFactory
    max_game_length: LengthBound
    everyone_may_lose: Callable[[int, str], bool] | None = None
    #: action kinds that help rather than play (逃出總統府's ``hint``): the RL environments withhold them
    #: unless asked (``assists=True``), so that a learner learns the game rather than how to read help
    assists: frozenset[str] = frozenset()
    #: small configurations for exact tools (選舉之戰's mini game)
    exact: tuple[ExactVariant, ...] = ()
    #: several seats' views of one state at once, sharing what no seat's secret is in (:class:`SharedViews`)
    views: SharedViews | None = None


RL_ENCODER_KIND: AdapterKind[EncoderAdapter] = AdapterKind(
    "rl_encoder", "a hustings.rl.encoding.EncoderAdapter(factory, max_game_length)",
    lambda obj: isinstance(obj, EncoderAdapter),
    "`hustings.rl` (PettingZoo, OpenSpiel); without it: the generic hashed encoder")


# ------------------------------------------------------------------------------- generic fallback


GENERIC_SLOTS = 512
_HASH_CACHE_LIMIT = 100_000


class GenericEncoder(Encoder):
    """The fallback for a game without its own encoder: every value of the view hashed into fixed slots.

    A leaf's path (``players[1].money``) picks its slot (BLAKE2b of the path, so the layout is the same in
    every process). Numbers are squashed into (0, 1) by ``0.5 + 0.5 * x / (|x| + 8)``; booleans and strings
    set the slot of ``path=value`` to 1. Two leaves may share a slot: the encoding is lossy, good for
    smoke tests and toy games, not for serious training (write an adapter, see docs/rl.md).
    """

    def __init__(self, game: str, players: int, variant: str, slots: int = GENERIC_SLOTS) -> None:
        super().__init__(game, players, variant)
        self.o_you = self.add("you", players, "one-hot seat of the observer (all zero for a spectator)")
        self.o_hashed = self.add("hashed", slots, "view leaves hashed by path: squashed numbers, 1 for path=value")
        self._slots = slots
        self._slot_of: dict[str, int] = {}

    def _slot(self, key: str) -> int:
        at = self._slot_of.get(key)
        if at is None:
            if len(self._slot_of) >= _HASH_CACHE_LIMIT:
                self._slot_of.clear()  # views with free text: keep the cache bounded
            digest = hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest()
            at = self._slot_of[key] = self.o_hashed + int.from_bytes(digest, "little") % self._slots
        return at

    def fill(self, out: Slots, view: Mapping[str, Any]) -> None:
        if not isinstance(view, Mapping):
            raise ValueError(f"{self.game} encoder: a view is a JSON object, not {type(view).__name__}")
        you = view.get("you")
        if isinstance(you, int) and not isinstance(you, bool):
            if not 0 <= you < self.players:
                raise ValueError(f"{self.game} encoder: view of seat {you} in a {self.players}-player encoding")
            out[self.o_you + you] = 1.0
        self._walk(out, view, "")

    def _walk(self, out: Slots, value: Any, path: str) -> None:
        if isinstance(value, bool):
            out[self._slot(f"{path}={value}")] = 1.0
        elif isinstance(value, int | float):
            x = float(value)
            if math.isfinite(x):
                out[self._slot(path)] = 0.5 + 0.5 * x / (abs(x) + 8.0)
        elif isinstance(value, str):
            out[self._slot(f"{path}={value}")] = 1.0
        elif isinstance(value, Mapping):
            for k, v in value.items():
                self._walk(out, v, f"{path}.{k}")
        elif isinstance(value, list | tuple):
            for i, v in enumerate(value):
                self._walk(out, v, f"{path}[{i}]")


def _generic_length(players: int, variant: str) -> int:
    return DEFAULT_MAX_GAME_LENGTH


def adapter_for(game: str) -> EncoderAdapter:
    """The game's own encoder adapter, or the generic one (unknown games raise ValueError)."""
    obj = get_spec(game).adapter(RL_ENCODER_KIND)
    if obj is None:
        return EncoderAdapter(lambda players, variant: GenericEncoder(game, players, variant), _generic_length)
    return obj


def withheld_kinds(game: str, assists: bool = False) -> frozenset[str]:
    """The action kinds an RL environment leaves out of the legal actions: the game's assists (e.g. the
    puzzle's ``hint``) unless ``assists`` is true."""
    return frozenset() if assists else adapter_for(game).assists


def has_own_encoder(game: str) -> bool:
    """Whether the game ships its own encoder (else :class:`GenericEncoder` stands in)."""
    return get_spec(game).has_adapter(RL_ENCODER_KIND.name)


def _resolve(game: str, players: int | None, variant: str | None) -> tuple[int, str]:
    spec = get_spec(game)
    variant = spec.default_variant if variant is None else variant
    if variant not in spec.variants:
        raise ValueError(f"unknown variant {variant!r} for {game}; variants: {', '.join(spec.variants)}")
    counts = spec.player_counts(variant)
    players = counts[0] if players is None else players
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        raise ValueError(f"{game} {variant} takes {counts[0]} to {counts[-1]} players, not {players!r}")
    return players, variant


@cache
def _cached(game: str, players: int, variant: str, egocentric: bool) -> Encoder:
    if egocentric:
        return EgocentricEncoder(_cached(game, players, variant, False))
    return adapter_for(game).factory(players, variant)


def encoder_for(game: str, players: int | None = None, variant: str | None = None,
                egocentric: bool = False) -> Encoder:
    """The encoder of ``game`` for this player count and variant (defaults as in ``hustings.make``);
    ``egocentric=True`` gives its egocentric form (:class:`EgocentricEncoder`: the observer's seat first)."""
    players, variant = _resolve(game, players, variant)
    return _cached(game, players, variant, bool(egocentric))


def fresh_encoder(game: str, players: int | None = None, variant: str | None = None,
                  egocentric: bool = False) -> Encoder:
    """A new encoder like :func:`encoder_for`'s, not shared: an encoder may remember what it encoded last (選舉之戰's
    candidate rows), which pays off when one game's views pass through it, so an environment keeps one per game
    it plays."""
    players, variant = _resolve(game, players, variant)
    inner = adapter_for(game).factory(players, variant)
    return EgocentricEncoder(inner) if egocentric else inner


def max_game_length(game: str, players: int | None = None, variant: str | None = None) -> int:
    """An upper bound on the number of decisions in one game (every player's actions counted)."""
    players, variant = _resolve(game, players, variant)
    return adapter_for(game).max_game_length(players, variant)


def resolve(game: str, players: int | None = None, variant: str | None = None) -> tuple[int, str]:
    """``(players, variant)`` with the engine's defaults filled in; a bad value raises ValueError."""
    return _resolve(game, players, variant)
