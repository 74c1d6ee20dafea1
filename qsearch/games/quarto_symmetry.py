"""The symmetry group of Quarto (both variants) and canonical forms of positions.

Two positions are the same game when one becomes the other by

* a permutation of the 16 squares that maps the 10 lines (4 rows, 4 columns, 2 diagonals)
  onto lines: the group is *built* here, by a backtracking search over all square
  permutations that keeps every completed line a line, and it has exactly 32 elements
  (the 8 symmetries of the square, times 4 "inner/outer" swaps that keep lines lines);
* a map of the pieces that keeps "sharing an attribute" intact: permute the 4 attributes
  (24 ways) and complement any subset of them (16 ways), 384 maps.

So the group has ``32 * 384 = 12,288`` elements. A position is a board (the piece on each
square, or empty) and, in standard Quarto, the piece in hand; its *canonical form* is the
lexicographically smallest image of its board over the whole group (empty squares written
16, after every piece), a 16-byte string, the same for every member of a symmetry class.

The tables are ``SQUARE_PERMS`` (32 x 16: ``perm[s]`` is the image of square ``s``) and
``PIECE_MAPS`` (384 x 16: the image of each piece), numpy arrays when numpy is installed and
tuples of tuples otherwise. Element ``g`` of the group is square permutation ``g // 384`` with
piece map ``g % 384``. With numpy the 12,288 images of a board are compared as one array;
without it (the browser site, :data:`USES_NUMPY` False) by plain loops that give the same
answers (tests/test_quarto_symmetry_pure.py compares the two).
"""
from __future__ import annotations

from itertools import permutations

try:
    import numpy as np
except ImportError:        # the browser site, or an install without numpy: plain Python
    np = None

__all__ = [
    "EMPTY", "GROUP_ORDER", "LINES", "PIECE_MAPS", "SQUARE_PERMS", "board_of",
    "burnside_count", "canonical", "canonical_board", "find_symmetry", "fixed_positions",
    "inverse_action", "is_canonical", "line_preserving_permutations", "orbit_size",
    "piece_maps", "transform_action", "transform_board", "USES_NUMPY",
]

EMPTY = 16
"""The code of an empty square in boards and canonical forms (after every piece)."""


def _lines() -> tuple:
    rows = [[4 * c + r for c in range(4)] for r in range(4)]
    cols = [[4 * c + r for r in range(4)] for c in range(4)]
    diags = [[0, 5, 10, 15], [3, 6, 9, 12]]
    return tuple(frozenset(x) for x in rows + cols + diags)


LINES = _lines()
"""The 10 lines as frozensets of squares (squares numbered down the columns, 4*col + row)."""


def line_preserving_permutations() -> list:
    """Every permutation of the 16 squares that maps each line onto a line.

    Backtracking: squares are assigned images one by one, and a partial assignment is
    abandoned as soon as the images of a line's assigned squares lie in no common line (a
    line's image must be a whole line). Returns the permutations as tuples, sorted.
    """
    line_set = set(LINES)
    lines_of = [[ln for ln in LINES if s in ln] for s in range(16)]
    found = []
    image = [-1] * 16
    taken = [False] * 16

    def consistent(s: int) -> bool:
        for ln in lines_of[s]:
            imgs = {image[t] for t in ln if image[t] >= 0}
            if len(imgs) == 4:
                if frozenset(imgs) not in line_set:
                    return False
            elif len(imgs) >= 2 and not any(imgs <= other for other in LINES):
                return False
        return True

    def extend(s: int) -> None:
        if s == 16:
            found.append(tuple(image))
            return
        for t in range(16):
            if taken[t]:
                continue
            image[s] = t
            taken[t] = True
            if consistent(s):
                extend(s + 1)
            taken[t] = False
            image[s] = -1

    extend(0)
    return sorted(found)


def piece_maps() -> list:
    """The 384 maps of pieces that keep shared attributes shared: a permutation ``perm`` of
    the 4 attributes and a complement mask ``flip`` (attribute ``k`` is bit ``3 - k``).
    Returns the maps as tuples of the 16 images, sorted (the identity first)."""
    maps = set()
    for perm in permutations(range(4)):
        for flip in range(16):
            img = []
            for p in range(16):
                q = 0
                for k in range(4):
                    bit = (p >> (3 - k)) & 1
                    q |= bit << (3 - perm[k])
                img.append(q ^ flip)
            maps.add(tuple(img))
    return sorted(maps)


_PERMS = tuple(line_preserving_permutations())
_MAPS = tuple(piece_maps())
if len(_PERMS) != 32 or len(_MAPS) != 384:   # pragma: no cover - a build check
    raise RuntimeError(f"the Quarto group came out wrong: {len(_PERMS)} square "
                       f"permutations, {len(_MAPS)} piece maps (expected 32 and 384)")
GROUP_ORDER = len(_PERMS) * len(_MAPS)
"""12,288: the number of symmetries."""
USES_NUMPY = np is not None
"""Whether the images of a board are computed with numpy (else with plain Python)."""

# Piece maps with "empty" fixed, for boards: entry 16 maps EMPTY to EMPTY.
_MAPS_E = tuple(m + (EMPTY,) for m in _MAPS)
# _INVERSE[i][t] = the square sent to t by perm i (boards are transformed by gathering)
_INVERSE = tuple(tuple(p.index(t) for t in range(16)) for p in _PERMS)

if USES_NUMPY:
    SQUARE_PERMS = np.array(_PERMS, dtype=np.int8)
    PIECE_MAPS = np.array(_MAPS, dtype=np.int8)
    _PIECE_MAPS_E = np.array(_MAPS_E, dtype=np.int16)
    _INVERSE_PERMS = np.array(_INVERSE, dtype=np.int64)
else:
    SQUARE_PERMS, PIECE_MAPS = _PERMS, _MAPS


def board_of(state) -> list:
    """The board of a Quarto state as 16 codes (piece 0..15 or :data:`EMPTY`)."""
    return [EMPTY if p < 0 else p for p in state.board_pieces()]


def _as_board(board) -> list:
    """``board`` (a Quarto state or 16 codes) checked, as a list of 16 ints."""
    if hasattr(board, "board_pieces"):
        board = board_of(board)
    try:
        b = [int(x) for x in board]
    except (TypeError, ValueError):
        raise ValueError("a board is 16 codes (0..15 pieces, 16 empty)") from None
    if len(b) != 16:
        raise ValueError(f"a board is 16 codes (0..15 pieces, {EMPTY} empty), not {len(b)}")
    if any(x < 0 or x > EMPTY for x in b):
        raise ValueError(f"board codes are 0..15 (pieces) or {EMPTY} (empty)")
    pieces = [x for x in b if x != EMPTY]
    if len(set(pieces)) != len(pieces):
        raise ValueError("a piece appears twice on the board")
    return b


def transform_board(board, g: int) -> list:
    """The board after symmetry ``g`` (0 <= g < 12,288): the piece on square ``s`` moves to
    ``SQUARE_PERMS[g // 384][s]`` and becomes ``PIECE_MAPS[g % 384][piece]``."""
    if not 0 <= g < GROUP_ORDER:
        raise ValueError(f"symmetries are 0..{GROUP_ORDER - 1}, not {g}")
    b = _as_board(board)
    perm, pmap = _PERMS[g // len(_MAPS)], _MAPS_E[g % len(_MAPS)]
    out = [EMPTY] * 16
    for s in range(16):
        out[perm[s]] = pmap[b[s]]
    return out


def _images(b: list, hand: int | None = None):
    """Every image of the board, in the order of ``g`` (12,288 rows of 16, or 17 with the
    piece in hand last): a numpy array, or a list of tuples without numpy."""
    if USES_NUMPY:
        moved = np.asarray(b, dtype=np.int64)[_INVERSE_PERMS]   # 32 x 16: squares permuted
        imgs = _PIECE_MAPS_E[:, moved]                          # 384 x 32 x 16
        imgs = imgs.transpose(1, 0, 2).reshape(GROUP_ORDER, 16)
        if hand is not None:
            h = np.tile(_PIECE_MAPS_E[:, hand], len(_PERMS)).reshape(-1, 1)
            imgs = np.concatenate([imgs, h], axis=1)
        return imgs
    rows = []
    for inverse in _INVERSE:
        moved = [b[t] for t in inverse]
        if hand is None:
            rows.extend(tuple([m[x] for x in moved]) for m in _MAPS_E)
        else:
            rows.extend(tuple([m[x] for x in moved] + [m[hand]]) for m in _MAPS_E)
    return rows


def _smallest(b: list, hand: int | None = None) -> tuple[int, list]:
    """``(g, image)``: the lexicographically smallest image and the first ``g`` giving it."""
    imgs = _images(b, hand)
    if USES_NUMPY:
        g = int(np.lexsort(imgs.T[::-1])[0])
        return g, imgs[g].tolist()
    best = min(range(GROUP_ORDER), key=imgs.__getitem__)     # min keeps the first of ties
    return best, list(imgs[best])


def canonical(board, hand: int | None = None) -> bytes:
    """The canonical form of a position: the smallest image of its board (and piece in hand,
    for standard Quarto) over the 12,288 symmetries, as bytes (16 squares, then the hand).

    ``board`` is a Quarto state or 16 codes (0..15, 16 for empty). Two positions are
    symmetric exactly when their canonical forms are equal.
    """
    if hasattr(board, "piece_in_hand") and hand is None:
        hand = board.piece_in_hand()
    b = _as_board(board)
    if hand is not None and not 0 <= hand < 16:
        raise ValueError(f"the piece in hand is 0..15, not {hand}")
    return bytes(_smallest(b, hand)[1])


def canonical_board(board, hand: int | None = None) -> tuple:
    """``(canonical board as 16 codes, a symmetry g mapping the board onto it)``."""
    g, row = _smallest(_as_board(board), hand)
    return [int(x) for x in row[:16]], g


def is_canonical(board, hand: int | None = None) -> bool:
    """True if the board is its own canonical form."""
    b = _as_board(board)
    return canonical(b, hand) == bytes(b + ([] if hand is None else [hand]))


def orbit_size(board, hand: int | None = None) -> int:
    """How many distinct positions are symmetric to this one (12,288 / its stabiliser)."""
    imgs = _images(_as_board(board), hand)
    return len(np.unique(imgs, axis=0)) if USES_NUMPY else len(set(imgs))


def find_symmetry(board_from, board_to) -> int | None:
    """A symmetry ``g`` with ``transform_board(board_from, g) == board_to``, or None."""
    src, dst = _as_board(board_from), _as_board(board_to)
    imgs = _images(src)
    if USES_NUMPY:
        hits = np.flatnonzero((imgs == np.asarray(dst)).all(axis=1))
        return None if len(hits) == 0 else int(hits[0])
    target = tuple(dst)
    return next((g for g, image in enumerate(imgs) if image == target), None)


def transform_action(action: int, g: int) -> int:
    """Document 000's action ``16 * square + piece`` moved by symmetry ``g``."""
    perm, pmap = g // len(_MAPS), g % len(_MAPS)
    return 16 * _PERMS[perm][action >> 4] + _MAPS[pmap][action & 15]


def inverse_action(action: int, g: int, inverse: bool = True) -> int:
    """The action ``a`` with ``transform_action(a, g) == action`` (``inverse=False``:
    simply ``transform_action(action, g)``)."""
    if not inverse:
        return transform_action(action, g)
    perm, pmap = g // len(_MAPS), g % len(_MAPS)
    return 16 * _PERMS[perm].index(action >> 4) + _MAPS[pmap].index(action & 15)


def _cycle_counts(perm) -> dict:
    """``{length: number of cycles}`` of a permutation given as its list of images."""
    seen, counts = set(), {}
    for start in range(len(perm)):
        if start in seen:
            continue
        n, x = 0, start
        while x not in seen:
            seen.add(x)
            x = int(perm[x])
            n += 1
        counts[n] = counts.get(n, 0) + 1
    return counts


_SQUARE_CYCLES = [_cycle_counts(p) for p in _PERMS]
_PIECE_CYCLES = [_cycle_counts(m) for m in _MAPS]


def _partitions(k: int, largest: int | None = None):
    largest = k if largest is None else largest
    if k == 0:
        yield []
        return
    for part in range(min(k, largest), 0, -1):
        for rest in _partitions(k - part, part):
            yield [part] + rest


def fixed_positions(perm_index: int, map_index: int, k: int) -> int:
    """How many positions with ``k`` pieces symmetry ``(perm, map)`` leaves unchanged.

    Such a position is a union of cycles of (square, piece) pairs, and a cycle keeps squares
    and pieces distinct only when a square cycle and a piece cycle of the *same* length
    ``L`` are paired (in ``L`` alignments). So the count is, over the ways to write ``k`` as
    ``sum(L * a_L)``, the product of ``C(square cycles of length L, a_L)`` times the ordered
    choices of ``a_L`` piece cycles of length L, times ``L ** a_L``.
    """
    from math import comb, perm

    sq = _SQUARE_CYCLES[perm_index]
    pc = _PIECE_CYCLES[map_index]
    total = 0
    for parts in _partitions(k):
        uses: dict = {}
        for L in parts:
            uses[L] = uses.get(L, 0) + 1
        ways = 1
        for L, a in uses.items():
            ways *= comb(sq.get(L, 0), a) * perm(pc.get(L, 0), a) * L ** a
        total += ways
    return total


def burnside_count(k: int) -> int:
    """Positions with ``k`` pieces up to symmetry, by Burnside's lemma: the average over the
    group of the number of positions each element fixes (:func:`fixed_positions`)."""
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= 16:
        raise ValueError(f"k must be an int in 0..16, not {k!r}")
    total = sum(fixed_positions(i, j, k)
                for i in range(len(_PERMS)) for j in range(len(_MAPS)))
    if total % GROUP_ORDER:
        raise AssertionError("Burnside's average is not a whole number")
    return total // GROUP_ORDER
