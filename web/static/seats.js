// The seats page: each click on the picture gives the next seat (setup order) its place, in the
// picture's own pixels; the markers show every seat's place. The server checks it all again.
"use strict";
(function () {
  const form = document.getElementById("seat-form");
  const picture = document.getElementById("seat-picture");
  if (!form || !picture) return;
  const markers = document.getElementById("seat-markers");
  const prompt = document.getElementById("seat-prompt");
  const rows = Array.from(form.querySelectorAll(".seat-row"));
  let next = 0;

  function place(row) {
    const x = parseFloat(row.querySelector(".seat-x").value);
    const y = parseFloat(row.querySelector(".seat-y").value);
    return Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null;
  }

  function draw() {
    markers.replaceChildren();
    const width = picture.naturalWidth, height = picture.naturalHeight;
    rows.forEach(function (row, i) {
      const point = place(row);
      if (!point || !width || !height) return;
      const marker = document.createElement("span");
      marker.className = "seat-marker";
      marker.textContent = (i + 1) + " " + row.dataset.name;
      marker.style.left = (100 * point[0] / width) + "%";
      marker.style.top = (100 * point[1] / height) + "%";
      markers.append(marker);
    });
    prompt.textContent = next < rows.length
      ? prompt.dataset.template.replace("{name}", rows[next].dataset.name)
      : prompt.dataset.done;
  }

  function takeSize() {
    if (!picture.naturalWidth) return;
    form.elements.width.value = picture.naturalWidth;
    form.elements.height.value = picture.naturalHeight;
    draw();
  }

  picture.addEventListener("click", function (event) {
    if (!rows.length || !picture.naturalWidth) return;
    const box = picture.getBoundingClientRect();
    const x = (event.clientX - box.left) * picture.naturalWidth / box.width;
    const y = (event.clientY - box.top) * picture.naturalHeight / box.height;
    const row = rows[next % rows.length];
    row.querySelector(".seat-x").value = x.toFixed(1);
    row.querySelector(".seat-y").value = y.toFixed(1);
    next = next % rows.length + 1;
    takeSize();
  });
  form.addEventListener("input", draw);
  document.getElementById("new-picture").addEventListener("click", function () {
    picture.src = picture.src.split("?")[0] + "?" + Date.now();
  });
  picture.addEventListener("load", takeSize);
  if (picture.complete) takeSize();
})();
