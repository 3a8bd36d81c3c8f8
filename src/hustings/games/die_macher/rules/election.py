"""The election (001 3.i-iv, 003 I-K): the remaining cubes convert, seats from the state card, the winner by
votes (coalitions combined), the winners' powers on the national board, and new members."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hustings.engine import Action
from hustings.games.die_macher import actions as A
from hustings.games.die_macher.phases import NationalStep, Phase
from hustings.games.die_macher.rules.conversion import convert

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def start_election(s: DieMacher) -> None:
    b = s.cur_board()
    while s.down[b]:
        s.reveal_opinion(b)  # the election board has all four opinions face up (001 4.i)
    # 3.i: from the start player clockwise every remaining cube converts
    for p in s.order_from(s.first):
        if s.cubes[b][p]:
            convert(s, b, p, s.cubes[b][p])
    st = s.state[b]
    got = [s.data.STATES[st].seats(s.votes[b][p]) for p in range(s.n)]  # the ladder of this data's card
    for p in range(s.n):
        s.seats[p][s.round - 1] = got[p]
    winners, kind, tied = decide_winner(s, b)
    result: dict[str, Any] = {"round": s.round, "board": b, "state": st, "votes": list(s.votes[b]), "seats": got,
                              "coalitions": list(s.coal[b]), "winners": winners, "kind": kind, "tied": tied}
    s.results.append(result)
    s.emit("election", result)
    # 3.iii: the winners' powers, in order
    todo: list[list[int]] = []
    if kind == "clear":
        todo = [[winners[0], 1, 2]]
    elif kind == "short_head":
        todo = [[winners[0], 1, 1]] + [[q, 1, 0] for q in tied]
    elif kind == "coalition":
        todo = [[q, 1, 1] for q in winners]
    s.nat_list = todo
    s.bi = 0
    s.phase = Phase.NATIONAL
    s.step = NationalStep.MEDIA


def decide_winner(s: DieMacher, b: int) -> tuple[list[int], str, list[int]]:
    """Winner of board ``b`` (001 3.ii): most votes, a coalition's combined (past 50 allowed); equal totals
    go to the higher member's votes, then to the later arrival. Returns (winners in power order, kind,
    single parties tied on votes that lost)."""
    v, arr = s.votes[b], s.arrive[b]
    pairs = s.coal[b]
    in_pair = set(pairs)
    entities: list[list[int]] = [[pairs[i], pairs[i + 1]] for i in range(0, len(pairs), 2)]
    entities += [[p] for p in range(s.n) if p not in in_pair]

    def key(e: list[int]) -> tuple[int, int, int]:
        """(votes, the member's top votes, that member's arrival); an entity is a party or a pair."""
        if len(e) == 1:
            p = e[0]
            return (v[p], v[p], arr[p])
        p, q = e
        vp, vq = v[p], v[q]
        late = arr[p] if vp > vq else arr[q] if vq > vp else max(arr[p], arr[q])
        return (vp + vq, max(vp, vq), late)

    keys = [key(e) for e in entities]  # once each: the winner and its rivals compare the same keys
    top_key = max(keys)
    best = entities[keys.index(top_key)]  # the first with the top key, as max(entities, key=key) picks
    total = top_key[0]
    if total == 0:
        return [], "none", []  # nobody has a vote: no winner (ruling R12)
    rivals = [e for e, k in zip(entities, keys, strict=True) if e is not best and k[0] == total]
    if len(best) == 2:
        # the member with more votes first; on equal votes the later arrival (001 3.iii)
        order = sorted(best, key=lambda p: (v[p], arr[p]), reverse=True)
        return order, "coalition", []
    if rivals:
        return best, "short_head", [e[0] for e in rivals if len(e) == 1]
    return best, "clear", []


# ----------------------------------------------------------------------------------- powers


def national_options(s: DieMacher, t: int) -> list[Action]:
    """Ways to put opinion ``t`` on the national row (001 3.iii; 003 J)."""
    D = s.data
    row = s.nat_row
    for slot in row:
        if slot[0] == t:
            return [] if slot[1] else [A.NATOP[t][D.NATIONAL_SLOTS]]  # secure by stacking
        if slot[0] == (t ^ 1):
            return [A.NATOP[t][D.NATIONAL_SLOTS]]  # the opposite replaces, secured or not
    if len(row) < D.NATIONAL_SLOTS:
        return [A.NATOP[t][D.NATIONAL_SLOTS]]  # the leftmost free slot
    return [A.NATOP[t][j] for j, slot in enumerate(row) if not slot[1]]  # full: replace an unsecured one


def national_legal(s: DieMacher, p: int) -> list[Action]:
    b = s.cur_board()
    if s.step == NationalStep.MEDIA:
        return [A.PASS, A.NATMEDIA]
    out = [A.DONE]
    for t in sorted(set(s.up[b])):
        out += national_options(s, t)
    return out


def national_apply(s: DieMacher, p: int, a: Action) -> None:
    D = s.data
    b = s.cur_board()
    if s.step == NationalStep.MEDIA:
        if a.kind == "natmedia":
            s.media[b][p] -= 1
            s.nat_media.append([p, s.round])
            s.emit("national_media", {"seat": p, "election": s.round, "points": D.MEDIA_POINTS[s.round - 1]})
        s.step = NationalStep.OPINION
        s.nat_left = s.nat_list[s.bi][2]
        return
    if a.kind == "done":
        s.nat_left = 0
        return
    t, j = a.args
    s.up[b].remove(t)
    row = s.nat_row
    how = "placed"
    for slot in row:
        if slot[0] == t:
            slot[1] = 1
            how = "secured"
            break
        if slot[0] == (t ^ 1):
            s.op_disc += [slot[0]] * (1 + slot[1])
            slot[0], slot[1] = t, 0
            how = "replaced"
            break
    else:
        if j < D.NATIONAL_SLOTS:
            old = row.pop(j)
            s.op_disc.append(old[0])
            how = "pushed"
        row.append([t, 0])
    s.nat_left -= 1
    s.emit("national_opinion", {"seat": p, "card": t, "how": how, "row": [list(x) for x in row]})


def national_advance(s: DieMacher) -> bool:
    b = s.cur_board()
    while s.bi < len(s.nat_list):
        p, media_ok, _ = s.nat_list[s.bi]
        s.turn = p
        if s.step == NationalStep.MEDIA:
            if media_ok and s.media[b][p] > 0:
                return True
            s.step = NationalStep.OPINION
            s.nat_left = s.nat_list[s.bi][2]
        if s.nat_left > 0 and len(national_legal(s, p)) > 1:
            return True
        s.bi += 1
        s.step = NationalStep.MEDIA
    s.nat_list = []
    after_powers(s)
    return False


def after_powers(s: DieMacher) -> None:
    D = s.data
    b = s.cur_board()
    # 3.iv: new members for program cards matching the national opinions
    for p in range(s.n):
        gain = sum(D.NATIONAL_MEMBERS[j] for j, slot in enumerate(s.nat_row) if slot[0] in s.prog[p])
        if gain:
            s.members[p] += gain
            s.emit("members_gained", {"seat": p, "members": gain, "why": "national"})
    if s.round == s.rounds:
        from hustings.games.die_macher.rules import scoring

        scoring.finish(s)
        return
    if s.money_round():
        # 3.v: 1,000 a seat; 1,000 a member after the rounds with a payout tile
        for p in range(s.n):
            seat_money = s.seats[p][s.round - 1] * D.INCOME_PER_SEAT
            member_money = s.members[p] * D.INCOME_PER_MEMBER if s.payout[b] else 0
            s.money[p] += seat_money + member_money
            # the counts as well as the sums: the terminal's explanation shows seats x 1,000 + members x 1,000
            s.emit("income", {"seat": p, "seats": seat_money, "members": member_money,
                              "seat_count": s.seats[p][s.round - 1],
                              "member_count": s.members[p] if s.payout[b] else 0})
        from hustings.games.die_macher.rules import round_end

        if s.donations == "after_setup":
            round_end.prepare_next(s)  # 001 §4: the next round set up (i, ii), then donations (iii)
        round_end.start_donations(s)
        return
    from hustings.games.die_macher.rules import round_end

    round_end.end_round(s)
