"""A card the camera misread long ago, found when the players confirm a reading the referee
refuses (G8: the card cannot be where the camera saw it, the referee knows it elsewhere).

When the players say "yes, Anna beat it with the J♦" and the referee answers that Anna's hand
is known and holds no J♦, the referee's knowledge came from the camera, so the camera misread a
card before: the Q♦ it saw her take was the J♦. Or the A♠ the referee puts in Vera's hand was
another card, a look-alike nobody has accounted for. Each such look-alike is tried in turn: the
referee's past is replayed from the first event that named the misread card, with the card
renamed, all or nothing (`TablePipeline.rename_in_history`), and the confirmed event must then
be accepted.

A sure reading the referee refuses so (no question open) is asked about instead of called a
foul when a card of the player's known hand renamed so explains it (`_rename_past`, tried on a
copy of the referee): the players confirm the card, and the past is renamed. Unanswered, the
reading is taken as read: renamed.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from vision.game_view import MISREAD_RULES
from vision.missed_turn import guessed_tops_renamed
from vision.swept_bout import table_cards, trump_under_stock, unaccounted
from vision.table_events import (
    Question,
    TableEvent,
    Verdicted,
    laid_cards,
    played_cards,
    verdict_dict,
    verdict_ok,
)
from vision.table_reader import (
    RANK_LOOK_ALIKES,
    look_alikes,
    look_alikes_by_colour,
    rank_of,
    rank_value,
    suit_of,
)
from vision.tracking import TrackState

if TYPE_CHECKING:
    from vision.events_inference import GameFollower
    from vision.tracking import CardTracker


def renamed(value: Any, names: dict[str, str]) -> Any:
    """An event (or any part of it) with every mention of a card `old` of `names` as
    `names[old]`; names of players (dict keys) are left alone."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {key: renamed(item, names) for key, item in value.items()}
    return value


def mentions(value: Any, cards: Collection[str]) -> bool:
    if isinstance(value, str):
        return value in cards
    if isinstance(value, list):
        return any(mentions(item, cards) for item in value)
    if isinstance(value, dict):
        return any(mentions(item, cards) for item in value.values())
    return False


def rank_misread_on_table(snapshot: dict, event: dict) -> list[tuple[str, str]]:
    """(old, new): a card on the referee's table that, read as its rank's look-alike of the
    same suit (`RANK_LOOK_ALIKES`: 7 and 8, 6 and 9, Q and K), would give a throw-in `event`
    the rank it lacks there; `new` one a hand may hold (a card the player who laid it took
    before, say; the referee judging the past again tells whose)."""
    if event.get("type") != "throw_in":
        return []
    thrown = {rank_of(card) for card in event.get("cards") or ()}
    free = {card for seat in snapshot.get("hands") or {}
            for card in unaccounted(snapshot, (), seat)}
    return [(card, new) for card in table_cards(snapshot)
            if (rank := RANK_LOOK_ALIKES.get(rank_of(card))) in thrown
            and (new := rank + suit_of(card)) in free]


def misread_before(snapshot: dict, event: dict, *, own_hand_only: bool = False,
                   guessed: Collection[str] = (),
                   came_in_as: Mapping[str, Collection[str]] | None = None
                   ) -> list[tuple[str, str]]:
    """(old, new) renamings of the referee's past that would let `event` be true, likeliest
    first: a card known in the player's hand was the card he plays (old: that card; its
    look-alikes first, then cards of its suit, then the rest: the reader confuses J and Q of
    one suit too); or the card, known elsewhere, was a look-alike nobody has accounted for,
    or one known in a hand (old: the card; a player played the look-alike he had taken, read
    as this card), or any card nobody has accounted for where the follower only `guessed`
    the card. `own_hand_only`: the first kind alone (a card known elsewhere may have been
    taken from there: a foul, unless the players say otherwise). Before all these, a defence
    on a card the referee has not on its table, where a look-alike of it lies: that attack
    card was misread (the defence lies on a card all the same). And a card the referee has as
    the turned trump under the stock (its index small and sideways there): the trump was
    another card of its suit (its look-alike first), even with `own_hand_only`. Of the first
    kind too: a card known elsewhere (the discard pile, say) was a card of the player's known
    hand when he played it (a QC he took read as 10C then, so the referee still has him
    holding the QC and the 10C discarded); the renaming must be accepted all the same.
    For each card played, before its other renamings, even with `own_hand_only`: a card known
    elsewhere that was read as another code on its way in to where it was first told
    (`came_in_as`) was that card, where nobody has accounted for it
    (round-3p-seed67: Vera's 7♠ drawn, read 7♠ 0.93 coming in and 10♠ 0.8 at rest; Boris's
    10♠ drawn later, read 1.0, a false G8)."""
    player = event.get("player")
    hands = snapshot.get("hands") or {}
    own = list((hands.get(player) or {}).get("known") or ())
    free = set(unaccounted(snapshot))
    in_hands = {card for hand in hands.values() for card in (hand or {}).get("known") or ()}
    attacks = [entry.get("attack") for entry in snapshot.get("table") or ()]
    target = event.get("on")
    out: list[tuple[str, str]] = []
    if event.get("type") == "deal_card":
        out += guessed_tops_renamed(snapshot, event, guessed)
    if target is not None and target not in attacks:
        out += [(alike, target) for alike in look_alikes(target) if alike in attacks]
    trump = trump_under_stock(snapshot)
    for card in played_cards(event):
        if card not in free:
            out += [(card, other) for other in (came_in_as or {}).get(card, ())
                    if other in free]
        alikes = look_alikes_by_colour(card)
        if card == trump:   # read small and sideways by the stock: it was another of its suit
            out += [(card, other) for other in sorted(free, key=lambda c, a=alikes: (
                c not in a, rank_value(c))) if suit_of(other) == suit_of(card)]
        if card not in own:
            ranked = sorted(own, key=lambda held: (held not in alikes,
                                                   suit_of(held) != suit_of(card)))
            out += [(held, card) for held in ranked]
            if card not in free:   # known elsewhere: his card, played before, was misread so
                out += [(card, held) for held in ranked]
        if card not in free and not own_hand_only:
            others = sorted(free - set(alikes)) if card in guessed else []
            out += [(card, other) for other in alikes if other in free or other in in_hands]
            out += [(card, other) for other in others]
    return out


SAME_ACT_WITHIN = 1.0  # s: a refused reading this soon before a question offering it: one act
SWEPT_TOGETHER = 1.0   # s: a card last seen this close to its attack card's last sight went with it


def _same_act(refused: Verdicted, event: dict, question: Question) -> bool:
    """Refusal `refused` was the camera's reading of the act the players named `event` (the
    same player's, of the same kind): refused just before the question was asked, one it
    offered as that act's reading or a defence of the same attack card (an 8C defence read
    first as the 7S, known discarded: G8, then by turns as the 8S: asked; nobody takes a card
    back and lays another that fast); or a lead or throw-in of one card, refused as known
    elsewhere (G8, read surely: no question), of a look-alike of the card named."""
    said = refused.event.event
    if said.get("type") != event["type"] or said.get("player") != event.get("player"):
        return False
    if question.time - refused.event.time <= SAME_ACT_WITHIN and (
            said in question.candidates or event["type"] == "defend"
            and said.get("on") == event.get("on")):
        return True
    return event["type"] in ("attack", "throw_in") and len(event["cards"]) == 1 \
        and len(said["cards"]) == 1 and said["cards"][0] in look_alikes(event["cards"][0]) \
        and verdict_dict(refused.verdict).get("rule") == "G8"


class MisreadHistory:
    """`TablePipeline`'s renaming of a card misread in the referee's past."""

    referee: Any
    tracker: CardTracker
    verdicts: list[Verdicted]
    events: list[TableEvent]
    follower: GameFollower
    _snapshot: dict | None

    def snapshot(self) -> dict: ...

    def _replay(self, original: list[TableEvent], instead: list[tuple[TableEvent, bool]], *,
                refusals_kept: bool = False) -> list[Verdicted] | None: ...

    def _can_take_back(self) -> bool: ...

    def misread_card_renamed(self, confirmed: TableEvent, *, keep: bool = True,
                             own_hand_only: bool = False, later_plays: bool = True) -> bool:
        """The players confirmed a reading (or, unanswered, it is taken as read) that the
        referee refuses as a card known elsewhere (G8): the camera misread that card, or its
        look-alike, before. True when a renaming of the past lets the referee accept it; kept
        (the follower's bout is then the referee's again) or, with `keep=False`, only tried.
        `later_plays`: a card played twice may be renamed from its later play (`_renamed`)."""
        snapshot = self.snapshot()
        for old, new in misread_before(snapshot, confirmed.event,
                                       own_hand_only=own_hand_only,
                                       guessed=self.follower.guessed,
                                       came_in_as=self.follower.view.came_in_as):
            if self._no_misreading(old, new):
                continue
            # read as `new` on its way to where it was told: the play told as `old` may be the
            # later one (cross-2p-seed75: Boris's 8D placed on his pile, then his 6D defence
            # read 6D coming in and 8D at rest; his 8D led later was a false G8)
            seen_so = new in self.follower.view.came_in_as.get(old, ())
            if self.rename_in_history(old, new, confirmed, keep=keep,
                                      later_plays=later_plays or seen_so):
                self._snapshot = None
                if keep:
                    self.follower.view.came_in_as.pop(old, None)   # told: it was `new`
                    if old in self.follower.guessed or old == trump_under_stock(snapshot):
                        self.follower.guessed.add(new)   # a guess still (the trump's rank)
                    if confirmed.event.get("on") == new \
                            and self.follower.renamed_in_bout(old, new):
                        self.tracker.rename(old, new)   # the attack card it lies on, misread
                    self.follower.resync_when_caught_up()
                return True
        return False

    def table_rank_misread(self, thrown: TableEvent) -> bool:
        """The players named a throw-in that the referee refuses for its rank (P3): a card on
        the table was read as its rank's look-alike of the same suit, the thrown rank, that
        nobody has accounted for (dummy-3p-seed107: Anna's 7♣ lead read 8♣, her 7♠ thrown in
        on it read 8♠; named 7♠, it was a false P3, and the bout went astray). True when
        renaming that card in the referee's past lets the throw-in be accepted (kept, the
        model and the tracker renamed too)."""
        for old, new in rank_misread_on_table(self.snapshot(), thrown.event):
            if self.rename_in_history(old, new, thrown):
                self._snapshot = None
                if self.follower.renamed_in_bout(old, new):
                    self.tracker.rename(old, new)
                self.follower.resync_when_caught_up()
                return True
        return False

    def layout_misread_named(self, question: Question, chosen: dict) -> Verdicted | None:
        """The players named the layout misread (`chosen["table_misread"]`, old -> new) for a
        draw refused as laid beside a card it beats (R2; `GameView._ask_layout_misread`): the
        referee's past is renamed from the deal on, every event judged again, and the draw,
        refused, is now accepted. Its verdict; None when the referee accepts no such past."""
        names = chosen["table_misread"]
        event = {key: value for key, value in chosen.items() if key != "table_misread"}
        accepted = {n for n, v in enumerate(self.verdicts) if verdict_ok(v.verdict)}
        first = next((n for n in sorted(accepted) if n > 0
                      and mentions(self.verdicts[n].event.event, tuple(names))), None)
        if first is None or not self._can_take_back() \
                or not self._renamed_from(first, accepted, names, None, keep=True):
            return None
        self._snapshot = None
        verdict = next((v for v in reversed(self.verdicts)
                        if v.event.event == event and verdict_ok(v.verdict)), None)
        self.follower.table_misread_named(names, event, drawn=verdict is not None)
        return verdict

    def _no_misreading(self, old: str, new: str) -> bool:
        """`new` shares neither rank nor suit with `old`, and `old` was read surely (no guess
        of the follower's): not a misreading the reader makes (transfer-3p-seed46: a 7♠ read
        0.99 for a second, then taken, was renamed K♥ when the K♥ was played again)."""
        return rank_of(old) != rank_of(new) and suit_of(old) != suit_of(new) \
            and old not in self.follower.guessed and self.follower.read_surely(old)

    def refusal_was_misread(self, answered: Verdicted, question: Question) -> Verdicted:
        """The players named an event `answered` (accepted: the last verdict, or one told in
        another's place by `revise`) for `question`. A refusal just before it, since the
        accepted event before that, that was the camera's reading of that same act
        (`_same_act`, `_read_there_as`, `_lay_till_swept`) is no foul: the answer's verdict
        takes its place (told when it was, `TableEvent.was`). Else `answered` as it is."""
        at = next((n for n in range(len(self.verdicts) - 1, -1, -1)
                   if self.verdicts[n] is answered), None)
        if at is None:
            return answered
        for n in range(at - 1, 0, -1):
            earlier = self.verdicts[n]
            if verdict_ok(earlier.verdict):
                return answered
            if _same_act(earlier, answered.event.event, question) \
                    or self._read_there_as(earlier, answered.event.event, question) \
                    or self._lay_till_swept(earlier, answered.event.event):
                return self._told_as_refused(n, at)
        return answered

    def defences_read_again(self, since: int) -> None:
        """A defence accepted (a verdict from `since` on) right after the same player's
        defence of the same attack card was refused (`_one_defence_read_two_ways`), or a cross
        placing so (`_placing_stopped_on_its_way`): the accepted verdict takes the refusal's
        place."""
        at = max(since, 2)
        while at < len(self.verdicts):
            earlier, later = self.verdicts[at - 1], self.verdicts[at]
            if self._one_defence_read_two_ways(earlier, later) \
                    or self._placing_stopped_on_its_way(earlier, later):
                self._told_as_refused(at - 1, at)
            else:
                at += 1

    def _one_defence_read_two_ways(self, earlier: Verdicted, later: Verdicted) -> bool:
        """`later`, an accepted defence, and `earlier`, the same player's defence of the same
        attack card refused just before it as a card known elsewhere (G8), or as its look-alike
        that cannot beat that card (G4, C5), at most `SAME_ACT_WITHIN` before, are one card
        read two ways as it came to rest, the refused reading a misread (dummy-3p-seed63: Anna's
        7♦ on the 6♦ read 8♦, discarded before, and 7♦ in the same frame: a false G8;
        transfer-3p-seed103: her 7♣ on the 6♣ read 7♠ first, a false G4). A foul card is taken
        back before another is laid, which takes longer. A defence the camera only guessed
        (`guessed`: never read at rest, a look-alike of the refused card) is that card however
        long after (dummy-2p-seed98: Anna's 7♠ on the 9♣ read 7♣, a G4, then swept with the
        bout; the 7♠ read on its way was guessed as the defence)."""
        said, event = earlier.event.event, later.event.event
        if not verdict_ok(later.verdict) or verdict_ok(earlier.verdict) \
                or event.get("type") != "defend" or said.get("type") != "defend" \
                or event.get("player") != said.get("player") or event.get("on") != said.get("on"):
            return False
        rule = verdict_dict(earlier.verdict).get("rule")
        alike = event.get("card") in look_alikes(said.get("card") or "")
        if event.get("card") in self.follower.guessed:
            return alike and rule in ("G8", "G4", "C5")
        return (rule == "G8" or alike and rule in ("G4", "C5")) \
            and later.event.time - earlier.event.time <= SAME_ACT_WITHIN

    @staticmethod
    def _placing_stopped_on_its_way(earlier: Verdicted, later: Verdicted) -> bool:
        """Cross's face-up deal: `earlier`, a placing refused as onto a pile C3 does not send
        it to, and `later`, the same player's placing accepted at most `SAME_ACT_WITHIN`
        after it: one card that stopped over another pile on its way to its own (cross-2p-
        seed102: Anna's 8♥ read J♥ at rest over Boris's Q♥ for a moment, a false C3). A card
        placed wrongly is taken back before it is placed again, which takes longer."""
        said, event = earlier.event.event, later.event.event
        return verdict_ok(later.verdict) and not verdict_ok(earlier.verdict) \
            and said.get("type") == event.get("type") == "deal_card" \
            and said.get("player") == event.get("player") \
            and verdict_dict(earlier.verdict).get("rule") == "C3" \
            and later.event.time - earlier.event.time <= SAME_ACT_WITHIN

    def _told_as_refused(self, refused: int, accepted: int) -> Verdicted:
        """Verdict `accepted` was the act refused at `refused`, read right: it takes the
        refusal's place in the log, told when the refusal was (`TableEvent.was`), and leaves
        its own."""
        earlier, later = self.verdicts[refused], self.verdicts[accepted]
        told = TableEvent(later.event.event, earlier.event.frame, earlier.event.time,
                          was=earlier.event)
        self.verdicts[refused] = Verdicted(told, later.verdict)
        del self.verdicts[accepted]
        self.events = [told if item is earlier.event else item for item in self.events
                       if item is not later.event]
        return self.verdicts[refused]

    def _read_there_as(self, refused: Verdicted, event: dict, question: Question) -> bool:
        """Refusal `refused`, just before the question (`SAME_ACT_WITHIN`), played one card of
        the same player's, the same way, as the one card the players named, and the two
        codes were read by turns at one place (each the other's rival): one card read two
        ways (dummy-2p-seed55: the dummy's 7♣ read 8♣ surely by turns, a P3 foul as 8♣, and
        asked about as 7♣; the players named the 7♣ and the foul stayed). A cross pass-on is
        a card laid on the attack card as a defence is: refused as one, it may be the defence
        named (cross-2p-seed87: Boris's 7♠ on the 6♠ read 7♣ first, a pass-on refused, C7, as
        he could beat; then asked "7♠ or 7♣?", the players named the 7♠ and the foul stayed)."""
        said = refused.event.event
        kinds = (said.get("type"), event["type"])
        if kinds[0] != kinds[1] and kinds != ("pass_on", "defend") \
                or said.get("player") != event.get("player") \
                or question.time - refused.event.time > SAME_ACT_WITHIN:
            return False
        ours, theirs = laid_cards(said), laid_cards(event)
        if len(ours) != 1 or len(theirs) != 1:
            return False
        read, named = (self.follower.last_track(code) for code in (ours[0], theirs[0]))
        return read is not None and named is not None \
            and (named.card in read.rivals or read.card in named.rivals)

    def _lay_till_swept(self, refused: Verdicted, event: dict) -> bool:
        """A defence the referee refused for its card's name (`MISREAD_RULES`; in cross a
        pass-on, a card laid on the attack card that cannot beat it as read, refused as one
        that must beat: C7) lay on its attack card until both went out of sight together
        (`SWEPT_TOGETHER`), and the players name another card beating that card, the same
        player's: that is the card that lay there, misread (a player who fouled takes his
        card back before the bout goes)."""
        said, rule = refused.event.event, verdict_dict(refused.verdict).get("rule")
        laid_on = said.get("on") == event.get("on") and rule in MISREAD_RULES \
            if said.get("type") == "defend" else said.get("type") == "pass_on" and rule == "C7"
        if event["type"] != "defend" or not laid_on or said.get("player") != event.get("player"):
            return False
        card, attack = (self.follower.last_track(code) for code in (said["card"], event["on"]))
        unseen = (TrackState.HIDDEN, TrackState.GONE)
        return card is not None and attack is not None \
            and card.state in unseen and attack.state in unseen \
            and abs(card.last_seen - attack.last_seen) <= SWEPT_TOGETHER

    def misread_on_table(self, old: str, new: str) -> None:
        """The tracker found the table card it had as `old` to be `new` (`old` itself came in
        elsewhere, read surely, while that card's place read `new`): the referee's past is
        renamed from the event that played it, where it can be (a defence refused on it may
        now be accepted), and so is the follower's bout."""
        if self.referee is not None and self._can_take_back():
            self._renamed(old, new, None, keep=True)
            self._snapshot = None
        if self.follower.renamed_in_bout(old, new) and self.referee is not None:
            self.follower.resync_when_caught_up()

    def _rename_past(self, event: TableEvent, keep: bool, sure_too: bool = False) -> bool:
        """The follower's callback: tried only (`keep=False`: may a card of the player's known
        hand, misread before, explain the refusal?), or kept (an unanswered question's reading
        taken as read). Where the referee knows a card it plays only from the follower's guess
        (a look-alike told for an unanswered question), or from a card of its code read
        unsurely that left the table (`read_unsurely_before`), that may be the misreading too.
        Kept, a card played twice may be renamed from its later play (`_renamed`): unanswered,
        nobody could call the reading a foul, and dropped it is none either (cross-3p-seed61:
        the 8C first named by Vera's placing, her 7C lead later read 8C; renamed from the
        placing, the 7C was placed twice, so her real 8C lead was dropped and 8 false fouls
        followed). Kept, a sure reading explained only so is not renamed. `sure_too` (only
        tried): a card read surely and known elsewhere may have been its unaccounted look-alike
        too, which only the players can tell from a foul (classic-2p-seed60: a design whose
        clubs read as spades; the 6C led and discarded read 6S, the real 6S a false G8)."""
        cards = played_cards(event.event)
        guessed = any(card in self.follower.guessed for card in cards)
        unsure = any(self.follower.read_unsurely_before(card, event.time) for card in cards)
        own_hand_only = not (guessed or unsure or (sure_too and not keep))
        return self.misread_card_renamed(event, keep=keep, own_hand_only=own_hand_only,
                                         later_plays=keep)

    def rename_in_history(self, old: str, new: str, confirmed: TableEvent | None, *,
                          keep: bool = True, later_plays: bool = True) -> bool:
        """Card `old` in the referee's past was `new`: every event from the first accepted one
        that names `old` is judged again with it renamed (each keeps the moment it was told:
        `TableEvent.was`), and then `confirmed` (the last event judged, refused so far, or one
        not judged yet) must be accepted; all or nothing, as in `revise`. With `keep=False` the
        referee is left as it was: the try is made on a copy of it."""
        if not keep:   # tried on a private copy of the referee, which is then dropped
            trial = self._trial_referee()
            if trial is None:
                return False
            real, self.referee = self.referee, trial
            try:
                return self._renamed(old, new, confirmed, keep=False, later_plays=later_plays)
            finally:
                self.referee = real
        if not self._can_take_back():
            return False
        return self._renamed(old, new, confirmed, keep=True, later_plays=later_plays)

    def _trial_referee(self) -> Any:
        """A copy of the referee to try a renaming on: the dashboard's (`trial_copy`), or a
        deep copy of an in-process one; None when neither can be had."""
        trial_copy = getattr(self.referee, "trial_copy", None)
        if trial_copy is not None:
            return trial_copy()
        return copy.deepcopy(self.referee) if hasattr(self.referee, "undo") else None

    def _renamed(self, old: str, new: str, confirmed: TableEvent | None, *,
                 keep: bool, later_plays: bool = True) -> bool:
        """Renamed from the first event that names `old`; else (`later_plays`: the players
        confirmed the reading, and could have called it a foul, `as_a_foul`; or nobody
        answered, and the reading is taken as read: `_rename_past` kept) from the last
        event that played `old`, then the one before that, and so on, where every refusal
        since stays refused: a card played twice (taken back into the hand between) may have
        been misread only the second time (classic-3p-seed40: Anna's K♣ defence was taken,
        her K♠ lead later read K♣; renamed from the defence, her K♠ defence after it clashed,
        and her real K♣ lead became a false G8; renamed Q♣ from the lead, her Q♠ thrown in on
        it, a foul, would be allowed). Not where only the camera says so and a question
        "misread before?" would be asked (`_rename_past` only tried): classic-2p-seed45's G8
        foul became a question, and unanswered a renaming. The attack card `confirmed` lies
        on (or, with no `confirmed`, the table card found misread) was misread when it was
        played, and a card named so before it (the turned trump, say) may be another: renamed
        from the last event that played `old`, else the one before that, and so on."""
        accepted = {n for n, v in enumerate(self.verdicts) if verdict_ok(v.verdict)}
        naming = [n for n in sorted(accepted) if n > 0
                  and mentions(self.verdicts[n].event.event, (old,))]
        played = [n for n in reversed(naming) if old in laid_cards(self.verdicts[n].event.event)]
        tries = [(n, False) for n in naming[:1]] + [(n, True) for n in played
                                                    if later_plays and n not in naming[:1]]
        if confirmed is None or confirmed.event.get("on") == new:
            tries = [(n, False) for n in played]
        return any(self._renamed_from(first, accepted, names, confirmed, keep=keep,
                                      refusals_kept=strict)
                   for first, strict in tries
                   for names in self._renamings(old, new, first, accepted))

    def _renamings(self, old: str, new: str, first: int, accepted: set[int]
                   ) -> list[dict[str, str]]:
        """`old` as `new`; and where that is a suit misread (one rank), also with each card
        that beat `old` from then on, of `old`'s suit, misread the same way where that card is
        unaccounted for (a design whose clubs read as spades: the 6C and the QC that beat it
        read 6S and QS)."""
        names = {old: new}
        if rank_of(old) != rank_of(new):
            return [names]
        free = set(unaccounted(self.snapshot()))
        alike = {}
        for n in sorted(n for n in accepted if n >= first):
            event = self.verdicts[n].event.event
            if event.get("type") != "defend" or event.get("on") != old \
                    or suit_of(event["card"]) != suit_of(old):
                continue
            swapped = rank_of(event["card"]) + suit_of(new)
            if swapped in free:
                alike[event["card"]] = swapped
        return [names, {**names, **alike}] if alike else [names]

    def _renamed_from(self, first: int, accepted: set[int], names: dict[str, str],
                      confirmed: TableEvent | None, *, keep: bool,
                      refusals_kept: bool = False) -> bool:
        later = list(range(first, len(self.verdicts)))
        original: list[TableEvent] = []
        instead: list[tuple[TableEvent, bool]] = []
        now: dict[int, TableEvent] = {}   # each event told before, as it is told now
        for n in later:
            event = self.verdicts[n].event
            if n in accepted:
                original.append(event)
            if event is not confirmed and mentions(event.event, names):
                if event.named and n in accepted:
                    return False   # the players named that card: not the camera's misreading
                if not event.named:   # a foul the players named stays as they named it
                    now[id(event)] = TableEvent(renamed(event.event, names), event.frame,
                                                event.time, was=event)
            may_refuse = n not in accepted and event is not confirmed
            instead.append((now.get(id(event), event), may_refuse))
        judged_before = confirmed is None or self.verdicts[-1].event is confirmed
        if not judged_before:
            instead.append((confirmed, False))
        replayed = self._replay(original, instead, refusals_kept=refusals_kept)
        if replayed is None or not keep:
            return replayed is not None
        for n, verdicted in zip(later, replayed, strict=False):
            self.verdicts[n] = verdicted
        if not judged_before:
            self.verdicts.append(replayed[-1])
        self.events = [now.get(id(event), event) for event in self.events]
        return True
