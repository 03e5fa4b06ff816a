#!/usr/bin/env python3
"""An Intellector move generator written from the published rules text alone.

Source: `rules.md` beside this file, a copy of the project's research note on the rules as
the intellector.info site implements them (Gulvan0's Haxe code). The author of this file
wrote it from that text alone, without reading tabletop's `games/intellector.game`, its
engine or the two other generators (`tests/intellector_reference.rs`,
`tests/intellector_third.rs`); the site's `Rules.hx` was read only afterwards, to settle the
one disagreement (AURA_ON_INTELLECTOR below).

Counting conventions (section 5 of the rules): castling counts once per Intellector-Defensor
pair; the aura (chameleon) capture is a move of its own only when it changes the capturing
piece's kind; a promoting Progressor chooses among Liberator, Aggressor, Defensor and
Dominator and gets no aura. A game that is over (an Intellector captured, or one standing on
its own last rank) has no moves.

Usage:
    python gen3.py perft DEPTH             perft 1..DEPTH from the start
    python gen3.py record SEED WALKS > gen3.json
        perft 1-4 from the start, then WALKS positions reached by seeded random walks
        (the moves that lead there, and perft 1-3 from each).
"""
import json
import random
import sys

WHITE, BLACK = 0, 1
PRO, DOM, AGG, LIB, DEF, INT = "progressor", "dominator", "aggressor", "liberator", "defensor", "intellector"
PROMOTIONS = (LIB, AGG, DEF, DOM)


def valid(i, j):
    return 0 <= i <= 8 and 0 <= j <= (6 if i % 2 == 0 else 5)


def name(cell):
    i, j = cell
    return "abcdefghi"[i] + str(7 - j - (i % 2))


# Directions as functions of the cell, since the offsets depend on the column's parity
# (section 1: odd columns are shifted down half a cell).
def lateral(i, j):
    e = i % 2 == 0
    return {
        "up": (i, j - 1),
        "down": (i, j + 1),
        "upleft": (i - 1, j - 1 if e else j),
        "upright": (i + 1, j - 1 if e else j),
        "downleft": (i - 1, j if e else j + 1),
        "downright": (i + 1, j if e else j + 1),
    }


def radial(i, j):
    e = i % 2 == 0
    return {
        "left": (i - 2, j),
        "right": (i + 2, j),
        "upleft": (i - 1, j - 2 if e else j - 1),
        "upright": (i + 1, j - 2 if e else j - 1),
        "downleft": (i - 1, j + 1 if e else j + 2),
        "downright": (i + 1, j + 1 if e else j + 2),
    }


LATERAL = ("up", "down", "upleft", "upright", "downleft", "downright")
RADIAL = ("left", "right", "upleft", "upright", "downleft", "downright")
# The aura applies to every capture, the enemy Intellector's too: the rules text says "captures
# an enemy piece", and the site's `Rules.possiblePlys` (Gulvan0/Intellector) lists the morph for
# any capture. Taking the Intellector ends the game, so the morph changes nothing but the
# count; `--no-aura-on-intellector` leaves it out (tabletop's reading until it followed
# the letter).
AURA_ON_INTELLECTOR = True

FORWARD = {WHITE: ("up", "upleft", "upright"), BLACK: ("down", "downleft", "downright")}


def final(colour, cell):
    """A player's last rank: even columns' top cells for White, bottom cells for Black."""
    i, j = cell
    return i % 2 == 0 and j == (0 if colour == WHITE else 6)


CELLS = [(i, j) for i in range(9) for j in range(7) if valid(i, j)]
assert len(CELLS) == 59


def start():
    board = {}
    white = {
        DOM: [(0, 6), (8, 6)], LIB: [(1, 5), (7, 5)], AGG: [(2, 6), (6, 6)],
        DEF: [(3, 5), (5, 5)], INT: [(4, 6)], PRO: [(0, 5), (2, 5), (4, 5), (6, 5), (8, 5)],
    }
    for kind, cells in white.items():
        for (i, j) in cells:
            board[(i, j)] = (WHITE, kind)
            board[(8 - i, 6 - j - (i % 2))] = (BLACK, kind)  # the point mirror
    assert len(board) == 28
    return {"board": board, "to_move": WHITE, "over": False}


def step(cell, table, d):
    nxt = table(*cell)[d]
    return nxt if valid(*nxt) else None


def moves(pos):
    """Every legal move: (from, to, effect), effect one of "plain", "castle",
    ("promote", kind), ("morph", kind)."""
    if pos["over"]:
        return []
    board, me = pos["board"], pos["to_move"]
    out = []
    intellector = next((c for c, p in board.items() if p == (me, INT)), None)
    aura_cells = set()
    if intellector is not None:
        aura_cells = {step(intellector, lateral, d) for d in LATERAL} - {None}

    def add(frm, to, kind):
        target = board.get(to)
        if kind == PRO and final(me, to):
            out.extend((frm, to, ("promote", k)) for k in PROMOTIONS)
            return
        out.append((frm, to, "plain"))
        if target is not None and frm in aura_cells and target[1] != kind:
            # Taking the Intellector ends the game; the rules still let the taker turn
            # into one (see AURA_ON_INTELLECTOR).
            if target[1] != INT or AURA_ON_INTELLECTOR:
                out.append((frm, to, ("morph", target[1])))

    for frm, (colour, kind) in board.items():
        if colour != me:
            continue
        if kind == PRO:
            for d in FORWARD[me]:
                to = step(frm, lateral, d)
                if to is not None and board.get(to, (None,))[0] != me:
                    add(frm, to, kind)
        elif kind in (DOM, AGG):
            table, dirs = (lateral, LATERAL) if kind == DOM else (radial, RADIAL)
            for d in dirs:
                to = step(frm, table, d)
                while to is not None:
                    occupant = board.get(to)
                    if occupant is None:
                        add(frm, to, kind)
                    else:
                        if occupant[0] != me:
                            add(frm, to, kind)
                        break
                    to = step(to, table, d)
        elif kind == LIB:
            for d in LATERAL:
                one = step(frm, lateral, d)
                if one is None:
                    continue
                if one not in board:
                    add(frm, one, kind)
                two = step(one, lateral, d)
                if two is not None and board.get(two, (None,))[0] != me:
                    add(frm, two, kind)
        elif kind == DEF:
            for d in LATERAL:
                to = step(frm, lateral, d)
                if to is not None and board.get(to, (None,))[0] != me:
                    add(frm, to, kind)
        elif kind == INT:
            for d in LATERAL:
                to = step(frm, lateral, d)
                if to is None:
                    continue
                if to not in board:
                    out.append((frm, to, "plain"))
                elif board[to] == (me, DEF):
                    out.append((frm, to, "castle"))
    return out


def make(pos, mv):
    frm, to, effect = mv
    board = dict(pos["board"])
    me = pos["to_move"]
    mover = board.pop(frm)
    captured = board.get(to)
    over = captured is not None and captured[1] == INT
    if effect == "castle":
        board[frm] = board[to]  # the Defensor goes where the Intellector stood
        board[to] = mover
    elif effect == "plain":
        board[to] = mover
    else:
        board[to] = (me, effect[1])
    if board[to] == (me, INT) and final(me, to):
        over = True  # breakthrough
    return {"board": board, "to_move": 1 - me, "over": over}


def perft(pos, depth):
    if depth == 0:
        return 1
    ms = moves(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(make(pos, m), depth - 1) for m in ms)


SYMBOL = {PRO: "P", DOM: "D", AGG: "A", LIB: "L", DEF: "F", INT: "I"}


def written(pos, mv):
    """The move in tabletop's move notation (docs/language.md, section 17): origin, `x` onto
    an enemy piece or `-`, target, and `=` with the new kind's symbol for a promotion or an
    aura capture (the symbol in the mover's case). Castling is the Intellector's move onto
    its Defensor."""
    frm, to, effect = mv
    target = pos["board"].get(to)
    sep = "x" if target is not None and target[0] != pos["to_move"] else "-"
    symbol = "" if isinstance(effect, str) else SYMBOL[effect[1]]
    # The new kind's symbol as the position notation writes it: a capital for White.
    suffix = "" if not symbol else "=" + (symbol if pos["to_move"] == WHITE else symbol.lower())
    return f"{name(frm)}{sep}{name(to)}{suffix}"


def counts(pos, depths):
    """Perft at each depth, by the rules as written and without the aura on the Intellector."""
    global AURA_ON_INTELLECTOR
    out = {}
    for literal, key in ((True, "rules"), (False, "no_aura_on_intellector")):
        AURA_ON_INTELLECTOR = literal
        out[key] = [perft(pos, d) for d in depths]
    AURA_ON_INTELLECTOR = True
    return out


def main():
    if sys.argv[1] == "perft":
        global AURA_ON_INTELLECTOR
        AURA_ON_INTELLECTOR = "--no-aura-on-intellector" not in sys.argv
        pos = start()
        for d in range(1, int(sys.argv[2]) + 1):
            print(f"perft {d} {perft(pos, d)}")
        return
    seed, walks = int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    record = {
        "source": "tests/oracles/intellector/gen3.py, written from rules.md alone",
        "command": f"python gen3.py record {seed} {walks}",
        "start_perft": counts(start(), (1, 2, 3, 4)),
        "positions": [],
    }
    while len(record["positions"]) < walks:
        pos, line = start(), []
        for _ in range(rng.randrange(4, 60)):
            ms = moves(pos)
            if not ms:
                break
            # Prefer captures, promotions and castling half the time, so that the rarer
            # moves (aura, promotion, castling, breakthrough) turn up in the walks.
            special = [m for m in ms if m[2] != "plain" or m[1] in pos["board"]]
            mv = rng.choice(special if special and rng.random() < 0.5 else ms)
            line.append(written(pos, mv))
            pos = make(pos, mv)
        if pos["over"]:
            continue
        record["positions"].append({
            "moves": line,
            "legal": sorted(written(pos, m) for m in moves(pos)),
            "perft": counts(pos, (1, 2, 3)),
        })
    json.dump(record, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
