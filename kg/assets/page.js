/* The graph page's script: vis-network over the embedded graph, the filters and the facts panel.
 *
 * Every string that comes from the data (names, quotes, titles) is put into the
 * page with textContent or as an attribute value, never parsed as HTML.
 * window.kgPage exposes the network and the visible counts for tests and benchmarks.
 */
(function () {
  "use strict";

  var marks = { start: performance.now() };
  var DATA = JSON.parse(document.getElementById("kg-data").textContent);
  marks.parsed = performance.now();
  var SVG = "http://www.w3.org/2000/svg";
  var KIND = {};
  DATA.kinds.forEach(function (k) { KIND[k.kind] = k; });
  var STATUS = {};
  DATA.statuses.forEach(function (s) { STATUS[s.status] = s; });
  var byId = new Map();
  DATA.nodes.forEach(function (n) { byId.set(n.id, n); });
  var links = new Map();
  DATA.nodes.forEach(function (n) { links.set(n.id, []); });
  DATA.edges.forEach(function (e, i) {
    e.id = "e" + i;
    links.get(e.from).push({ id: e.to, label: e.label, out: true });
    links.get(e.to).push({ id: e.from, label: e.label, out: false });
  });

  var state = { kinds: new Set(DATA.kinds.map(function (k) { return k.kind; })), party: "",
                date: DATA.dates.length ? DATA.dates.length - 1 : -1, selected: null };
  var shown = new Map();
  var page = window.kgPage = { data: DATA, stable: false, stableAt: null, drawnAt: null, marks: marks,
                               visible: { nodes: 0, edges: 0 } };

  // ------------------------------------------------------------------ small helpers

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function currentDate() { return state.date >= 0 ? DATA.dates[state.date] : null; }
  function number(n) { return n === null || n === undefined ? "" : Number(n).toLocaleString("en"); }
  function percent(share) { return share === null || share === undefined ? "" : Math.round(share * 100) + "%"; }
  function shortLabel(n) {
    var text = String(n.label || n.id).replace(/\s+/g, " ");
    var limit = { statement: 30, document: 26, party: 48, agreement: 48 }[n.kind] || 40;
    if (n.statements_folded) { text += " (" + n.statements_folded + " statements)"; limit += 18; }
    return text.length > limit ? text.slice(0, limit - 1) + "\u2026" : text;
  }
  function docTitle(docId) {
    var meta = DATA.documents[docId];
    if (!meta) { return String(docId); }
    return [meta.title || docId, meta.publisher, meta.published].filter(Boolean).join(" \u2014 ");
  }

  // ------------------------------------------------------------------ status as of the chosen date

  function statusAt(n, date) {
    var point = null;
    (n.timeline || []).forEach(function (p) { if (!date || p.date <= date) { point = p; } });
    if (!point) {
      point = { status: n.status, achieved: n.achieved, share: n.share, late: n.late, fulfilled_on: n.fulfilled_on };
    }
    var overdue = point.status !== "fulfilled" && !!n.deadline && !!date && date > n.deadline;
    return { status: point.status, achieved: point.achieved, share: point.share, late: !!point.late,
             fulfilled_on: point.fulfilled_on, overdue: overdue };
  }

  // ------------------------------------------------------------------ vis-network data

  function tooltip(n) {
    var box = el("div");
    box.appendChild(el("b", null, KIND[n.kind] ? KIND[n.kind].name : n.kind));
    box.appendChild(el("span", null, n.label));
    return box;
  }

  function look(n, date) {
    var k = KIND[n.kind] || KIND.document;
    var fill = k.color, border = k.border, width = 1.5;
    if (n.kind === "commitment") {
      var st = statusAt(n, date), s = STATUS[st.status] || STATUS.not_started;
      fill = s.color; border = s.border;
      if (st.overdue) { border = DATA.flags.overdue.color; width = 4; }
      else if (st.late) { border = DATA.flags.late.color; width = 4; }
    }
    return { color: { background: fill, border: border, highlight: { background: fill, border: "#111" },
                      hover: { background: fill, border: "#111" } },
             borderWidth: width, borderWidthSelected: width + 1.5 };
  }

  function visNode(n, date) {
    var k = KIND[n.kind] || KIND.document;
    var v = { id: n.id, label: shortLabel(n), shape: k.shape, size: k.size, title: tooltip(n),
              font: { size: k.font, color: "#1b1b1b", strokeWidth: k.shape === "box" ? 0 : 3, strokeColor: "#ffffff" },
              shapeProperties: { borderDashes: k.dashes ? [4, 3] : false } };
    if (n.kind === "party" || n.kind === "agreement") { v.font.bold = true; }
    var style = look(n, date);
    v.color = style.color; v.borderWidth = style.borderWidth; v.borderWidthSelected = style.borderWidthSelected;
    if (k.shape === "box") { v.margin = 5; v.widthConstraint = { maximum: 170 }; }
    return v;
  }

  var date0 = currentDate();
  var nodes = new vis.DataSet(DATA.nodes.map(function (n) { return visNode(n, date0); }));
  // Spring lengths by relation: statements sit close to their speakers, documents and topics further out.
  var LENGTH = { "said": 70, "speaks for": 110, "signed": 160, "owes": 130, "owed to": 170, "under": 150,
                 "released": 110, "people of": 170, "in": 260, "reported in": 260, "about": 240 };
  var FAINT = { "in": true, "reported in": true, "about": true };
  var edges = new vis.DataSet(DATA.edges.map(function (e) {
    var faint = FAINT[e.label];
    return { id: e.id, from: e.from, to: e.to, label: e.label, title: e.label, length: LENGTH[e.label] || 150,
             dashes: faint ? [3, 4] : false, color: faint ? { color: "#d0d5da", highlight: "#333", hover: "#555" } : undefined };
  }));
  var many = DATA.nodes.length > 400;
  var options = {
    autoResize: true,
    layout: { improvedLayout: DATA.nodes.length <= 150, randomSeed: 7 },
    interaction: { hover: !many, tooltipDelay: 250, hideEdgesOnDrag: many, navigationButtons: false,
                   keyboard: false, multiselect: true },
    nodes: { borderWidth: 1.5, scaling: { label: { enabled: false } } },
    edges: {
      arrows: { to: { enabled: true, scaleFactor: 0.45 } },
      color: { color: "#a7b0ba", highlight: "#333", hover: "#555" },
      font: { size: 10, color: "#5b6570", strokeWidth: 3, strokeColor: "#ffffff", align: "middle" },
      smooth: many ? false : { enabled: true, type: "continuous", roundness: 0.3 },
      width: 1, selectionWidth: 1.5
    },
    // Small graphs get a careful layout; large ones a coarser, faster one (see bench/bench_page.py).
    physics: {
      enabled: true,
      solver: "forceAtlas2Based",
      forceAtlas2Based: { theta: many ? 1.0 : 0.5, gravitationalConstant: -160, centralGravity: 0.012,
                          springLength: 120, springConstant: 0.06, damping: 0.5, avoidOverlap: many ? 0 : 0.6 },
      adaptiveTimestep: !many, maxVelocity: 80, minVelocity: 1, timestep: many ? 0.5 : 0.4,
      stabilization: { enabled: true, iterations: many ? 100 : 400, updateInterval: many ? 50 : 25, fit: true }
    }
  };
  marks.datasets = performance.now();
  var network = new vis.Network(document.getElementById("graph"), { nodes: nodes, edges: edges }, options);
  marks.network = performance.now();
  page.network = network;
  page.nodes = nodes;
  page.edges = edges;

  var loading = document.getElementById("loading");
  function settled(how) {
    if (page.stable) { return; }
    network.setOptions({ physics: { enabled: false } });
    page.stable = true;
    page.stableAt = performance.now();
    page.settledBy = how;
    loading.hidden = true;
    document.body.setAttribute("data-state", "stable");
    network.fit({ animation: false });
  }
  network.on("stabilizationProgress", function (p) {
    loading.textContent = "Laying out " + number(DATA.nodes.length) + " nodes\u2026 " +
      Math.round(100 * p.iterations / p.total) + "%";
  });
  network.once("stabilizationIterationsDone", function () { settled("stabilisation"); });
  network.once("stabilized", function () { settled("stabilised"); });
  network.once("afterDrawing", function () { page.drawnAt = performance.now(); });
  if (!DATA.nodes.length) { settled("empty"); }

  // ------------------------------------------------------------------ filters

  function applyFilters() {
    var date = currentDate();
    var partySet = null;
    if (state.party) {
      partySet = new Set();
      DATA.nodes.forEach(function (n) {
        if ((n.parties || []).indexOf(state.party) >= 0) {
          partySet.add(n.id);
          links.get(n.id).forEach(function (l) { if (byId.get(l.id).kind === "party") { partySet.add(l.id); } });
        }
      });
    }
    var nodeUpdates = [], count = 0;
    DATA.nodes.forEach(function (n) {
      var visible = state.kinds.has(n.kind) && !(date && n.known_from && n.known_from > date) &&
                    (!partySet || partySet.has(n.id));
      var update = null;
      if (shown.get(n.id) !== visible) { update = { id: n.id, hidden: !visible }; shown.set(n.id, visible); }
      if (n.kind === "commitment") {
        update = update || { id: n.id };
        var style = look(n, date);
        update.color = style.color; update.borderWidth = style.borderWidth;
        update.borderWidthSelected = style.borderWidthSelected;
      }
      if (update) { nodeUpdates.push(update); }
      if (visible) { count += 1; }
    });
    if (nodeUpdates.length) { nodes.update(nodeUpdates); }
    var edgeUpdates = [], edgeCount = 0;
    DATA.edges.forEach(function (e) {
      var visible = shown.get(e.from) && shown.get(e.to);
      if (shown.get(e.id) !== visible) { edgeUpdates.push({ id: e.id, hidden: !visible }); shown.set(e.id, visible); }
      if (visible) { edgeCount += 1; }
    });
    if (edgeUpdates.length) { edges.update(edgeUpdates); }
    page.visible = { nodes: count, edges: edgeCount };
    document.getElementById("counts").textContent =
      "Showing " + number(count) + " of " + number(DATA.nodes.length) + " nodes and " + number(edgeCount) +
      " of " + number(DATA.edges.length) + " edges" + (date ? ", as known on " + date : "");
    updateLegendCounts();
    if (state.selected && byId.has(state.selected)) { showFacts(state.selected); }
  }
  page.applyFilters = applyFilters;

  // ------------------------------------------------------------------ legend (doubles as the kind filter)

  function swatch(shape, fill, border, dashed, width) {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("width", "18"); svg.setAttribute("height", "18"); svg.setAttribute("viewBox", "0 0 18 18");
    svg.setAttribute("aria-hidden", "true");
    var s;
    var points = { hexagon: "9,1.5 15.5,5.2 15.5,12.8 9,16.5 2.5,12.8 2.5,5.2", diamond: "9,1 17,9 9,17 1,9",
                   triangle: "9,2 16.5,15.5 1.5,15.5", triangleDown: "1.5,2.5 16.5,2.5 9,16",
                   star: "9,1 11.1,6.2 16.6,6.5 12.3,10 13.8,15.4 9,12.4 4.2,15.4 5.7,10 1.4,6.5 6.9,6.2" };
    if (points[shape]) {
      s = document.createElementNS(SVG, "polygon"); s.setAttribute("points", points[shape]);
    } else if (shape === "dot") {
      s = document.createElementNS(SVG, "circle");
      s.setAttribute("cx", "9"); s.setAttribute("cy", "9"); s.setAttribute("r", "7");
    } else {
      s = document.createElementNS(SVG, "rect");
      s.setAttribute("x", shape === "box" ? "1" : "2.5"); s.setAttribute("y", shape === "box" ? "4" : "2.5");
      s.setAttribute("width", shape === "box" ? "16" : "13"); s.setAttribute("height", shape === "box" ? "10" : "13");
      if (shape === "box") { s.setAttribute("rx", "2"); }
    }
    s.setAttribute("fill", fill); s.setAttribute("stroke", border); s.setAttribute("stroke-width", String(width || 1.5));
    if (dashed) { s.setAttribute("stroke-dasharray", "3 2"); }
    svg.appendChild(s);
    return svg;
  }

  var legendCounts = {};
  function buildLegend() {
    var legend = document.getElementById("legend");
    var present = {};
    DATA.nodes.forEach(function (n) { present[n.kind] = (present[n.kind] || 0) + 1; });
    DATA.kinds.forEach(function (k) {
      var li = el("li"), label = el("label"), box = el("input");
      box.type = "checkbox"; box.checked = true; box.value = k.kind; box.setAttribute("data-kind", k.kind);
      box.addEventListener("change", function () {
        if (box.checked) { state.kinds.add(k.kind); } else { state.kinds.delete(k.kind); }
        applyFilters();
      });
      label.appendChild(box);
      label.appendChild(swatch(k.shape, k.color, k.border, k.dashes));
      label.appendChild(el("span", null, k.name));
      var count = el("span", "count", "");
      legendCounts[k.kind] = count;
      label.appendChild(count);
      li.appendChild(label);
      if (!present[k.kind]) { li.className = "muted"; }
      legend.appendChild(li);
    });
    var statuses = document.getElementById("status-legend");
    DATA.statuses.forEach(function (s) {
      var li = el("li");
      li.appendChild(swatch("diamond", s.color, s.border));
      li.appendChild(el("span", null, s.name));
      statuses.appendChild(li);
    });
    Object.keys(DATA.flags).forEach(function (name) {
      var f = DATA.flags[name], li = el("li");
      li.appendChild(swatch("diamond", "#ffffff", f.color, false, 3.5));
      li.appendChild(el("span", null, f.name));
      statuses.appendChild(li);
    });
    document.getElementById("all-kinds").addEventListener("click", function () {
      legend.querySelectorAll("input").forEach(function (box) { box.checked = true; state.kinds.add(box.value); });
      applyFilters();
    });
  }
  function updateLegendCounts() {
    var counts = {};
    DATA.nodes.forEach(function (n) { if (shown.get(n.id)) { counts[n.kind] = (counts[n.kind] || 0) + 1; } });
    Object.keys(legendCounts).forEach(function (kind) { legendCounts[kind].textContent = number(counts[kind] || 0); });
  }

  // ------------------------------------------------------------------ controls

  function buildControls() {
    var party = document.getElementById("party");
    var names = DATA.nodes.filter(function (n) { return n.kind === "party"; })
      .map(function (n) { return String(n.label); }).sort(function (a, b) { return a.localeCompare(b); });
    names.forEach(function (name) {
      var option = el("option", null, name); option.value = name; party.appendChild(option);
    });
    party.addEventListener("change", function () { state.party = party.value; applyFilters(); });

    var range = document.getElementById("date"), label = document.getElementById("date-label");
    var span = document.getElementById("date-range");
    if (DATA.dates.length) {
      range.max = String(DATA.dates.length - 1); range.value = String(state.date);
      span.textContent = DATA.dates[0] + " \u2013 " + DATA.dates[DATA.dates.length - 1] + " (" +
        DATA.dates.length + " dates)";
    } else {
      range.disabled = true; span.textContent = "no dated documents";
    }
    label.textContent = currentDate() || "\u2014";
    range.addEventListener("input", function () {
      state.date = Number(range.value); label.textContent = currentDate(); applyFilters();
    });

    var search = document.getElementById("search");
    search.addEventListener("input", function () { runSearch(search.value, false); });
    search.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { runSearch(search.value, true); } });
    document.getElementById("fit").addEventListener("click", function () { network.fit({ animation: true }); });

    var notes = document.getElementById("notes");
    DATA.notes.forEach(function (text) { notes.appendChild(el("p", null, text)); });
  }

  function runSearch(text, go) {
    var query = text.trim().toLowerCase();
    var result = document.getElementById("search-result"), list = document.getElementById("search-matches");
    clear(list);
    if (!query) { result.textContent = ""; network.unselectAll(); return; }
    var matches = DATA.nodes.filter(function (n) {
      return shown.get(n.id) && (String(n.label).toLowerCase().indexOf(query) >= 0 ||
                                 (n.text && String(n.text).toLowerCase().indexOf(query) >= 0));
    });
    var order = { party: 0, official: 1, anonymous: 2, agreement: 3, commitment: 4, release: 5, statement: 6, document: 7 };
    matches.sort(function (a, b) { return (order[a.kind] - order[b.kind]) || String(a.label).localeCompare(String(b.label)); });
    result.textContent = matches.length === 1 ? "1 match" : number(matches.length) + " matches";
    matches.slice(0, 12).forEach(function (n) {
      var li = el("li"), b = el("button", null, shortLabel(n));
      b.type = "button"; b.title = n.label;
      b.addEventListener("click", function () { select(n.id); });
      li.appendChild(b); list.appendChild(li);
    });
    network.selectNodes(matches.map(function (n) { return n.id; }));
    if (go && matches.length) { select(matches[0].id); }
  }

  function select(id, move) {
    if (!byId.has(id)) { return; }
    if (!shown.get(id)) {
      state.kinds.add(byId.get(id).kind);
      document.querySelectorAll("#legend input").forEach(function (box) { if (box.value === byId.get(id).kind) { box.checked = true; } });
      applyFilters();
    }
    network.selectNodes([id]);
    if (move !== false) { network.focus(id, { scale: Math.max(network.getScale(), 0.9), animation: { duration: 350 } }); }
    showFacts(id);
  }
  page.select = select;

  // ------------------------------------------------------------------ facts panel

  function facts(list) {
    var dl = el("dl", "facts");
    list.forEach(function (pair) {
      var value = pair[1];
      if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) { return; }
      dl.appendChild(el("dt", null, pair[0]));
      var dd = el("dd");
      if (value instanceof Node) { dd.appendChild(value); } else { dd.textContent = Array.isArray(value) ? value.join(", ") : String(value); }
      dl.appendChild(dd);
    });
    return dl;
  }
  function quote(panel, text, docId, start, end) {
    panel.appendChild(el("blockquote", null, text));
    var where = docTitle(docId);
    if (start !== undefined && start !== null) { where += " \u00b7 characters " + start + "\u2013" + end; }
    panel.appendChild(el("div", "cite", where));
  }
  function statusBadge(st) {
    var box = el("span");
    var s = STATUS[st.status] || STATUS.not_started;
    var badge = el("span", "status", s.name);
    badge.style.background = s.color; badge.style.color = st.status === "not_started" ? "#333" : "#fff";
    box.appendChild(badge);
    if (st.overdue) { box.appendChild(el("span", "flag", "overdue")); }
    if (st.late) { box.appendChild(el("span", "flag late", "fulfilled late")); }
    return box;
  }
  function shareBar(share) {
    var box = el("div"), bar = el("div", "bar"), fill = el("span");
    box.appendChild(el("span", null, percent(share)));
    fill.style.width = Math.max(0, Math.min(100, Math.round((share || 0) * 100))) + "%";
    bar.appendChild(fill); box.appendChild(bar);
    return box;
  }
  function when(from, to) {
    if (!from && !to) { return null; }
    return from && to && from !== to ? from + " \u2013 " + to : (from || to);
  }

  function showFacts(id) {
    var n = byId.get(id), panel = document.getElementById("panel");
    state.selected = id;
    clear(panel);
    var k = KIND[n.kind] || KIND.document;
    var badge = el("span", "kind", k.name);
    badge.style.background = k.border;
    panel.appendChild(badge);
    panel.appendChild(el("h2", null, n.kind === "statement" ? (n.speaker || "Statement") : n.label));
    var date = currentDate();
    if (n.kind === "statement") {
      quote(panel, n.text, n.document, n.start, n.end);
      panel.appendChild(facts([
        ["Speaker", n.speaker], ["Post", n.post !== n.speaker ? n.post : null],
        ["Party", (n.parties || []).join(", ")],
        ["Anonymous", n.anonymous ? "yes: the speaker is not named" : null],
        ["Form", n.kind_of_speech === "direct" ? "direct quote" : "reported speech"], ["Type", n.type],
        ["Said on", n.said_on], ["Channel", n.channel],
        ["Expected", n.type === "prediction" ? when(n.expected_from, n.expected_to) : null],
        ["Published", (DATA.documents[n.document] || {}).published]]));
    } else if (n.kind === "commitment") {
      var st = statusAt(n, date);
      panel.appendChild(facts([
        ["Status", statusBadge(st)], ["As of", date],
        ["Obligor", n.obligor], ["Owed to", n.counterparty], ["Action", [n.action, n.object].filter(Boolean).join(": ")],
        ["Target", n.target === null || n.target === undefined ? null : (n.upper_bound ? "up to " : "") + number(n.target)],
        ["Achieved", n.target ? number(st.achieved) + " of " + number(n.target) : null],
        ["Share", n.target ? shareBar(st.share) : null],
        ["Deadline", n.deadline], ["Fulfilled on", st.status === "fulfilled" ? st.fulfilled_on : null],
        ["Agreement", n.agreement]]));
      var said = (n.evidence || []).filter(function (e) { return !("count" in e); });
      var done = (n.evidence || []).filter(function (e) { return "count" in e; });
      if (said.length) {
        panel.appendChild(el("h3", null, "Where the commitment is stated"));
        said.forEach(function (e) { quote(panel, e.text, e.document, e.start, e.end); });
      }
      if (done.length) {
        panel.appendChild(el("h3", null, "Releases counted (" + done.length + ")"));
        done.forEach(function (e) {
          var what = e.count === null || e.count === undefined ? "release, no figure" :
            (e.cumulative ? "running total " : "batch of ") + number(e.count);
          panel.appendChild(el("div", "muted", what + (when(e.date_from, e.date_to) ? ", " + when(e.date_from, e.date_to) : "") +
                                              (e.source ? ", according to " + e.source : "")));
          quote(panel, e.text, e.document, e.start, e.end);
        });
      }
    } else if (n.kind === "release") {
      panel.appendChild(facts([
        ["Released by", n.releaser], ["People of", n.released_party],
        ["Count", n.count === null || n.count === undefined ? "not given" : number(n.count)],
        ["Figure", n.cumulative ? "running total so far" : "one batch"],
        ["When", when(n.date_from, n.date_to)], ["Where", n.place],
        ["According to", n.source ? n.source + (n.source_anonymous ? " (anonymous)" : "") : null],
        ["Documents", (n.documents || []).length ? String((n.documents || []).length) +
          ((n.documents || []).length === 1 ? " (single source)" : "") : null]]));
      if (n.sentence) { panel.appendChild(el("h3", null, "Sentence")); quote(panel, n.sentence, (n.documents || [])[0]); }
    } else if (n.kind === "agreement") {
      panel.appendChild(facts([["Kind", n.subtype], ["Agreed on", n.agreed_on], ["Place", n.place],
                                ["Signatories", n.signatories], ["First reported", n.known_from]]));
    } else if (n.kind === "document") {
      panel.appendChild(facts([["Title", n.label], ["Publisher", n.publisher], ["Published", n.published]]));
    } else {
      panel.appendChild(facts([["Post", n.post !== n.label ? n.post : null], ["Party", n.party],
                               ["Anonymous", n.kind === "anonymous" ? "yes: a post without a named holder" : null],
                               ["Statements", n.statements_folded ? number(n.statements_folded) + " (folded)" : null],
                               ["First reported", n.known_from]]));
    }
    var around = links.get(id).filter(function (l) { return shown.get(l.id); });
    if (around.length) {
      panel.appendChild(el("h3", null, "Connections (" + around.length + ")"));
      var list = el("ul", "links");
      around.slice(0, 60).forEach(function (l) {
        var other = byId.get(l.id), li = el("li");
        li.appendChild(el("span", "rel", l.out ? l.label + " \u2192" : "\u2190 " + l.label));
        var b = el("button", null, shortLabel(other));
        b.type = "button"; b.title = other.label;
        b.addEventListener("click", function () { select(other.id); });
        li.appendChild(b); list.appendChild(li);
      });
      panel.appendChild(list);
      if (around.length > 60) { panel.appendChild(el("p", "muted", "and " + (around.length - 60) + " more")); }
    }
  }

  network.on("click", function (params) {
    if (params.nodes.length) { showFacts(params.nodes[0]); }
  });

  buildLegend();
  buildControls();
  applyFilters();
  marks.ready = performance.now();
})();
