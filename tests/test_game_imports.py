"""A game package stands on the seam and the shell's widgets only: what a shared table
brings that a game's screens show (a chat line among the moves) is the seam's type, so
no game reaches into the table layer, and a game's screens work wherever it is played."""

import grimp


def test_no_game_imports_the_table_layer():
    graph = grimp.build_graph("ebbes_tui")
    reaching = sorted(f"{module} imports {imported}"
                      for module in graph.find_descendants("ebbes_tui.games")
                      for imported in graph.find_modules_directly_imported_by(module)
                      if imported == "ebbes_tui.table" or imported.startswith("ebbes_tui.table."))
    assert reaching == []
