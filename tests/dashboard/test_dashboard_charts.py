"""The leaders' chart: SVG made on the server, every name escaped."""

from clubscore.dashboard.charts import progress_chart


def test_names_are_escaped_and_each_line_differs_by_more_than_colour():
    svg = progress_chart(
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
    assert progress_chart(series, ["1", "2"]).count("<polyline") == 5
    assert progress_chart([], ["1"]) == ""
    assert progress_chart([("A", [])], ["1"]) == ""


def test_negative_totals_fit_on_the_axis():
    svg = progress_chart([("A", [-500, 200])], ["Hand 1", "Hand 2"])
    assert ">-500<" in svg or ">-600<" in svg
