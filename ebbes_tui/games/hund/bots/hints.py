"""Every sentence a Hund hint says, as templates (issue 27): the heuristics say them by
key, and the tests read each hint back into its template to check its claim."""

from __future__ import annotations

from ....game.sentences import Sentences

SENTENCES = Sentences({
    # both phases
    "sjanse_empty": "Your hand is empty, so your only move is to sjanse: the pile's top card "
                    "is played for you.",
    "only_card": "Play {play}: it is your only card.",
    "only_play": "Play {play}: it is the only play you may make.",
    # phase 1 (N3-N8)
    "start_krig": "Start a krig with {card}: it matches {rival}'s {match}, the trick is likely "
                  "worth taking, and your {follow} likely wins the krig.",
    "take_last": "Take the trick with {card}: nobody plays after you, and its cards are likely "
                 "worth having in phase 2.",
    "take": "Play {card}: it likely takes the trick, whose cards are likely worth having in "
            "phase 2.",
    "sjanse_keepers": "Sjanse: every card in your hand ({cards}) is likely worth keeping for "
                      "phase 2, so turn the pile's top card instead of giving one away.",
    "lead_least": "Lead {card}, {least}: whoever takes the trick must shed it later.",
    "give_all_take": "Play {card}, {least}: {each} would take this trick or war for it as it "
                     "stands.",
    "give_none_takes": "Give away {card}, {least}: {none} this trick as it stands.",
    "give": "Give away {card}: it does not take the trick, which is likely not worth taking, "
            "and it is likely worth little in phase 2.",
    "krig_sjanse": "Sjanse in the krig: {best}, {card}, likely loses, and the pile's top card "
                   "may be higher.",
    "krig_win": "Play {card}, {highest}, in the krig: its winner takes every card in the trick "
                "({so_far} so far), likely worth having.",
    "krig_lose": "Play {card} in the krig: it does not take the trick as it stands, and the "
                 "trick ({so_far} cards so far) is likely not worth taking.",
    "krig_lowest_all": "Play {card}, your lowest card, in the krig: every card you hold takes "
                       "the trick or wars on for it as it stands, so keep the higher ones.",
    "krig_lowest": "Play {card}, {lowest}, in the krig: the trick ({so_far} cards so far) is "
                   "likely not worth taking.",
    # phase 2 (N9-N14)
    "must_take": "You cannot beat {top} ({why}), so you take in {what}.",
    "beat_series": "Beat {top} with the series {play}: its top card is the cheapest that "
                   "beats{tail}, and it sheds {count} cards at once.",
    "beat": "Beat {top} with {play}, the cheapest card that beats it{tail}.",
    "keeping_trumps": ", keeping your trumps for later",
    "leave_beatable": "Lead {play}: you led {before} here before, this position has come "
                      "round twice, and once more ends phase 2 with you, holding the most "
                      "cards, the hund; {name} can likely beat it, which keeps the trick going.",
    "leave": "Lead {play}: you led {before} here before, this position has come round twice, "
             "and once more ends phase 2 with you, holding the most cards, the hund.",
    "lead_singleton": "Lead {card}, your only {suit}: a low card is hard to shed except by "
                      "leading it.",
    "lead_series": "Lead the series {play}: it sheds {count} low cards in one play.",
    "lead_last": "Lead {card}, your last card: once it is down, you are out.",
    "lead_trump": "Lead {card}, your lowest trump: you hold only trumps.",
    "lead_low": "Lead {card}, your {what}: low cards are hard to shed except by leading "
                "them{tail}.",
    "trumps_stay": ", and your trumps stay for later",
})

__all__ = ["SENTENCES"]
