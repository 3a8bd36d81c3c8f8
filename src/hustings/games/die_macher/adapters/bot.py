"""Rule-of-thumb play for Die Macher classic, from the view and the legal actions only.

Reads static card data (ladders, cabinet and poll cards) from the game's data module, never the state.
The incentives are the seed's hints (001 §遊戲提示): match the opinions of the boards that vote soon,
spend on the election board, keep money back, take coalitions when offered.
"""

from __future__ import annotations

from typing import Any

from hustings.bots import Advice, Heuristic
from hustings.engine import Action
from hustings.games.die_macher import data as D
from hustings.games.die_macher.formulas import coincidence, votes_for
from hustings.games.die_macher.view import bot_view

View = dict[str, Any]


class _Ctx:
    def __init__(self, view: View, why: list[Advice] | None = None) -> None:
        self.v = view
        # where an advising call collects its reason (None: choosing, the rules note nothing)
        self.why = why
        self.me: int = view["you"]
        self.round: int = view["round"]
        me = view["players"][self.me]
        self.money: int = me["money"] or 0
        self.prog: list[int] = me["program"]
        self.hand: list[int] = me["hand"] or []
        self.boards = [b for b in view["boards"] if b["election"]]

    def weight(self, b: dict[str, Any]) -> float:
        until = max(0, b["election"] - self.round)
        return float(D.STATES[b["state"]].max_seats * (1.0, 0.6, 0.4, 0.3, 0.2, 0.15, 0.1)[min(until, 6)])

    def board(self, i: int) -> dict[str, Any]:
        b: dict[str, Any] = self.v["boards"][i]
        return b

    def coinc(self, prog: list[int], b: dict[str, Any]) -> int:
        return coincidence(prog, b["up"], b["key_issue"])

    def factor(self, b: dict[str, Any]) -> int:
        return int(b["popularity"][self.me]) + self.coinc(self.prog, b)

    def program_value(self, prog: list[int]) -> float:
        return sum(self.weight(b) * self.coinc(prog, b) for b in self.boards)

    def note(self, action: Action, reason: str, **numbers: float) -> None:
        """The reason for ``action`` (only while advising: callers test ``self.why`` before working numbers out)."""
        if self.why is not None:
            self.why.append(Advice(action, reason, {k: v if isinstance(v, int) else round(v, 2)
                                                    for k, v in numbers.items()}))


def _runner_up(legal: list[Action], key: Any, best: Action) -> float:
    """The best value of ``key`` among the actions other than ``best`` (0 when there are none)."""
    return max((float(key(a)) for a in legal if a is not best), default=0.0)


def _best(actions: list[Action], key: Any) -> Action:
    return max(actions, key=key)


def choose(view: View, legal: list[Action]) -> Action:
    ctx = _Ctx(view)
    rule = _RULES.get(view["phase"])
    return rule(ctx, legal) if rule else legal[0]


def advise(view: View, legal: list[Action]) -> Advice:
    """:func:`choose`'s action and the numbers that decided it: the same phase rules, run with a place to note
    their reason (so the same action)."""
    rule = _RULES.get(view["phase"])
    if rule is None:
        return Advice(legal[0], "advice.first", {"choices": len(legal)})
    why: list[Advice] = []
    out = rule(_Ctx(view, why), legal)
    if len(legal) == 1:
        return Advice(out, "advice.only")
    return why[-1]  # every phase rule notes the reason of what it returns


def _sheet(ctx: _Ctx, legal: list[Action]) -> Action:
    first = next((i for i, b in enumerate(ctx.v["boards"]) if b["election"] == ctx.round), 0)

    def score(a: Action) -> float:
        icons = D.SHEET_COLUMNS[0 if a.kind == "sheet1" else 1][a.args[0]]
        val, bi = 0.0, 1
        for icon in icons:
            name, _, amt = icon.partition(":")
            k = int(amt or 1)
            if name == "members":
                val += 1.5 * k  # a point each at the end, and the bonus (ruling R15)
                continue
            b = ctx.board(a.args[bi])
            bi += 1
            w = ctx.weight(b) / 40
            # a space up from the start is worth 2 a cube (003 §2: 0 -> +2)
            val += w * {"votes": k, "rally": 2 * k, "popularity": 8, "media": 1.5 * k}[name]
            if a.args[bi - 1] == first:
                val += 0.5
        return val

    out = _best(legal, score)
    if ctx.why is not None:
        ctx.note(out, "advice.sheet", value=score(out), next=_runner_up(legal, score, out))
    return out


def _bid(ctx: _Ctx, legal: list[Action]) -> Action:
    want = 1 if ctx.money > 20000 else 0
    # the bid nearest ``want``, the lower on a tie; legal bids ascend, so stop once they move away
    best, gap = legal[0], abs(legal[0].args[0] - want)
    for a in legal:
        d = abs(a.args[0] - want)
        if d < gap:
            best, gap = a, d
        elif d > gap:
            break
    if ctx.why is not None:
        ctx.note(best, "advice.bid", money=ctx.money, want=want * 1000, floor=20000, bid=best.args[0] * 1000)
    return best


def _first(ctx: _Ctx, legal: list[Action]) -> Action:
    out = next((a for a in legal if a.args[0] == ctx.me), legal[0])
    if ctx.why is not None:
        ctx.note(out, "advice.first_me" if out.args[0] == ctx.me else "advice.first", choices=len(legal))
    return out


def _platform(ctx: _Ctx, legal: list[Action]) -> Action:
    def card_worth(t: int) -> float:
        return sum(ctx.weight(b) * ctx.coinc([t], b) for b in ctx.boards)

    discards = [a for a in legal if a.kind == "discard" and card_worth(a.args[0]) <= 0]
    if discards:
        if ctx.why is not None:
            ctx.note(discards[0], "advice.discard_card", value=card_worth(discards[0].args[0]))
        return discards[0]
    if any(a.kind == "draw" for a in legal):
        out = next(a for a in legal if a.kind == "draw")
        if ctx.why is not None:
            ctx.note(out, "advice.draw")
        return out
    base = ctx.program_value(ctx.prog)

    def gain(a: Action) -> float:
        if a.kind != "swap":
            return 0.0
        slot, t = a.args
        prog = ctx.prog[:]
        prog[slot] = t
        return ctx.program_value(prog) - base - 1.0

    out = _best(legal, gain)
    if ctx.why is not None:
        ctx.note(out, "advice.swap" if out.kind == "swap" else "advice.keep_program", gain=gain(out) + 1.0
                 if out.kind == "swap" else max((gain(a) + 1.0 for a in legal if a.kind == "swap"), default=0.0),
                 cost=1.0)
    return out


def _cab_place(ctx: _Ctx, legal: list[Action]) -> Action:
    cur = ctx.v["board"]
    placed = sum(1 for b in ctx.v["boards"] for e in b["cabinet"] if e[0] == ctx.me)
    if ctx.money < 14000 or placed >= 2:
        out = next(a for a in legal if a.kind == "done")
        if ctx.why is not None:
            ctx.note(out, "advice.cab_enough", money=ctx.money, floor=14000, placed=placed, most=2)
        return out
    cands = [a for a in legal if a.kind == "cab"]

    def score(a: Action) -> float:
        c, b = a.args
        card = D.CABINET[c]
        return (3.0 if b == cur else 1.0) * ctx.weight(ctx.board(b)) / 40 - card.cost / 8000
    best = _best(cands, score) if cands else None
    if best is None or score(best) <= 0:
        out = next(a for a in legal if a.kind == "done")
        if ctx.why is not None:
            ctx.note(out, "advice.cab_done", value=score(best) if best is not None else 0.0)
        return out
    if ctx.why is not None:
        ctx.note(best, "advice.cab_place", value=score(best), cost=D.CABINET[best.args[0]].cost)
    return best


def _pop_gain(value: int, spaces: int) -> int:
    """What ``spaces`` up (down if negative) add to a marker's value on the track: a space is worth 1 or 2."""
    return D.pop_move(value, spaces) - value


def _cab_exec(ctx: _Ctx, legal: list[Action]) -> Action:
    acts = ctx.v["cabinet_actions"]
    b = ctx.board(acts[0][1]) if acts else ctx.board(ctx.v["board"])
    leader = max(range(len(ctx.v["players"])), key=lambda q: b["votes"][q] if q != ctx.me else -1)
    amounts: dict[str, int] = {}
    for act in D.CABINET[acts[0][2]].actions if acts else ():
        name, _, k = act.partition(":")
        amounts[name] = int(k or 1)

    def score(a: Action) -> float:
        # in votes: the card's votes now, or the value a space move gives each cube still to convert there
        if a.kind == "cab_votes":
            return float(amounts.get("votes", 2))
        if a.kind == "cab_up":
            gain = _pop_gain(b["popularity"][ctx.me], amounts.get("up", 1))
            return gain * (int(b["cubes"][ctx.me]) + 2.0)
        if a.kind == "cab_down":
            q = a.args[0]
            loss = -_pop_gain(b["popularity"][q], -amounts.get("down", 1))
            return loss * (int(b["cubes"][q]) + 2.0) * (0.8 if q == leader else 0.6)
        if a.kind == "cab_double":
            w = 2 if any(t >> 1 == a.args[0] and t in ctx.prog for t in b["up"]) else -1
            return 1.2 * w
        if a.kind == "cab_media":
            return 0.5
        return 0.0

    out = _best(legal, score)
    if ctx.why is not None:
        ctx.note(out, "advice.cab_exec", value=score(out), next=_runner_up(legal, score, out))
    return out


def _coalition(ctx: _Ctx, legal: list[Action]) -> Action:
    for kind in ("force", "offer"):
        for a in legal:
            if a.kind == kind:
                if ctx.why is not None:
                    ctx.note(a, "advice.coalition")
                return a
    if ctx.why is not None:
        ctx.note(legal[0], "advice.first", choices=len(legal))
    return legal[0]


def _answer(ctx: _Ctx, legal: list[Action]) -> Action:
    out = next(a for a in legal if a.kind == "accept")
    if ctx.why is not None:
        ctx.note(out, "advice.coalition")
    return out


def _media(ctx: _Ctx, legal: list[Action]) -> Action:
    cands = [a for a in legal if a.kind == "media"]
    if not cands or ctx.money < 12000:
        if ctx.why is not None:
            ctx.note(legal[0], "advice.media_poor", money=ctx.money, floor=12000)
        return legal[0]

    def score(a: Action) -> float:
        b = ctx.board(a.args[0])
        mine = b["media"][ctx.me]
        others = max(m for q, m in enumerate(b["media"]) if q != ctx.me)
        return ctx.weight(b) * (1.0 if mine <= others else 0.2)

    best = _best(cands, score)
    out = best if score(best) >= 20 else legal[0]
    if ctx.why is not None:
        ctx.note(out, "advice.media" if out is best else "advice.media_pass", value=score(best), floor=20)
    return out


def _exchange(ctx: _Ctx, legal: list[Action]) -> Action:
    b = ctx.board(ctx.v["exchange"][1])
    base = ctx.coinc(ctx.prog, b)

    def score(a: Action) -> float:
        if a.kind != "exch":
            return 0.0
        o, t = a.args
        up = [t if x == o else x for x in b["up"]]
        return coincidence(ctx.prog, up, b["key_issue"]) - base

    out = _best(legal, score)
    if ctx.why is not None:
        ctx.note(out, "advice.exchange", gain=score(out), now=base)
    return out


def _rally(ctx: _Ctx, legal: list[Action]) -> Action:
    b = ctx.board(ctx.v["rally_board"])
    until = b["election"] - ctx.round
    reserve = 6000 if until == 0 else 10000
    budget = max(0, (ctx.money - reserve) // 1000)
    want = 4 if until == 0 else (2 if ctx.factor(b) > 0 else 1)
    k = min(want, budget, len(legal) - 1)
    if ctx.why is not None:
        ctx.note(legal[k], "advice.rally", want=want, budget=budget, reserve=reserve, until=until,
                 factor=ctx.factor(b))
    return legal[k]


def _poll_bid(ctx: _Ctx, legal: list[Action]) -> Action:
    bids = [a for a in legal if a.kind == "pbid"]
    if bids and ctx.money > 10000 and bids[0].args[0] <= 2:
        if ctx.why is not None:
            ctx.note(bids[0], "advice.poll_bid", bid=bids[0].args[0] * 1000, money=ctx.money)
        return bids[0]
    if ctx.why is not None:
        ctx.note(legal[0], "advice.poll_pass", bid=bids[0].args[0] * 1000 if bids else 0, money=ctx.money)
    return legal[0]


def _poll_decide(ctx: _Ctx, legal: list[Action]) -> Action:
    if legal[0].kind == "secret_split":
        # a secret poll's dice: popularity spaces while a space is worth 2 (toward +2), the rest members
        b = ctx.board(ctx.v["poll"]["board"])
        pop, k = b["popularity"][ctx.me], 0
        while k + 1 < len(legal) and _pop_gain(D.pop_move(pop, k), 1) >= 2:
            k += 1
        if ctx.why is not None:
            ctx.note(legal[k], "advice.secret_split", spaces=k, popularity=pop)
        return legal[k]
    card = ctx.v["poll"]["card"]
    if not card:
        if ctx.why is not None:
            ctx.note(legal[0], "advice.first", choices=len(legal))
        return legal[0]
    n = len(ctx.v["players"])
    pops = ctx.board(ctx.v["poll"]["board"])["popularity"]

    def score(a: Action) -> float:
        if a.kind == "secret":
            return 3.0  # about 3 members on the two dice, a point each
        picks = {a.args[0], a.args[1]}
        # value on the track, not spaces: a space is worth 1 or 2 and nothing past the ends
        return float(sum(_pop_gain(pops[ctx.me], card[k][ctx.me]) * 2
                         - sum(_pop_gain(pops[q], card[k][q]) for q in range(n) if q != ctx.me) for k in picks))

    out = _best(legal, score)
    if ctx.why is not None:
        ctx.note(out, "advice.poll_secret" if out.kind == "secret" else "advice.poll_pick", value=score(out),
                 next=_runner_up(legal, score, out))
    return out


def _convert(ctx: _Ctx, legal: list[Action]) -> Action:
    b = ctx.board(ctx.v["convert_board"])
    if ctx.factor(b) >= 1 and votes_for(1, b["popularity"][ctx.me], ctx.coinc(ctx.prog, b)) >= 1:
        out = max(legal, key=lambda a: a.args[0] if a.kind == "convert" else 0)
        if ctx.why is not None:
            ctx.note(out, "advice.convert", factor=ctx.factor(b),
                     per_cube=votes_for(1, b["popularity"][ctx.me], ctx.coinc(ctx.prog, b)))
        return out
    if ctx.why is not None:
        ctx.note(legal[0], "advice.convert_pass", factor=ctx.factor(b),
                 per_cube=votes_for(1, b["popularity"][ctx.me], ctx.coinc(ctx.prog, b)))
    return legal[0]


def _national(ctx: _Ctx, legal: list[Action]) -> Action:
    if any(a.kind == "natmedia" for a in legal):
        out = next(a for a in legal if a.kind == "natmedia")
        if ctx.why is not None:
            ctx.note(out, "advice.natmedia")
        return out

    def score(a: Action) -> float:
        if a.kind != "natop":
            return 0.5
        t = a.args[0]
        if t in ctx.prog:
            return 3.0
        if (t ^ 1) in ctx.prog:
            return -2.0
        return 0.0

    out = _best(legal, score)
    if ctx.why is not None:
        ctx.note(out, "advice.national", value=score(out), next=_runner_up(legal, score, out))
    return out


def _donation(ctx: _Ctx, legal: list[Action]) -> Action:
    accept = ctx.money < 12000

    def score(a: Action) -> float:
        c, acc = a.args
        amount = D.DONATIONS[c].amount
        return (amount if acc else amount / 2) if acc == accept else -1.0

    out = _best(legal, score)
    if ctx.why is not None:
        ctx.note(out, "advice.donation_accept" if accept else "advice.donation_refuse", money=ctx.money,
                 floor=12000, amount=D.DONATIONS[out.args[0]].amount)
    return out


_RULES = {
    "sheet": _sheet, "bid": _bid, "tie": _bid, "first": _first, "platform": _platform,
    "cab_place": _cab_place, "cab_exec": _cab_exec, "coalition": _coalition, "answer": _answer,
    "media": _media, "exchange": _exchange, "rally": _rally, "poll_bid": _poll_bid,
    "poll_decide": _poll_decide, "convert": _convert, "national": _national, "donation": _donation,
}


def evaluate(state: Any) -> list[float]:
    """Points a seat can count on: scored so far, plus the seats its votes on the boards would bring
    (discounted by how far off each election is), plus a little for money. Spectator view only, plus each
    seat's own money from its own view (the parts of them the heuristic reads: :func:`view.bot_view`)."""
    view = bot_view(state, None)
    totals = [float(s["total"]) for s in state.scores()]
    if view["phase"] == "over":
        return totals
    n = len(totals)
    rnd = view["round"]
    for p in range(n):
        money = bot_view(state, p)["players"][p]["money"] or 0
        totals[p] += 0.15 * money / 1000
    for b in view["boards"]:
        if not b["election"]:
            continue
        st = D.STATES[b["state"]]
        disc = (0.9, 0.6, 0.45, 0.3, 0.2, 0.15, 0.1)[min(max(0, b["election"] - rnd), 6)]
        for p in range(n):
            prog = view["players"][p]["program"]
            proj = b["votes"][p] + votes_for(b["cubes"][p], b["popularity"][p], coincidence(prog, b["up"],
                                                                                          b["key_issue"]))
            totals[p] += disc * st.seats(min(50, proj))
    return totals


#: the adapter ``SPEC.adapters["bot"]`` names; totals run to about 60-130, so a 20-point lead is nearly decisive.
#: Rollouts read the pruned view (bot_view: the keys ``choose`` reads, about a quarter of the full view's cost).
# tree="mine": the search judges its moves against the heuristic's replies rather than growing every seat's
# decisions; in classic that won 0.875 of 48 games against three heuristics where the full tree won 0.560 of 100
# (docs/bots.md, issue 27)
HEURISTIC = Heuristic(choose=choose, evaluate=evaluate, scale=20.0, rollout_view=bot_view, advise=advise,
                      tree="mine")

__all__ = ["HEURISTIC", "advise", "choose", "evaluate"]
