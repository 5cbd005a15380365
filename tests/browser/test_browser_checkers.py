"""Every page clean under the field's checkers (issue 27.6): axe-core and the HTML checker.

axe-core (vendored, static/vendor/axe-core-*.min.js) runs in each page of a club night
(tests/browser/club_night.py) at 390 and 1280 px, in English and German: 0 violations.
The page as the server sent it goes through tests/htmlcheck.py: 0 errors (htmx's hx-*
attributes are not looked at). One test per width and language, each visiting the whole
page list in one browser, two tabs (the organizer's, a player's).
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.templatetags.static import static
from django.test import Client

from tests.htmlcheck import check

from .club_night import build

pytestmark = pytest.mark.django_db(transaction=True)

AXE = "vendor/axe-core-4.14.1.min.js"
LOCALES = {"en": "en-GB", "de": "de-DE"}
# Every rule axe has for WCAG 2.0/2.1/2.2 A and AA and its best practices.
RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({
    rule: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ")), count: v.nodes.length,
  }));
}"""


def visit(page, url: str, how: str):
    """The page's response as the server sent it (the 400 page: after a form's post)."""
    response = page.goto(url)
    if how == "bad-number":  # a hand number no game has: the site's 400 page
        with page.expect_navigation() as navigation:
            page.evaluate(
                "() => { const f = document.querySelector('form[data-queue=entry]');"
                " f.querySelector('input[name=number]').value = '999'; f.submit(); }"
            )
        response = navigation.value
    page.wait_for_load_state("load")
    return response


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_page_is_clean_under_axe_and_the_html_checker(
    new_page, live_server, organizer, console_errors, width, language
):
    # The 400 page is the point of one visit; the browser reports its status.
    console_errors.allow(r"status of 400 \(Bad Request\)")
    pages = build()
    viewport = {"width": width, "height": 900}
    tabs = {who: new_page(viewport, locale=LOCALES[language]) for who in ("player", "organizer")}
    office = Client()
    office.force_login(organizer)  # (the login page is a page of the list, seen by a player)
    session = office.cookies[settings.SESSION_COOKIE_NAME].value
    tabs["organizer"].context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )
    axe = live_server.url + static(AXE)
    found = []
    for name, path, how in pages:
        page = tabs["organizer" if how == "organizer" else "player"]
        response = visit(page, live_server.url + path, how)
        expected = 400 if how == "bad-number" else 200
        assert response.status == expected, f"{name}: {response.status}"
        if width == 390:  # the same markup at each width: checked once per language
            found += [f"{name}: HTML: {error}" for error in check(response.text())]
        page.add_script_tag(url=axe)
        for violation in page.evaluate(RUN):
            found.append(f"{name}: axe: {violation}")
    assert found == [], "\n".join(found)
