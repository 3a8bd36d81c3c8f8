"""The browser table: static pages (``static/``: lobby, table page, generic client) and the data they load.

No build step and nothing from a CDN: plain ES modules and CSS, served by ``hustings serve``. The page's own
words are the ``web.*`` keys of this package's catalog (``messages/``), chained to the shared interface
catalog, exported to the page as JSON (:func:`shell_messages`); a game's words, names and rules help come
from the game itself through its GameSpec (:func:`game_meta`). :mod:`hustings.web.mount` wires these into a
FastAPI app.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hustings.engine import LANGS, get_spec, list_games, normalize_lang
from hustings.engine.adapters import AdapterKind
from hustings.engine.i18n import Catalog
from hustings.engine.words import Voice, words_for

STATIC = Path(__file__).parent / "static"

SHARED = Catalog.from_package("hustings", "messages")
CATALOG = Catalog.from_package("hustings.web", "messages").chain(SHARED)

WEB_KIND: AdapterKind[str] = AdapterKind(
    "web", "the folder (a str path) that holds the game's renderer.js and what it imports",
    lambda obj: isinstance(obj, str),
    "`hustings serve` (the page loads `/games/<id>/renderer.js`; its words, names and catalog come from the "
    "game's `words`); without it: the generic browser table")

__all__ = ["CATALOG", "LANGS", "STATIC", "WEB_KIND", "game_folder", "game_meta", "glossary", "shell_messages"]


def shell_messages(lang: str) -> dict[str, str]:
    """Every word of the page shell in ``lang`` (web.* keys and the shared interface words)."""
    return CATALOG.export(normalize_lang(lang))


def game_folder(game: str) -> Path | None:
    """The folder of the game's browser renderer (its ``web`` adapter), or None for the generic one."""
    folder = get_spec(game).adapter(WEB_KIND)
    if folder is None:
        return None
    path = Path(folder)
    return path if (path / "renderer.js").is_file() else None


def _pick(texts: Any, lang: str) -> str:
    """One language's text of ``texts``: a plain string, or any mapping of language to text (a game's rules help
    is a read-only Mapping, not a dict); English, then any language, when ``lang`` is missing."""
    if isinstance(texts, str):
        return texts
    if isinstance(texts, Mapping):
        return str(texts.get(lang) or texts.get("en") or next(iter(texts.values()), ""))
    return ""


def game_meta(game: str, lang: str) -> dict[str, Any]:
    """What a page needs to draw ``game`` in ``lang``: title, variants, score labels, sides, and from the game's
    words (:mod:`hustings.engine.words`) the rules help by phase, how to win, the names its renderer draws and
    its catalog; and where its renderer is."""
    spec = get_spec(game)
    lang = normalize_lang(lang)
    words = words_for(game)
    catalog = words.catalog
    return {
        "id": spec.id,
        "title": _pick(spec.title, lang),
        "lang": lang,
        "outcome": spec.outcome,
        "variants": list(spec.variants),
        "default_variant": spec.default_variant,
        "players": {v: spec.player_counts(v) for v in spec.variants},
        "sides": [spec.side_name(i, lang) for i in range(len(spec.sides))],
        "score_labels": {k: spec.score_label(k, lang) for k in spec.score_labels},
        "rules": {str(topic): _pick(texts, lang) for topic, texts in words.rules_help().items()},
        "how_to_win": words.how_to_win(lang),
        "glossary": glossary(catalog, lang),
        "names": dict(words.names(Voice(lang))),
        "catalog": catalog.export(lang) if catalog is not None else {},
        "renderer": f"/games/{spec.id}/renderer.js" if game_folder(game) is not None else None,
    }


def glossary(catalog: Catalog | None, lang: str) -> list[dict[str, str]]:
    """The game's glossary in ``lang``: each ``glossary.<id>`` of its catalog as ``{term, text}`` (what the word
    means and the unit its numbers are counted in), in the order of the terms."""
    if catalog is None:
        return []
    ids = sorted({k.split(".")[1] for k in catalog.keys("en") if k.startswith("glossary.") and k.count(".") == 2})
    out = [{"term": catalog.text(f"glossary.{i}.term", lang), "text": catalog.text(f"glossary.{i}.text", lang)}
           for i in ids]
    return sorted(out, key=lambda x: x["term"].casefold())


def games_with_renderers() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for g in list_games():
        folder = game_folder(g)
        if folder is not None:
            out[g] = folder
    return out
