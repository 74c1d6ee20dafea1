"""The controls every stepper shares: play/pause, a speed, previous/next and a slider.

:class:`StepControls` is one row of standard ipywidgets. The slider holds the step shown
(1..n); the ``Play`` widget only ticks. ipywidgets' ``Play`` has a ■ button that sends the
value back to its minimum; a stepper that jumped back to step 1 when a student meant to stop
and look would lose the step, so here ■ pauses like ⏸: a ``Play`` value that changes while it
is not playing can only be that reset, and is answered by putting the Play back at the
slider's step. Play and slider are kept in step by the kernel (not by ``jslink``), which is
what lets the kernel refuse the reset.

:func:`fit_content` is the layout of every text control of the steppers and the play widgets:
as wide as its label in whatever language, in rows that wrap.
"""
from __future__ import annotations

from collections.abc import Callable

from qsearch.i18n import _

# (label, milliseconds a step) offered by the speed menu; a stepper's own interval is added
# when it is not one of these. The labels are English; the menu says them in the language in
# use (:func:`speed_label`).
SPEEDS = (("0.1 s a step", 100), ("0.25 s a step", 250), ("0.5 s a step", 500),
          ("1 s a step", 1000), ("2 s a step", 2000))
PLAY_TOOLTIP = "▶ play the steps one after another; ⏸ or ■ pause at the step shown"


def fit_content(**extra):
    """A ``Layout`` as wide as the widget's own text, in whatever language it is written,
    and never shrunk below it: in a wrapping row (``flex_flow="row wrap"``) a widget that no
    longer fits goes to the next line whole, instead of showing «Nueva p…». ``extra``: more
    Layout traits (``margin``, ``min_width``...)."""
    import ipywidgets as widgets

    return widgets.Layout(width="auto", flex="0 0 auto", **extra)


def check_interval(interval) -> int:
    """``interval`` (milliseconds a step) as an int >= 1, or a ValueError naming it."""
    if isinstance(interval, bool) or not isinstance(interval, int) or interval < 1:
        raise ValueError(f"interval must be milliseconds >= 1, not {interval!r}")
    return interval


def speed_label(milliseconds: int) -> str:
    """The speed menu's label of ``milliseconds`` a step: ``0.25 s a step``."""
    return _("{seconds} s a step").format(seconds=f"{milliseconds / 1000:g}")


def speed_options(interval: int) -> list[tuple[str, int]]:
    """The speed menu's ``(label, milliseconds)`` options, ``interval`` among them."""
    options = [(speed_label(ms), ms) for _label, ms in SPEEDS]
    if interval not in dict(options).values():
        options.append((speed_label(interval), interval))
        options.sort(key=lambda option: option[1])
    return options


class StepControls:
    """``StepControls(n, on_step, label="step", interval=1000)``: the row of controls.

    ``on_step(k)`` is called with the step shown (1..n) each time it changes. ``box`` is the
    HBox to put in a stepper; ``go(k)`` shows step ``k``, as the slider does.
    """

    def __init__(self, n: int, on_step: Callable[[int], None], *, label: str = "step",
                 interval: int = 1000):
        import ipywidgets as widgets

        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"a stepper needs at least one step, not {n!r}")
        interval = check_interval(interval)
        self.n = n
        self.on_step = on_step
        self.play = widgets.Play(value=1, min=1, max=n, step=1, interval=interval,
                                 description="", tooltip=_(PLAY_TOOLTIP), show_repeat=False)
        self.speed = widgets.Dropdown(options=speed_options(interval), value=interval,
                                      tooltip=_("how long each step shows while playing"),
                                      layout=fit_content())
        self.slider = widgets.IntSlider(value=1, min=1, max=n, description=label,
                                        continuous_update=True,
                                        layout=widgets.Layout(width="40%", min_width="240px"))
        self.previous = widgets.Button(description=_("◀ previous"),
                                       tooltip=_("the previous step"),
                                       layout=fit_content())
        self.next = widgets.Button(description=_("next ▶"), tooltip=_("the next step"),
                                   layout=fit_content())
        self.previous.on_click(lambda _: self.move(-1))
        self.next.on_click(lambda _: self.move(+1))
        self.play.observe(self._on_play, names="value")
        self.slider.observe(self._on_slider, names="value")
        self.speed.observe(self._on_speed, names="value")
        self._enable_buttons(1)
        self.box = widgets.HBox([self.play, self.speed, self.previous, self.slider, self.next],
                                layout=widgets.Layout(flex_flow="row wrap"))

    @property
    def step(self) -> int:
        """The step shown (1..n)."""
        return self.slider.value

    def go(self, k: int) -> None:
        """Show step ``k`` (1..n)."""
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError(f"the step must be an int, not {type(k).__name__}")
        if not 1 <= k <= self.n:
            raise ValueError(f"the step must be in 1..{self.n}, not {k}")
        self.slider.value = k

    def move(self, delta: int) -> None:
        """``delta`` steps forward (negative: back), kept within 1..n."""
        self.slider.value = min(max(self.slider.value + delta, 1), self.n)

    def _on_play(self, change) -> None:
        if self.play.playing:
            self.slider.value = change["new"]
        elif change["new"] != self.slider.value:
            # Not playing, the value moved: ■'s reset to the first step. Pause instead.
            self.play.value = self.slider.value

    def _on_slider(self, change) -> None:
        k = change["new"]
        self.play.value = k                # Play resumes from the step shown
        self._enable_buttons(k)
        self.on_step(k)

    def _on_speed(self, change) -> None:
        self.play.interval = change["new"]

    def _enable_buttons(self, k: int) -> None:
        self.previous.disabled = k <= 1
        self.next.disabled = k >= self.n
