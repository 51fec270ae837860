// The pages' shared JavaScript: one global object, TT (see docs/serve.md).
// Everything taken from a record or a request is shown as text (TT.el, textContent):
// nothing here, nor in any page, builds HTML from a string.
"use strict";

(function () {
  const RANKS = {
    A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king",
  };
  const SUITS = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  const CODE = /^(10|[2-9AJQK])([shdc])$/;

  function token() {
    const meta = document.querySelector('meta[name="tt-token"]');
    return meta ? meta.getAttribute("content") : "";
  }

  // The parsed JSON of GET path (body undefined) or POST path with body as JSON;
  // rejects with an Error holding the answer's "error" text on a non-2xx answer.
  async function api(path, body) {
    const options = { method: "GET", headers: { Accept: "application/json" } };
    if (body !== undefined) {
      options.method = "POST";
      options.headers["Content-Type"] = "application/json";
      options.headers["X-TT-Token"] = token();
      options.body = JSON.stringify(body);
    }
    let answer;
    try {
      answer = await fetch(path, options);
    } catch (error) {
      throw new Error("the server did not answer: is threethirteen serve still running?");
    }
    let data = null;
    try {
      data = await answer.json();
    } catch (error) {
      data = null;
    }
    if (!answer.ok) {
      const text = data && typeof data.error === "string" ? data.error : "";
      throw new Error(text || "the server answered " + answer.status);
    }
    return data;
  }

  // An element: attributes set as attributes (on* keys, functions, as listeners),
  // children as nodes or strings (text nodes, never HTML). null/undefined/false
  // attributes and children are left out.
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith("on")) {
        if (typeof value !== "function") throw new TypeError(key + " must be a function");
        node.addEventListener(key.slice(2).toLowerCase(), value);
      } else {
        node.setAttribute(key, value === true ? "" : String(value));
      }
    }
    for (const child of children.flat(Infinity)) {
      if (child === undefined || child === null || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // "nine of spades", "ten of hearts", "joker" (the code as it is when unknown).
  function cardName(code) {
    const text = String(code);
    if (text.toLowerCase() === "jk") return "joker";
    const match = CODE.exec(text);
    if (!match) return text;
    return RANKS[match[1]] + " of " + SUITS[match[2]];
  }

  function cardSrc(code) {
    return "/card/" + encodeURIComponent(String(code)) + ".svg";
  }

  // A card: a <button class="card"> holding its picture when opts.button, else an
  // <img class="card">; opts.wild, opts.selected, opts.onclick.
  function card(code, opts) {
    const options = opts || {};
    let label = cardName(code);
    if (options.wild) label += " (wild)";
    const classes = ["card"];
    if (options.wild) classes.push("wild");
    if (options.selected) classes.push("selected");
    if (options.button) {
      return el(
        "button",
        {
          type: "button",
          class: classes.join(" "),
          "data-card": String(code),
          "aria-label": label,
          "aria-pressed": options.selected ? "true" : null,
          onclick: options.onclick,
        },
        el("img", { src: cardSrc(code), alt: "", draggable: "false" }),
      );
    }
    return el("img", {
      class: classes.join(" "),
      src: cardSrc(code),
      alt: label,
      "data-card": String(code),
      onclick: options.onclick,
    });
  }

  function cardBack() {
    return el("img", { class: "card back", src: "/static/back.svg", alt: "face-down card" });
  }

  function messageBox() {
    return document.getElementById("message");
  }

  // Show a message in the page's <div id="message" role="alert">.
  function error(message) {
    const box = messageBox();
    const text = message instanceof Error ? message.message : String(message);
    if (!box) {
      console.warn(text);
      return;
    }
    box.textContent = text;
    box.classList.add("shown");
  }

  function clearError() {
    const box = messageBox();
    if (!box) return;
    box.textContent = "";
    box.classList.remove("shown");
  }

  const PAGES = [
    ["check", "Check", "/check"],
    ["play", "Play", "/play"],
    ["review", "Review", "/review"],
    ["results", "Results", "/results"],
  ];

  // Fill <header id="site-header"> with the site's name and the four pages' links.
  function header(active) {
    const box = document.getElementById("site-header");
    if (!box) return;
    const links = PAGES.map(([name, label, href]) =>
      el("li", {}, el("a", { href: href, "aria-current": name === active ? "page" : null }, label)),
    );
    box.replaceChildren(
      el("a", { class: "site-name", href: "/" }, "Three Thirteen"),
      el("nav", { "aria-label": "pages" }, el("ul", {}, links)),
    );
  }

  window.TT = {
    api: api,
    el: el,
    cardName: cardName,
    card: card,
    cardBack: cardBack,
    error: error,
    clearError: clearError,
    header: header,
  };
})();
