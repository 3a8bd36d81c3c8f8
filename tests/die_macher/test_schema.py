"""The JSON Schemas of Die Macher classic describe what the game really hands out (issue 10).

Views of random games of both variants for every seat and the spectator, every event and every action of the
space validate against ``hustings schema die-macher``; the schemas are closed, so an undeclared field fails.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

import hustings
from hustings.cli import app
from hustings.engine import get_spec
from hustings.engine.schema import DIALECT
from hustings.games.die_macher.actions import SPACE
from hustings.games.die_macher.phases import Phase
from hustings.games.die_macher.schema import SCHEMA
from hustings.games.die_macher.view_types import EVENT_DATA
from hustings.games.die_macher.words.events import EVENT_TYPES

GAME = "die-macher"


def validator(part: str) -> Draft202012Validator:
    schema = SCHEMA.part(part)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def errors(v: Draft202012Validator, value: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(value)][:5]


@pytest.mark.parametrize("variant", ["full", "short"])
def test_views_of_random_games_validate_against_the_view_schema(variant: str) -> None:
    v = validator("view")
    phases: set[str] = set()
    checked = 0
    for seed in range(4):
        n = 3 + seed % 3
        s = hustings.make(GAME, players=n, variant=variant, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.step_count % 11 == 0 or s.phase in (Phase.POLL_DECIDE, Phase.TIE, Phase.ANSWER, Phase.NATIONAL):
                for p in [*range(n), None]:
                    wire = json.loads(json.dumps(s.view(p)))  # through JSON, as a client gets it
                    assert not errors(v, wire), f"seed {seed} step {s.step_count} seat {p}: {errors(v, wire)}"
                    checked += 1
                phases.add(str(s.phase))
            p = s.current_players[0]
            acts = s.legal_actions(p)
            s.apply(p, acts[rng.randrange(len(acts))])
        final = json.loads(json.dumps(s.view(0)))
        assert not errors(v, final) and final["scores"] is not None
    assert checked > 200
    assert {"sheet", "bid", "platform", "cab_place", "media", "rally", "poll_bid", "national"} <= phases


def test_every_event_of_random_games_validates_and_every_type_is_declared() -> None:
    assert set(EVENT_DATA) == set(EVENT_TYPES)
    v = validator("events")
    seen: set[str] = set()
    for seed in range(8):
        s = hustings.make(GAME, players=3 + seed % 3, variant="short" if seed % 2 else "full", seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            p = s.current_players[0]
            acts = s.legal_actions(p)
            s.apply(p, acts[rng.randrange(len(acts))])
        for e in s.all_events():
            j = e.to_json("en")
            assert not errors(v, j), f"seed {seed} {e.type}: {errors(v, j)}"
            seen.add(e.type)
    assert len(seen) > 45


def test_the_event_schema_rejects_wrong_data() -> None:
    v = validator("events")
    good = {"type": "media_bought", "to": None, "step": 3, "data": {"seat": 1, "board": 2}}
    assert not errors(v, good)
    assert errors(v, {**good, "data": {"seat": 1}})  # a missing field
    assert errors(v, {**good, "data": {"seat": 1, "board": 2, "extra": 1}})  # undeclared
    assert errors(v, {**good, "data": {"seat": "one", "board": 2}})  # wrong type
    assert errors(v, {**good, "type": "no_such_event"})
    media = {"type": "cabinet_media", "to": None, "step": 9, "data": {"seat": 0, "board": 1, "from": 2, "paid": 4000}}
    assert not errors(v, media)


def test_every_action_of_the_space_validates_and_malformed_ones_do_not() -> None:
    v = validator("action")
    for a in SPACE.actions:
        assert not errors(v, a.to_json()), a
        assert not errors(v, {"kind": a.kind, "args": list(a.args)})
    assert errors(v, {"kind": "no_such_kind", "args": []})
    assert errors(v, {"id": len(SPACE)})
    assert errors(v, {"kind": "bid", "args": [1, 2]})


def test_the_schema_adapter_and_the_cli() -> None:
    assert get_spec(GAME).adapter("schema") is SCHEMA
    runner = CliRunner()
    for part in ("view", "action", "events", "all"):
        result = runner.invoke(app, ["schema", GAME, "--part", part])
        assert result.exit_code == 0, result.stderr
        doc = json.loads(result.stdout)
        assert doc["$schema"] == DIALECT
        Draft202012Validator.check_schema(doc)
    doc = json.loads(runner.invoke(app, ["schema", GAME]).stdout)
    whole = Draft202012Validator(doc["view"])
    assert not errors(whole, json.loads(json.dumps(hustings.make(GAME, players=4, seed=2).view(1))))
