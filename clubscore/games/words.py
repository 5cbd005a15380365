"""The game's words: what one score entry is called ("hand" or "round") in every message.

A game answers ``Game.words`` with one ``Words``; pages, messages and PDFs ask it instead
of writing "hand" for every game. Every phrase is marked with ``_`` and shown translated
(``clubscore.translation.translate``); ``{n}`` is the entry's number.
"""

from __future__ import annotations

from dataclasses import dataclass

from clubscore.messages import Message, _, message


@dataclass(frozen=True)
class Words:
    """What a game calls one score entry, and the phrases built on the word."""

    one: str  # "Hand"
    many: str  # "Hands"
    numbered: str  # "Hand {n}"
    #: The numbered word inside a sentence ("Table 2, hand 3 settled.").
    in_sentence: str
    dispute: str  # "Dispute hand {n}"
    in_order: str  # "Enter the hands in order."
    settled: str  # "That hand was settled already."
    chart_caption: str
    number_prompt: str  # "Hand number: enter a whole number from 1 to {last}."
    save: str  # the tablet's save button
    saved: str  # "Hand {n} saved."
    confirmed_already: str  # a scorekeeper may not change a confirmed entry
    changed_meantime: str  # another tablet changed it first
    changed_meantime_title: str
    every_confirmed_first: str  # before a card is turned in
    none_disputed: str  # the dashboard's empty list
    time_is_up: str  # the tablet's clock once time is called
    as_it_lies: str  # the entry in progress when time was called (finished, the last)
    sent_offline: str  # the preview of an entry kept offline
    this_entry_points: str  # "Your team this hand:"
    our_count: str  # a team's own count of the other team's part, when disputing
    no_new: str  # a new entry refused once time is called
    in_progress_finished: str  # the organizer's clock once time is called
    no_new_anywhere: str  # what "Call time" does, asked before the organizer calls it
    table_key: str  # the card's key to its rows of points and running totals
    all_in: str  # every entry in and confirmed: what the card says until it is turned in

    def label(self, number: int) -> Message:
        """ "Hand 2", "Round 2"."""
        return message(self.numbered, n=number)

    def dispute_label(self, number: int) -> Message:
        """ "Dispute hand 2", "Dispute round 2"."""
        return message(self.dispute, n=number)

    def saved_message(self, number: int) -> Message:
        """ "Hand 2 saved."."""
        return message(self.saved, n=number)


HANDS = Words(
    one=_("Hand"),
    many=_("Hands"),
    numbered=_("Hand {n}"),
    in_sentence=_("hand {n}"),
    dispute=_("Dispute hand {n}"),
    in_order=_("Enter the hands in order."),
    settled=_("That hand was settled already."),
    chart_caption=_("The leaders' running totals, hand by hand."),
    number_prompt=_("Hand number: enter a whole number from 1 to {last}."),
    save=_("Save our hand"),
    saved=_("Hand {n} saved."),
    confirmed_already=_("This hand is confirmed; ask the organizer to change it."),
    changed_meantime=_("The hand changed in the meantime; check it again."),
    changed_meantime_title=_("Someone else changed this hand in the meantime"),
    every_confirmed_first=_(
        "Every hand must be entered and confirmed before the card is turned in."
    ),
    none_disputed=_("No disputed hands."),
    time_is_up=_("Time is up: finish the hand in progress. Entry closes in"),
    as_it_lies=_("Time was called: finish this hand; it is scored as it lies."),
    sent_offline=_("Not sent yet: the total is shown once the hand is sent."),
    this_entry_points=_("Your team this hand:"),
    our_count=_("Our count of the other team's hand (optional)"),
    no_new=_("Time was called: no new hand may start."),
    in_progress_finished=_("Hands in progress are finished; entry closes in"),
    no_new_anywhere=_("No new hand may start at any table."),
    table_key=_("Each row: the points of that hand; below them (Σ) the running total."),
    all_in=_("Every hand is in and confirmed: check the card, then turn it in."),
)

ROUNDS = Words(
    one=_("Round"),
    many=_("Rounds"),
    numbered=_("Round {n}"),
    in_sentence=_("round {n}"),
    dispute=_("Dispute round {n}"),
    in_order=_("Enter the rounds in order."),
    settled=_("That round was settled already."),
    chart_caption=_("The leaders' running totals, round by round."),
    number_prompt=_("Round number: enter a whole number from 1 to {last}."),
    save=_("Save the round"),
    saved=_("Round {n} saved."),
    confirmed_already=_("This round is confirmed; ask the organizer to change it."),
    changed_meantime=_("The round changed in the meantime; check it again."),
    changed_meantime_title=_("Someone else changed this round in the meantime"),
    every_confirmed_first=_(
        "Every round must be entered and confirmed before the card is turned in."
    ),
    none_disputed=_("No disputed rounds."),
    time_is_up=_("Time is up: finish the round in progress. Entry closes in"),
    as_it_lies=_("Time was called: finish this round; it is the last one."),
    sent_offline=_("Not sent yet: the total is shown once the round is sent."),
    this_entry_points=_("Your team this round:"),
    our_count=_("Our count of the other team's round (optional)"),
    no_new=_("Time was called: no new round may start."),
    in_progress_finished=_("Rounds in progress are finished; entry closes in"),
    no_new_anywhere=_("No new round may start at any table."),
    table_key=_("Each row: the points of that round; below them (Σ) the running total."),
    all_in=_("Every round is in and confirmed: check the card, then turn it in."),
)
