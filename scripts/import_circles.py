"""Import circles and arrows up inside a package of the app, as its imports draw them (grimp, which import-linter
runs on). In the package, and in each package below it, two sub-packages or modules side by side that import each
other (directly or through others) are a circle; the fewest imports that, taken away, would leave none (grimp's
cycle breakers) are the arrows up.

    python scripts/import_circles.py                 # app.services and app.ui: each circle and arrow, and the counts
    python scripts/import_circles.py app.core ...    # other packages"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grimp

REPO = Path(__file__).resolve().parents[1]
CHECKED = ("app.services", "app.ui")


@dataclass(frozen=True)
class Circle:
    one: str
    other: str
    there: tuple[str, ...]  # the shortest chain of imports from one to the other
    back: tuple[str, ...]  # and back

    def __str__(self) -> str:
        return f"{self.one} <-> {self.other}: {' -> '.join(self.there)}; {' -> '.join(self.back)}"


@dataclass(frozen=True)
class ImportShape:
    circles: list[Circle]
    arrows_up: list[tuple[str, str]]  # (importer, imported)


def import_shape(package: str, graph: grimp.ImportGraph | None = None) -> ImportShape:
    graph = graph or app_graph()
    circles: list[Circle] = []
    arrows: set[tuple[str, str]] = set()
    for folder in _packages(graph, package):
        for one, other in itertools.combinations(sorted(graph.find_children(folder)), 2):
            there = graph.find_shortest_chain(one, other, as_packages=True)
            back = graph.find_shortest_chain(other, one, as_packages=True)
            if there and back:
                circles.append(Circle(one, other, there, back))
        arrows |= graph.nominate_cycle_breakers(folder)
    return ImportShape(circles, sorted(arrows))


def app_graph() -> grimp.ImportGraph:
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    return grimp.build_graph("app", cache_dir=None)


def _packages(graph: grimp.ImportGraph, package: str) -> Iterator[str]:
    yield package
    for child in sorted(graph.find_children(package)):
        if graph.find_children(child):
            yield from _packages(graph, child)


if __name__ == "__main__":
    graph = app_graph()
    for package in sys.argv[1:] or CHECKED:
        shape = import_shape(package, graph)
        print(f"{package}: {len(shape.circles)} import circles, {len(shape.arrows_up)} arrows up")
        for circle in shape.circles:
            print(f"  circle: {circle}")
        for importer, imported in shape.arrows_up:
            print(f"  arrow up: {importer} -> {imported}")
