"use strict";
// A game's page: its live part replaced by each fragment the server sends (already escaped
// there), and a race's sheets opened over the standings.
(() => {
  const main = document.querySelector("main[data-events]");
  if (!main) return;
  const shown = () => document.getElementById("live")?.dataset.version ?? "-1";
  const url = new URL(main.dataset.events, location.href);
  url.searchParams.set("v", shown());
  const source = new EventSource(url);
  source.addEventListener("change", (event) => {
    const live = document.getElementById("live");
    const next = document.createElement("template");
    next.innerHTML = event.data;
    live.replaceWith(next.content);
  });
  source.addEventListener("gone", () => {
    source.close();
    location.reload();
  });

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
