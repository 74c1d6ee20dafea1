"""Pictures of Monte Carlo tree search: the statistics tree, the UCT terms, a stepper.

* :func:`draw_mcts`: the statistics tree of a finished search (``keep_tree=True``) or of the
  search as of iteration ``k`` (``trace=True``) as a Graphviz digraph: each node shows its
  visits ``N`` and mean reward ``Q/N``, edges are as wide as the child's share of visits;
  at an iteration the selection path is drawn in red and the expanded node filled green.
* :func:`uct_bars_svg`: the root children's UCT values as stacked bars, exploitation
  ``Q/N`` plus exploration ``c sqrt(ln N / N_i)``.
* :class:`MCTSStepper`: one iteration per step (play/pause, a speed, slider, previous/next,
  shared with the other steppers by :mod:`qsearch.viz.step_controls`): the tree,
  a caption (the path, the expanded node, the rollout as a line of moves, the result and the
  updated numbers) and the bar chart.

Like the other steppers, nothing is searched again step by step: the pictures are rebuilt from
the trace of one finished compiled search (:class:`qsearch.core.mcts_results.MCTSEvent`).
The widget is standard ipywidgets with SVG inside ``widgets.HTML``.
"""
from __future__ import annotations

import html
import math

from qsearch.core.constants import CHANCE
from qsearch.core.mcts_results import MCTSTree
from qsearch.games import protocol
from qsearch.i18n import _, general, number
from qsearch.viz.lazy_widget import LazyWidget
from qsearch.viz.step_controls import StepControls, check_interval
from qsearch.viz.tree import svg_text

PATH_COLOR = "#c01c28"
NEW_COLOR = "#8ff0a4"
EXPLOIT_COLOR = "#1c71d8"
EXPLORE_COLOR = "#f6d32d"



def _signed(value: float) -> str:
    """``value`` with two decimals and its sign, as ``f"{value:+.2f}"`` in the reader's way."""
    return ("+" if value >= 0 or math.isnan(value) else "") + number(value, 2)


def tree_as_of(trace, k: int) -> MCTSTree:
    """The statistics tree after iteration ``k`` (1-based), rebuilt from a trace.

    Each event carries the statistics of the nodes on its path after the update, so replaying
    the events 1..k and keeping the last numbers seen for each path gives the tree.
    """
    if isinstance(k, bool) or not isinstance(k, int):
        raise TypeError(f"k must be an int, not {type(k).__name__}")
    if not 1 <= k <= len(trace):
        raise ValueError(f"k must be in 1..{len(trace)} (the iterations traced), not {k}")
    stats: dict[tuple, tuple] = {}
    for event in trace[:k]:
        for depth in range(len(event.path) + 1):
            stats[event.path[:depth]] = (event.N[depth], event.Q[depth], event.movers[depth])
    paths = sorted(stats, key=lambda p: (len(p), p))
    index = {p: i for i, p in enumerate(paths)}
    tree = MCTSTree([], [], [], [], [])
    for p in paths:
        n, q, mover = stats[p]
        tree.parent.append(index[p[:-1]] if p else -1)
        tree.action.append(p[-1] if p else -1)
        tree.N.append(n)
        tree.Q.append(q)
        tree.mover.append(mover)
    return tree


def _paths(tree: MCTSTree) -> list[tuple]:
    """The action path from the root to every node of ``tree``."""
    paths: list[tuple] = []
    for i, p in enumerate(tree.parent):
        paths.append(() if p < 0 else paths[p] + (tree.action[i],))
    return paths


def _edge_text(state, path: tuple, edge_labels) -> str:
    """The label of the edge into the node at ``path``: ``x@2`` on tic-tac-toe (as notebook
    02 writes moves), the game's own notation elsewhere (``d3``, ``4``, ``Roll 3``)."""
    if state is None or edge_labels is False:
        return str(path[-1])
    s = state.clone()
    for a in path[:-1]:
        s.apply_action(a)
    if callable(edge_labels):
        return str(edge_labels(s, path[-1]))
    return move_text(s, path[-1])


def move_text(state, action) -> str:
    """``action`` played in ``state``, in words for captions and edges."""
    player = state.current_player()
    if type(state).__name__ in ("TicTacToe", "PyTicTacToe") and player in (0, 1):
        return f"{'xo'[player]}@{action}"
    text = protocol.action_to_string(state, action)
    return _("chance: {outcome}").format(outcome=text) if player == CHANCE else text


def draw_mcts(result, *, state=None, top_k: int | None = 3, max_depth: int | None = 3,
              iteration: int | None = None, edge_labels=None, title: str | None = None,
              size: str | None = None):
    """A :class:`graphviz.Digraph` of the MCTS statistics tree (see the module docs).

    ``result``: from :func:`qsearch.search.mcts` with ``keep_tree=True`` (the final tree) or
    ``trace=True`` (any iteration). ``top_k``: show only the ``top_k`` most visited children
    of each node (None: all); ``max_depth``: levels below the root (None: all).
    ``iteration``: draw the tree after that iteration (needs the trace), its path in red and
    its new node in green. ``state``: the searched state, for move labels (``x@2``, ``d3``);
    ``edge_labels``: False for action numbers, or ``f(parent_state, action) -> str``.
    """
    from qsearch.viz.tree import new_digraph  # dot's, or drawn in pure Python without dot

    for name, value in (("top_k", top_k), ("max_depth", max_depth)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 1):
            raise ValueError(f"{name} must be an int >= 1 or None, not {value!r}")
    trace = getattr(result, "trace", None)
    event = None
    if iteration is not None:
        if not trace:
            raise ValueError("draw_mcts(iteration=...) needs a result searched with trace=True")
        tree = tree_as_of(trace, iteration)
        event = trace[iteration - 1]
    elif getattr(result, "tree", None) is not None:
        tree = result.tree
    elif trace:
        tree = tree_as_of(trace, len(trace))
    else:
        raise ValueError("draw_mcts needs a result searched with keep_tree=True or trace=True")
    paths = _paths(tree)
    on_path = {event.path[:d] for d in range(len(event.path) + 1)} if event else set()
    kids: dict[int, list[int]] = {}
    for i, p in enumerate(tree.parent):
        if p >= 0:
            kids.setdefault(p, []).append(i)
    shown = {0}
    frontier = [0]
    depth = 0
    while frontier and (max_depth is None or depth < max_depth):
        nxt = []
        for i in frontier:
            children = sorted(kids.get(i, []), key=lambda j: (-tree.N[j], tree.action[j]))
            keep = children if top_k is None else children[:top_k]
            keep += [j for j in children if paths[j] in on_path and j not in keep]
            for j in sorted(keep, key=lambda j: tree.action[j]):
                shown.add(j)
                nxt.append(j)
        frontier = nxt
        depth += 1
    dot = new_digraph(graph_attr={
        "rankdir": "TB", "nodesep": "0.25", "ranksep": "0.45", "bgcolor": "white",
        "ordering": "out", "fontname": "Helvetica",
        **({"size": size} if size else {}),
        **({"label": title, "labelloc": "t", "fontsize": "16"} if title else {}),
    }, node_attr={"fontname": "Helvetica", "fontsize": "11", "shape": "box",
                  "style": "rounded,filled", "fillcolor": "white", "margin": "0.05,0.03"},
        edge_attr={"arrowhead": "none", "fontname": "Helvetica", "fontsize": "10"})
    root_n = max(tree.N[0], 1)
    for i in sorted(shown):
        n, q = tree.N[i], tree.Q[i]
        label = f"N={n}\nQ/N={_signed(q / n)}" if n else "N=0"
        attrs = {}
        if event is not None and paths[i] == event.path and event.expanded:
            attrs["fillcolor"] = NEW_COLOR
        if paths[i] in on_path:
            attrs.update(color=PATH_COLOR, penwidth="2.5")
        hidden = len(kids.get(i, [])) - sum(1 for j in kids.get(i, []) if j in shown)
        if hidden > 0:
            label += "\n" + _("(+{count} more)").format(count=hidden)
        dot.node(str(i), label, **attrs)
        if i:
            width = 0.6 + 5.0 * n / root_n
            edge = {"penwidth": f"{width:.2f}",
                    "label": " " + _edge_text(state, paths[i], edge_labels)}
            if paths[i] in on_path:
                edge["color"] = PATH_COLOR
            dot.edge(str(tree.parent[i]), str(i), **edge)
    return dot


def uct_terms(tree: MCTSTree, c: float, actions=()) -> list[tuple[int, float, float]]:
    """``(action, exploitation Q/N, exploration c sqrt(ln N / N_i))`` per root child in the
    tree, and per action of ``actions`` (the root's legal moves) not in it yet: exploration
    is inf for a child not visited yet, as UCT tries every such child first."""
    terms = []
    for j, p in enumerate(tree.parent):
        if p == 0:
            n = tree.N[j]
            exploit = tree.Q[j] / n if n else 0.0
            explore = c * math.sqrt(math.log(tree.N[0]) / n) if n else math.inf
            terms.append((tree.action[j], exploit, explore))
    seen = {t[0] for t in terms}
    terms += [(a, 0.0, math.inf) for a in actions if a not in seen]
    return sorted(terms)


def uct_bars_svg(tree: MCTSTree, c: float, *, labels=None, width: int = 420,
                 chosen: int | None = None, actions=()) -> str:
    """The root children's UCT as stacked horizontal bars (exploitation + exploration).

    ``labels``: ``{action: text}`` for the bar names; ``chosen``: the action to outline (the
    child UCT picks next); ``actions``: the root's legal moves, so that those not visited
    yet get a bar too ("unvisited: ∞"). The scale runs from -1 to the largest UCT shown.
    """
    terms = uct_terms(tree, c, actions)
    finite = [e + x for _, e, x in terms if math.isfinite(x)] or [1.0]
    top = max(max(finite), 1.0)
    left, row, bar_w = 80, 26, width - 200
    height = 30 + row * len(terms) + 20

    def xpos(v: float) -> float:
        return left + bar_w * (v + 1.0) / (top + 1.0)

    body = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
            f'<text x="{left}" y="16" font-size="12" font-family="sans-serif">'
            f'UCT = <tspan fill="{EXPLOIT_COLOR}">Q/N</tspan> + '
            f'<tspan fill="#a07c00">c&#8730;(ln N / N&#7522;)</tspan>, c = {general(c, 3)}</text>']
    zero = xpos(0.0)
    body.append(f'<line x1="{zero:.1f}" y1="22" x2="{zero:.1f}" y2="{height - 16}" '
                'stroke="#77767b" stroke-dasharray="3,3"/>')
    for r, (action, exploit, explore) in enumerate(terms):
        y = 26 + r * row
        name = html.escape(labels.get(action, str(action)) if labels else str(action))
        body.append(f'<g class="uct-row{" chosen" if action == chosen else ""}">')
        body.append(f'<text x="{left - 6}" y="{y + 15}" text-anchor="end" font-size="12" '
                    f'font-family="sans-serif">{name}</text>')
        x0, x1 = sorted((zero, xpos(exploit)))
        body.append(f'<rect class="exploit" x="{x0:.1f}" y="{y + 3}" width="{x1 - x0:.1f}" '
                    f'height="{row - 8}" fill="{EXPLOIT_COLOR}"/>')
        if math.isfinite(explore):
            e0 = xpos(exploit)
            e1 = xpos(exploit + explore)
            body.append(f'<rect class="explore" x="{e0:.1f}" y="{y + 3}" '
                        f'width="{max(e1 - e0, 0):.1f}" height="{row - 8}" '
                        f'fill="{EXPLORE_COLOR}" fill-opacity="0.85"/>')
            text = f"{_signed(exploit)} + {number(explore, 2)} = {number(exploit + explore, 2)}"
            end = e1
        else:
            text = _("unvisited: ∞")
            end = x1
        if action == chosen:
            body.append(f'<rect x="{left - 2}" y="{y + 1}" width="{bar_w + 4}" '
                        f'height="{row - 4}" fill="none" stroke="{PATH_COLOR}"/>')
        body.append(f'<text x="{end + 4:.1f}" y="{y + 15}" font-size="11" '
                    f'font-family="sans-serif" fill="#3d3846">{text}</text></g>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" style="max-width:100%;height:auto" '
            f'role="img"><title>{html.escape(_("UCT terms"))}</title>'
            + "".join(body) + "</svg>")


class MCTSStepper(LazyWidget):
    """Step through a compiled MCTS search one iteration at a time.

    ``MCTSStepper(state, iterations=100, *, c=sqrt(2), seed=0, interval=800, top_k=3,
    max_depth=3, **mcts_options)``. Headless use: ``caption(k)``, ``svg(k)``,
    ``bars_svg(k)`` for iteration ``k`` (1..iterations); ``widget`` is the ipywidgets box.
    """

    def __init__(self, state, iterations: int = 100, *, c: float = math.sqrt(2.0),
                 seed: int = 0, interval: int = 800, top_k: int | None = 3,
                 max_depth: int | None = 3, edge_labels=None, **mcts_options):
        from qsearch.search import mcts

        check_interval(interval)
        self.state = state.clone()
        self.result = mcts(state, iterations, c=c, seed=seed, trace=True, **mcts_options)
        self.c = float(c)
        self.interval = interval
        self.draw_options = {"top_k": top_k, "max_depth": max_depth, "edge_labels": edge_labels}
        self._svgs: dict[int, str] = {}

    @property
    def n_steps(self) -> int:
        """One step per iteration."""
        return len(self.result.trace)

    def _check(self, k) -> int:
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError(f"k must be an int, not {type(k).__name__}")
        if not 1 <= k <= self.n_steps:
            raise ValueError(f"k must be in 1..{self.n_steps}, not {k}")
        return k

    def _moves(self, actions, start=()) -> list[str]:
        s = self.state.clone()
        for a in start:
            s.apply_action(a)
        words = []
        for a in actions:
            words.append(move_text(s, a))
            s.apply_action(a)
        return words

    def caption(self, k: int) -> str:
        """What iteration ``k`` did, in words."""
        e = self.result.trace[self._check(k) - 1]
        path = " → ".join(self._moves(e.path)) or _("(the root)")
        if e.expanded:
            grow = _("expands the new node {move}").format(
                move=self._moves(e.path[-1:], e.path[:-1])[0])
        else:
            grow = _("ends at a finished game already in the tree (nothing to expand)")
        rollout = " ".join(self._moves(e.rollout, e.path)) or _("(none: the game is over)")
        r = e.result
        winner = 0 if r[0] > r[1] else 1
        names = ("xo" if type(self.state).__name__ in ("TicTacToe", "PyTicTacToe")
                 else (_("player 0"), _("player 1")))
        if r[0] == r[1]:
            outcome = _("draw")
        elif abs(r[0]) == 1 and r[0] == -r[1]:
            outcome = _("{player} wins").format(player=names[winner])
        else:
            outcome = _("rewards {first}, {second}").format(first=f"{r[0]:+g}",
                                                            second=f"{r[1]:+g}")
        return _("Iteration {k}: selection {path}; {grow}; rollout {rollout}; result {outcome} "
                 "({reward} for player 0); the root now has N = {visits}.").format(
            k=k, path=path, grow=grow, rollout=rollout, outcome=outcome, reward=f"{r[0]:+g}",
            visits=e.N[0])

    def svg(self, k: int) -> str:
        """The tree after iteration ``k`` (cached SVG)."""
        k = self._check(k)
        if k not in self._svgs:
            self._svgs[k] = svg_text(draw_mcts(self.result, state=self.state, iteration=k,
                                               **self.draw_options))
        return self._svgs[k]

    def bars_svg(self, k: int) -> str:
        """The root children's UCT terms after iteration ``k``."""
        tree = tree_as_of(self.result.trace, self._check(k))
        actions = list(self.state.legal_actions())
        labels = {a: self._moves([a])[0] for a in actions}
        return uct_bars_svg(tree, self.c, labels=labels, chosen=self.next_choice(k),
                            actions=actions)

    def next_choice(self, k: int):
        """The root move UCT picks at iteration ``k + 1`` (outlined in the bars), or None
        while some root move is not visited yet (those are tried first, in random order)."""
        tree = tree_as_of(self.result.trace, self._check(k))
        terms = uct_terms(tree, self.c)
        if len(terms) != len(self.state.legal_actions()) or not terms:
            return None
        first = {}                 # a tie goes to the child expanded first (mejorUCT's order)
        for i, e in enumerate(self.result.trace[:k]):
            first.setdefault(e.path[0], i)
        return max(terms, key=lambda t: (t[1] + t[2], -first[t[0]]))[0]

    def _build_widget(self):
        import ipywidgets as widgets

        self.controls = StepControls(self.n_steps, self._show, label=_("iteration"),
                                     interval=self.interval)
        self.play, self.speed = self.controls.play, self.controls.speed
        self.slider = self.controls.slider
        self.previous, self.next = self.controls.previous, self.controls.next
        self.caption_html = widgets.HTML(value=self._caption_html(1))
        self.caption_html.add_class("qsearch-stepper-caption")
        # Both pictures shrink to the window (max-width: 100%); the bars wrap below the tree
        # when they do not fit beside it.
        self.picture = widgets.HTML(value=self.svg(1),
                                    layout=widgets.Layout(max_width="100%", flex="0 1 auto",
                                                          overflow="auto"))
        self.picture.add_class("qsearch-stepper-tree")
        self.bars = widgets.HTML(value=self.bars_svg(1),
                                 layout=widgets.Layout(max_width="100%", flex="0 1 auto",
                                                       overflow="auto"))
        self.bars.add_class("qsearch-mcts-bars")
        box = widgets.VBox([self.controls.box, self.caption_html,
                            widgets.HBox([self.picture, self.bars],
                                         layout=widgets.Layout(flex_flow="row wrap"))])
        box.add_class("qsearch-stepper")
        return box

    def step_to(self, k: int) -> None:
        """Show iteration ``k`` (what the slider does)."""
        _built = self.widget        # builds the controls on first use
        self.controls.go(self._check(k))

    def _show(self, k: int) -> None:
        self.caption_html.value = self._caption_html(k)
        self.picture.value = self.svg(k)
        self.bars.value = self.bars_svg(k)

    def _caption_html(self, k: int) -> str:
        text = self.caption(k).split(": ", 1)[1]         # after "Iteration k: "
        where = _("Iteration {k} of {n}").format(k=k, n=self.n_steps)
        return (f"<div style='font-size:1.05em;min-height:2.6em'><b>{html.escape(where)}</b>: "
                f"{html.escape(text)}</div>")

    def _repr_svg_(self) -> str:
        """The tree after the last iteration, for viewers without a kernel."""
        return self.svg(self.n_steps)

    def __repr__(self) -> str:
        r = self.result
        return (f"MCTSStepper({self.state!r}, {self.n_steps} iterations: best action "
                f"{r.action}, children {[tuple(ch) for ch in r.children]})")
