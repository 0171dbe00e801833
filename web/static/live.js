// The live page: follows the verdict feed (Server-Sent Events), swaps in the state panel when
// it changes, and raises a visible and audible alarm on a foul.
"use strict";
(function () {
  const root = document.querySelector(".live");
  if (!root) return;
  const lang = document.body.dataset.lang;
  const feed = document.getElementById("feed");
  const alarm = document.getElementById("alarm");
  const soundButton = document.getElementById("sound");
  let audio = null;
  let alarmTimer = null;

  function beep() {
    if (!audio) return;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "square";
    oscillator.frequency.value = 880;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.frequency.setValueAtTime(440, audio.currentTime + 0.18);
    oscillator.stop(audio.currentTime + 0.4);
  }

  soundButton.addEventListener("click", function () {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    audio.resume();
    soundButton.classList.add("on");
    beep();
  });

  function refresh(url, target) {
    fetch(url, {credentials: "same-origin"})
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then((html) => { document.getElementById(target).innerHTML = html; })
      .catch(() => {});
  }

  function showVerdict(data) {
    const verdict = data.verdict;
    const item = document.createElement("li");
    item.className = "verdict " + (verdict.ok ? "ok" : "foul");
    item.dataset.rule = verdict.rule || "";
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = lang === "ru" ? data.text_ru : data.text;
    const mark = document.createElement("b");
    mark.textContent = verdict.ok ? "✓" : root.dataset.foulWord + " " + verdict.rule;
    if (!verdict.ok) mark.className = "rule";
    const message = document.createElement("span");
    message.className = "message";
    message.textContent = (lang === "ru" ? verdict.message_ru : verdict.message) || "";
    item.append(what, " ", mark, " ", message);
    feed.prepend(item);
    while (feed.children.length > 60) feed.lastElementChild.remove();
    if (!verdict.ok) {
      alarm.textContent = mark.textContent + ": " + message.textContent;
      alarm.hidden = false;
      document.body.classList.add("fouled");
      beep();
      clearTimeout(alarmTimer);
      alarmTimer = setTimeout(function () {
        alarm.hidden = true;
        document.body.classList.remove("fouled");
      }, 8000);
    }
  }

  const source = new EventSource(root.dataset.eventsUrl);
  source.addEventListener("verdict", (e) => showVerdict(JSON.parse(e.data)));
  source.addEventListener("state", () => refresh(root.dataset.stateUrl, "state"));
  source.addEventListener("question", () => refresh(root.dataset.questionsUrl, "questions"));
  source.addEventListener("open", () => refresh(root.dataset.stateUrl, "state"));
  const sourceStatus = document.getElementById("source-status");
  if (sourceStatus) {
    const labels = JSON.parse(sourceStatus.dataset.labels);
    source.addEventListener("source", function (e) {
      const state = JSON.parse(e.data).state;
      sourceStatus.dataset.state = state;
      sourceStatus.textContent = labels[state] || state;
    });
  }
  const unfollowed = document.getElementById("camera-unfollowed");
  if (unfollowed) {
    const reasons = JSON.parse(unfollowed.dataset.labels);
    source.addEventListener("unfollowed", function (e) {
      unfollowed.textContent = reasons[JSON.parse(e.data).why] || "";
    });
  }
  document.body.dataset.feed = "connecting";
  source.addEventListener("open", () => { document.body.dataset.feed = "open"; });

  const video = document.getElementById("video");
  if (video) {
    video.addEventListener("error", function () {
      setTimeout(() => { video.src = video.src.split("?")[0] + "?" + Date.now(); }, 2000);
    });
  }
})();
