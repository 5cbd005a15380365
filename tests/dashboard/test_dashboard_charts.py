"""The one chart (standings, ratings, cards): SVG from a template, every name escaped."""

import re

from clubscore.templatetags.charts import WIDTH, line_chart


def test_names_are_escaped_and_each_line_differs_by_more_than_colour():
    svg = line_chart(
        [("<script>alert(1)</script>", [10, 30]), ("Ann & Al", [20, 25])],
        ["Hand 1", "Hand 2"],
    )
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    assert "Ann &amp; Al" in svg
    assert svg.count("<polyline") == 2
    assert 'stroke-dasharray="8 4"' in svg  # the second line is dashed
    assert '<ol class="chart-legend">' in svg


def test_at_most_five_lines_and_nothing_without_data():
    series = [(f"P{n}", [n, n * 2]) for n in range(8)]
    assert line_chart(series, ["1", "2"]).count("<polyline") == 5
    assert line_chart([], ["1"]) == ""
    assert line_chart([("A", [])], ["1"]) == ""


def test_negative_totals_fit_on_the_axis():
    svg = line_chart([("A", [-500, 200])], ["Hand 1", "Hand 2"])
    assert ">-500<" in svg or ">-600<" in svg


def test_the_last_label_ends_at_the_right_edge_of_the_plot():
    """Centred on the last point, "Gesamt" (the German "Total") ran past the chart's edge
    and was cut to "Gesam" on a phone; it ends at the point instead."""
    svg = line_chart([("A", [10, 20, 30])], ["Hand 1", "Hand 2", "Gesamt"])
    last = re.search(r'<text x="([\d.]+)"[^>]*text-anchor="(\w+)"[^>]*>Gesamt<', svg)
    assert last.group(2) == "end"
    assert float(last.group(1)) <= WIDTH
    assert 'text-anchor="middle" class="tick">Hand 2<' in svg  # the others stay centred


def test_a_chart_is_drawn_once_for_what_it_shows_in_each_language():
    """Kept by what it shows (issue 28): the same lines give the same drawing without
    drawing it again; another score, name or language draws afresh."""
    from django.utils import translation

    series = [("Ann", [0, 120, 250]), ("Bob", [0, 90, 300])]
    with translation.override("en"):
        first = line_chart(series, ["", "1", "2"])
        assert line_chart([(n, list(v)) for n, v in series], ["", "1", "2"]) is first
        assert "Leaders&#x27; running totals" in first or "Leaders' running totals" in first
        moved = line_chart([("Ann", [0, 120, 260]), series[1]], ["", "1", "2"])
        assert moved != first
    with translation.override("de"):
        german = line_chart(series, ["", "1", "2"])
    assert german != first
    assert "running totals" not in german


def test_x_labels_never_overlap_on_a_long_evening():
    """Eight rounds of Laus: "Round 7" ended under "Round 8" (found on the standings
    page); every other round is named, counted back from the last, and a short evening
    names each."""
    rounds = [f"Round {n}" for n in range(1, 9)]
    svg = line_chart([("A", list(range(8)))], rounds)
    named = re.findall(r'class="tick">(Round \d)<', svg)
    assert named == ["Round 2", "Round 4", "Round 6", "Round 8"]
    xs = [float(x) for x in re.findall(r'<text x="([\d.]+)" y="300"', svg)]
    assert all(b - a >= 1.5 * len("Round 8") * 10 for a, b in zip(xs, xs[1:], strict=False))
    hands = ["Hand 1", "Hand 2", "Hand 3", "Total"]
    svg = line_chart([("A", [1, 2, 3, 4])], hands)
    assert re.findall(r'class="tick">([A-Z][a-z]+(?: \d)?)<', svg) == hands


def test_the_first_label_starts_at_its_point_clear_of_the_axis_values():
    """Centred on the first point, "Round 1" ran into the lowest value of the axis
    beside it ("-200", a walk on the standings at 1024 and 768 px); it starts at the
    point instead, right of the axis values (which end 6 units left of it)."""
    svg = line_chart([("A", [-200, 100, 300])], ["Round 1", "Round 2", "Total"])
    first = re.search(r'<text x="([\d.]+)"[^>]*text-anchor="(\w+)"[^>]*>Round 1<', svg)
    assert first.group(2) == "start"
    tick_ends = {
        float(x)
        for x in re.findall(
            r'<text x="([\d.]+)" y="[\d.]+" text-anchor="end" class="tick">-?\d+<', svg
        )
    }
    assert tick_ends and max(tick_ends) < float(first.group(1))
    assert 'text-anchor="middle" class="tick">Round 2<' in svg
    # A chart of one point keeps its one label in the middle.
    one = line_chart([("A", [5])], ["Round 1"])
    assert 'text-anchor="middle" class="tick">Round 1<' in one
