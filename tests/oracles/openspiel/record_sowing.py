# Records OpenSpiel's mancala (Kalah) and oware: perft counts, and ~30 seeded random games
# with the legal actions, the board and the returns at every ply.
import json, random, sys
import pyspiel

def perft(state, d):
    if d == 0: return 1
    if state.is_terminal(): return 0
    n = 0
    for a in state.legal_actions():
        c = state.clone(); c.apply_action(a); n += perft(c, d - 1)
    return n

def board(name, s):
    t = s.observation_tensor(0)
    if name == "mancala":
        return [int(x) for x in t[:14]]
    # oware: 12 houses as fractions of 48 seeds, then two scores
    return [round(x * 48) for x in t[:14]]

def record(name, depth, games, seed):
    g = pyspiel.load_game(name)
    out = {"game": name, "program": "pyspiel (pip open_spiel) " + pyspiel.__version__ if hasattr(pyspiel, "__version__") else "pyspiel 2.0.2",
           "perft": [perft(g.new_initial_state(), d) for d in range(1, depth + 1)], "games": []}
    rng = random.Random(seed)
    for _ in range(games):
        s = g.new_initial_state()
        plies = []
        while not s.is_terminal():
            legal = s.legal_actions()
            a = rng.choice(legal)
            plies.append({"player": s.current_player(), "legal": legal, "board": board(name, s), "action": a})
            s.apply_action(a)
        out["games"].append({"plies": plies, "final_board": board(name, s), "returns": s.returns()})
    return out

name, depth, games, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
with open(path, "w") as f:
    json.dump(record(name, depth, games, 2026), f, separators=(",", ":"))
