// The table page: connects to the seat's (or the spectators') websocket, draws each view frame
// with the server's card shapes, and plays a move by a click. No build step, no dependencies.
"use strict";

const CARD = /^(10|[2-9JQKA])[SHDC]$|^JK$/;
const META = new Set(["seat", "hand", "legal_moves", "hand_sizes", "teams", "match_score",
  "to_act", "dealer"]);
const shapes = new Map();
let socket = null;
let frame = null;
let selected = [];
let drawing = Promise.resolve();

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws${location.pathname}`;
}

async function shape(code) {
  if (!shapes.has(code)) {
    shapes.set(code, fetch(`/cards/${code}.svg`).then((answer) => answer.text()));
  }
  return shapes.get(code);
}

async function cardElement(code) {
  const holder = document.createElement("span");
  holder.className = "card-holder";
  holder.innerHTML = await shape(code);
  const svg = holder.firstElementChild;
  if (svg) svg.classList.add("card-shape");
  return holder;
}

function cardsOf(text) {
  return text.split(" ").filter((token) => CARD.test(token));
}

function sameCards(left, right) {
  return left.length === right.length &&
    [...left].sort().join(" ") === [...right].sort().join(" ");
}

function send(move) {
  document.getElementById("error").textContent = "";
  socket.send(JSON.stringify({type: "move", move: move}));
}

function legal() {
  return frame ? frame.view.legal_moves : [];
}

function clickCard(index) {
  const at = selected.indexOf(index);
  if (at >= 0) selected.splice(at, 1); else selected.push(index);
  const hand = frame.view.hand;
  const codes = selected.map((i) => hand[i]);
  if (codes.length === 1) {
    const code = codes[0];
    const exact = legal().filter((move) => sameCards(cardsOf(move), codes));
    const longer = legal().filter((move) => cardsOf(move).length > 1 &&
      cardsOf(move).includes(code));
    if (exact.length === 1 && longer.length === 0) { selected = []; send(exact[0]); return; }
    if (exact.length === 0 && longer.length === 0) {
      // A card no legal move names: send it with the keyword of the one-card moves, so that
      // the server answers with the rule's sentence.
      const words = new Set(legal().filter((move) => cardsOf(move).length === 1)
        .map((move) => move.split(" ")[0]));
      if (words.size === 1) { selected = []; send(`${[...words][0]} ${code}`); return; }
    }
  }
  redraw();
}

function moveButton(move) {
  const button = document.createElement("button");
  button.textContent = move;
  button.dataset.move = move;
  button.addEventListener("click", () => { selected = []; send(move); });
  return button;
}

function flatCards(value) {
  // The cards of a zone: a list of cards, or of [seat, card] pairs.
  if (!Array.isArray(value)) return null;
  const cards = [];
  for (const item of value) {
    if (typeof item === "string" && CARD.test(item)) cards.push(item);
    else if (Array.isArray(item) && item.length === 2 && typeof item[1] === "string" &&
      CARD.test(item[1])) cards.push(item[1]);
    else return null;
  }
  return cards;
}

function zones(value, path, into) {
  const cards = flatCards(value);
  if (cards !== null) { if (cards.length) into.push([path, cards]); return; }
  if (Array.isArray(value)) value.forEach((item, i) => zones(item, `${path} ${i + 1}`, into));
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) zones(item, `${path} ${key}`, into);
  }
}

function facts(view) {
  const lines = [];
  for (const [key, value] of Object.entries(view)) {
    if (META.has(key)) continue;
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
      lines.push(`${key.replaceAll("_", " ")}: ${value}`);
    }
  }
  return lines.join(" · ");
}

async function draw() {
  const current = frame;
  const view = current.view;
  document.body.dataset.number = current.number;
  document.body.dataset.toAct = current.to_act === null ? "" : String(current.to_act);
  document.body.dataset.over = String(current.over);
  document.body.dataset.legal = JSON.stringify(view.legal_moves);
  const who = current.seat === null ? "spectator" : `seat ${current.seat}`;
  document.getElementById("title").textContent = `${current.game}: ${who}`;
  const acting = current.to_act === current.seat ? "your turn" :
    current.to_act === null ? "the match is over" : `to act: ${current.to_act}`;
  const status = document.getElementById("status");
  status.textContent = `${acting} · hands: ${view.hand_sizes.join(", ")}`;
  if (current.screen && current.screen.length) {
    for (const [label, text] of current.screen) {
      const line = document.createElement("div");
      line.className = "screen-line";
      line.textContent = `${label}: ${text}`;
      status.appendChild(line);
    }
  } else {
    status.textContent += ` · ${facts(view)}`;
  }
  document.getElementById("score").textContent = `score: ${current.score.join(" – ")}`;

  const found = [];
  for (const [key, value] of Object.entries(view)) if (!META.has(key)) zones(value, key, found);
  const zoneBox = document.createElement("div");
  for (const [seat, size] of view.hand_sizes.entries()) {
    if (seat === current.seat) continue;
    const row = document.createElement("div");
    row.className = "zone others";
    row.dataset.seat = seat;
    const name = document.createElement("span");
    name.className = "label";
    name.textContent = `seat ${seat} (${current.seats[seat]}): ${size}`;
    row.appendChild(name);
    for (let i = 0; i < size; i++) row.appendChild(await cardElement("back"));
    zoneBox.appendChild(row);
  }
  for (const [label, cards] of found) {
    const row = document.createElement("div");
    row.className = "zone";
    row.dataset.zone = label;
    const name = document.createElement("span");
    name.className = "label";
    name.textContent = label.replaceAll("_", " ");
    row.appendChild(name);
    for (const code of cards) row.appendChild(await cardElement(code));
    zoneBox.appendChild(row);
  }
  const hand = document.createElement("div");
  for (const [index, code] of view.hand.entries()) {
    const element = await cardElement(code);
    element.dataset.index = index;
    if (selected.includes(index)) element.firstElementChild?.classList.add("selected");
    element.addEventListener("click", () => clickCard(index));
    hand.appendChild(element);
  }
  const moves = document.createElement("div");
  const codes = selected.map((i) => view.hand[i]);
  for (const move of view.legal_moves) {
    const cards = cardsOf(move);
    if (cards.length === 0 || (codes.length && sameCards(cards, codes))) {
      moves.appendChild(moveButton(move));
    }
  }
  if (current !== frame) return;
  document.getElementById("zones").replaceChildren(...zoneBox.childNodes);
  document.getElementById("hand").replaceChildren(...hand.childNodes);
  document.getElementById("moves").replaceChildren(...moves.childNodes);
  const end = document.getElementById("end");
  if (current.over) {
    end.innerHTML = "";
    const line = document.createElement("p");
    line.textContent = `The match is over; winners: ${current.winners.join(", ")}. `;
    const link = document.createElement("a");
    link.id = "log-link";
    link.href = `/api/tables/${current.table}/log`;
    link.textContent = "download the log";
    line.appendChild(link);
    end.appendChild(line);
  }
  document.body.dataset.drawn = current.number;
}

function tell(events, told) {
  // Every frame's events go to the list as the frame arrives, even when a later frame is
  // drawn in its place: the game's own words shown, each event kept (hidden) for programs.
  const list = document.getElementById("events");
  for (const line of told || []) {
    const item = document.createElement("li");
    item.className = "told";
    item.textContent = line;
    list.prepend(item);
  }
  for (const event of events) {
    const item = document.createElement("li");
    const {kind, ...fields} = event;
    item.className = "event";
    item.hidden = true;
    item.dataset.kind = kind;
    item.textContent = `${kind} ${JSON.stringify(fields)}`;
    list.prepend(item);
  }
  while (list.children.length > 200) list.lastChild.remove();
}

function redraw() {
  drawing = drawing.then(draw).catch((problem) => console.error(problem));
}

function connect() {
  socket = new WebSocket(socketUrl());
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "error") {
      document.getElementById("error").textContent = `${data.message} (${data.rule})`;
      document.getElementById("error").dataset.rule = data.rule;
      return;
    }
    if (data.number !== (frame && frame.number)) selected = [];
    frame = data;
    tell(data.events, data.told);
    redraw();
  });
  socket.addEventListener("close", () => {
    document.getElementById("status").textContent += " · disconnected";
  });
}

document.getElementById("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const box = document.getElementById("move-text");
  if (box.value.trim()) send(box.value.trim());
  box.value = "";
});
connect();
