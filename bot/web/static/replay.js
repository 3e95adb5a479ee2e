"use strict";
// A replay's scrubber: a slider, play/pause and the arrow keys change the frame in place.
(() => {
  const box = document.getElementById("replay");
  if (!box) return;
  const count = Number(box.dataset.frames);
  const lang = box.dataset.lang;
  const picture = box.querySelector("img.board");
  const caption = box.querySelector(".caption");
  const at = box.querySelector(".at");
  const slider = box.querySelector("input[type=range]");
  const play = box.querySelector("button.play");
  const captions = [...box.querySelectorAll(".captions li")].map((item) => item.textContent);
  let frame = Number(box.dataset.frame);
  let timer = null;

  const show = (wanted) => {
    frame = Math.max(0, Math.min(count - 1, wanted));
    picture.src = `${box.dataset.src}${frame}.png?lang=${lang}`;
    picture.alt = captions[frame];
    caption.textContent = captions[frame];
    at.textContent = String(frame + 1);
    slider.value = String(frame);
    box.dataset.frame = String(frame);
    history.replaceState(null, "", `?frame=${frame}&lang=${lang}`);
  };
  const stop = () => {
    clearInterval(timer);
    timer = null;
    play.textContent = play.dataset.play;
  };
  const start = () => {
    if (frame >= count - 1) show(0);
    timer = setInterval(() => (frame >= count - 1 ? stop() : show(frame + 1)),
      Number(box.dataset.seconds) * 1000);
    play.textContent = play.dataset.pause;
  };
  const steps = {
    first: () => 0, previous: () => frame - 1, next: () => frame + 1, last: () => count - 1,
  };

  slider.hidden = false;
  play.hidden = false;
  slider.addEventListener("input", () => { stop(); show(Number(slider.value)); });
  play.addEventListener("click", () => (timer ? stop() : start()));
  box.querySelectorAll("nav.steps a").forEach((anchor) => {
    anchor.addEventListener("click", (event) => {
      event.preventDefault();
      stop();
      show(steps[anchor.dataset.step]());
    });
  });
  document.addEventListener("keydown", (event) => {
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
    if (keys[event.key]) {
      event.preventDefault();
      stop();
      show(steps[keys[event.key]]());
    } else if (event.key === " " && event.target === document.body) {
      event.preventDefault();
      timer ? stop() : start();
    }
  });
})();
