// The New event and Edit pages: the options shown are those of the chosen game.
// htmx fetches them when the game changes; a game chosen before htmx had loaded (a quick
// hand on a slow network) or put back by the browser (Back, a restored tab) changed
// nothing, so the page asks for them once htmx is there. The fieldset's hidden
// options_game names the game whose options the server drew.
document.addEventListener("DOMContentLoaded", () => {
  const choice = document.querySelector(".game-choice");
  const select = choice && choice.querySelector("select");
  const shown = document.querySelector('#game-options input[name="options_game"]');
  if (select && shown && window.htmx && select.value !== shown.value) {
    htmx.trigger(choice, "change");
  }
});
