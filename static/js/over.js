/* The page that says a card's evening is over: what this tablet still holds for the
   card without knowing it arrived (offline.js's queue, the hands the server refused as
   nobody's, the typing of a hand not yet saved, in IndexedDB) is listed, so nothing
   typed is lost unseen. */
(function () {
  "use strict";
  var box = document.getElementById("not-sent");
  if (!box || !window.idbKeyval || !window.indexedDB) return;
  var token = box.dataset.token;
  var store = window.idbKeyval;
  function line(shown) {
    return box.dataset.typed + " " + shown.map(function (pair) { return pair[0] + " " + pair[1]; }).join(" · ");
  }
  Promise.all([
    store.get("clubscore:queue:" + token),
    store.get("clubscore:not-taken:" + token),
    store.get("clubscore:typing:" + token)
  ]).then(function (found) {
    var items = (found[0] || []).concat(found[1] || []);
    var lists = items.map(function (item) { return item.shown || []; });
    if (found[2] && found[2].shown) lists.push(found[2].shown);
    var list = box.querySelector("ul");
    lists.forEach(function (shown) {
      if (!shown.length) return;
      var li = document.createElement("li");
      li.className = "message error typed";
      li.textContent = line(shown);
      list.appendChild(li);
    });
    box.hidden = !list.children.length;
  }).catch(function () { /* no storage here: nothing kept to show */ });
})();
