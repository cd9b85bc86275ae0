"""The decisions not made on the table: which reward card to take (H8, H9), who leads
the next trick with *hand* (H9), and the last trick's option (H11), each choice
explained in one line."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ....ui.decision import DecisionDialog
from ....ui.footer import KeysFooter
from ....ui.picker import seat_label
from ....ui.words import padded, seat_names
from ..rules.actions import NONE, NameLeader, TakeReward
from ..rules.cards import REWARD_POINTS
from ..rules.scoring import score_deal
from ..rules.view import HuhnView
from .explain import option_words
from .look import REWARD_WORDS
from .trick import TrickArea


class HuhnDialog(DecisionDialog[HuhnView, object]):
    """A list of choices, one line each, the preselected one highlighted; low on the
    screen, so the players and the trick above stay in view, with its own key line."""

    DEFAULT_CSS = """
    HuhnDialog { align: center bottom; }
    HuhnDialog .dialog-row { height: auto; }
    HuhnDialog .dialog-side { width: 1fr; height: auto; padding-left: 1; }
    """
    #: The choice is made by the hand: the dialog keeps clear of it (reward, leader).
    BY_THE_HAND = False
    #: The note and the keys beside the choices, not above and below them: a row
    #: for each choice, so five seats fit over the Players panel at 80x24.
    NOTE_BESIDE = False

    def title_text(self) -> str:
        raise NotImplementedError

    def note(self) -> str:
        return ""

    def choices(self) -> list[tuple[str, object]]:
        raise NotImplementedError

    def preselected(self) -> int:
        return 0

    def compose(self) -> ComposeResult:
        look = self.app.look
        self._answers = [answer for _, answer in self.choices()]
        note = Static(look.text(self.note()), markup=False)
        options = OptionList(*(Option(Text(look.text(label)), id=str(i))
                               for i, (label, _) in enumerate(self.choices())))
        keys = Static("Up/Down: choose" + ("\n" if self.NOTE_BESIDE else "   ") + "Enter: take it",
                      classes="dialog-help")
        with Vertical(classes="dialog"):
            yield Static(look.text(self.title_text()), classes="dialog-title", markup=False)
            if self.NOTE_BESIDE:
                options.styles.width = 2 + max(cell_len(label) for label, _ in self.choices())
                with Horizontal(classes="dialog-row"):
                    yield options
                    with Vertical(classes="dialog-side"):
                        yield note
                        yield keys
            else:
                if self.note():
                    yield note
                yield options
                yield keys
            yield Static(self.error, classes="dialog-error", markup=False)
            yield Static(id="dialog-hint", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        box = self.query_one(".dialog")
        # Wider and taller than the app's dialogs (its stylesheet wins over DEFAULT_CSS):
        # each choice's line of explanation fits on one line at 80 columns.
        box.styles.width, box.styles.max_height = 76, 20
        # No empty lines: the lower the dialog begins, the more of the trick shows.
        self.query_one(".dialog-error").display = bool(self.error)
        self.query_one("#dialog-hint").display = False
        options = self.query_one(OptionList)
        options.highlighted = self.preselected()
        options.focus()
        if self.BY_THE_HAND:
            box.styles.margin = 0
            self.query_one(".dialog-title").styles.margin = 0  # a row more for the trick
            self._clear_of_the_hand()
            self.call_after_refresh(self._clear_of_the_hand)  # its height is known then

    def covers_the_coach(self) -> bool:
        return not self.BY_THE_HAND  # above the hand, the coach's line below stays in view

    def on_resize(self) -> None:
        if self.BY_THE_HAND:
            self.call_after_refresh(self._clear_of_the_hand)

    def show_hint(self, text: str) -> None:
        super().show_hint(text)
        if self.BY_THE_HAND:  # a row more: it may no longer fit where it lies
            self.call_after_refresh(self._clear_of_the_hand)

    def _clear_of_the_hand(self) -> None:
        """Lay the box over the trick panel, just above the hand, below the trick's
        lines; short of room for that (80x24), over the Players panel: the hand and
        the trick just taken stay in view."""
        beneath = self.beneath
        if beneath is None or not self.is_mounted:
            return
        hands, tricks, players = (beneath.query(q) for q in ("#hand-box", TrickArea, "#players"))
        if not (hands and tricks and players):
            return
        box = self.query_one(".dialog")
        hand, trick = hands.first().region, tricks.first(TrickArea)
        self.styles.align = ("left", "top")
        height = box.outer_size.height  # 0 before its first layout: not known yet
        top = hand.y - height
        if not height or top < trick.region.y + 1 + trick.rows_shown:
            top = players.first().region.y
        x = trick.region.x + max(0, (trick.region.width - box.outer_size.width) // 2)
        box.styles.offset = (x, top)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.answer(self._answers[int(event.option.id or 0)])

    def point_at(self, answer: object) -> None:
        if answer in self._answers:
            self.query_one(OptionList).highlighted = self._answers.index(answer)


class RewardDialog(HuhnDialog):
    """H8: the trick had exactly one pig card; the taker chooses among the reward
    cards left, each worth +3 and an advantage for the next trick (H9)."""

    view: HuhnView
    BY_THE_HAND = True

    def title_text(self) -> str:
        return f"Your trick had one pig: take a reward card (+{REWARD_POINTS})"

    def note(self) -> str:
        view = self.view
        if len(view.tricks) == view.dealt:
            note = "That was the last trick: no advantage is used now, each card counts +3."
        else:
            note = "Its advantage is yours in the next trick only."
        # The Players panel saying who took which lies under the dialog at 80x24: a
        # newcomer offered two of three wondered where the third went.
        names = seat_names(view, self.app.look, self.personal)
        taken = [f"{kind} ({names[seat]}, trick {trick})" for trick, seat, kind in view.reward_log]
        return note + (f" Taken this deal: {', '.join(taken)}." if taken else "")

    def choices(self) -> list[tuple[str, object]]:
        return [(f"{a.kind:<5} {REWARD_WORDS[a.kind]}", a) for a in self.view.actions
                if isinstance(a, TakeReward)]


class LeaderDialog(HuhnDialog):
    """H9 *hand*: name who leads the next trick, yourself included; that player leads
    as usual. Each line says where that puts you in the trick."""

    view: HuhnView
    BY_THE_HAND = True
    NOTE_BESIDE = True

    def title_text(self) -> str:
        return "The hand reward: who leads the next trick?"

    def note(self) -> str:
        return "That player leads as usual (an end card); the others follow clockwise."

    def choices(self) -> list[tuple[str, object]]:
        view = self.view
        me = view.seat or 0
        n = len(view.seats)
        names = seat_names(view, self.app.look, self.personal)
        out: list[tuple[str, object]] = []
        for action in view.actions:
            if not isinstance(action, NameLeader):
                continue
            seat = action.seat
            place = (me - seat) % n
            where = "you lead" if place == 0 else "you play last" if place == n - 1 else \
                f"you play {_ordinal(place + 1)} of {n}"
            label = seat_label(names[seat], own=seat == me, kind=view.seats[seat].kind)
            out.append((f"{padded(label, 24)} {where}", action))
        return out

    def preselected(self) -> int:
        """Yourself: the lead stays where it is without the reward (H9), and the
        cursor starts on the first row, where a player looks for it."""
        me = self.view.seat or 0
        return next((i for i, (_, a) in enumerate(self.choices())
                     if isinstance(a, NameLeader) and a.seat == me), 0)


class OptionDialog(HuhnDialog):
    """H11: the last trick's taker chooses an option or none; each line says what it
    adds to the game total, and the one worth most is preselected."""

    view: HuhnView

    def title_text(self) -> str:
        how = " with the 0" if self.view.last_trick and self.view.last_trick.sau else ""
        return f"You took the last trick{how}: choose an option"

    def note(self) -> str:
        view = self.view
        seat = view.seat or 0
        result = score_deal(view.hens, view.penalties, view.rewards, view.tricks[-1],
                            NONE).points[seat]
        return (f"Without an option your result this deal is {result:+d}, your total "
                f"{view.totals[seat] + result:+d}. Each option adds to your total:\n"
                f" {'Adds':>4} {'Total':>6}        Option")  # over the choices' columns

    def choices(self) -> list[tuple[str, object]]:
        view = self.view
        seat = view.seat or 0
        base = view.totals[seat] + score_deal(view.hens, view.penalties, view.rewards,
                                              view.tricks[-1], NONE).points[seat]
        best = view.preselected_option()
        out: list[tuple[str, object]] = []
        for option, gain in view.option_effects():
            what = "none" if option == NONE else f"{option.word}: {option_words(option.word, 'You')}"
            if option.deal:
                earlier = view.scores[option.deal - 1].points[seat]
                what = f"cross out deal {option.deal} (your result there: {earlier:+d})"
            # in brackets: "best penalties: ..." read as an option's name
            mark = "(best)" if option == best else ""
            out.append((f"{gain:+4d} {base + gain:+6d} {mark:<6} {what}", option))
        return out

    def preselected(self) -> int:
        best = self.view.preselected_option()
        options = [o for o, _ in self.view.option_effects()]
        return options.index(best) if best in options else 0


def _ordinal(n: int) -> str:
    return {2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def dialog_for(view: HuhnView, error: str) -> HuhnDialog | None:
    """The dialog for ``view``'s decision, or None when the table takes it."""
    kind = {"reward": RewardDialog, "leader": LeaderDialog, "option": OptionDialog}.get(view.phase)
    return kind(view, error) if kind is not None else None

