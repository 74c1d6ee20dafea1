"""Gallery: pictures with captions as one SVG (so a saved lesson can carry it as PNG)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from qsearch.games import Connect4, TicTacToe
from qsearch.viz.gallery import Gallery, picture_size

NS = "{http://www.w3.org/2000/svg}"


def test_pictures_keep_their_size_and_rows_wrap_at_the_width():
    boards = [TicTacToe.from_board("x../.o./...") for _ in range(5)]   # 150 x 150 each
    g = Gallery(boards, [f"board {k}" for k in range(5)], width=500)
    root = ET.fromstring(g._repr_svg_())
    inner = root.findall(f"{NS}svg")
    assert len(inner) == 5
    assert [(float(s.get("x")), float(s.get("y"))) for s in inner[:4]] == [
        (0, 0), (164, 0), (328, 0), (0, 150 + 21 + 14)]          # 3 fit in 500 px, then a row
    assert {(s.get("width"), s.get("height")) for s in inner} == {("150", "150")}
    assert float(root.get("width")) <= 500
    texts = [t.text for t in root.findall(f"{NS}text")]
    assert texts == [f"board {k}" for k in range(5)]
    assert "<" not in repr(g) and repr(g).startswith("A gallery of 5 pictures: board 0")


def test_mixed_sizes_and_no_captions():
    pictures = [TicTacToe(), Connect4()]
    g = Gallery(pictures)
    root = ET.fromstring(g._repr_svg_())
    assert root.findall(f"{NS}text") == []
    assert float(root.get("height")) == max(picture_size(p._repr_svg_())[1] for p in pictures)


def test_bad_input_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="at least one"):
        Gallery([])
    with pytest.raises(ValueError, match="2 captions for 1 pictures"):
        Gallery([TicTacToe()], ["a", "b"])
    with pytest.raises(TypeError, match="picture 0 is int"):
        Gallery([3])
    with pytest.raises(ValueError, match="no <svg>"):
        Gallery(["<p>not a picture</p>"])
    with pytest.raises(ValueError, match="width must be positive"):
        Gallery([TicTacToe()], width=0)
