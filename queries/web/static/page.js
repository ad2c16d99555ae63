// The page's one script: a proof, a why-not or a glossary entry opens where the student is
// looking and takes the focus. On a wide screen the box stands beside what was clicked, in the
// column right of the page, kept inside the window; on a narrow one it moves right under what
// was clicked. Without script the page works as before (a mark is a link to the whole page).
(function () {
  "use strict";
  var WIDE = window.matchMedia("(min-width: 64rem)");
  var BOXES = ["proof", "term-box"];
  var homes = {};

  function home(box) {
    if (!homes[box.id]) {
      homes[box.id] = document.createComment(box.id);
      box.parentNode.insertBefore(homes[box.id], box);
    }
  }

  function anchor(elt) {
    return elt.closest("li, form, tr, p, section") || elt;
  }

  function beside(box, at) {
    var main = document.querySelector("main").getBoundingClientRect();
    var left = main.right + 16;
    box.classList.add("beside");
    box.style.left = left + window.scrollX + "px";
    box.style.width = Math.max(240, document.documentElement.clientWidth - left - 16) + "px";
    var top = at.getBoundingClientRect().top + window.scrollY;
    var lowest = window.scrollY + window.innerHeight - 8 - box.offsetHeight;
    box.style.top = Math.max(window.scrollY + 8, Math.min(top, lowest)) + "px";
  }

  function under(box, elt, at) {
    box.classList.remove("beside");
    box.removeAttribute("style");
    at.after(box);
    var shown = box.getBoundingClientRect();
    if (shown.top < 0 || shown.top > window.innerHeight * 0.6) {
      window.scrollBy(0, elt.getBoundingClientRect().top - 8);
    }
  }

  // A cast's address keeps only the fields given: the empty ones are not sent.
  document.addEventListener("submit", function (event) {
    if (event.target.id !== "cast-form") return;
    event.target.querySelectorAll("input, select").forEach(function (field) {
      if (field.name && field.value === "" && field.type !== "checkbox") field.disabled = true;
    });
    window.setTimeout(function () {
      event.target.querySelectorAll(":disabled").forEach(function (field) { field.disabled = false; });
    }, 0);
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "proof") {          // the glossary box is kept out of a proof swapped away
      var terms = document.getElementById("term-box");
      if (terms && target.contains(terms)) homes["term-box"].after(terms);
    }
  });

  // Keep and share: print the page (its print style sheet), copy the question's address.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-print], button[data-copy]");
    if (!button) return;
    if (button.hasAttribute("data-print")) { window.print(); return; }
    var link = new URL(button.getAttribute("data-copy"), window.location.href).href;
    if (navigator.clipboard) {
      navigator.clipboard.writeText(link).then(function () { button.textContent = button.getAttribute("data-copied"); });
    }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var box = event.detail.target;
    var config = event.detail.requestConfig;
    if (!box || BOXES.indexOf(box.id) < 0 || !config || !config.elt) return;
    var section = box.querySelector("section");
    if (!section) return;
    home(box);
    var elt = config.elt;
    var inside = box.id === "term-box" && elt.closest("#proof");
    var at = anchor(elt);
    if (WIDE.matches && !inside) beside(box, at); else under(box, elt, at);
    section.setAttribute("tabindex", "-1");
    section.focus({preventScroll: true});
  });
})();
