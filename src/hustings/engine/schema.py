"""JSON Schema (draft 2020-12) of a game's view, action JSON and event data, from typed dictionaries.

A game declares its view and the data of each event type as ``typing_extensions.TypedDict`` classes and
exposes a :class:`GameSchema` as its ``schema`` adapter; ``hustings schema GAME`` prints it. The action
schema needs no declaration: it comes from the game's :class:`ActionSpace` (kinds, argument counts and
ranges). Schemas are closed (``additionalProperties: false``), so a field a game adds without declaring
it fails validation in the game's tests.

pydantic turns the typed dictionaries into JSON Schema; it is imported only when a schema is built, never
on the hot path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hustings.engine.adapters import AdapterKind
from hustings.engine.core import ActionSpace

DIALECT = "https://json-schema.org/draft/2020-12/schema"
PARTS: tuple[str, ...] = ("view", "action", "events")

JSONSchema = dict[str, Any]


def _closed(node: Any) -> Any:
    """Every object schema with declared properties refuses other keys, and fields lose the titles pydantic
    derives from their names (noise: the name is right there). In place; returns ``node``."""
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node:
            node.setdefault("additionalProperties", False)
            for field in node["properties"].values():
                if isinstance(field, dict):
                    field.pop("title", None)
        for v in node.values():
            _closed(v)
    elif isinstance(node, list):
        for v in node:
            _closed(v)
    return node


def type_schema(tp: Any, title: str | None = None) -> JSONSchema:
    """The JSON Schema of one type (a TypedDict, list, int, str, None, Literal, enum and unions of them)."""
    from pydantic import TypeAdapter

    body = TypeAdapter(tp).json_schema(ref_template="#/$defs/{model}", mode="serialization")
    out: JSONSchema = {"$schema": DIALECT, **body}
    if title is not None:
        out["title"] = title
    _closed(out)
    return out


def types_schemas(types: Mapping[str, Any]) -> tuple[dict[str, JSONSchema], dict[str, JSONSchema]]:
    """Schemas of several named types sharing one ``$defs``: (name -> schema or $ref, $defs)."""
    from pydantic import TypeAdapter
    from typing_extensions import TypedDict

    # One synthetic TypedDict holding every type as a field: pydantic then writes each class once.
    make_typeddict: Any = TypedDict  # built from data, which the type checker cannot follow
    holder = make_typeddict("_Types", dict(types))
    body = TypeAdapter(holder).json_schema(ref_template="#/$defs/{model}", mode="serialization")
    defs: dict[str, JSONSchema] = body.get("$defs", {})
    props: dict[str, JSONSchema] = body["properties"]
    for v in props.values():
        v.pop("title", None)
    _closed(props)
    _closed(defs)
    return props, defs


def action_schema(space: ActionSpace, title: str | None = None) -> JSONSchema:
    """The JSON form of an action, ``{"id", "kind", "args"}``, as :meth:`ActionSpace.resolve` accepts it:
    an id, or a kind with its integer args, or both (then they must agree)."""
    arity: dict[str, set[int]] = {}
    lo: dict[str, list[int]] = {}
    hi: dict[str, list[int]] = {}
    for a in space.actions:
        arity.setdefault(a.kind, set()).add(len(a.args))
        low, high = lo.setdefault(a.kind, list(a.args)), hi.setdefault(a.kind, list(a.args))
        for i, x in enumerate(a.args):
            if i >= len(low):
                low.append(x)
                high.append(x)
            low[i] = min(low[i], x)
            high[i] = max(high[i], x)
    rules: list[JSONSchema] = []
    for kind in arity:
        args: JSONSchema = {"minItems": min(arity[kind]), "maxItems": max(arity[kind])}
        if lo[kind]:
            args["prefixItems"] = [{"type": "integer", "minimum": a, "maximum": b}
                                   for a, b in zip(lo[kind], hi[kind], strict=True)]
        rules.append({
            "if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
            "then": {"properties": {"args": args}},
        })
    out: JSONSchema = {"$schema": DIALECT}
    if title is not None:
        out["title"] = title
    out.update({
        "description": "An action of the game: its stable id, or its kind and integer args, or both.",
        "type": "object",
        "properties": {
            "id": {"type": "integer", "minimum": 0, "maximum": len(space) - 1},
            "kind": {"enum": list(arity)},
            "args": {"type": "array", "items": {"type": "integer"}},
        },
        "additionalProperties": False,
        "anyOf": [{"required": ["id"]}, {"required": ["kind"]}],
        "allOf": rules,
    })
    return out


def events_schema(event_data: Mapping[str, Any], title: str | None = None, *, message_key: str = "message",
                  message_required: bool = False) -> JSONSchema:
    """An event as :meth:`Event.to_json` writes it, with ``data`` checked against its type's schema.

    ``message_key``/``message_required``: the rendered text's field (the server sends it as a required ``text``)."""
    props, defs = types_schemas(event_data)
    rules = [
        {"if": {"properties": {"type": {"const": name}}, "required": ["type"]},
         "then": {"properties": {"data": ref}}}
        for name, ref in props.items()
    ]
    out: JSONSchema = {"$schema": DIALECT}
    if title is not None:
        out["title"] = title
    out.update({
        "description": "An event: type, the one seat it is for (null: public), the step, data, and with a "
                       "language the rendered message.",
        "type": "object",
        "properties": {
            "type": {"enum": list(props)},
            "to": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
            "step": {"type": "integer", "minimum": 0},
            "data": {"type": "object"},
            message_key: {"type": "string"},
        },
        "required": ["type", "to", "step", "data", *([message_key] if message_required else [])],
        "additionalProperties": False,
        "allOf": rules,
        "$defs": defs,
    })
    return out


class GameSchema:
    """A game's schemas, built on first use: ``part("view" | "action" | "events")`` or ``all()``."""

    def __init__(self, game: str, view: Any, events: Mapping[str, Any], space: ActionSpace) -> None:
        self.game = game
        self.view_type = view
        self.event_data = dict(events)
        self.space = space
        self._built: dict[str, JSONSchema] = {}

    def part(self, name: str) -> JSONSchema:
        if name not in PARTS:
            raise ValueError(f"unknown schema part {name!r}; parts: {', '.join(PARTS)}, all")
        if name not in self._built:
            title = f"{self.game} {name}"
            if name == "view":
                built = type_schema(self.view_type, title)
            elif name == "action":
                built = action_schema(self.space, title)
            else:
                built = events_schema(self.event_data, title)
            # an id of its own keeps each part's "#/$defs/..." references right inside all()
            self._built[name] = {"$schema": DIALECT, "$id": f"urn:hustings:{self.game}:{name}", **built}
        return self._built[name]

    def all(self) -> JSONSchema:
        return {"$schema": DIALECT, "title": f"{self.game} schemas", **{p: self.part(p) for p in PARTS}}


SCHEMA_KIND: AdapterKind[GameSchema] = AdapterKind(
    "schema", "a hustings.engine.schema.GameSchema (section 4)", lambda obj: isinstance(obj, GameSchema),
    "`hustings schema <game id>`, the server's protocol schema, clients, the schema tests")
