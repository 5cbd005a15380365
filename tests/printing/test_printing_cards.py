"""Score cards: every game, pre-filled from the event, opened and read back with pypdf."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.utils import translation
from django.utils.translation import gettext

from clubscore.events.models import Seat, Table
from clubscore.games import GAMES
from clubscore.games.cards import SUIT_NAMES, SUIT_SYMBOLS
from clubscore.printing import cards
from clubscore.printing.data import event_info, event_tables
from clubscore.printing.documents import blank_document, event_document

from .conftest import card_texts, in_order, page_links, page_texts, read_pdf

pytestmark = pytest.mark.django_db
BASE = "http://club.example"


def render(event) -> bytes:
    return event_document(event, "cards", BASE).content


def test_hand_and_foot_cards_carry_players_minimums_values_and_both_teams_qr(drawn_event):
    event = drawn_event("hand_and_foot", tables=3, name="Friday club night")
    content = render(event)
    game = GAMES["hand_and_foot"]

    assert len(page_texts(content)) == 2  # two cards to a page
    cards_text = card_texts(content)
    assert len(cards_text) == 3
    tables = Table.objects.filter(round__event=event).order_by("number")
    for table, text in zip(tables, cards_text, strict=True):
        lines = text.splitlines()
        assert "Friday club night" in text
        assert "Friday, 27 November 2026 · Round 1" in text
        # The table number sits big beside the event's name, under "Table".
        assert lines[0].endswith("Table")
        assert lines[1].endswith(f"Friday club night {table.number}")
        for seat in Seat.objects.filter(table=table).select_related("player"):
            assert seat.player.name in text
        keepers = [team.scorekeeper.name for team in table.teams.order_by("number")]
        for keeper in keepers:
            assert f"Keeps score: {keeper}" in text
        assert f"Plays first: {table.first_player.name}" in text
        # Each hand's cell gives its meld minimum under the hand's number.
        assert "Hand · meld" in text and "minimum" in text
        for hand in (1, 2, 3):
            minimum = game.meld_minimum(hand, event.game_options)
            assert in_order(text, f"Hand {hand}", str(minimum)), hand
        for label, points in game.point_values():
            assert label in text
            assert str(points) in text
    # Both teams' scorekeepers get their own QR code, each linking their own card.
    expected = [
        [
            BASE + link.get_absolute_url()
            for table in tables[start : start + 2]
            for link in table.links.order_by("team__number")
        ]
        for start in (0, 2)
    ]
    assert page_links(content) == expected
    assert len(expected[0]) == 4


def test_hand_and_foot_card_follows_the_events_meld_minimums(drawn_event):
    event = drawn_event(
        "hand_and_foot", tables=1, options={"hands": 4, "meld_minimums": [50, 75, 100, 125]}
    )
    text = page_texts(render(event))[0]
    assert in_order(text, "Hand 3", "100", "Hand 4", "125")
    assert "Hand 5" not in text


def test_exact_bid_card_has_rounds_with_cards_and_drawn_trumps(drawn_event):
    event = drawn_event("exact_bid", tables=2, options={"start_cards": 7})
    first = Table.objects.get(round__event=event, number=1)
    first.draw_details = {"trumps": ["H", "S", None, "C"]}
    first.save(update_fields=["draw_details"])
    content = render(event)
    texts = page_texts(content)

    assert len(texts) == 2
    lines = texts[0].splitlines()
    for index in range(7):
        cards_in_round = GAMES["exact_bid"].cards_in_round(index, 7)
        assert any(line.startswith(f"{index + 1} {cards_in_round}") for line in lines), index
    assert "♥ hearts" in texts[0] and "♠ spades" in texts[0] and "♣ clubs" in texts[0]
    assert "♦" not in texts[0]
    # No trumps drawn: the box stays blank.
    assert not any(symbol in texts[1] for symbol in "♠♥♦♣")
    assert page_links(content)[0] == [BASE + first.links.get().get_absolute_url()]


@pytest.mark.parametrize(
    ("players", "language", "words"),
    [
        (4, "en", "Multiplier (by place: 4 · 3 · 2 · 1)"),
        (3, "en", "Multiplier (by place: 3 · 2 · 1)"),
        (2, "de", "Multiplikator (nach Platz: 2 · 1)"),
    ],
)
def test_an_exact_bid_card_gives_its_tables_multiplier_for_every_place(
    drawn_event, players, language, words
):
    """A scorekeeper on paper fills in "Multiplier" for every place, not the winner's
    alone: the card says them all for its table's size, as the game multiplies."""
    event = drawn_event(
        "exact_bid", tables=1, players_per_table=players, language=language, options={}
    )
    text = " ".join(page_texts(render(event))[0].split())
    assert words in text
    from clubscore.games import score

    names = [f"P{n}" for n in range(players)]
    payload = {"players": names, "start_cards": 5, "rounds": [{"bids": [0] * players}]}
    payload["rounds"][0]["tricks"] = [5] + [0] * (players - 1)
    ranked = sorted(score("exact_bid", payload)["players"], key=lambda p: p["rank"])
    assert words.endswith(" · ".join(str(p["multiplier"]) for p in ranked) + ")")


def test_a_german_exact_bid_card_names_the_trumps_from_the_catalogue(drawn_event):
    event = drawn_event("exact_bid", tables=1, options={"start_cards": 7}, language="de")
    table = Table.objects.get(round__event=event)
    table.draw_details = {"trumps": ["H", "S", "D", "C"]}
    table.save(update_fields=["draw_details"])
    text = page_texts(render(event))[0]
    with translation.override("de"):
        names = {suit: gettext(SUIT_NAMES[suit]) for suit in "SHDC"}
    assert names == {"S": "Pik", "H": "Herz", "D": "Karo", "C": "Kreuz"}
    for suit, name in names.items():
        assert f"{SUIT_SYMBOLS[suit]} {name}" in text
    assert "hearts" not in text and "spades" not in text


def test_luxury_family_card_names_the_dealer_of_each_deal_and_the_meld_table(drawn_event):
    event = drawn_event("luxury_family", tables=3)
    table = Table.objects.get(round__event=event, number=1)
    seats = {
        s.position: s.player for s in Seat.objects.filter(table=table).select_related("player")
    }
    table.first_player = seats[2]  # seat 2 drew the high card: it deals first
    table.save(update_fields=["first_player"])
    content = render(event)
    texts = page_texts(content)

    assert len(texts) == 2  # two cards to a page
    first_card = texts[0].split("Luxury Family · score card")[1]
    lines = first_card.splitlines()
    # The deal passes left: seat 2, then 3, then 1.
    for deal, position in ((1, 2), (2, 3), (3, 1)):
        assert f"{deal} {seats[position].name}" in lines
    for label, plain, trump in GAMES["luxury_family"].meld_table():
        assert label in first_card
        for points in {plain, trump} - {None}:
            assert str(points) in first_card
    # Scored from paper when the tablets are down: the power points' conversion, as the
    # game counts it (rule sheet: from 60 each point twice, from 120 three times...).
    assert "Trick points: 60+ ×2, 120+ ×3, 180+ ×4" in first_card
    # Melds count more in the trump: the game maker's column has room for the trump named.
    assert "Game maker" in first_card and "and trump" in first_card


def test_the_german_luxury_family_card_says_how_power_points_count(drawn_event):
    event = drawn_event("luxury_family", tables=1, language="de")
    text = page_texts(render(event))[0]
    assert "Stichpunkte: ab 60 ×2, ab 120 ×3, ab 180 ×4" in text
    assert "Spielmacher" in text.split() and "und Trumpf" in text  # not "Spielmach-er"


@pytest.mark.parametrize(
    ("game", "language", "first", "total"),
    [
        ("luxury_family", "en", "Deals:", "Total (1 round)"),
        ("luxury_family", "de", "Gibt:", "Summe (1 Runde)"),
        ("laus", "en", "Deals:", None),
        ("exact_bid", "en", "Bids first:", None),
    ],
)
def test_a_card_says_who_starts_in_the_games_own_words(drawn_event, game, language, first, total):
    """The card says what the tablet and the draw page say: in Luxury Family the player
    drawn first deals the first deal (the card's dealer column begins with them), where
    "Plays first" read as if someone else dealt. One deal's total is "1 deal"."""
    options = {"rounds": 1} if game == "luxury_family" else {}
    event = drawn_event(game, tables=1, language=language, options=options)
    table = Table.objects.select_related("first_player").get(round__event=event)
    text = page_texts(render(event))[0]
    assert f"{first} {table.first_player.name}" in text
    assert "Plays first" not in text and "Spielt zuerst" not in text
    if total:
        assert total in text


def test_laus_cards_print_the_point_cards_two_to_a_page(drawn_event):
    event = drawn_event("laus", tables=3)
    content = render(event)
    texts = page_texts(content)
    assert len(texts) == 2
    assert texts[0].count("Laus · score card") == 2
    assert texts[1].count("Laus · score card") == 1
    for label, points in GAMES["laus"].point_values():
        assert label.split(":")[0] in texts[0]
        assert str(points) in texts[0]
    assert "Lowest total wins." in texts[0]
    links = [BASE + t.links.get().get_absolute_url() for t in Table.objects.order_by("number")]
    assert [url for page in page_links(content) for url in page] == links


def test_names_in_any_latin_script_print_as_typed_with_an_embedded_font(drawn_event):
    event = drawn_event("luxury_family", tables=1)
    names = [("Zoë", "Łukasz"), ("Jürgen", "Siobhán"), ("<b>Bob</b>", "Ng")]
    for seat, (first, last) in zip(Seat.objects.select_related("player"), names, strict=True):
        seat.player.first_name, seat.player.last_name = first, last
        seat.player.save()
    content = render(event)
    text = page_texts(content)[0]
    for first, last in names:
        assert f"{first} {last}" in text
    fonts = read_pdf(content).pages[0]["/Resources"]["/Font"]
    fonts = [font.get_object() for font in fonts.values()]
    assert {str(font["/BaseFont"]).split("+")[1] for font in fonts} == {
        "DejaVuSans",
        "DejaVuSans-Bold",
    }
    assert all("/FontFile2" in font["/FontDescriptor"] for font in fonts)


@pytest.mark.parametrize(("paper", "size"), [("A4", (595, 842)), ("LETTER", (612, 792))])
def test_paper_is_the_clubs_setting(drawn_event, paper, size):
    event = drawn_event("laus", tables=1)
    with override_settings(CLUB_PAPER_SIZE=paper):
        box = read_pdf(render(event)).pages[0].mediabox
    assert (round(box.width), round(box.height)) == size


def test_a_german_event_prints_in_german(drawn_event):
    event = drawn_event("hand_and_foot", tables=1, language="de")
    text = page_texts(render(event))[0]
    assert "Hand und Fuß" in text
    assert "27. November 2026" in text


@pytest.mark.parametrize("game", list(GAMES))
def test_blank_cards_have_no_names_and_no_qr_codes(game):
    content = blank_document(game).content
    texts = page_texts(content)
    assert len(texts) == 1
    assert texts[0].count("score card") == cards.cards_per_page(game, GAMES[game].clean_options())
    assert "Event:" in texts[0]
    assert page_links(content) == [[]]


def test_an_events_blank_cards_carry_the_event_but_no_players(drawn_event):
    event = drawn_event("hand_and_foot", tables=3, name="Spring cup")
    content = event_document(event, "blank", BASE).content
    assert len(page_texts(content)) == 2
    texts = card_texts(content)
    assert len(texts) == 3  # one for each table of the round
    assert all("Spring cup" in text and "Table1" not in text for text in texts)
    assert page_links(content) == [[], []]


def test_after_a_play_off_the_blank_cards_are_still_the_evenings(playoff_event):
    """Not the play-off's card of one hand at one table: the evening's, a card a table."""
    texts = card_texts(event_document(playoff_event, "blank", BASE).content)
    assert len(texts) == 2
    assert all("Round 1" in text and "Play-off" not in text for text in texts)
    assert all("Hand 3" in text for text in texts)  # the evening's three hands


def test_cards_are_read_in_a_fixed_number_of_queries(drawn_event, django_assert_num_queries):
    small = drawn_event("hand_and_foot", tables=1)
    big = drawn_event("hand_and_foot", tables=10)
    for event in (small, big):
        with django_assert_num_queries(4):
            tables = event_tables(event, BASE)
    assert len(tables) == 10
    assert cards.render_cards(event_info(big), tables)


def test_the_qr_code_drawn_is_the_links_own_code(drawn_event):
    """Render the page and read every module back: it must be segno's code of the link."""
    import pypdfium2
    import segno

    from clubscore.printing.pdf import QR_MASK

    event = drawn_event("laus", tables=1)
    content = render(event)
    annotation = read_pdf(content).pages[0]["/Annots"][0].get_object()
    url = str(annotation["/A"]["/URI"])
    left, bottom, right, top = (float(v) for v in annotation["/Rect"])
    expected = segno.make(url, error="m", micro=False, mask=QR_MASK).matrix

    scale = 8
    page = pypdfium2.PdfDocument(content)[0]
    image = page.render(scale=scale).to_pil().convert("L")
    height = page.get_height()
    module = (right - left) / len(expected)
    drawn = [
        [
            image.getpixel(
                (
                    round((left + (column + 0.5) * module) * scale),
                    round((height - top + (row + 0.5) * module) * scale),
                )
            )
            < 128
            for column in range(len(expected))
        ]
        for row in range(len(expected))
    ]
    assert drawn == [[bool(cell) for cell in row] for row in expected]
    assert url == BASE + Table.objects.get(round__event=event).links.get().get_absolute_url()


def test_a_card_that_earns_no_bonus_prints_no_bonus_row(drawn_event):
    """A Hand and Foot play-off card (and an evening without the bonus) printed a
    "First-table bonus" row to fill in: the play-off earns none (decisions.md)."""
    from clubscore.events.models import Event
    from clubscore.standings.playoffs import start_playoff
    from tests.playoffs import hand_and_foot_tie, regular_tables, turn_in

    event = drawn_event("hand_and_foot", tables=2, status=Event.Status.TIME_CALLED)
    # (The label takes two lines in its box: read as "First-table" and "bonus".)
    assert all(in_order(text, "First-table", "bonus") for text in card_texts(render(event)))
    hand_and_foot_tie(event)
    turn_in(regular_tables(event))
    start_playoff(event, seed=1)
    (playoff,) = card_texts(render(event))  # the latest round: the play-off's one table
    assert "Round 2 (play-off)" in playoff and in_order(playoff, "All hands", "Final", "score")
    assert "First-table" not in playoff

    none = drawn_event("hand_and_foot", tables=1, options={"first_table_bonus": 0})
    (text,) = card_texts(render(none))
    assert "First-table" not in text and in_order(text, "All hands", "Final", "score")


def test_a_play_off_card_says_who_fills_an_empty_seat(drawn_event):
    """Two tied for first at Luxury Family: the third seat's score counts for nothing,
    which the printed card says as the tablet does."""
    from clubscore.events.models import Event
    from clubscore.standings.playoffs import playoff_offer, start_playoff
    from clubscore.standings.standings import event_standings
    from tests.payloads import lf_round
    from tests.playoffs import confirm, regular_tables, seat_names, turn_in

    event = drawn_event("luxury_family", tables=2, status=Event.Status.TIME_CALLED)
    for table in regular_tables(event):
        confirm(table, 1, lf_round(seat_names(table)))
    turn_in(regular_tables(event))
    (filler,) = playoff_offer(event_standings(event)).suggested
    round_ = start_playoff(event, seed=3, fillers=[filler])
    player = Seat.objects.get(table__round=round_, player_id=filler).player
    # A long name shrinks to its one line rather than being cut short.
    player.first_name, player.last_name = "Aoife", "Ní Bhriain-Fitzgerald"
    player.save()
    (text,) = card_texts(event_document(event, "cards", BASE, round_.number).content)
    assert in_order(text, "Aoife Ní Bhriain-Fitzgerald", "Fills in: scores nothing")
    (regular, _other) = card_texts(event_document(event, "cards", BASE, 1).content)
    assert "empty seat" not in regular


def test_a_hand_and_foot_play_off_card_marks_who_fills_an_empty_seat(drawn_event):
    """The Luxury Family and Laus cards said it; a Hand and Foot team's filler read as an
    ordinary partner (a walk, 2026-11-30)."""
    from clubscore.events.models import Round, Table, Team

    event = drawn_event("hand_and_foot", tables=1)
    seats = list(Seat.objects.filter(round__event=event).select_related("team", "player"))
    playoff = Round.objects.create(
        event=event,
        number=2,
        kind=Round.Kind.PLAYOFF,
        seed=1,
        playoff_fillers=[seats[2].player_id],
    )
    table = Table.objects.create(round=playoff, number=1)
    for seat in seats:
        team, _new = Team.objects.get_or_create(table=table, number=seat.team.number)
        Seat.objects.create(
            round=playoff, table=table, player=seat.player, position=seat.position, team=team
        )
    (text,) = card_texts(event_document(event, "cards", BASE, playoff.number).content)
    assert in_order(text, seats[2].player.name, "Fills in: scores nothing")
    assert text.count("Fills in: scores nothing") == 1
