"""The play widgets in Spanish (``set_language("es")``) and, the same objects switched back,
in the English they always spoke: labels, status lines after a move, the notes about illegal
and dropped clicks, the boards' captions and legends; and the catalogue of their messages."""
from __future__ import annotations

import ast
import re
from itertools import count
from pathlib import Path

import polib
import pytest

import qsearch
from qsearch.core.errors import IllegalMoveError
from qsearch.games import Connect4, Hypergammon, OwnPieceQuarto, ParCheckers, Reversi, TicTacToe
from qsearch.viz import parcheckers_svg as pc_svg
from qsearch.viz.boards import connect4_svg, tictactoe_svg
from qsearch.viz.hypergammon_svg import hypergammon_svg
from qsearch.viz.play import PlayConnect4, PlayTicTacToe
from qsearch.viz.play_game import PlayGame
from qsearch.viz.play_parcheckers import VALUE_HELP, PlayParCheckers
from qsearch.viz.play_quarto import VERDICT_WORDS, PlayQuarto, ordinal
from qsearch.viz.play_toggle import PlayPruningToggle
from qsearch.viz.quarto_svg import quarto_svg
from qsearch.viz.reversi_svg import reversi_svg

ROOT = Path(__file__).parents[1]
PO = ROOT / "qsearch" / "locale" / "es" / "LC_MESSAGES" / "qsearch.po"
VIZ = ROOT / "qsearch" / "viz"
PLAY_FILES = ("play.py", "play_game.py", "play_opponent.py", "play_parcheckers.py",
              "play_quarto.py", "play_toggle.py", "boards.py", "hypergammon_svg.py",
              "parcheckers_svg.py", "quarto_svg.py", "reversi_svg.py")


@pytest.fixture(autouse=True)
def language(monkeypatch):
    """Each test chooses its language; English (the environment unset) afterwards."""
    monkeypatch.delenv("QSEARCH_LANG", raising=False)
    yield
    qsearch.set_language(None)


def ticking(game):
    """``game`` with a clock that moves 10 s at each reading: no click is stale."""
    clock = count(0, 10)
    game._clock = lambda: float(next(clock))
    game._answered_at = -1e9                            # the opening move's answer: long ago
    return game


# ------------------------------------------------------------------ Connect-4, tic-tac-toe
def test_connect4_speaks_spanish_and_the_same_game_still_reads_in_english():
    qsearch.set_language("es")
    game = ticking(PlayConnect4(depth=2))
    assert (game.new_button.description, game.undo_button.description) == (
        "Nueva partida", "Deshacer")
    assert game.depth_dropdown.description == "profundidad"
    assert game.algorithm_dropdown.description == "algoritmo"
    assert game.first_checkbox.description == "empieza el motor"
    assert game.column_buttons[2].tooltip == "soltar una ficha en la columna 3"
    assert game.status_text == "Te toca mover: juegas con rojo."
    game.play(3)
    r = game.last_result
    spanish = (f"El motor (alphabeta, profundidad 2) jugó en la columna {r.action + 1}: "
               f"valor {r.value:g}; exploró {r.nodes} nodos. Te toca mover: juegas con rojo.")
    assert game.status_text == spanish
    qsearch.set_language("en")
    assert game.status_text == (
        f"Engine (alphabeta, depth 2) played column {r.action + 1}: value {r.value:g}, "
        f"{r.nodes} nodes searched. Your move: you play red.")


def test_connect4_says_why_a_click_is_not_played_in_either_language():
    qsearch.set_language("es")
    game = ticking(PlayConnect4(depth=1))
    game.set_position(Connect4.from_moves("1111112"))     # column 1 full, the human to move
    game._click(0)
    assert "No se ha jugado: la columna 1 está llena." in game.status_text
    qsearch.set_language("en")
    game._click(0)
    assert "Not played: column 1 is full." in game.status_text


def test_a_dropped_click_and_the_thinking_sign_are_said_in_spanish():
    qsearch.set_language("es")
    game = PlayTicTacToe()
    game._clock = lambda: 0.0                           # every click lands just after an answer
    game._answered_at = 0.0
    game._click(4)
    assert game.dropped_clicks == 1 and game.state.history() == []
    assert game.status_text.startswith(
        "No se ha jugado: ese clic llegó mientras el motor movía (o justo después); vuelve a "
        "hacer clic si era lo que querías.")
    seen = []
    game._refresh_buttons = lambda: seen.append(game.status_html.value)
    game._set_thinking(True)
    assert "pensando…" in seen[-1] and "El motor está pensando…" in seen[-1]


def test_tictactoe_names_its_squares_and_the_end_of_the_game_in_spanish():
    qsearch.set_language("es")
    game = ticking(PlayTicTacToe())
    assert game.cell_buttons[0].tooltip == "jugar en la esquina superior izquierda"
    game.play(4)
    assert game.status_text.endswith("Te toca mover: juegas con X (azul).")
    assert "jugó en la esquina" in game.status_text or "jugó en el lado" in game.status_text
    game._click(4)
    assert "No se ha jugado: el centro no está libre." in game.status_text
    while not game.state.is_terminal():                 # the first free square, every time
        game.play(game.state.legal_actions()[0])
    assert game.status_text.endswith(("Fin de la partida: empate.",
                                      "Fin de la partida: gana el motor."))
    qsearch.set_language("en")
    assert "Game over:" in game.status_text


# ------------------------------------------------------------------ any game: PlayGame
def test_play_game_in_spanish_and_its_exceptions_stay_english():
    qsearch.set_language("es")
    game = ticking(PlayGame("tictactoe", opponent="alphabeta", depth=3))
    assert game.first_checkbox.description == "empieza el rival"
    assert game.new_button.description == "Nueva partida"
    assert game.status_text == "Te toca mover: eres el jugador 0."
    opponent = game.widget.children[0].children[0].value
    assert opponent == "rival: <b>alphabeta, profundidad 3</b>"
    game.play(4)
    assert re.match(r"El rival \(alphabeta, profundidad 3\) jugó .+ \(valor -?[0-9,]+; "
                    r"exploró [0-9.]+ nodos\)\. Te toca mover: eres el jugador 0\.$",
                    game.status_text), game.status_text
    with pytest.raises(IllegalMoveError, match=r"is not a legal move here \(legal: "):
        game.human_move(4)                              # for programmers: English
    game._click(4)
    assert "No se ha jugado: " in game.status_text
    assert "no es una jugada legal aquí (legales: " in game.status_text
    qsearch.set_language("en")
    game._click(4)
    assert "Not played: " in game.status_text and "is not a legal move here" in game.status_text
    assert game.status_text.startswith("The opponent (alphabeta, depth 3) played ")


def test_an_opponent_that_fails_and_the_dice_are_said_in_spanish():
    qsearch.set_language("es")

    def cheat(state):
        return 99

    game = ticking(PlayGame("tictactoe", opponent=cheat))
    game._click(0)
    assert ("El rival ha fallado: IllegalMoveError: el rival (cheat) eligió 99, que no es una "
            "acción legal aquí (legales: ") in game.status_text
    assert game.status_text.endswith("Le toca al rival: pulsa Deshacer o Nueva partida.")
    pig = ticking(PlayGame("pig", opponent="random", seed=3))
    pig.play(pig.state.legal_actions()[0])
    assert pig.rolls and pig.roll_text().startswith("Última tirada: ")
    mcts = PlayGame("tictactoe", opponent="mcts", iterations=1000)
    assert mcts.opponent.label_text() == "mcts, 1.000 iteraciones"
    qsearch.set_language("en")
    assert pig.roll_text().startswith("Last roll: ")
    assert mcts.opponent.label_text() == mcts.opponent.label == "mcts, 1,000 iterations"


# ------------------------------------------------------------------ Quarto
def test_quarto_prompts_and_names_placements_in_spanish():
    qsearch.set_language("es")
    game = ticking(PlayQuarto(depth=1))
    assert (game._new.description, game._undo.description, game._judge.description,
            game._first.description) == ("Nueva partida", "Deshacer", "¿Quién gana?",
                                         "empiezo yo")
    assert game._square_buttons[12].tooltip == "fila 1, columna 4"
    assert game._piece_buttons[0].tooltip == "clara, redonda, alta y maciza"
    assert game.status_text == "Te toca mover: haz clic en una casilla y en una pieza."
    game.select_square(12)
    assert game.status_text == ("Te toca mover: la casilla de la fila 1, columna 4; ahora haz "
                                "clic en una pieza.")
    game.select_piece(0)
    assert game.status_text.startswith("El motor colocó la pieza ")
    assert "para el motor; exploró " in game.status_text
    assert game.status_text.endswith("Te toca mover: haz clic en una casilla y en una pieza.")
    qsearch.set_language("en")
    assert game.status_text.startswith("The engine placed the ")
    assert game.status_text.endswith("Your move: click a square and a piece.")


def test_who_wins_is_answered_in_spanish():
    qsearch.set_language("es")
    game = ticking(PlayQuarto(opponent="perfect"))
    assert game.who_wins() == "lost"
    said = game.status_text
    assert said.startswith("¿Quién gana? Con el mejor juego de ambos desde aquí (mueves tú), "
                           "gana el jugador perfecto, completando una línea con la ")
    assert re.search(r"con la \d+\.ª pieza a más tardar\.", said)
    qsearch.set_language("en")
    game.who_wins()
    piece = ordinal(int(re.search(r"la (\d+)\.ª", said).group(1)))
    assert game.status_text.startswith(
        "Who wins? With best play on both sides from here (you to move), the perfect player "
        f"wins, completing a line with the {piece} piece at the latest.")


# ------------------------------------------------------------------ ParCheckers
def test_parcheckers_in_spanish():
    qsearch.set_language("es")
    game = ticking(PlayParCheckers(opponent=0, human=1, seed=2))   # agent 0 opens
    assert game.status_text.startswith("agente 0 (aleatorio) jugó ")
    assert game.status_text.endswith(
        "te toca mover: elige un valor (" + ", ".join(game.state.available_values()) + ")")
    assert [label for label, _k in game._agent.options][:3] == [
        "agente 0 (aleatorio)", "agente 1 (ficha más adelantada)", "agente 2 (mejor opción)"]
    assert (game._new.description, game._undo.description, game._first.description) == (
        "Nueva partida", "Deshacer", "juego con amarillo+verde")
    assert game._values.tooltips[0].split(":")[1].strip().startswith("avanza")
    game._on_value({"new": "3"})                        # not a value of the game
    assert "el valor 3 no está disponible; elige uno de estos: " in game.status_text
    with pytest.raises(IllegalMoveError, match="value 3 is not available; choose one of"):
        game.choose_value("3")
    value = game.state.available_values()[0]
    game.choose_value(value)
    parts = game.status_text.split(" | ")             # (the earlier note stays after it)
    assert {f"valor {value}: elige una ficha",
            f"valor {value}: ninguna ficha puede moverse, PASAR"} & set(parts)
    qsearch.set_language("en")
    parts = game.status_text.split(" | ")
    assert {f"value {value}: choose a piece", f"value {value}: no piece can move, SKIP"} & \
        set(parts)
    assert game.status_text.startswith("agent 0 (random) played ")


# ------------------------------------------------------------------ the pruning toggle
def test_the_pruning_toggle_and_its_table_in_spanish():
    qsearch.set_language("es")
    game = ticking(PlayPruningToggle(depth=3, count_both=True))
    assert game.toggle.description == "Alfa-beta: desactivada"
    assert (game.both_checkbox.description, game.fill_button.description) == (
        "contar ambas", "completar la tabla")
    game.play(3)
    r = game.last_result
    assert game.status_text == (
        f"El motor (profundidad 3, sin poda) jugó en la columna {r.column + 1}, valor "
        f"{r.value:g}: {r.normal} llamadas a V (sin poda {r.normal}, con poda {r.pruned}). "
        "Te toca mover: juegas con rojo.")
    share = 100 * (1 - r.pruned / r.normal)
    assert "<th>sin poda</th><th>con poda</th>" in game.table.value
    assert f"<td>{share:.2f}".replace(".", ",") + " %</td>" in game.table.value
    game.toggle.value = True
    assert game.toggle.description == "Alfa-beta: activada"
    qsearch.set_language("en")
    assert game.status_text == (
        f"Engine (depth 3, without pruning) played column {r.column + 1}, value {r.value:g}: "
        f"{r.normal} calls of V (without pruning {r.normal}, with {r.pruned}). "
        "Your move: you play red.")
    assert f"<td>{share:.2f}%</td>" in game.table_html()


# ------------------------------------------------------------------ the boards' words
def test_the_boards_captions_and_legends_in_spanish_and_english():
    boards = {"c4": Connect4.from_moves("44"), "ttt": TicTacToe(), "rev": Reversi(),
              "q": OwnPieceQuarto(), "hg": Hypergammon(), "pc": ParCheckers()}

    def drawn():
        return {"c4": connect4_svg(boards["c4"]), "c4_empty": connect4_svg(Connect4()),
                "ttt": tictactoe_svg(boards["ttt"]), "rev": reversi_svg(boards["rev"]),
                "q": quarto_svg(boards["q"]), "hg": hypergammon_svg(boards["hg"]),
                "pc": pc_svg.parcheckers_svg(boards["pc"])}

    english = drawn()
    assert "<title>Connect-4 after 44</title>" in english["c4"]
    assert "<title>Connect-4 after no moves</title>" in english["c4_empty"]
    assert "<title>Reversi: black 2, white 2</title>" in english["rev"]
    assert "<title>Quarto board</title>" in english["q"]
    assert ">x (dark)</text>" in english["hg"] and 'cx="493"' in english["hg"]  # 410 + 76 + 7
    assert ">safe square</text>" in english["pc"] and ">goal</text>" in english["pc"]
    qsearch.set_language("es")
    spanish = drawn()
    assert "<title>Conecta-4 tras 44</title>" in spanish["c4"]
    assert "<title>Conecta-4 sin jugadas</title>" in spanish["c4_empty"]
    assert "<title>tres en raya" in spanish["ttt"]
    assert "<title>Reversi: negras 2, blancas 2</title>" in spanish["rev"]
    assert "<title>Tablero de Quarto</title>" in spanish["q"]
    assert ">x (oscuras)</text>" in spanish["hg"] and ">o (claras)</text>" in spanish["hg"]
    assert "fuera: x 0, o 0 · falta tirar los dados" in spanish["hg"]
    for text in (">casilla segura</text>", ">meta</text>", ">turno 1</text>",
                 ">mueve: jugador 0</text>", ">turno del amarillo</text>",
                 ">un valor v avanza 2v casillas</text>", "<title>amarillo 0</title>"):
        assert text in spanish["pc"], text
    qsearch.set_language("en")
    assert drawn() == english                           # the language is read at each call


# ------------------------------------------------------------------ the catalogue
def _literals() -> dict[str, str]:
    """Every ``_("...")`` literal of the play widgets' files, with its file."""
    found = {}
    for name in PLAY_FILES:
        for node in ast.walk(ast.parse((VIZ / name).read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "_" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                found.setdefault(node.args[0].value, name)
    return found


def _shown_constants() -> list[str]:
    """English texts kept in constants and translated where they are shown."""
    from qsearch.arena.parcheckers_agents import agent
    from qsearch.reference.quarto import ATTRIBUTES

    return [*PlayTicTacToe.square_names, *PlayTicTacToe.colours, *PlayConnect4.colours,
            *PlayConnect4.__mro__[1].colours, *VALUE_HELP.values(), *pc_svg.LEGEND,
            *pc_svg.NAMES.values(), *VERDICT_WORDS.values(),
            *(word for pair in ATTRIBUTES for word in pair), *(agent(k).name for k in range(4))]


def test_every_message_of_the_play_widgets_has_its_spanish_with_the_same_placeholders():
    po = {e.msgid: e for e in polib.pofile(str(PO)) if e.msgid}
    messages = {**_literals(), **dict.fromkeys(_shown_constants(), "constant")}
    assert len(messages) > 150
    missing = [m for m in messages if m not in po or not po[m].msgstr or "fuzzy" in po[m].flags]
    assert not missing, missing
    for message in messages:
        fields = sorted(re.findall(r"\{(\w*)\}", message))
        assert sorted(re.findall(r"\{(\w*)\}", po[message].msgstr)) == fields, message
    qsearch.set_language("es")
    from qsearch.i18n import _
    assert _("New game") == "Nueva partida"             # the compiled .mo holds them too
    assert _(VALUE_HELP["YY"]) == "YY (yinyang): avanza 1 casilla, el único movimiento impar"


def test_the_catalogue_has_no_message_twice():
    msgids = [e.msgid for e in polib.pofile(str(PO))]
    assert len(msgids) == len(set(msgids)), sorted(m for m in set(msgids)
                                                   if msgids.count(m) > 1)
