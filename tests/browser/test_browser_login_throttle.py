"""The login lockout as the organizer sees it, on a tablet and a phone."""

import pytest

from .conftest import PHONE, TABLET, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # Seven logins per test: the production hasher's slowness only slows the suite here.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_after_five_wrong_passwords_the_form_says_when_to_try_again(
    new_page, live_server, organizer, viewport
):
    page = new_page(viewport)
    page.goto(f"{live_server.url}/login/")
    for _ in range(6):
        page.get_by_label("Username").fill("director")
        page.get_by_label("Password").fill("not-the-password")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_load_state()
    alert = page.get_by_role("alert")
    assert "Too many failed attempts. Try again in 15 minutes." in alert.inner_text()
    assert page.get_by_label("Username").input_value() == "director"
    # Even the right password now waits.
    page.get_by_label("Password").fill("a-long-organizer-pass")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    assert page.url.startswith(f"{live_server.url}/login/")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"login-locked-{viewport['width']}")
