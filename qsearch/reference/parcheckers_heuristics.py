"""Readable twin of :mod:`qsearch.heuristics.parcheckers`: document 004's ``ValoracionTest``.

Line by line the course's C++ (``AIPlayer.cpp``)::

    if (ganador == jugador) return gana;  else if (ganador == oponente) return pierde;
    for each colour c of my player, each piece j:
        if (estado.isSafePiece(c, j)) puntuacion_jugador++;
        else if (piece j of c is in the goal) puntuacion_jugador += 5;
    ... the same for the opponent ...
    return puntuacion_jugador - puntuacion_oponente;
"""
from __future__ import annotations

MASINF = 1e10            # masinf = 9999999999.0f (a float: 1e10)
GANA = MASINF / 10       # gana = masinf / 10.f
PIERDE = -GANA
GOAL = 76                # ParCheckers' location code of the goal
PLAYER_COLOURS = {0: ("Y", "G"), 1: ("B", "R")}


def player_score(state, player: int) -> int:
    """+1 per piece of ``player`` on a safe square, else +5 per piece in the goal."""
    total = 0
    for colour in PLAYER_COLOURS[player]:
        for piece in (0, 1):
            if state.is_safe_piece(colour, piece):
                total += 1
            elif state.piece_location(colour, piece) == GOAL:
                total += 5
    return total


def valoracion_test(state, player: int) -> float:
    """``ValoracionTest::getHeuristic(estado, jugador)``."""
    winner = state.winner_player()
    opponent = (player + 1) % 2
    if winner == player:
        return GANA
    if winner == opponent:
        return PIERDE
    return float(player_score(state, player) - player_score(state, opponent))


# Unfinished games: four pieces a side, 5 at most each (finished ones the searches score).
valoracion_test.bounds = (-20.0, 20.0)
