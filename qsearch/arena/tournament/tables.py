"""Document 002's tables (§4): its results and seconds per move, and our tables' specs.

A :class:`Table` is a game, row specs (white, seat 1) and column specs (seat 0), and a
pairing: ``"doc"`` (ids ``4.3`` ... ``4.19``, the document's depths and iteration counts) or
``"time"`` (ids ``4.4t`` ... ``4.19t``, MCTS time-matched on our engines: :data:`MATCHED`
says which search each MCTS count was matched with). :data:`TABLES` holds them all by id.
"""
from __future__ import annotations

from dataclasses import dataclass

from qsearch.arena.tournament_games import tournament_game
from qsearch.i18n import _, get_language

# Document 002's results, white's score in each cell (rows and columns as in its tables).
DOC_RESULTS = {
    '4.3': [[4, 4, 2, 2, 0, 10], [7, 5, 5.5, 2, 1, 10], [7, 5.5, 5.5, 5.5, 3, 10],
            [9.5, 6, 8, 4, 3, 10], [8.5, 5.5, 6.5, 4.5, 7, 10], [0, 0, 0, 0, 0, 3]],
    '4.4': [[5, 2, 1, 0, 0, 0, 7], [8, 7, 3, 2, 2, 1, 10], [10, 9, 4, 5, 5, 4, 10],
            [10, 6, 8, 5, 6, 6, 10], [7, 7, 6, 4, 5, 4, 10], [9, 7, 5, 5, 4, 5, 10],
            [2, 2, 0, 0, 0, 0, 3]],
    '4.5': [[0, 0, 0, 0, 0], [1, 1, 0, 0, 1], [3, 2, 2, 2, 1], [3, 2.5, 1.5, 1.5, 1],
            [3, 2, 1, 0, 0], [4, 2, 1, 0, 0]],
    '4.6': [[9, 8, 5, 5, 6, 6], [10, 9, 8, 7, 8, 9], [10, 9, 8, 9, 10, 10],
            [10, 10, 7, 10, 9, 10], [10, 10, 9, 9, 9, 10]],
    '4.9': [[6, 7, 2, 3, 2, 7], [9, 5, 5, 2, 1, 8], [6.5, 5, 8, 2, 3, 9], [9, 9, 7, 7, 5, 9],
            [8, 10, 9, 6, 7.5, 10], [2, 2, 1, 3, 0, 4.5]],
    '4.10': [[6, 8, 0, 1, 0, 0, 5], [4, 3, 5, 0, 0, 0, 4], [7, 8, 7, 3, 2, 0, 8],
             [10, 8, 8, 3, 0, 2, 9], [10, 10, 9, 8, 6, 1, 10], [10, 10, 10, 7, 9, 4, 10],
             [2, 6, 2, 2, 0, 0, 4.5]],
    '4.11': [[2, 2.5, 3, 1, 0], [3, 3.5, 0, 2, 1], [7, 3.5, 4, 2, 4], [10, 6, 6, 8, 7],
             [8, 10, 6, 8, 7], [10, 10, 9, 10, 9]],
    '4.12': [[6, 7.5, 3, 0, 0, 0], [6.5, 10, 6, 3, 1, 0], [9, 8, 3, 3, 0, 0],
             [10, 9.5, 9, 5.5, 2, 0], [7, 10, 6, 7, 1, 0]],
    '4.16': [[3, 6, 2, 4, 8], [3, 5, 4, 3, 8], [6, 5, 5, 2, 8], [6, 5, 6, 4, 8],
             [2, 1, 1, 1, 4]],
    '4.17': [[2, 6, 2, 4, 9], [8, 3, 3, 6, 7], [4, 4, 7, 8, 9], [3, 2, 2, 4, 7],
             [0, 1, 1, 1, 4]],
    '4.18': [[6, 8, 2, 3], [5, 6, 3, 3], [6, 6, 4, 8], [4, 2, 1, 2]],
    '4.19': [[5, 3, 3, 3], [4, 4, 3, 5], [5, 5, 2, 6], [5, 6, 4, 7]],
}

# Document 002's seconds per move (tables 4.1, 4.2, 4.7, 4.8, 4.13-4.15), spec -> seconds.
DOC_TIMES = {
    '4.1': ("connect4", {"ab3": 0.02862707773844401, "ab4": 0.10944980382919312,
                         "ab5": 0.47460474967956545, "ab6": 1.9352927684783936,
                         "ab7": 6.156408965587616}),
    '4.2': ("connect4", {"mcts8": 0.024524075644356862, "mcts40": 0.10873668844049628,
                         "mcts170": 0.473487483130561, "mcts590": 1.9196439981460571,
                         "mcts1750": 6.1677347880143385, "mcts20000": 53.97563099861145}),
    '4.7': ("reversi", {"ab2": 0.030983233451843263, "ab3": 0.17031026970256458,
                        "ab4": 1.1829345533924718, "ab5": 2.423319237572806,
                        "ab6": 15.855559428532919}),
    '4.8': ("reversi", {"mcts1": 0.0805530865987142, "mcts3": 0.17514230410257975,
                        "mcts13": 1.2137874480216735, "mcts26": 2.3641257593708653,
                        "mcts170": 15.709569854121055, "mcts1200": 54.23565186659495}),
    '4.13': ("hypergammon", {"em1": 0.0002368821038140191, "em2": 0.7719471262704308,
                             "em3": 0.9240370213813425}),
    '4.14': ("hypergammon", {"eml1": 0.00015363326439490684, "eml2": 0.7447383063180106,
                             "eml3": 0.8291703462600708, "eml4": 60.8937874480130561}),
    '4.15': ("hypergammon", {"mcts60": 59.78140670602971}),
}

# Which search each MCTS count of the document was matched with (its time tables): in the
# "time" pairing MCTS gets the iterations that take our engine as long as that search.
# The document's extra counts (20000, 1200) had the document's time ratio to its deepest
# search; ours keep that ratio.
_C4_MCTS = {"mcts8": "ab3", "mcts40": "ab4", "mcts170": "ab5", "mcts590": "ab6",
            "mcts1750": "ab7", "mcts20000": ("ab7", 53.97563099861145 / 6.156408965587616)}
_RV_MCTS = {"mcts1": "ab2", "mcts3": "ab3", "mcts13": "ab4", "mcts26": "ab5",
            "mcts170": "ab6", "mcts1200": ("ab6", 54.23565186659495 / 15.855559428532919)}
_HG_MCTS = {"mcts60": "eml4"}
MATCHED = {"connect4": _C4_MCTS, "reversi": _RV_MCTS, "hypergammon": _HG_MCTS}

_C4_AB = [f"ab{d}" for d in range(3, 8)]
_C4_M = list(_C4_MCTS)
_RV_AB = [f"ab{d}" for d in range(2, 7)]
_RV_M = list(_RV_MCTS)
_HG_EML = [f"eml{d}" for d in range(1, 5)]
_HG_EM = [f"em{d}" for d in range(1, 4)]


@dataclass(frozen=True)
class Table:
    """One results table: ``rows`` play white (seat 1), ``cols`` the first seat (seat 0)."""

    id: str
    game: str
    rows: tuple
    cols: tuple
    pairing: str = "doc"            # "doc" or "time"
    title: str = ""

    @property
    def doc_id(self) -> str:
        """The document's id of the table (a time-matched table's without its ``t``)."""
        return self.id.rstrip("t")

    @property
    def colours(self) -> tuple[str, str]:
        """(row colour, column colour) in the document's words."""
        return tournament_game(self.game).colours

    @property
    def colour_names(self) -> tuple[str, str]:
        """:attr:`colours` in the language in use (Spanish: the document's «blancas»,
        «rojas», «negras», as its «fichas blancas - fichas rojas»)."""
        if get_language() == "en":
            return self.colours
        return tuple(_(_PIECES.get(c, c)) for c in self.colours)

    @property
    def caption(self) -> str:
        """:attr:`title` in the language in use (Spanish: the document's own «Cuadro»
        captions, «Resultados poda alfa-beta»...)."""
        if self.pairing == "time" and self.doc_id in TABLES:
            return _("{title} (MCTS time-matched on our engines)").format(
                title=TABLES[self.doc_id].caption)
        own = self.title                # a table without a title has none in any language
        return _(own) if own else own


# The colour words' catalogue entries (English "white" stays "white": see colour_names)
_PIECES = {"white": "white pieces", "red": "red pieces", "black": "black pieces"}

_DOC_TABLES = [
    Table("4.3", "connect4", (*_C4_AB, "random"), (*_C4_AB, "random"),
          title="Connect-4: alpha-beta vs alpha-beta and random"),
    Table("4.4", "connect4", (*_C4_M, "random"), (*_C4_M, "random"),
          title="Connect-4: MCTS vs MCTS and random"),
    Table("4.5", "connect4", tuple(_C4_M), tuple(_C4_AB), title="Connect-4: MCTS - alpha-beta"),
    Table("4.6", "connect4", tuple(_C4_AB), tuple(_C4_M), title="Connect-4: alpha-beta - MCTS"),
    Table("4.9", "reversi", (*_RV_AB, "random"), (*_RV_AB, "random"),
          title="Reversi: alpha-beta vs alpha-beta and random"),
    Table("4.10", "reversi", (*_RV_M, "random"), (*_RV_M, "random"),
          title="Reversi: MCTS vs MCTS and random"),
    Table("4.11", "reversi", tuple(_RV_M), tuple(_RV_AB), title="Reversi: MCTS - alpha-beta"),
    Table("4.12", "reversi", tuple(_RV_AB), tuple(_RV_M), title="Reversi: alpha-beta - MCTS"),
    Table("4.16", "hypergammon", (*_HG_EML, "random"), (*_HG_EML, "random"),
          title="Hypergammon: limited expectiminimax"),
    Table("4.17", "hypergammon", (*_HG_EM, "mcts60", "random"), (*_HG_EM, "mcts60", "random"),
          title="Hypergammon: expectiminimax and MCTS"),
    Table("4.18", "hypergammon", (*_HG_EM, "mcts60"), tuple(_HG_EML),
          title="Hypergammon: expectiminimax and MCTS - limited expectiminimax"),
    Table("4.19", "hypergammon", tuple(_HG_EML), (*_HG_EM, "mcts60"),
          title="Hypergammon: limited expectiminimax - expectiminimax and MCTS"),
]
TABLES: dict[str, Table] = {t.id: t for t in _DOC_TABLES}
TABLES.update({t.id + "t": Table(t.id + "t", t.game, t.rows, t.cols, "time",
                                 t.title + " (MCTS time-matched on our engines)")
               for t in _DOC_TABLES if any(s.startswith("mcts") for s in t.rows + t.cols)})
RESULT_TABLES = list(TABLES)
TIME_TABLES = list(DOC_TIMES)


def resolve_tables(table_ids) -> list[Table]:
    """The tables ``table_ids`` names: ids (a list or a comma-separated string), ``"doc"``,
    ``"time"``, or ``"all"`` / None (every table); ValueError for an unknown id."""
    if table_ids in (None, "all"):
        return list(TABLES.values())
    if isinstance(table_ids, str):
        table_ids = table_ids.split(",")
    out = []
    for t in table_ids:
        if t == "doc":
            out += [x for x in TABLES.values() if x.pairing == "doc"]
        elif t == "time":
            out += [x for x in TABLES.values() if x.pairing == "time"]
        elif t in TABLES:
            out.append(TABLES[t])
        else:
            raise ValueError(f"unknown table {t!r}; choose from {', '.join(TABLES)}, "
                             "doc, time or all")
    return out


def game_keys(table: Table) -> list[tuple[str, str, int]]:
    """Every game of the table: (row spec, column spec, position 1-10), in order."""
    return [(r, c, k) for r in table.rows for c in table.cols for k in range(1, 11)]
