"""Real chess for the reference algorithms: a thin adapter over python-chess's ``chess.Board``.

Chess is not one of our engines: the rules, move generation and SAN come from python-chess
(a well-kept library). This module only gives a board the Python game API the reference
algorithms use (OpenSpiel's names: ``legal_actions``, ``apply_action``, ``child``,
``is_terminal``, ``returns``, ``current_player``, ...), so that :mod:`qsearch.reference`
(minimax, alpha-beta, quiescence) runs on chess unchanged. It is plain Python and slow
(tens of microseconds a move): meant for the small searches of a lesson, not for play.

Conventions:

* player 0 is White, player 1 is Black (OpenSpiel's own chess numbers them the other way);
* an action is an int ``from_square * 64 + to_square + 4096 * promotion``, squares numbered
  as python-chess does (a1 = 0, h1 = 7, a8 = 56) and ``promotion`` the python-chess piece
  type of a promotion (2 knight ... 5 queen; 0 for other moves): ``e2e4`` is ``12*64 + 28``;
* ``legal_actions()`` are in increasing order (OpenSpiel's convention);
* the game is over at checkmate, stalemate, insufficient material, the 75-move rule and
  fivefold repetition (python-chess's ``is_game_over()``, no draw claims).

Two helpers for quiescence search (document 002, §2.4) sit beside it: :func:`material`, the
evaluation of Ex. 2.12 (piece values only), and :func:`volatile` / :func:`captures` (a
position is "volatile" when a capture or a promotion is available).
"""
from __future__ import annotations

import operator

import chess

from qsearch.core.constants import TERMINAL
from qsearch.core.errors import IllegalMoveError

Action = int
PIECE_VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5,
                chess.QUEEN: 9, chess.KING: 0}


def move_to_action(move: chess.Move) -> Action:
    """The action number of a python-chess move."""
    return move.from_square * 64 + move.to_square + 4096 * (move.promotion or 0)


def action_to_move(action: Action) -> chess.Move:
    """The python-chess move of an action number (not checked for legality)."""
    promotion, rest = divmod(action, 4096)
    if not 0 <= promotion <= chess.QUEEN or promotion == chess.PAWN:
        raise ValueError(f"action {action} is not a chess action (bad promotion field)")
    return chess.Move(rest // 64, rest % 64, promotion or None)


class ChessState:
    """A chess position with OpenSpiel's Python game API (see the module docs).

    ``ChessState()`` is the starting position; ``ChessState(fen)`` any position (a FEN
    string, or a ``chess.Board``, taken as its FEN);
    ``ChessState.from_moves("e4 e5 Nf3")`` plays SAN moves from the start.
    """

    def __init__(self, fen: str | chess.Board | None = None):
        if fen is None:
            self.board = chess.Board()
        else:
            if isinstance(fen, chess.Board):        # a board: its position, as its FEN
                fen = fen.fen()
            if not isinstance(fen, str):
                raise TypeError(f"fen must be a FEN str or a chess.Board, not "
                                f"{type(fen).__name__}")
            try:
                self.board = chess.Board(fen)
            except ValueError as e:
                raise ValueError(f"{fen!r} is not a valid FEN: {e}") from None
            status = self.board.status()
            if status != chess.STATUS_VALID:
                raise ValueError(f"{fen!r} is not a legal chess position ({status!r})")

    @classmethod
    def from_moves(cls, moves: str, fen: str | None = None) -> ChessState:
        """The position after the SAN (or UCI) ``moves``, separated by spaces."""
        state = cls(fen)
        for text in moves.split():
            state.apply_action(state.string_to_action(text))
        return state

    # ------------------------------------------------------------ the game API
    def num_players(self) -> int:
        """Two players: 0 (White) and 1 (Black)."""
        return 2

    def legal_actions(self) -> list[Action]:
        """The legal actions in increasing order; empty when the game is over."""
        if self.is_terminal():
            return []
        return sorted(move_to_action(m) for m in self.board.legal_moves)

    def _checked_move(self, action) -> chess.Move:
        """The legal move of ``action``, or a TypeError/IllegalMoveError (state untouched)."""
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            raise TypeError(
                f"an action is an int, not {type(action).__name__} ({action!r}); "
                f"use string_to_action() to convert text such as {action!r}"
            )
        a = operator.index(action)
        if self.is_terminal():
            raise IllegalMoveError(f"action {a} is illegal: the game is over")
        try:
            move = action_to_move(a)
        except ValueError:
            move = None
        if a < 0 or move is None or not self.board.is_legal(move):
            shown = ", ".join(f"{x} ({self.action_to_string(x)})" for x in self.legal_actions())
            raise IllegalMoveError(
                f"action {a} is illegal in this position; legal actions: [{shown}]"
            )
        return move

    def apply_action(self, action) -> None:
        """Play ``action`` in place. Raises IllegalMoveError / TypeError, state unchanged."""
        self.board.push(self._checked_move(action))

    def undo_action(self) -> Action:
        """Take back the last move played; returns its action."""
        if not self.board.move_stack:
            raise ValueError("no action to undo: this state has no history")
        return move_to_action(self.board.pop())

    def child(self, action) -> ChessState:
        """A new state: this one after ``action`` (this one is unchanged)."""
        move = self._checked_move(action)
        c = self.clone()
        c.board.push(move)
        return c

    def clone(self) -> ChessState:
        """An independent copy (with the move history, so repetitions are seen)."""
        c = ChessState.__new__(ChessState)
        c.board = self.board.copy()
        return c

    def history(self) -> list[Action]:
        """The actions played so far."""
        return [move_to_action(m) for m in self.board.move_stack]

    def is_terminal(self) -> bool:
        """True at checkmate, stalemate and python-chess's automatic draws."""
        return self.board.is_game_over()

    def returns(self) -> list[float]:
        """``[white, black]``: +1 for the winner, -1 for the loser, 0 for a draw or ongoing."""
        outcome = self.board.outcome()
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == chess.WHITE else [-1.0, 1.0]

    def current_player(self) -> int:
        """0 (White) or 1 (Black) to move; TERMINAL (-4) when the game is over."""
        if self.is_terminal():
            return TERMINAL
        return 0 if self.board.turn == chess.WHITE else 1

    def is_chance_node(self) -> bool:
        """Chess has no dice."""
        return False

    def chance_outcomes(self) -> list:
        """No chance outcomes (an empty list)."""
        return []

    def position_key(self) -> int:
        """The position's Zobrist key (python-chess's Polyglot hash), for tables."""
        import chess.polyglot

        return chess.polyglot.zobrist_hash(self.board)

    def action_to_string(self, action) -> str:
        """``action`` in SAN (``"Qxe5+"``) if legal here, else in UCI (``"e2e4"``)."""
        move = action_to_move(operator.index(action))
        if self.board.is_legal(move):
            return self.board.san(move)
        return move.uci()

    def string_to_action(self, text) -> Action:
        """The action of a SAN (``"Nf3"``) or UCI (``"g1f3"``) move legal here.

        Raises TypeError for a non-string, IllegalMoveError (a ValueError) for text that is
        not a move or not a legal one.
        """
        if not isinstance(text, str):
            raise TypeError(f"a move is a str such as 'Nf3', not {type(text).__name__}")
        try:
            move = self.board.parse_san(text)
        except ValueError:
            try:
                move = chess.Move.from_uci(text.strip())
            except ValueError:
                move = None
        if not move or not self.board.is_legal(move):      # a null move ("--") is falsy
            legal = " ".join(self.board.san(m) for m in self.board.legal_moves)
            raise IllegalMoveError(f"{text!r} is not a legal move here; legal moves: {legal}")
        return move_to_action(move)

    # ---------------------------------------------------------------- display
    def fen(self) -> str:
        """The position in FEN."""
        return self.board.fen()

    def __str__(self) -> str:
        return str(self.board)

    def __repr__(self) -> str:
        return f"ChessState({self.board.fen()!r})"

    def __eq__(self, other) -> bool:
        if not isinstance(other, ChessState):
            return NotImplemented
        return self.board.fen() == other.board.fen()

    def __hash__(self) -> int:
        return hash(self.board.fen())

    def _repr_svg_(self) -> str:
        import chess.svg

        lastmove = self.board.peek() if self.board.move_stack else None
        return chess.svg.board(self.board, lastmove=lastmove, size=280)


# ------------------------------------------------------------ evaluation helpers
def material(state: ChessState, player: int) -> float:
    """Ex. 2.12's evaluation: piece values (P 1, N 3, B 3, R 5, Q 9), ``player``'s minus the
    opponent's (player 0 is White)."""
    board = state.board
    score = 0
    for piece_type, value in PIECE_VALUES.items():
        score += value * (len(board.pieces(piece_type, chess.WHITE))
                          - len(board.pieces(piece_type, chess.BLACK)))
    return float(score if player == 0 else -score)


def captures(state: ChessState) -> list[Action]:
    """The legal captures and promotions, in increasing action order: the "noisy" moves."""
    board = state.board
    return sorted(move_to_action(m) for m in board.legal_moves
                  if m.promotion or board.is_capture(m))


def volatile(state: ChessState) -> bool:
    """True when a capture or a promotion is available (the material may swing)."""
    board = state.board
    return any(m.promotion or board.is_capture(m) for m in board.legal_moves)
