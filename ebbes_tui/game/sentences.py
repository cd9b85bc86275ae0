"""A game's hint sentences kept as templates in one place: the bot says a sentence by
its template's key, and a test reads any hint back into its key and fields, to check
the claim that template makes in the position where it was said (issue 27)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from string import Formatter


class Sentences:
    """Templates by key, ``str.format`` style: ``"Play {card}: it is the only card you
    may play."``. A field matches any words within one sentence; ``said`` is a whole
    sentence that another one follows; ``tail`` is a clause the sentence may or may not
    have: empty, or from a comma or a semicolon on."""

    def __init__(self, templates: Mapping[str, str]) -> None:
        self.templates = dict(templates)
        self._patterns = {key: _pattern(text) for key, text in self.templates.items()}

    def __len__(self) -> int:
        return len(self.templates)

    def say(self, key: str, **fields: object) -> str:
        return self.templates[key].format(**fields)

    def match(self, text: str) -> tuple[str, dict[str, str]] | None:
        """The template ``text`` was said from and its fields, or None (the most
        specific template first: the one whose fixed words are longest)."""
        found = [(key, m.groupdict()) for key, pattern in self._patterns.items()
                 if (m := pattern.fullmatch(text))]
        if not found:
            return None
        return max(found, key=lambda kf: len(self.templates[kf[0]]) - sum(map(len, kf[1])))


#: What a field may say: anything within one sentence (no full stop and space).
_WORDS = r"(?:(?!\. ).)"


def _pattern(template: str) -> re.Pattern[str]:
    parts, seen = [], set()
    for literal, field, _, _ in Formatter().parse(template):
        parts.append(re.escape(literal))
        if field in seen:
            parts.append(f"(?P={field})")  # the same field says the same words
        elif field is not None:
            words = ".+?" if field == "said" else f"{_WORDS}+?"
            parts.append(f"(?P<{field}>(?:[,;]{_WORDS}*?)?)" if field == "tail"
                         else f"(?P<{field}>{words})")
            seen.add(field)
    return re.compile("".join(parts))


def about(hits: int, samples: int) -> str:
    """How many of ``samples`` sampled deals something happened in, in a player's
    words: "nearly every deal", "about 7 of 10 deals", "hardly any deal" (never
    "every" nor "no": a sample proves no certainty)."""
    share = hits / samples if samples else 0.0
    if share >= 0.95:
        return "nearly every deal"
    if share <= 0.05:
        return "hardly any deal"
    return f"about {min(9, max(1, round(share * 10)))} of 10 deals"


def share_of(words: str) -> tuple[float, float]:
    """The shares of samples :func:`about`'s ``words`` stand for (lowest, highest)."""
    if words == "nearly every deal":
        return 0.95, 1.0
    if words == "hardly any deal":
        return 0.0, 0.05
    m = re.fullmatch(r"about (\d) of 10 deals", words)
    if m is None:
        raise ValueError(f"{words!r} is no share of sampled deals")
    k = int(m.group(1))
    return (0.05 if k == 1 else k / 10 - 0.05), (0.95 if k == 9 else k / 10 + 0.05)
