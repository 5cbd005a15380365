"""The tests' HTML checker (tests/htmlcheck.py) finds what the Nu checker found (issue 27.6)."""

from __future__ import annotations

import pytest

from tests.htmlcheck import check

PAGE = '<!doctype html><html lang="en"><head><title>t</title></head><body>{}</body></html>'


def test_a_clean_page_has_no_errors():
    body = (
        '<form hx-post="/x/" hx-trigger="input"><label for="a">A</label>'
        '<input type="number" id="a" name="a" inputmode="numeric">'
        '<input type="text" pattern="[0-9]*" aria-describedby="h"><p id="h">help</p>'
        '<time datetime="2026-11-26T03:02:45+0100">03:02</time>'
        '<time datetime="2026-11-26T03:02:45.634+01:00">03:02</time>'
        '<time datetime="2026-11-26">26.11.</time>'
        "<ul><li>one</li><template><li>two</li></template></ul></form>"
    )
    assert check(PAGE.format(body)) == []


@pytest.mark.parametrize(
    "body,error",
    [
        ('<input type="number" pattern="-?[0-9]*">', '"pattern" is not allowed'),
        ('<time datetime="2026-11-26T03:02:45.634034+01:00">x</time>', 'for attribute "datetime"'),
        ('<p id="a"></p><p id="a"></p>', 'Duplicate ID "a"'),
        ('<label for="nothing">x</label>', 'The "for" of a label'),
        ('<div aria-labelledby="gone"></div>', '"aria-labelledby" names no element'),
        ("<ul><p>x</p></ul>", 'Element "p" not allowed as child of element "ul"'),
        ('<a href="/"><button type="button">x</button></a>', '"button" must not appear inside'),
        ("<table><tr><td>x</td></tr><p>y</p></table>", "parse error"),
        ("<p><b>x</p></b>", "parse error"),
        ('<input type="numbr">', 'Bad value "numbr"'),
    ],
)
def test_each_rule_finds_its_error(body, error):
    found = check(PAGE.format(body))
    assert any(error in line for line in found), found


def test_a_page_without_the_doctype():
    assert "does not begin with <!doctype html>" in " ".join(check("<p>x</p>"))
