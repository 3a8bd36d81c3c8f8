"""Setup (001 §遊戲準備, 003 4) and the secret starting sheet (001 §遊戲流程 1, 003 1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.phases import Phase

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def setup(s: DieMacher) -> None:
    D = s.data
    n, rng = s.n, s.rng
    short = s.short
    # Decks (001 §遊戲配件): 56 program cards, 42 opinions, 16 state cards, 20 poll cards (10 in short).
    s.prog_deck = [t for t in range(D.NUM_TYPES) for _ in range(D.PROGRAM_PER_STANCE)]
    rng.shuffle(s.prog_deck)
    s.op_deck = [t for t in range(D.NUM_TYPES) for _ in range(D.OPINION_PER_STANCE)]
    rng.shuffle(s.op_deck)
    s.state_deck = list(range(len(D.STATES)))
    rng.shuffle(s.state_deck)
    s.poll_deck = [c for c in range(len(D.POLLS)) if not (short and D.POLL_SEVEN[c])]  # short variant 4
    rng.shuffle(s.poll_deck)
    cabinet = [c.index for c in D.CABINET if c.in_short or not short]  # short variant 2
    donations = [d.index for d in D.DONATIONS if d.in_short or not short]  # short variant 3
    for p in range(n):
        s.cab_left[p] = cabinet[:]
        s.don_left[p] = donations[:]
        # 5 public program cards of 5 different issues; a repeat or opposite goes under the deck (§遊戲準備)
        issues: set[int] = set()
        while len(s.prog[p]) < D.PUBLIC_PROGRAM:
            c = s.draw_program()
            if (c >> 1) in issues:
                s.prog_deck.insert(0, c)  # drawn face up: everyone knows it lies under the deck
                s.prog_known += 1
                s.emit("program_rejected", {"seat": p, "card": c})
                continue
            s.prog[p].append(c)
            issues.add(c >> 1)
        s.emit("program_dealt", {"seat": p, "cards": list(s.prog[p])})
    for p in range(n):
        s.hand[p] = [s.draw_program() for _ in range(D.HIDDEN_PROGRAM)]
        s.hand[p].sort()
        s.emit("hand_dealt", {"cards": list(s.hand[p])}, to=p)
    # Four boards: elections 1..4, a state card each, opinions 4 / 3+1 / 2+2 / 1+3 (§遊戲準備).
    for b in range(D.NUM_SLOTS):
        prepare_board(s, b, b + 1, face_up=D.NUM_SLOTS - b)
        s.payout[b] = 1 if b in (0, 2) else 0  # payout tiles on the 1st and 3rd boards
        for p in range(n):
            s.cubes[b][p] = 1  # one rally cube of each party on each board
            s.cube_sup[p] -= 1
    # six face-up opinions in the exchange pool; repeats allowed (§遊戲準備)
    s.pool = [s.draw_opinion() for _ in range(D.EXCHANGE_POOL)]
    s.emit("game_started", {"players": n, "variant": s.variant, "pool": list(s.pool),
                            "boards": [[s.elec[b], s.state[b], list(s.up[b])] for b in range(D.NUM_SLOTS)]})
    s.phase = Phase.SHEET
    s.waiting = list(range(n))


def prepare_board(s: DieMacher, b: int, election: int, face_up: int) -> None:
    """A state card and four opinions, ``face_up`` of them face up with different issues (§遊戲準備, 4.i)."""
    s.elec[b] = election
    if not s.state_deck:
        s.state_deck, s.state_disc = s.state_disc, []
        s.rng.shuffle(s.state_deck)
    s.state[b] = s.state_deck.pop()
    s.up[b] = []
    s.down[b] = []
    issues: set[int] = set()
    while len(s.up[b]) < face_up:
        c = s.draw_opinion()
        if c < 0:
            break
        if (c >> 1) in issues:
            s.opinion_to_bottom(c)  # drawn face up, so everyone knows it lies under the deck
            s.emit("opinion_rejected", {"board": b, "card": c})
            continue
        s.up[b].append(c)
        issues.add(c >> 1)
    while len(s.up[b]) + len(s.down[b]) < 4:
        c = s.draw_opinion()
        if c < 0:
            break
        s.down[b].append(c)
    s.emit("board_prepared", {"board": b, "election": election, "state": s.state[b], "up": list(s.up[b]),
                              "down": len(s.down[b])})


# ------------------------------------------------------------------------------- starting sheet


def sheet_legal(s: DieMacher, p: int) -> list[Action]:
    return A.SHEET1 if s.sheet[p][0] < 0 else A.SHEET2


def sheet_apply(s: DieMacher, p: int, a: Action) -> None:
    # Written secretly (003 1): only the writer sees the choice until everyone has written.
    col = 0 if a.kind == "sheet1" else 1
    s.sheet[p][col] = a.id
    s.emit("sheet_written", {"column": col + 1, "action": a.id}, to=p)
    if col == 1:
        s.waiting.remove(p)


def sheet_advance(s: DieMacher) -> bool:
    D = s.data
    if s.waiting:
        return True
    # Revealed together (003 4), then applied.
    for p in range(s.n):
        for aid in s.sheet[p]:
            a = A.SPACE[aid]
            col = 0 if a.kind == "sheet1" else 1
            apply_sheet(s, p, D.SHEET_COLUMNS[col][a.args[0]], a.args[1:])
        s.emit("sheet_revealed", {"seat": p, "actions": list(s.sheet[p])})
    s.sheet = [[-1, -1] for _ in range(s.n)]
    from hustings.games.die_macher.rules import bidding

    bidding.start_round(s)
    return False


def apply_sheet(s: DieMacher, p: int, icons: list[str], boards: tuple[int, ...]) -> None:
    """The icons of a starting-sheet combination (001 §遊戲流程 1 and its example); media cubes beyond
    five on a board are allowed, stacked."""
    D = s.data
    bi = 0
    for icon in icons:
        name, _, amount = icon.partition(":")
        k = int(amount) if amount else 1
        if name == "members":
            s.members[p] += k
            continue
        b = boards[bi]
        bi += 1
        if name == "popularity":
            s.add_pop(b, p, k)
        elif name == "votes":
            s.add_votes(b, p, k)
        elif name == "rally":
            k = min(k, s.cube_sup[p], D.RALLY_SPACES - s.cubes[b][p])
            s.cubes[b][p] += k
            s.cube_sup[p] -= k
        elif name == "media":
            k = min(k, s.media_sup[p])
            s.media[b][p] += k
            s.media_sup[p] -= k
