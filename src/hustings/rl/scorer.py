"""The ``learned`` scorer format: a small network that scores each legal action from the game's action features.

Where :mod:`hustings.rl.policy` reads the whole observation and gives one logit per action id (so it must learn
every card and seat apart), a scorer reads one row of numbers per legal action (the game's
:class:`~hustings.bots.learned.ActionFeatures`: what the action does, as the game reads it) and gives it one
score; the best legal score is played (``temperature=0``), or one is sampled from ``softmax(scores /
temperature)`` with the policy's own seeded generator. Only NumPy is needed.

A checkpoint is one ``.npz`` file read with ``allow_pickle=False``:

- ``meta``: a 0-d string array, JSON: ``{"format": "hustings-scorer", "version": 1, "game", "players",
  "variant", "features": {"name", "names"}, "activation": "tanh" | "relu", "layers": k}`` plus free fields
  (``"trained"``: how it was trained). ``features`` must be the game's own set at load time, name and names.
- ``w0, b0, ..., w{k-1}, b{k-1}``: float32; ``w_i`` is ``(inputs, outputs)``, the first takes the feature count,
  the last gives one output (the score). Hidden layers apply the activation. ``k = 1`` is a linear scorer.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from hustings.bots.learned import ActionFeatures, learned_for
from hustings.bots.random_bot import check_view
from hustings.engine import Action
from hustings.rl.checkpoint import forward, read_layers, read_npz

if TYPE_CHECKING:
    from hustings.rl.policy import LearnedPolicy

FORMAT = "hustings-scorer"
VERSION = 1
ACTIVATIONS = ("tanh", "relu")
FloatArray = npt.NDArray[np.float32]


class ScorerError(ValueError):
    """A scorer checkpoint that cannot be used: the message names the file and what is wrong with it."""


def features_for(game: str) -> ActionFeatures:
    """The game's action features, or a ValueError in one line when it offers none."""
    adapter = learned_for(game)
    if adapter is None or adapter.features is None:
        raise ValueError(f"{game} offers no action features for a learned scorer")
    return adapter.features


def _signature(features: ActionFeatures) -> dict[str, Any]:
    return {"name": features.name, "names": list(features.names)}


def save_scorer(path: str | Path, game: str, players: int, variant: str, weights: Sequence[npt.ArrayLike],
                biases: Sequence[npt.ArrayLike], activation: str = "tanh",
                extra: Mapping[str, Any] | None = None) -> Path:
    """Write a scorer checkpoint; checks that the shapes chain from the game's feature count to one score."""
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation must be one of {', '.join(ACTIVATIONS)}, not {activation!r}")
    features = features_for(game)
    ws = [np.asarray(w, dtype=np.float32) for w in weights]
    bs = [np.asarray(b, dtype=np.float32) for b in biases]
    _check_shapes(str(path), ws, bs, len(features.names))
    meta = {"format": FORMAT, "version": VERSION, "game": game, "players": players, "variant": variant,
            "features": _signature(features), "activation": activation, "layers": len(ws), **(extra or {})}
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta))}
    for i, (w, b) in enumerate(zip(ws, bs, strict=True)):
        arrays[f"w{i}"], arrays[f"b{i}"] = w, b
    target = Path(path)
    with open(target, "wb") as f:
        np.savez(f, **arrays)
    return target


def _check_shapes(name: str, ws: list[FloatArray], bs: list[FloatArray], inputs: int) -> None:
    if not ws or len(ws) != len(bs):
        raise ScorerError(f"{name}: needs as many biases as weight matrices, at least one")
    width = inputs
    for i, (w, b) in enumerate(zip(ws, bs, strict=True)):
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
            raise ScorerError(f"{name}: layer {i} has weights {w.shape} and biases {b.shape}; it takes {width} "
                              "inputs")
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise ScorerError(f"{name}: layer {i} holds values that are not finite")
        width = w.shape[1]
    if width != 1:
        raise ScorerError(f"{name}: the last layer gives {width} outputs; a scorer gives one score an action")


class ScorerPolicy:
    """A scorer checkpoint as a bot (``act(view, legal)``): it sees the seat's view and legal actions, never the
    state."""

    def __init__(self, meta: Mapping[str, Any], weights: list[FloatArray], biases: list[FloatArray],
                 seed: int | None = None, temperature: float = 0.0, name: str = "learned") -> None:
        if temperature < 0:
            raise ValueError(f"temperature must be 0 (greedy) or positive, not {temperature}")
        self.meta = dict(meta)
        self.game = str(meta["game"])
        self.players = int(meta["players"])
        self.variant = str(meta["variant"])
        self.features = features_for(self.game)
        self.weights = weights
        self.biases = biases
        self.relu = meta.get("activation") == "relu"
        self.temperature = temperature
        self.rng = random.Random(seed)
        self.name = name

    @classmethod
    def load(cls, path: str | Path, seed: int | None = None, temperature: float = 0.0) -> ScorerPolicy:
        """Read and check a checkpoint; any problem raises :class:`ScorerError` naming the file."""
        name = str(path)
        arrays, meta = read_npz(path, FORMAT, ScorerError)
        if meta.get("version") != VERSION:
            raise ScorerError(f"{name}: format version {meta.get('version')!r}; this hustings reads {VERSION}")
        if meta.get("activation") not in ACTIVATIONS:
            raise ScorerError(f"{name}: unknown activation {meta.get('activation')!r}")
        import hustings

        try:
            hustings.make(str(meta["game"]), players=int(meta["players"]), variant=str(meta["variant"]), seed=0)
            features = features_for(str(meta["game"]))
        except (KeyError, TypeError, ValueError) as e:
            raise ScorerError(f"{name}: its game, players or variant cannot be played here ({e})") from None
        if meta.get("features") != _signature(features):
            got = meta.get("features")
            named = got.get("name") if isinstance(got, dict) else got
            raise ScorerError(f"{name}: trained on the action features {named!r}; this hustings reads "
                              f"{features.name!r}")
        ws, bs = read_layers(name, arrays, meta, ScorerError)
        _check_shapes(name, ws, bs, len(features.names))
        return cls(meta, ws, bs, seed=seed, temperature=temperature, name=f"learned:{name}")

    def scores(self, rows: Sequence[Sequence[float]]) -> npt.NDArray[np.float64]:
        """One score per row of action features."""
        x = forward(np.asarray(rows, dtype=np.float32), self.weights, self.biases, self.relu)
        return x[:, 0].astype(np.float64)

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        check_view(view)
        if not legal:
            raise ValueError(f"{self.name}: asked to act with no legal action")
        if len(legal) == 1:
            return legal[0]
        s = self.scores(self.features.of(view, legal))
        if self.temperature == 0:
            return legal[int(np.argmax(s))]
        p = np.exp((s - s.max()) / self.temperature)
        p /= p.sum()
        u = self.rng.random()
        return legal[min(int(np.searchsorted(np.cumsum(p), u, side="right")), len(legal) - 1)]

    def check_game(self, game: str, players: int, variant: str) -> None:
        """Refuse a seat of another configuration than the checkpoint was trained for."""
        if (game, players, variant) != (self.game, self.players, self.variant):
            raise ScorerError(f"{self.name} plays {self.game} {self.variant} with {self.players} players, not "
                              f"{game} {variant} with {players}")


def is_scorer(path: str | Path) -> bool:
    """Whether ``path`` is a scorer checkpoint (by its meta's format); False for anything else, readable or not."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
    except (OSError, ValueError, KeyError, EOFError, json.JSONDecodeError):
        return False
    return isinstance(meta, dict) and meta.get("format") == FORMAT


def load_policy(path: str | Path, seed: int | None = None, temperature: float = 0.0) -> LearnedPolicy | ScorerPolicy:
    """Either kind of ``learned`` checkpoint, by its meta's format: a scorer, or a network over the observation
    (:class:`~hustings.rl.policy.LearnedPolicy`, which names any other file's problem)."""
    from hustings.rl.policy import LearnedPolicy

    if is_scorer(path):
        return ScorerPolicy.load(path, seed=seed, temperature=temperature)
    return LearnedPolicy.load(path, seed=seed, temperature=temperature)


__all__ = ["FORMAT", "VERSION", "ScorerError", "ScorerPolicy", "features_for", "is_scorer", "load_policy",
           "save_scorer"]
