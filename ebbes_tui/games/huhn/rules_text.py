"""The rules in English for the app's rules screen, written from RULINGS-huhn (the
players never see ruling numbers)."""

RULES_TEXT = """\
# Blindes Huhn extrem

A trick game by Michael Schacht (Abacusspiele, 2017) for 2 to 5 players. Take as few
hens as you can; arrange your hand well, because you may only ever play one of its
two ends.

## The cards
Number cards 0 to 49. Ten show a **hen**: 5, 12, 17, 21, 26, 30, 34, 38, 43, 47.
Three show **pigs**: 19, 33, 46. The **0** is the Sau: it shows a pig but never
counts as a pig card. Four show the **face-down symbol**: 16, 28, 37, 44.

With 4 players the 1 and 2 are set aside, with 3 players 1 to 14, with 2 players
1 to 26; the 0 is always in. Every player gets 12 cards (10 with five players).

## A game
You play as many deals as agreed, one per player unless you choose otherwise. The
dealer of the first deal is chosen or drawn; then the deal passes to the left. The
player to the left of the dealer leads the first trick.

## Arranging your hand
After the deal everyone puts their whole hand in an order of their choice, left to
right, without seeing anyone else's. Play begins when everybody is done, and from
then on the order never changes.

## Playing
Clockwise, each player plays the **leftmost or the rightmost** card of their hand;
a trick has one card from every player. The **highest card takes the trick**, and its
taker leads the next one. Exception: in the **last trick** of a deal the **0 takes the
trick if the 49 is in it**.

**Face down:** a card with the face-down symbol may be played face down, except by the
last player of a trick. It is turned up when the trick is complete; until then the
others see only its back, and which end of the hand it came from.

## Penalties and rewards
A trick with 2, 3, 4 or 5 hens gives its taker a **penalty** of -3, -6, -10 or -15 at
once.

A trick with **exactly one pig card** (19, 33 or 46; the 0 never counts) gives its
taker a **reward card** worth +3. Each deal's supply holds three, one of each kind,
and the taker chooses among those left. Two or more pig cards: no reward. A trick may
give a penalty and a reward together.

Each reward card brings an advantage for its taker in the **next trick only**, if
used then (after the last trick it lapses, the +3 stays):

- **down**: lead that trick face down, whatever the card;
- **ear**: lead any card of your hand, not only an end card (a card with the
  face-down symbol taken from the middle may go face down);
- **hand**: name who leads that trick, yourself included; that player leads as
  usual.

## Scoring a deal
Each player scores -1 for each hen card in their stack, their penalties, +3 for each
reward card, and +3 if their stack holds no hen card at all.

The taker of the **last trick** may choose one option, or none:

- **hens**: the hens in their stack score nothing, except those of the last trick;
- **penalties**: their penalties score nothing, except one received for the last
  trick;
- if they took the last trick with the 0: **cross out** their own result of an earlier
  deal; it no longer counts in their total (each deal can be crossed out only once).

The +3 for a stack without hens depends only on the stack: *hens* does not earn it.
The app preselects the option worth most to your total.

## The end
After the agreed deals the highest total wins; ties share the win.

## What you see
Your own hand in its order; the cards of the trick (a back for a face-down card, and
the end each card came from); the last trick; everyone's number of cards, tricks,
hens, penalties and rewards; the rewards left in the supply; and, as a memory aid, a
log of the deal's tricks. Never another player's hand or its order, or a face-down
card before its trick is complete.
"""
