"""The league's leaderboard in the language in use (issue 45): qsearch's own agents' names and
authors, the points and times in the reader's numbers, the heatmap's labels; a student's own
names are shown as they are, and the English leaderboard is unchanged."""
from __future__ import annotations

import pytest

import qsearch

pytest.importorskip("numpy")

from qsearch.league.leaderboard import OWN_NAMES, heatmap, shown_name, to_markdown  # noqa: E402


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    monkeypatch.delenv("QSEARCH_LANG", raising=False)
    yield
    qsearch.set_language(None)


def _row(rank, agent_id, agent, author, points, fixed=False):
    return {"rank": rank, "id": agent_id, "agent": agent, "author": author, "fixed": fixed,
            "rating": 1500.0, "low": 1400.0, "high": 1600.0, "elo": 1500.0, "points": points,
            "games": 4, "wins": 1, "draws": 1, "losses": 2, "forfeits": {},
            "mean_move_time": 0.0125, "beats_course": None}


ROWS = [_row(1, "blocker", "random", "Ana", 2.5),            # a student's agent named "random"
        _row(2, "alphabeta_agent", "alpha-beta depth 4", "qsearch examples", 1.5),
        _row(3, "course-1", "agent 1 (most advanced)", "document 004", 2.0, fixed=True)]


def test_qsearch_agents_names_in_spanish_and_any_other_name_as_it_is():
    assert [shown_name(n) for n in OWN_NAMES] == list(OWN_NAMES)     # English: unchanged
    assert shown_name("alpha-beta depth 3") == "alpha-beta depth 3"
    qsearch.set_language("es")
    assert shown_name("alpha-beta depth 4") == "alfa-beta a profundidad 4"
    assert shown_name("alpha-beta depth 12") == "alfa-beta a profundidad 12"
    assert shown_name("greedy one-ply") == "voraz a un nivel"
    assert shown_name("qsearch examples") == "ejemplos de qsearch"
    assert shown_name("document 004") == "documento 004"
    assert all(shown_name(n) != n for n in OWN_NAMES)
    for student in ("blocker", "alpha-beta depth 4 (mine)", "Alpha-beta depth 4", ""):
        assert shown_name(student) == student
    assert shown_name("random", "Ana") == "random"                  # a student's "random"
    assert shown_name("random", "qsearch examples") == "aleatorio"
    with pytest.raises(TypeError, match="a name is a string, not int"):
        shown_name(4)


def test_the_leaderboard_in_spanish_names_and_numbers():
    english = to_markdown(ROWS)
    assert "| 2 | alphabeta_agent | alpha-beta depth 4 | qsearch examples |" in english
    assert "| 2.5 | 4 | 1-1-2 |  | 12.5 ms |" in english
    assert "| agent 1 (most advanced) (course) | document 004 |" in english
    qsearch.set_language("es")
    spanish = to_markdown(ROWS)
    assert "| 2 | alphabeta_agent | alfa-beta a profundidad 4 | ejemplos de qsearch |" in spanish
    assert "| 2,5 | 4 | 1-1-2 |  | 12,5 ms |" in spanish and "| 2 | 4 |" in spanish
    assert "(del curso) | documento 004 |" in spanish
    assert "| 1 | blocker | random | Ana |" in spanish     # a student's agent keeps its name


def test_the_heatmap_speaks_the_language_in_use():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    records = [{"a": "blocker", "b": "alphabeta_agent", "a_seat": 0, "winner": 0,
                "score_a": 1.0, "returns": [1.0, -1.0]}]
    rows = ROWS[:2]
    ax = heatmap(rows, records)
    assert ax.get_title() == "head to head" and ax.get_xlabel() == "opponent"
    plt.close(ax.figure)
    qsearch.set_language("es")
    ax = heatmap(rows, records)
    assert ax.get_title() == "enfrentamientos directos" and ax.get_xlabel() == "rival"
    assert ax.get_ylabel() == "agente (en el orden de la clasificación)"
    assert [t.get_text() for t in ax.get_yticklabels()] == ["random",
                                                            "alfa-beta a profundidad 4"]
    plt.close(ax.figure)


def test_the_referees_details_and_the_league_result_are_shown_in_the_language_in_use():
    from qsearch.league.display import referee_detail

    detail = "chose 4 after 2 actions; legal: 0 ((0,0)), 1 ((0,1))"
    try:
        qsearch.set_language("en")
        assert referee_detail(detail) == detail
        qsearch.set_language("es")
        assert referee_detail(detail) == "eligió 4 tras 2 acciones; legales: 0 ((0,0)), 1 ((0,1))"
        assert referee_detail("no move within 0.5 s") == "ningún movimiento en 0,5 s"
        student = "NameError: name 'O' is not defined"      # a student's own error: as it is
        assert referee_detail(student) == student
        with pytest.raises(TypeError):
            referee_detail(None)
    finally:
        qsearch.set_language(None)
