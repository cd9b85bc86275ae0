"""The shuffle of a deal (H1), the random order of a hand and deal 1's dealer (H2),
drawn exactly as :meth:`random.Random.shuffle`, :meth:`random.Random.sample` and
:meth:`random.Random.randrange` draw them (the same
numbers from the same generator, so every seeded deal and game stays as it was), with
the per-draw calls of the standard library taken out: a deal is dealt, and a search
arranges hands, thousands of times a second.

Only a plain :class:`random.Random` is drawn from here; a subclass may draw its own
way, so it gets the standard library's methods.
"""

from __future__ import annotations

import random
from typing import Any

#: BITS[n]: n.bit_length(), what ``Random._randbelow(n)`` asks ``getrandbits`` for.
BITS: tuple[int, ...] = tuple(n.bit_length() for n in range(64))
#: DRAWS[size]: the draws that put ``size`` items in a random order, worked out once:
#: each (the place filled, how many numbers it is drawn from, their bits), from the last
#: place down to the first. A shuffle leaves out the first place's, which has one number.
DRAWS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((i, i + 1, BITS[i + 1]) for i in range(size - 1, -1, -1)) for size in range(64))
SHUFFLE_DRAWS = tuple(draws[:-1] for draws in DRAWS)


def below(n: int, rng: random.Random) -> int:
    """``rng.randrange(n)``, for ``n`` from 1."""
    if type(rng) is not random.Random or n >= len(BITS):
        return rng.randrange(n)
    getrandbits, k = rng.getrandbits, BITS[n]
    j = getrandbits(k)
    while j >= n:
        j = getrandbits(k)
    return j


def shuffle(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``."""
    if type(rng) is not random.Random or len(items) >= len(DRAWS):
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, n, k in SHUFFLE_DRAWS[len(items)]:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def sample(items: tuple[Any, ...], rng: random.Random) -> tuple[Any, ...]:
    """``tuple(rng.sample(items, len(items)))``: all of ``items`` in a random order
    (the standard library's pool method, which it uses for up to 21 items)."""
    n = len(items)
    if type(rng) is not random.Random or n > 21:
        return tuple(rng.sample(items, n))
    getrandbits = rng.getrandbits
    pool = list(items)
    # each item drawn goes to the end of what is left of the pool (the standard
    # library moves the pool's last item into its place): the draws, last first
    for last, size, k in DRAWS[n]:
        j = getrandbits(k)
        while j >= size:
            j = getrandbits(k)
        pool[j], pool[last] = pool[last], pool[j]
    pool.reverse()
    return tuple(pool)
