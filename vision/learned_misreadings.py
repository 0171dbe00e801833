"""What the players' answers teach the camera about this deck: how its suits misread.

A design may read one suit as another again and again (clubs as spades, say). Each time the
players answer a question by naming the card as read in another suit (the J♠ asked about was
the J♣), the pipeline learns that misreading (`learn`). A later question whose reading the same
misreading explains, and only it (the other way round never named), is then settled by the
camera itself (`choice`, `TablePipeline` judges it on a copy of the referee first): the
players are not asked twice about the same misreading of one deck. Nothing is learnt where
nobody answers.
"""

from __future__ import annotations

from collections import Counter

from vision.table_events import Question, played_cards, with_card
from vision.table_reader import rank_of, suit_of


class LearnedMisreadings:
    """Suit misreadings the players have named, per (suit read, suit it was)."""

    def __init__(self) -> None:
        self.suits: Counter[tuple[str, str]] = Counter()

    def learn(self, read: str, was: str) -> None:
        """The players named card `read` as `was`: a suit misreading is learnt (a rank
        misreading is not: the reader confuses those card by card)."""
        if rank_of(read) == rank_of(was) and suit_of(read) != suit_of(was):
            self.suits[(suit_of(read), suit_of(was))] += 1

    def likely(self, card: str) -> str | None:
        """The card `card` most likely was, read as it is: its rank in the suit its suit was
        named as most often, where that suit was never named misread as this one."""
        named = [(count, was) for (read, was), count in self.suits.items()
                 if read == suit_of(card) and not self.suits[(was, read)]]
        return rank_of(card) + max(named)[1] if named else None

    def choice(self, question: Question) -> int | None:
        """The candidate of `question` that a learnt misreading names: its first reading (one
        card) with that card renamed so, if the question offers it; else None."""
        if not question.candidates:
            return None
        reading = question.candidates[0]
        cards = played_cards(reading)
        if len(cards) != 1 or (was := self.likely(cards[0])) is None:
            return None
        renamed = with_card(reading, cards[0], was)
        if reading.get("type") == "pass_on":
            # the card passed on (cross, C7: it beat nothing) may beat as the card it was:
            # then it was a defence, where the question offers it (cross-3p-seed109: Anna's
            # 8♣ on the 7♣, read 8♠, settled as a pass-on of the 8♣)
            renamed = next((candidate for candidate in question.candidates
                            if candidate.get("type") == "defend" and candidate.get("card") == was
                            and candidate.get("player") == reading.get("player")), renamed)
        return question.candidates.index(renamed) if renamed in question.candidates else None
