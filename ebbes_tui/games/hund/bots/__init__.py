"""Hund's players: the normal bot's named heuristics and its estimates, the sampler of
hidden cards for search, and the fast rollout."""
