"""A progress bar for long builds: documents done, documents per second, time left.

The build calls a progress callable with the number of documents done so far
(and ``begin(total)`` once it knows how many it will process). This one draws
a rich bar on stderr, only when stderr is a terminal unless asked::

    with BuildProgress() as bar:            # auto: shown on a terminal only
        build(corpus, store, progress=bar)

    # building ━━━━━━━━━━━━━━━━╸━━━━━━━━━━━ 41,200/100,000  812 docs/s  0:01:12 left

Nothing is drawn for builds under ``min_total`` documents (a bar that
appears and vanishes in a blink helps nobody). Import it only where a build
runs: it loads rich's progress machinery.
"""

from __future__ import annotations

from typing import Any

from rich.progress import ProgressColumn

__all__ = ["BuildProgress"]


class BuildProgress:
    """A callable ``progress(done)`` that draws a bar with a rate and an ETA.

    >>> bar = BuildProgress(enabled=False)
    >>> bar.begin(10); bar(4); bar.done
    4
    """

    def __init__(self, *, enabled: bool | None = None, label: str = "building", min_total: int = 50,
                 console: Any = None) -> None:
        self.enabled = enabled
        self.label = label
        self.min_total = min_total
        self.console = console
        self.total = 0
        self.done = 0
        self._bar: Any = None
        self._task: Any = None

    def _shown(self) -> bool:
        if self.enabled is not None:
            return self.enabled
        from rich.console import Console

        return Console(stderr=True).is_terminal

    def begin(self, total: int) -> None:
        """Start the bar for ``total`` documents (the build calls this)."""
        self.close()
        self.total, self.done = total, 0
        if total < self.min_total or not self._shown():
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._bar = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            _Rate(),
            TimeRemainingColumn(),
            TextColumn("left"),
            console=self.console or Console(stderr=True),
            transient=False,
        )
        self._bar.start()
        self._task = self._bar.add_task(self.label, total=total)

    def __call__(self, done: int) -> None:
        self.done = done
        if self._bar is not None:
            self._bar.update(self._task, completed=min(done, self.total))

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None

    def __enter__(self) -> "BuildProgress":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Rate(ProgressColumn):
    """Documents per second over the last few updates."""

    def render(self, task: Any) -> Any:
        from rich.text import Text

        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} docs/s" if speed else "… docs/s", style="progress.data.speed")
