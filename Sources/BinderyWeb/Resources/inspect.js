// Bindery's inspector: draws the live bindings of each tab the server sends over /inspect/socket
// (objects as boxes, bound properties as their rows, bindings as arrows from source to target), and
// lists the last changes, each with its causes on click. Everything is drawn here, with the DOM.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const ROW = 18, HEAD = 22, GAP_X = 150, GAP_Y = 18, CHAR = 7.3, PAD = 12;
  const graphs = document.getElementById("inspector-graphs");
  const changesList = document.getElementById("inspector-changes");
  const status = document.getElementById("inspector-status");
  const search = document.getElementById("inspector-search");
  let state = null;
  let shownChanges = "";
  const open = new Set();

  function el(name, attributes, text) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function html(name, className, text) {
    const node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function clip(text, max) {
    return text.length > max ? text.slice(0, max - 1) + "…" : text;
  }

  // Objects, their bound properties, and the bindings between them, placed in columns: an object
  // one column right of every object it takes values from (loops are cut at the number of objects).
  function layout(graph) {
    const objects = new Map();
    const object = (name, type) => {
      const key = name !== null ? name : (type || "?") + " (gone)";
      if (!objects.has(key)) objects.set(key, { key, gone: name === null, props: [], index: new Map(), rank: 0 });
      return objects.get(key);
    };
    const property = (owner, name) => {
      if (!owner.index.has(name)) {
        owner.index.set(name, owner.props.length);
        owner.props.push(name);
      }
      return owner.index.get(name);
    };
    const edges = graph.bindings.map((binding) => {
      const source = object(binding.source, binding.sourceType);
      const target = object(binding.target, binding.targetType);
      return { binding, source, sourceRow: property(source, binding.sourcePath), target, targetRow: property(target, binding.targetProperty) };
    });
    for (let pass = 0; pass < objects.size; pass++) {
      let moved = false;
      for (const edge of edges) {
        const rank = edge.source.rank + 1;
        if (edge.source !== edge.target && edge.target.rank < rank && rank < objects.size) {
          edge.target.rank = rank;
          moved = true;
        }
      }
      if (!moved) break;
    }
    const columns = [];
    for (const item of objects.values()) {
      item.width = Math.max(item.key.length, ...item.props.map((name) => name.length)) * CHAR + 2 * PAD;
      item.height = HEAD + item.props.length * ROW + 4;
      (columns[item.rank] = columns[item.rank] || []).push(item);
    }
    let x = 10, height = 0;
    columns.forEach((column, index) => {
      if (!column) return;
      if (index === 0) {
        // The objects most bound first (a page's model, usually).
        const fanOut = (item) => edges.filter((edge) => edge.source === item).length;
        column.sort((a, b) => fanOut(b) - fanOut(a));
      } else {
        // Beside the objects they take values from, roughly: by the mean height of their sources.
        const centre = (item) => {
          const ys = edges.filter((edge) => edge.target === item && edge.source.y !== undefined)
            .map((edge) => edge.source.y + HEAD + edge.sourceRow * ROW);
          return ys.length ? ys.reduce((a, b) => a + b, 0) / ys.length : Infinity;
        };
        column.sort((a, b) => centre(a) - centre(b));
      }
      const width = Math.max(...column.map((item) => item.width));
      let y = 10;
      for (const item of column) {
        item.x = x;
        item.y = y;
        item.width = width;
        y += item.height + GAP_Y;
      }
      height = Math.max(height, y);
      x += width + GAP_X;
    });
    return { objects: [...objects.values()], edges, width: x - GAP_X + 20, height: height + 10 };
  }

  function describe(binding) {
    const lines = [
      `${binding.targetType}.${binding.targetProperty} ${arrow(binding.direction)} ${binding.sourceType || "?"}.${binding.sourcePath}`,
      `direction: ${binding.direction}${binding.isBound ? "" : " (unbound)"}`,
      `made at ${binding.location}`,
    ];
    if (binding.conversion) lines.push(`through ${binding.conversion}`);
    for (const option of binding.options) lines.push(option);
    for (const placeholder of binding.placeholders) lines.push(`placeholder ${placeholder}`);
    if (binding.lastTargetValue !== null) lines.push(`last shown ${binding.lastTargetValue}`);
    if (binding.lastSourceValue !== null) lines.push(`last written back ${binding.lastSourceValue}`);
    return lines.join("\n");
  }

  function arrow(direction) {
    return direction === "both" ? "⇄" : direction === "targetToSource" ? "→" : "←";
  }

  function drawGraph(graph, index) {
    const placed = layout(graph);
    const svg = el("svg", { class: "graph", width: placed.width, height: placed.height, role: "img" });
    const defs = el("defs");
    for (const [id, orient] of [[`end-${index}`, "auto"], [`start-${index}`, "auto-start-reverse"]]) {
      const marker = el("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient });
      marker.appendChild(el("path", { d: "M 0 0 L 10 5 L 0 10 z" }));
      defs.appendChild(marker);
    }
    svg.appendChild(defs);
    for (const item of placed.objects) {
      const group = el("g", { class: "object" + (item.gone ? " gone" : ""), "data-object": item.key });
      group.appendChild(el("rect", { class: "box", x: item.x, y: item.y, width: item.width, height: item.height, rx: 5 }));
      group.appendChild(el("rect", { class: "head", x: item.x, y: item.y, width: item.width, height: HEAD, rx: 5 }));
      group.appendChild(el("text", { class: "type", x: item.x + PAD, y: item.y + 15 }, item.key));
      item.props.forEach((name, row) => {
        const top = item.y + HEAD + row * ROW;
        const line = el("g", { class: "property", "data-property": `${item.key}.${name}` });
        line.appendChild(el("rect", { x: item.x + 1, y: top + 1, width: item.width - 2, height: ROW }));
        line.appendChild(el("text", { x: item.x + PAD, y: top + 14 }, name));
        group.appendChild(line);
      });
      svg.appendChild(group);
    }
    for (const edge of placed.edges) {
      const { binding, source, target } = edge;
      const y1 = source.y + HEAD + edge.sourceRow * ROW + ROW / 2 + 1;
      const y2 = target.y + HEAD + edge.targetRow * ROW + ROW / 2 + 1;
      let d;
      if (target.x > source.x) {
        const x1 = source.x + source.width, x2 = target.x;
        const bend = Math.max(40, (x2 - x1) / 2);
        d = `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`;
      } else {
        const x1 = source.x + source.width, x2 = target.x + target.width;
        const out = Math.max(x1, x2) + 60;
        d = `M ${x1} ${y1} C ${out} ${y1}, ${out} ${y2}, ${x2} ${y2}`;
      }
      const attributes = {
        d,
        class: "edge" + (binding.isBound ? "" : " unbound"),
        "data-source": `${source.key}.${binding.sourcePath}`,
        "data-target": `${target.key}.${binding.targetProperty}`,
        "data-direction": binding.direction,
      };
      if (binding.direction !== "targetToSource") attributes["marker-end"] = `url(#end-${index})`;
      if (binding.direction !== "sourceToTarget") attributes["marker-start"] = `url(#start-${index})`;
      const path = el("path", attributes);
      path.appendChild(el("title", {}, describe(binding)));
      svg.appendChild(path);
      const label = binding.conversion || binding.lastTargetValue;
      if (label && target.x > source.x) {
        const x = (source.x + source.width + target.x) / 2, y = (y1 + y2) / 2 - 4;
        svg.appendChild(el("text", { class: "edge-label", x, y, "text-anchor": "middle" }, clip(label, 28)));
      }
    }
    return svg;
  }

  function renderGraphs() {
    graphs.replaceChildren();
    const groups = state.sessions.map((session) => ({ name: session.name, graph: session.graph }));
    if (state.others.bindings.length) groups.push({ name: "between models (no tab)", graph: state.others });
    if (!groups.length) graphs.appendChild(html("p", "session empty", "No tab is open, and no binding is recorded."));
    groups.forEach((group, index) => {
      const section = html("section", "session");
      section.dataset.session = group.name;
      const count = group.graph.bindings.length;
      section.appendChild(html("h2", "", `${group.name} — ${count} binding${count === 1 ? "" : "s"}`));
      if (count) section.appendChild(drawGraph(group.graph, index));
      else section.appendChild(html("p", "empty", "No recorded binding."));
      graphs.appendChild(section);
    });
    if (state.moreSessions > 0) graphs.appendChild(html("p", "session empty", `and ${state.moreSessions} more tabs`));
  }

  function renderChanges() {
    const text = JSON.stringify([state.changes, [...open]]);
    if (text === shownChanges) return;
    shownChanges = text;
    changesList.replaceChildren();
    for (const change of state.changes) {
      const isOpen = open.has(change.id);
      const item = html("li", `kind-${change.kind}` + (isOpen ? " open" : ""));
      item.dataset.id = change.id;
      item.dataset.property = change.property;
      item.tabIndex = 0;
      item.setAttribute("role", "button");
      item.setAttribute("aria-expanded", String(isOpen));
      item.appendChild(html("span", "time", `${change.seconds.toFixed(3)} s`));
      item.appendChild(html("span", "what", change.step));
      if (isOpen) {
        const chain = html("ol", "chain");
        change.chain.forEach((step, index) => chain.appendChild(html("li", "", (index === 0 ? "" : "← ") + step)));
        item.appendChild(chain);
      }
      changesList.appendChild(item);
    }
  }

  // Opens or closes a change's causes. Taken at pointerdown, on the list: the list is drawn again as
  // changes arrive, and a click whose press and release hit two drawings of an item would be lost.
  function toggle(item) {
    if (!item) return;
    const id = item.dataset.id;
    if (open.has(id)) open.delete(id);
    else open.add(id);
    renderChanges();
    highlight();
  }
  changesList.addEventListener("pointerdown", (event) => toggle(event.target.closest("#inspector-changes > li")));
  changesList.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    toggle(event.target.closest("#inspector-changes > li"));
  });

  // Marks the properties whose name holds the search text, the bindings that touch them, and the
  // changes of them.
  function highlight() {
    const query = search.value.trim().toLowerCase();
    for (const svg of graphs.querySelectorAll("svg.graph")) {
      svg.classList.toggle("searching", query !== "");
      const hits = new Set();
      for (const row of svg.querySelectorAll(".property")) {
        const hit = query !== "" && row.dataset.property.toLowerCase().includes(query);
        row.classList.toggle("hit", hit);
        if (hit) hits.add(row.dataset.property);
      }
      for (const edge of svg.querySelectorAll("path.edge")) {
        edge.classList.toggle("hit", hits.has(edge.dataset.source) || hits.has(edge.dataset.target));
      }
    }
    for (const item of changesList.children) {
      item.classList.toggle("hit", query !== "" && item.textContent.toLowerCase().includes(query));
    }
  }

  function render() {
    renderGraphs();
    renderChanges();
    highlight();
    const bindings = state.sessions.reduce((sum, session) => sum + session.graph.bindings.length, 0) + state.others.bindings.length;
    status.className = "";
    status.textContent = `${state.sessions.length} tab${state.sessions.length === 1 ? "" : "s"} · ${bindings} bindings · ${state.changes.length} changes · updated ${new Date().toLocaleTimeString()}`;
  }

  function connect() {
    const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/inspect/socket");
    socket.onmessage = (event) => {
      try {
        state = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      render();
    };
    socket.onclose = () => {
      status.className = "offline";
      status.textContent = "Disconnected from the server; trying again…";
      setTimeout(connect, 1000);
    };
  }

  search.addEventListener("input", highlight);
  connect();
})();
