"""Blindes Huhn extrem's players: the normal bot's named heuristics and its reading of
the table, the sampler of hidden hands for search, and fast rollouts."""
