"use strict";
// A game's page: its live part replaced by each fragment the server sends (already escaped
// there), and a race's sheets opened over the standings. A stream that ends or is refused
// (the server restarting, too busy) is opened again after a wait that doubles up to 30 s,
// saying what it shows (the last event's id) so that only something newer is sent; a
// picture that could not be loaded is asked for again the same way. Meanwhile a line says
// so, in the page's language (the texts come with the page). A stream whose time is up is
// told to ``renew``: it is opened again at once, without a word.
(() => {
  const main = document.querySelector("main[data-events]");
  if (!main) return;
  const FIRST_WAIT = 1000;
  const LONGEST_WAIT = 30000;
  const status = document.getElementById("connection");
  const say = (text) => {
    if (!status) return;
    status.textContent = text || "";
    status.hidden = !text;
  };
  const jittered = (ms) => Math.round(ms * (0.75 + Math.random() * 0.5));
  let shows = new URL(main.dataset.events, location.href).searchParams.get("s") || "";
  let source = null;
  let wait = FIRST_WAIT;

  function connect() {
    const url = new URL(main.dataset.events, location.href);
    if (shows) url.searchParams.set("s", shows);
    source = new EventSource(url);
    source.addEventListener("open", () => {
      wait = FIRST_WAIT;
      say("");
    });
    source.addEventListener("change", (event) => {
      if (event.lastEventId) shows = event.lastEventId;
      const live = document.getElementById("live");
      const next = document.createElement("template");
      next.innerHTML = event.data;
      live.replaceWith(next.content);
    });
    source.addEventListener("renew", () => {
      source.close(); // the stream's time is up: a new one, at once, from what is shown
      connect();
    });
    source.addEventListener("gone", () => {
      source.close();
      location.reload();
    });
    source.addEventListener("error", () => {
      source.close(); // our own waits, not the browser's fixed one
      const ms = jittered(wait);
      wait = Math.min(wait * 2, LONGEST_WAIT);
      say(main.dataset.away.replace("{seconds}", String(Math.ceil(ms / 1000))));
      setTimeout(connect, ms);
    });
  }
  connect();

  // Pictures refused (too many at once) or failed: asked for again, later and later.
  document.addEventListener(
    "error",
    (event) => {
      const picture = event.target;
      if (!(picture instanceof HTMLImageElement) || !picture.getAttribute("src")) return;
      const tries = Number(picture.dataset.tries || "0") + 1;
      picture.dataset.tries = String(tries);
      say(main.dataset.picture);
      setTimeout(() => {
        if (picture.isConnected) picture.src = picture.getAttribute("src");
      }, jittered(Math.min(FIRST_WAIT * 2 ** tries, LONGEST_WAIT)));
    },
    true,
  );
  document.addEventListener(
    "load",
    (event) => {
      const picture = event.target;
      if (picture instanceof HTMLImageElement && picture.dataset.tries) {
        delete picture.dataset.tries;
        if (status && status.textContent === main.dataset.picture) say("");
      }
    },
    true,
  );

  const dialog = document.getElementById("sheet");
  if (!dialog || !dialog.showModal) return;
  const picture = dialog.querySelector("img");
  document.addEventListener("click", (event) => {
    const anchor = event.target.closest("a.sheet");
    if (!anchor) return;
    event.preventDefault();
    picture.src = anchor.dataset.src;
    picture.alt = anchor.textContent;
    dialog.querySelector(".who").textContent = anchor.textContent;
    dialog.showModal();
  });
  dialog.querySelector(".close").addEventListener("click", () => dialog.close());
})();
