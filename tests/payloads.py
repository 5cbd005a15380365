"""Valid payloads for tests and benchmarks, scored by the games themselves.

One home for them: tests of several apps and bench/ build hands the same way.
"""

from __future__ import annotations


def hf_hand(number: int, went_out_team: int | None = 0, low_left: int = 2) -> dict:
    """A valid Hand and Foot hand: the team that went out has 2 red and 2 black books."""
    teams = []
    for index in range(2):
        out = index == went_out_team
        teams.append(
            {
                "red_books": 2 if out else 1,
                "black_books": 2 if out else 0,
                "went_out": out,
                "exact_deals": 0,
                "melded": {
                    "jokers": 0,
                    "twos": 0,
                    "aces": 4,
                    "high": 12,
                    "low": 14,
                    "black_threes": 0,
                },
                "in_hand": {
                    "jokers": 0,
                    "twos": 0,
                    "aces": 0,
                    "high": 0,
                    "low": 0 if out else low_left,
                    "black_threes": 0,
                    "red_threes": 0,
                },
            }
        )
    return {"hand": number, "teams": teams}


def laus_round(players: list[str], ten_of_spades_to: int = 0) -> dict:
    """A valid Laus round: every ten to someone, aces, kings and queens spread."""
    suits = ["S", "C", "H", "D"]
    taken = [{"tens": [], "aces": 1, "kings": 1, "queens": 1} for _ in players]
    for offset, suit in enumerate(suits):
        taken[(ten_of_spades_to + offset) % len(players)]["tens"].append(suit)
    return {"players": players, "taken": taken}


def lf_round(players: list[str], **changes) -> dict:
    """A valid Luxury Family round: player 0 bids 100 and makes it; `changes` replace keys."""
    payload = {
        "players": players,
        "bid": 100,
        "game_maker": 0,
        "trump": "H",
        "melds": [0, 0, 0],
        "power_points": [120, 60, 60],
        "penalties": [0, 0, 0],
    }
    return payload | changes


def add_parts(entry, *states: str, version: int = 1) -> None:
    """Both teams' parts of a Hand and Foot entry as rows, from its payload's teams:
    one state for both, or one per team."""
    from clubscore.events.models import TeamPart

    states = states * 2 if len(states) == 1 else states
    teams = zip(entry.payload["teams"], states, strict=True)
    for number, (team, state) in enumerate(teams, start=1):
        TeamPart.objects.create(entry=entry, team=number, data=team, state=state, version=version)


def confirmed_hf_hands(table, numbers) -> None:
    """Hand and Foot hands `numbers` of `table` entered and confirmed by both teams."""
    from clubscore.events.models import ScoreEntry
    from clubscore.games import score

    for number in numbers:
        payload = hf_hand(number)
        entry = ScoreEntry.objects.create(
            table=table,
            number=number,
            payload=payload,
            result=score("hand_and_foot", payload),
            status=ScoreEntry.Status.CONFIRMED,
        )
        add_parts(entry, "confirmed")


def stored_result(table, number: int, payload: dict) -> dict:
    """The result the tablet stores for `payload` as entry `number` of `table`: the game
    scores it on its own, or (scored as a whole) with the table's entries in before it
    (`clubscore.events.results.score_in_place`, as `ScoreCard.score_with` does). A test that
    stored no result for such a game hid issue 24's failure to rate it."""
    from clubscore.events.models import ScoreEntry
    from clubscore.events.results import score_in_place

    event = table.round.event
    seats = table.seats.select_related("player").order_by("position")
    entered = dict(
        ScoreEntry.objects.filter(table=table)
        .exclude(status=ScoreEntry.Status.DRAFT)
        .exclude(number=number)
        .values_list("number", "payload")
    )
    names = [seat.player.name for seat in seats]
    return score_in_place(event.game, event.game_options, names, entered, number, payload)
