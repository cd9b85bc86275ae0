"""ebbes-tui: the Palatinate trick-taking game ebbes in a terminal."""

__version__ = "0.1.0"
