"""qsearch.core.playout_study and the playouts' ``skip``: a stream cut into chunks plays the
stream's own games, on both builds, and a pure-Python sample checks the compiled run's file."""
import json
import statistics

import pytest

import qsearch
from qsearch.core.playout_study import playout_study
from qsearch.core.saved_study import StudyMismatch
from qsearch.games import OwnPieceQuarto, ParCheckers, Quarto
from qsearch.reference.parcheckers import PyParCheckers
from qsearch.reference.quarto import PyOwnPieceQuarto, PyQuarto


def as_list(array):
    """A playouts array (numpy on the compiled build) as a list of Python ints."""
    return array.tolist() if hasattr(array, "tolist") else list(array)


TWINS = [(OwnPieceQuarto, PyOwnPieceQuarto, 900), (Quarto, PyQuarto, 900),
         (ParCheckers, PyParCheckers, 24)]


@pytest.mark.parametrize("compiled, pure, games", TWINS)
def test_skip_goes_on_with_the_streams_next_games(compiled, pure, games):
    whole = [as_list(a) for a in compiled.random_playouts(games, seed=5)]
    head = compiled.random_playouts(games // 3, seed=5)
    skip = 2 * sum(as_list(head[1]))              # two draws a ply (a move)
    for engine in (compiled, pure):
        tail = engine.random_playouts(games - games // 3, seed=5, skip=skip)
        assert [as_list(a) for a in tail] == [a[games // 3:] for a in whole]
    assert as_list(pure.random_playouts(3, seed=5, skip=0)[1]) == whole[1][:3]


def test_a_negative_skip_is_refused():
    with pytest.raises(ValueError, match="skip must be"):
        PyOwnPieceQuarto.random_playouts(1, skip=-1)
    with pytest.raises(ValueError, match="skip must be"):
        PyParCheckers.random_playouts(1, skip=-1)
    with pytest.raises(TypeError, match="skip must be an int"):
        PyParCheckers.random_playouts(1, skip=2.0)
    with pytest.raises(OverflowError if qsearch.compiled else ValueError):
        Quarto.random_playouts(1, skip=-1)        # Cython's unsigned argument, or the twin


STREAMS = {"own": (OwnPieceQuarto, 2, 2500), "standard": (Quarto, 4, 1000)}
PURE_STREAMS = {"own": (PyOwnPieceQuarto, 2, 2500), "standard": (PyQuarto, 4, 1000)}


def test_the_chunks_give_the_whole_streams_numbers(tmp_path):
    study = playout_study(tmp_path / "s.json", "quarto", STREAMS, ("histogram", "histogram"),
                          chunk=700, full=True)
    assert study.run.wrote and len(study.run.results) == 4 + 2
    for label, (game, seed, games) in STREAMS.items():
        returns, plies = (as_list(a) for a in game.random_playouts(games, seed=seed))
        got = study[label]
        assert got.games == games
        assert got.histogram(0) == {v: returns.count(v) for v in sorted(set(returns))}
        assert got.total(1) == sum(plies) and got.mean(1) == statistics.mean(plies)
        assert got.median(1) == statistics.median(plies) and got.max(1) == max(plies)
    with pytest.raises(ValueError, match="histogram"):
        playout_study(tmp_path / "p.json", "p", {"p": (ParCheckers, 1, 3)},
                      ("histogram", "histogram", "sum"), chunk=2, full=True)["p"].histogram(2)


def test_the_pure_twins_sample_checks_the_compiled_file(tmp_path):
    path = tmp_path / "s.json"
    whole = playout_study(path, "quarto", STREAMS, ("histogram", "histogram"), chunk=700,
                          full=True)
    sample = playout_study(path, "quarto", PURE_STREAMS, ("histogram", "histogram"), chunk=700,
                           full=False, sample=3, seed=1)
    assert not sample.run.full and sample.run.checked == 3
    assert sample.streams == whole.streams
    assert "3" in sample.describe()


@pytest.mark.parametrize("forge, message", [
    (lambda r: r[4]["arrays"][0][0].__setitem__(1, r[4]["arrays"][0][0][1] + 1), "the file says"),
    (lambda r: r[3].__setitem__("draws", r[3]["draws"] + 2), "the file says"),
    (lambda r: r[2].pop("draws"), "no count of its draws"),
])
def test_a_forged_chunk_is_refused(tmp_path, forge, message):
    path = tmp_path / "s.json"
    playout_study(path, "quarto", STREAMS, ("histogram", "histogram"), chunk=700, full=True)
    data = json.loads(path.read_text())
    forge(data["results"])
    path.write_text(json.dumps(data))
    with pytest.raises(StudyMismatch, match=message):
        playout_study(path, "quarto", PURE_STREAMS, ("histogram", "histogram"), chunk=700,
                      full=False, sample=6)


def test_bad_arguments():
    with pytest.raises(ValueError, match="keep must"):
        playout_study("x.json", "q", STREAMS, ("histogram", "mean"), chunk=10, full=True)
    with pytest.raises(ValueError, match="chunk must"):
        playout_study("x.json", "q", STREAMS, ("histogram", "sum"), chunk=0, full=True)
    with pytest.raises(ValueError, match="games must"):
        playout_study("x.json", "q", {"a": (Quarto, 1, 0)}, ("histogram", "sum"), chunk=5)
