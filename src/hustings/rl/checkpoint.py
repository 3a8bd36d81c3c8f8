"""What the two ``learned`` checkpoint formats share (:mod:`hustings.rl.policy`, :mod:`hustings.rl.scorer`): reading
an ``.npz`` file without pickles, its JSON ``meta`` and its layers, and the forward pass of their small networks.
Each problem raises the format's own error class, naming the file, in one line. NumPy only."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]


def read_npz(path: str | Path, fmt: str, error: type[ValueError]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The file's arrays and its ``meta`` (a JSON object whose ``format`` is ``fmt``)."""
    name = str(path)
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except FileNotFoundError:
        raise error(f"{name}: no such checkpoint file") from None
    except (OSError, ValueError, EOFError) as e:
        raise error(f"{name}: not a readable .npz checkpoint ({e})") from None
    if "meta" not in arrays:
        raise error(f"{name}: no 'meta' entry: not a {fmt} checkpoint")
    try:
        meta = json.loads(str(arrays["meta"]))
    except json.JSONDecodeError:
        raise error(f"{name}: its 'meta' entry is not JSON") from None
    if not isinstance(meta, dict) or meta.get("format") != fmt:
        raise error(f"{name}: not a {fmt} checkpoint")
    return arrays, meta


def read_layers(name: str, arrays: dict[str, Any], meta: dict[str, Any],
                error: type[ValueError]) -> tuple[list[FloatArray], list[FloatArray]]:
    """The ``meta["layers"]`` weight matrices and bias vectors, as float32 (shapes are the format's to check)."""
    layers = meta.get("layers")
    if not isinstance(layers, int) or layers < 1:
        raise error(f"{name}: 'layers' must be a positive integer")
    try:
        ws = [np.asarray(arrays[f"w{i}"], dtype=np.float32) for i in range(layers)]
        bs = [np.asarray(arrays[f"b{i}"], dtype=np.float32) for i in range(layers)]
    except KeyError as e:
        raise error(f"{name}: missing array {e}") from None
    return ws, bs


def forward(x: FloatArray, weights: Sequence[FloatArray], biases: Sequence[FloatArray], relu: bool) -> FloatArray:
    """The network's output: every layer but the last applies ReLU (``relu``) or tanh."""
    last = len(weights) - 1
    for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
        x = x @ w + b
        if i < last:
            x = np.maximum(x, 0) if relu else np.tanh(x)
    return x


__all__ = ["forward", "read_layers", "read_npz"]
