"""Every play widget's and stepper's buttons, toggles, menus and labels show their whole text,
in English and in Spanish, in a window 1280 and 800 px wide (issue 45: «Nueva p…», «Desh…»,
«Alfa-beta: desacti…», «¿Quién ga…», and «hasta e» in the depth menu at 800 px).

Skipped unless ``QSEARCH_BROWSER_TESTS=1``. One notebook, one kernel: a cell builds every play
widget (PlayConnect4, PlayTicTacToe, PlayPruningToggle, PlayQuarto, PlayParCheckers, and
PlayGame on every game of the registry) and every stepper (minimax, alpha-beta on a tree wide
enough for the view and expand menus, PVS, expectiminimax, MCTS) once in English and once in
Spanish, and two in a later state (a ParCheckers value chosen: its piece buttons; a stepper at
its last step: its expand menu). The page is measured at 1280x900, then the window is narrowed
to 800x900 (the file browser open, JupyterLab's default). For every visible button (toggles and
the ToggleButtons' buttons too), label, checkbox label and slider readout, the text must fit
its box (``scrollWidth <= clientWidth``: with ``text-overflow: ellipsis`` a cut text is wider
than its box); for every menu (``select``), each option's text, measured in the menu's font,
must fit between its paddings (the arrow sits in the right one). Controls are never shrunk
below their text, so none may stick out of its notebook cell either. Screenshots of a few
widgets (:data:`SHOWN`) in each language and width go to ``tests/browser/artifacts/``.
"""
from __future__ import annotations

from browser_kit import ARTIFACTS, browser_only, in_browser, open_and_run_all, write_cells_notebook

pytestmark = browser_only

NOTEBOOK = "labels_fit.ipynb"
WIDTHS = (1280, 800)
HEIGHT = 900
WIDGETS_TIMEOUT_MS = 180_000    # a language's ~25 widgets, drawn on a loaded 2-core machine
LANGUAGES = ("en", "es")
SHOWN = ("PlayTicTacToe", "PlayPruningToggle", "AlphaBetaStepper")    # screenshots

BUILD = '''\
import ipywidgets as widgets
import qsearch
from qsearch.games import ExplicitTree, TicTacToe, load, names
from qsearch.viz import (AlphaBetaStepper, ExpectiminimaxStepper, MCTSStepper, MinimaxStepper,
                         PlayConnect4, PlayGame, PlayParCheckers, PlayQuarto, PlayTicTacToe,
                         PVSStepper)
from qsearch.viz.play_toggle import PlayPruningToggle


def every_widget():
    """(name, widget) of every play widget and stepper, in the language in use."""
    small = ExplicitTree([[3, 12], [2, 4]])
    made = [("PlayConnect4", PlayConnect4(depth=2)), ("PlayTicTacToe", PlayTicTacToe()),
            ("PlayPruningToggle", PlayPruningToggle(depth=2)), ("PlayQuarto", PlayQuarto()),
            ("PlayParCheckers", PlayParCheckers())]
    made += [(f"PlayGame-{name}", PlayGame(name, opponent="random")) for name in names()]
    made += [("MinimaxStepper", MinimaxStepper(small)),
             ("AlphaBetaStepper", AlphaBetaStepper(TicTacToe(), depth=3)),
             ("PVSStepper", PVSStepper(small)),
             ("ExpectiminimaxStepper", ExpectiminimaxStepper(load("pig"), 2)),
             ("MCTSStepper", MCTSStepper(load("nim"), 20, seed=0))]
    # labels a later state shows: the piece buttons of a value chosen, the expand menu's
    # subtrees at the last step
    chosen, last = PlayParCheckers(), AlphaBetaStepper(TicTacToe(), depth=3)
    _built = chosen.widget, last.widget     # their controls are made with the widget
    chosen.choose_value(chosen.state.available_values()[0])
    last.controls.go(last.n_steps)
    return made + [("PlayParCheckers-value", chosen), ("AlphaBetaStepper-last", last)]


def shown(language):
    """Every widget built in ``language``, in a box the test finds by its class."""
    qsearch.set_language(language)
    boxes = []
    for name, made in every_widget():
        made.widget.add_class(f"fit-{name}")
        boxes.append(made.widget)
    box = widgets.VBox(boxes)
    box.add_class(f"fit-{language}")
    qsearch.set_language(None)
    return box
'''
CELLS = [BUILD, *(f"shown({language!r})" for language in LANGUAGES)]

# The texts of one language's widgets that do not fit their boxes, measured in the page.
MEASURE = """
(language) => {
  const root = document.querySelector('.fit-' + language);
  if (!root) return {count: 0, cut: ['no widgets shown in ' + language]};
  const canvas = document.createElement('canvas').getContext('2d');
  const cut = [];
  let count = 0;
  const owner = el => {
    const w = el.closest('[class*="fit-"]:not(.fit-' + language + ')');
    return w ? [...w.classList].find(c => c.startsWith('fit-')).slice(4) : '?';
  };
  const visible = el => el.offsetParent !== null && el.getClientRects().length > 0
                        && el.getBoundingClientRect().width > 0;
  const cellRight = root.closest('.jp-Cell').getBoundingClientRect().right;
  const outside = (el, text) => {         // never shrunk: then it must not stick out instead
    const by = el.getBoundingClientRect().right - cellRight;
    if (by > 1) cut.push(`${owner(el)}: «${text}» sticks out of its cell by ${by.toFixed(0)} px`);
  };
  const texts = root.querySelectorAll(
    'button, .widget-label, .widget-label-basic, .widget-readout');
  for (const el of texts) {
    const text = el.innerText.trim();
    if (!text || !visible(el)) continue;
    count += 1;
    if (el.scrollWidth > el.clientWidth) {
      cut.push(`${owner(el)}: «${text}» needs ${el.scrollWidth} px, has ${el.clientWidth}`);
    }
    outside(el, text);
  }
  for (const select of root.querySelectorAll('select')) {
    if (!visible(select)) continue;
    // index -1 while a menu's options are being replaced (seen once on a loaded machine)
    const chosen = select.options[select.selectedIndex];
    outside(select, chosen ? chosen.text : '');
    const style = getComputedStyle(select);
    canvas.font = style.font || `${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft)
                 - parseFloat(style.paddingRight);
    for (const option of select.options) {
      const text = option.text.trim();
      count += 1;
      const need = canvas.measureText(text).width;
      if (need > room + 0.5) {
        cut.push(`${owner(select)}: menu option «${text}» needs ${need.toFixed(0)} px, `
                 + `has ${room.toFixed(0)}`);
      }
    }
  }
  return {count, cut};
}
"""

NOTEBOOK_WIDTH = "document.querySelector('.jp-NotebookPanel').getBoundingClientRect().width"


def measure(page, width: int) -> list[str]:
    """What is cut at this width, in every language (a screenshot of each)."""
    problems = []
    for language in LANGUAGES:
        seen = page.evaluate(MEASURE, language)
        assert seen["count"] > 50, f"only {seen['count']} texts measured in {language}"
        print(f"{language} at {width} px: {seen['count']} texts, {len(seen['cut'])} cut")
        problems += [f"{language} at {width} px: {c}" for c in seen["cut"]]
        for name in SHOWN:
            page.locator(f".fit-{language} .fit-{name}").first.screenshot(
                path=str(ARTIFACTS / f"labels_fit_{name}_{language}_{width}.png"))
    return problems


def wait_for_widgets(page, language: str) -> None:
    """Until ``language``'s widgets are on the page. A cell Run All left unrun (its prompt
    ``[ ]:``; seen once in a loaded CI run, the Spanish cell) is run again by its own keys; a
    cell that ran and shows no widgets fails with what it printed."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    selector = f".fit-{language} .qsearch-stepper"
    cell = page.locator(".jp-Notebook .jp-CodeCell").nth(1 + LANGUAGES.index(language))
    try:
        page.wait_for_selector(selector, state="attached", timeout=WIDGETS_TIMEOUT_MS)
        return
    except PlaywrightTimeout:
        prompt = cell.locator(".jp-InputPrompt").inner_text().strip()
        shown = cell.locator(".jp-OutputArea").inner_text()
    if prompt not in ("[ ]:", "[]:", ""):
        raise AssertionError(f"the {language} cell ran ({prompt}) but shows no widgets after "
                             f"{WIDGETS_TIMEOUT_MS // 1000} s; it printed:\n{shown[-3000:]}")
    print(f"the {language} cell was not run by Run All ({prompt!r}): running it again")
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Escape")
    page.keyboard.press("Shift+Enter")
    page.wait_for_selector(selector, state="attached", timeout=WIDGETS_TIMEOUT_MS)


def drive(page, base: str, token: str) -> None:
    page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
    open_and_run_all(page, base, token, NOTEBOOK, None)
    for language in LANGUAGES:
        wait_for_widgets(page, language)
    problems = measure(page, WIDTHS[0])
    for width in WIDTHS[1:]:
        before = page.evaluate(f"() => {NOTEBOOK_WIDTH}")
        page.set_viewport_size({"width": width, "height": HEIGHT})
        # JupyterLab lays the panels out again on the window's resize: wait for the notebook
        page.wait_for_function(f"w => {NOTEBOOK_WIDTH} < w", arg=before)
        problems += measure(page, width)
    assert not problems, "texts cut off in their boxes:\n" + "\n".join(problems)


def test_every_label_fits_in_both_languages_and_widths(lab, lab_dir):
    write_cells_notebook(lab_dir, NOTEBOOK, CELLS)
    base, token = lab
    in_browser("labels_fit", drive, base, token)
