"""The random-games studies lessons 03 and 08 commit (notebooks/data/): the compiled engines
replay them whole, and a sample re-run on the pure twins and on the compiled engines gives
what is saved (a forged chunk is refused: tests/test_playout_study.py)."""
import json
from pathlib import Path

import pytest

import qsearch
from qsearch.core.playout_study import playout_study
from qsearch.games import OwnPieceQuarto, ParCheckers, Quarto
from qsearch.reference.parcheckers import PyParCheckers
from qsearch.reference.quarto import PyOwnPieceQuarto, PyQuarto

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"
STUDIES = {  # file: (study name, what a chunk keeps, a number the lesson prints)
    "03_quarto_simulation/random_games.json": (
        "03 random_playouts", ("histogram", "histogram"), ("1m", 0, -1, 495_615)),
    "08_parcheckers/random_games.json": (
        "08 random_playouts", ("histogram", "histogram", "sum"), ("agent 0", 0, 0, 9_886)),
}
ENGINES = {"compiled": {"OwnPieceQuarto": OwnPieceQuarto, "Quarto": Quarto,
                        "ParCheckers": ParCheckers},
           "pure": {"OwnPieceQuarto": PyOwnPieceQuarto, "Quarto": PyQuarto,
                    "ParCheckers": PyParCheckers}}


def streams_of(path, engines):
    """The file's streams, ``label: (game class, seed, games)``, and its chunk size."""
    units = json.loads(path.read_text())["units"]
    streams = {}
    for unit in units:
        game, seed, games = streams.get(unit["stream"], (engines[unit["game"]], unit["seed"], 0))
        streams[unit["stream"]] = (game, seed, games + unit["games"])
    return streams, units[0]["games"]


@pytest.mark.slow
@pytest.mark.skipif(not qsearch.compiled, reason="the whole study is the compiled engines' run")
@pytest.mark.parametrize("file", STUDIES)
def test_the_compiled_engines_replay_the_saved_study_whole(file, monkeypatch):
    monkeypatch.delenv("QSEARCH_SAVE_STUDIES", raising=False)
    name, keep, (label, array, value, count) = STUDIES[file]
    streams, chunk = streams_of(DATA / file, ENGINES["compiled"])
    study = playout_study(DATA / file, name, streams, keep, chunk=chunk, full=True)
    assert study.run.full and not study.run.wrote            # the file holds exactly this run
    assert study[label].count(array, value) == count
    assert (DATA / file).stat().st_size < 100_000


@pytest.mark.slow
@pytest.mark.parametrize("engines", ENGINES)
@pytest.mark.parametrize("file", STUDIES)
def test_a_sample_rerun_gives_what_is_saved(file, engines):
    name, keep, (label, array, value, count) = STUDIES[file]
    streams, chunk = streams_of(DATA / file, ENGINES[engines])
    study = playout_study(DATA / file, name, streams, keep, chunk=chunk, full=False, sample=1,
                          seed=len(engines))
    assert not study.run.full and study.run.checked == 1
    assert study[label].count(array, value) == count
