"""A few checks an installed qsearch must pass (a wheel, a pure install, Pyodide).

``python scripts/wheel_smoke_test.py --compiled`` (or ``--pure``) also checks which mode runs;
``--no-numpy`` checks that none of it imported numpy.
Run it from outside the source tree, so that the installed copy is the one imported. Each
check compares with a number that does not come from qsearch (a game-theoretic fact) or with
the other implementation (the readable twin).
"""
from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    import qsearch
    from qsearch import reference
    from qsearch.games import Connect4, ExplicitTree, Nim, TicTacToe
    from qsearch.heuristics.connect4 import evaluation_table
    from qsearch.search import alphabeta, mcts, minimax

    if "--compiled" in argv:
        assert qsearch.compiled, "expected the compiled build"
    if "--pure" in argv:
        assert not qsearch.compiled, "expected pure-Python mode"
    print(f"qsearch {qsearch.__version__} from {qsearch.__file__}, compiled={qsearch.compiled}")

    # tic-tac-toe is a draw with perfect play (a known fact)
    solved = alphabeta(TicTacToe(), None, tt=True)
    assert solved.value == 0, solved
    print("tic-tac-toe solved: draw,", solved.nodes, "nodes")

    # a toy tree: alpha-beta's value is minimax's, and the trace has one event per step
    tree = ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    ab = alphabeta(tree, None, trace=True)
    assert ab.value == minimax(tree, None).value == 3 and ab.trace, ab
    print("toy tree: value 3, pruned", ab.cutoffs, "nodes")

    # Connect-4: the search and its readable twin agree move for move
    state = Connect4.from_moves("4453")
    fast = alphabeta(state, 5, evaluation_table)
    twin = reference.alphabeta(state, 5, evaluation_table)
    assert (fast.value, fast.action, fast.nodes) == (twin.value, twin.action, twin.nodes)
    print("connect4 alpha-beta depth 5:", fast.value, "column", fast.action + 1)

    # MCTS finds tic-tac-toe's win in one (x on 0 and 1, o on 3 and 4: x wins on 2)
    board = TicTacToe()
    for square in (0, 3, 1, 4):
        board.apply_action(square)
    res = mcts(board, 2000, seed=1)
    assert res.action == 2, res
    print("mcts plays the win in one")

    # a class's own game: Nim (1, 3, 5) is a first-player win (nim-sum 1 ^ 3 ^ 5 = 7 != 0)
    nim = alphabeta(Nim((1, 3, 5)), None)
    assert nim.value > 0 and nim.engine == "python"
    print("nim (1, 3, 5): first player wins")

    # package data an installed copy needs
    from qsearch.proofs.quarto_own import DEFAULT_PROOF, load_proof
    assert load_proof(DEFAULT_PROOF)["value_for_player_0"] < 0
    print("the Quarto proof ships: the second player wins")

    # the installs here have no dependency: the core, its CLI parser and the proof's loading
    # ran without numpy (the Quarto symmetries and the league ratings import it when used)
    from qsearch.__main__ import build_parser
    build_parser()
    if "--no-numpy" in argv:
        assert "numpy" not in sys.modules, "the core imported numpy"
        print("no numpy needed")
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
