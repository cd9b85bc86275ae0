"""Blindes Huhn extrem at the screen (loaded by the generic shell through ``screens``)."""
