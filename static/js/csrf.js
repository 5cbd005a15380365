/* A page opened before a later login (in another tab, or the organizer's on this very
   tablet) holds a CSRF token the browser's cookie no longer matches: its forms and its
   htmx requests were refused (403), a preview or a save of the card too. Each sends the
   cookie's token as it is now instead, as Django's documentation does for scripts
   ("Setting the token on the AJAX request"). No cookie at all (cookies cleared): the
   page's own token goes, and the server says what to do. */
"use strict";

function csrfCookie() {
  var found = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return found ? decodeURIComponent(found[1]) : "";
}

document.addEventListener("submit", function (event) {
  var token = csrfCookie();
  var field = token && event.target.querySelector("input[name=csrfmiddlewaretoken]");
  if (field) field.value = token;
}, true);

document.addEventListener("htmx:configRequest", function (event) {
  var token = csrfCookie();
  if (!token) return;
  event.detail.headers["X-CSRFToken"] = token;
  var parameters = event.detail.parameters;
  if (parameters && parameters.has && parameters.has("csrfmiddlewaretoken")) {
    parameters["csrfmiddlewaretoken"] = token;
  }
});
