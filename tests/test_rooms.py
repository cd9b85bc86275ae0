"""Rooms a reader can hold (issue 24, item 7): no class of the shell (``ebbes_tui/ui``)
is over 300 lines or 25 methods; a screen or the app that grows hands a job to a
collaborator of its own (the table's news line, its shared-table link, its hot-seat
covers ...) instead."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "ebbes_tui"
MAX_LINES, MAX_METHODS = 300, 25


def test_no_class_of_the_shell_is_over_300_lines_or_25_methods():
    too_big = []
    for path in sorted((PACKAGE / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                methods = sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in node.body)
                if lines > MAX_LINES or methods > MAX_METHODS:
                    too_big.append(f"{path.name}: {node.name}, {lines} lines, {methods} methods")
    assert too_big == []
