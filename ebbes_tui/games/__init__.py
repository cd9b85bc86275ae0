"""The games on the seam (:mod:`ebbes_tui.game`), one package each. They never import
one another; the registry names them by import path."""
