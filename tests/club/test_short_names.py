"""What a list or a narrow column calls each player at a table: first names, unless two
share one (`short_names`: then the full name; `column_names`: the last name's initial
first, as narrow as tells them apart)."""

from clubscore.club.models import Player, column_names, short_names


def players(*names: tuple[str, str]) -> list[Player]:
    return [Player(first_name=first, last_name=last) for first, last in names]


def test_first_names_where_each_is_unique():
    table = players(("Anna", "Meyer"), ("Bernd", "Schulz"))
    assert short_names(table) == column_names(table) == ["Anna", "Bernd"]


def test_the_list_gives_full_names_where_two_share_a_first_name():
    table = players(("Anna", "Meyer"), ("anna", "Schulz"), ("Carla", "Becker"))
    assert short_names(table) == ["Anna Meyer", "anna Schulz", "Carla"]


def test_a_column_adds_the_last_names_initial_where_that_tells_them_apart():
    table = players(("Anna", "Meyer"), ("Anna", "Schulz"), ("Anna", "Becker"), ("Dora", "Koch"))
    assert column_names(table) == ["Anna M.", "Anna S.", "Anna B.", "Dora"]


def test_a_column_gives_the_full_name_where_the_initial_is_shared_too():
    table = players(("Anna", "Meyer"), ("Anna", "müller"), ("Anna", "Schulz"))
    assert column_names(table) == ["Anna Meyer", "Anna müller", "Anna S."]


def test_no_last_name_to_tell_apart_by_leaves_the_first_name():
    table = players(("Anna", ""), ("Anna", "Meyer"))
    assert column_names(table) == ["Anna", "Anna M."]
