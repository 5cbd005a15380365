"""A narrow column's name for each player at a table: first names, unless two share one."""

from clubscore.club.models import Player, short_names


def players(*names: tuple[str, str]) -> list[Player]:
    return [Player(first_name=first, last_name=last) for first, last in names]


def test_first_names_where_each_is_unique():
    assert short_names(players(("Anna", "Meyer"), ("Bernd", "Schulz"))) == ["Anna", "Bernd"]


def test_full_names_where_two_share_a_first_name():
    table = players(("Anna", "Meyer"), ("anna", "Schulz"), ("Carla", "Becker"))
    assert short_names(table) == ["Anna Meyer", "anna Schulz", "Carla"]


def test_three_annas_are_told_apart():
    table = players(("Anna", "Meyer"), ("Anna", "Schulz"), ("Anna", "Becker"))
    assert short_names(table) == ["Anna Meyer", "Anna Schulz", "Anna Becker"]
