// Bindery's page script: renders the server's tree, applies its patches, sends the user's edits.
// Text is always set with textContent or .value, never as HTML; nothing the server sends is evaluated.
(() => {
  'use strict';
  const root = document.getElementById('bindery-root');
  const statusBar = document.getElementById('bindery-status');
  const elements = new Map();
  let socket = null;
  let session = sessionStorage.getItem('bindery-session');
  // This tab's random name, kept across its reloads; a duplicated tab copies it (with the session
  // storage) and draws its own once it finds the original still open.
  let tab = sessionStorage.getItem('bindery-tab') || newTabName();
  let attempts = 0;
  let maxMessageBytes = 16384;
  let notice = '';
  let rateLimitTimer = null;
  const encoder = new TextEncoder();

  // A search field (HeadlessSearchField): an <input type=search> named by its template's title and,
  // when there are several templates, a <select> of them beside it. `value` is the text (each
  // keystroke an input event; Escape or the clear button empties it), `templateIndex` the template.
  class BinderySearch extends HTMLElement {
    static get observedAttributes() { return ['templates', 'placeholder', 'disabled']; }

    constructor() {
      super();
      this.menu = document.createElement('select');
      this.menu.setAttribute('aria-label', 'Search by');
      this.menu.hidden = true;
      this.input = document.createElement('input');
      this.input.type = 'search';
      this.input.setAttribute('aria-label', 'Search');
      this.index = 0;
      // The text's commit is no choice of template: only the menu's change is.
      this.input.addEventListener('change', (event) => event.stopPropagation());
      this.input.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape' || this.input.value === '') return;
        this.input.value = '';
        this.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }

    connectedCallback() {
      if (!this.input.isConnected) this.append(this.menu, this.input);
    }

    attributeChangedCallback(name, old, value) {
      if (name === 'templates') {
        const titles = value ? value.split('\n') : [];
        this.menu.replaceChildren(...titles.map((title) => {
          const option = document.createElement('option');
          option.textContent = title;
          return option;
        }));
        this.menu.hidden = titles.length < 2;
        this.menu.selectedIndex = this.index;
      } else if (name === 'placeholder') {
        this.input.placeholder = value || '';
        this.input.setAttribute('aria-label', value ? 'Search by ' + value : 'Search');
      } else if (name === 'disabled') {
        this.input.disabled = this.menu.disabled = value !== null;
      }
    }

    get value() { return this.input.value; }
    set value(text) { if (this.input.value !== (text || '')) this.input.value = text || ''; }
    get templateIndex() { return this.menu.selectedIndex; }
    set templateIndex(index) {
      this.index = index;
      this.menu.selectedIndex = index;
    }
  }
  if (!customElements.get('bindery-search')) customElements.define('bindery-search', BinderySearch);

  function newTabName() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    const name = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    sessionStorage.setItem('bindery-tab', name);
    return name;
  }

  function setStatus(text, kind) {
    statusBar.textContent = text || '';
    statusBar.className = kind || '';
  }

  // What the server lets one socket send (the page's data-rates: actions per second, their burst,
  // edits per second, their burst). The page keeps to four fifths of it, so messages bunched on the
  // way still fit: a burst of clicks is sent in order as fast as the server takes them, never refused.
  function budget(rate, burst) {
    const bucket = { rate: rate * 0.8, burst: Math.max(1, Math.floor(burst * 0.8)), tokens: 0, last: performance.now() };
    bucket.tokens = bucket.burst;
    bucket.refill = () => {
      const now = performance.now();
      bucket.tokens = Math.min(bucket.burst, bucket.tokens + (now - bucket.last) / 1000 * bucket.rate);
      bucket.last = now;
    };
    return bucket;
  }
  const rates = (document.body.dataset.rates || '').split(' ').map(Number);
  const paced = rates.length === 4 && rates.every((rate) => Number.isFinite(rate) && rate > 0);
  const actionBudget = paced ? budget(rates[0], rates[1]) : null;
  const editBudget = paced ? budget(rates[2], rates[3]) : null;
  // Messages held back until the server's budget has room for them, oldest first.
  const held = [];
  let heldTimer = null;
  let holdingShown = false;

  // Sends a message; one larger than the server accepts is not sent, and `tooLarge` is told why.
  // Every message but hello is numbered: the server acknowledges it (`ack`) once it is applied (and
  // saved, where the model is kept in a database); the page shows the last number acknowledged in
  // its body's data-acknowledged, and how many wait in data-unacknowledged. A message the server's
  // budget has no room for yet waits, in order, behind those before it.
  function send(message, tooLarge) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    const probe = message.type === 'hello' ? message : Object.assign({ seq: nextSeq + held.length }, message);
    const bytes = encoder.encode(JSON.stringify(probe)).length;
    if (bytes > maxMessageBytes) {
      const why = 'Too long: ' + Math.ceil(bytes / 1024) + ' KB; the limit is ' + Math.floor(maxMessageBytes / 1024) + ' KB.';
      if (tooLarge) tooLarge(why); else setStatus(why, 'error');
      return false;
    }
    if (message.type === 'hello') {
      socket.send(JSON.stringify(message));
      return true;
    }
    held.push(message);
    sendHeld();
    return true;
  }

  // Sends the held messages the server's budget has room for; the rest wait for it to refill.
  function sendHeld() {
    if (heldTimer !== null) return;
    while (held.length > 0) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      const bucket = held[0].type === 'edit' ? editBudget : actionBudget;
      if (bucket) {
        bucket.refill();
        if (bucket.tokens < 1) {
          const wait = Math.ceil((1 - bucket.tokens) / bucket.rate * 1000);
          heldTimer = setTimeout(() => { heldTimer = null; sendHeld(); }, wait);
          if (!holdingShown && statusBar.className !== 'error' && statusBar.className !== 'offline') {
            holdingShown = true;
            setStatus('Sending ' + held.length + ' more…', 'notice');
          }
          return;
        }
        bucket.tokens -= 1;
      }
      transmit(held.shift());
    }
    if (holdingShown) {
      holdingShown = false;
      if (statusBar.textContent.startsWith('Sending ')) setStatus(notice, notice ? 'notice' : '');
    }
  }

  function transmit(message) {
    message.seq = nextSeq++;
    const text = JSON.stringify(message);
    socket.send(text);
    if (message.seq !== undefined) {
      document.body.dataset.unacknowledged = String(message.seq - acknowledged);
      outstanding.push(message.seq);
      watchSaving();
    }
    if (message.type === 'edit') unacknowledgedEdits.set(message.id, message.seq);
    if (message.afterAnswer) afterAnswers.set(message.seq, message.afterAnswer);  // not sent: a function
    return true;
  }

  // What to do once a message is acknowledged (a button's focus after its action), by its number.
  const afterAnswers = new Map();

  // Numbered messages the server has not answered yet, oldest first. One left unanswered for a
  // second (a slow database) shows the page saving: the status says so, and each element whose edit
  // waits is aria-busy, until the answer comes.
  const outstanding = [];
  let savingTimer = null;
  let savingShown = false;
  function watchSaving() {
    if (savingTimer !== null) return;
    const oldest = outstanding[0];
    savingTimer = setTimeout(() => {
      savingTimer = null;
      if (outstanding.length === 0) return;
      if (outstanding[0] !== oldest) return watchSaving();
      // An error or the offline notice stays; the waiting elements still show.
      if (statusBar.className !== 'error' && statusBar.className !== 'offline') {
        savingShown = true;
        setStatus('Saving…', 'notice');
      }
      for (const id of unacknowledgedEdits.keys()) {
        const element = elements.get(id);
        if (element) element.node.setAttribute('aria-busy', 'true');
      }
    }, 1000);
  }
  function answered(seq) {
    while (outstanding.length > 0 && outstanding[0] <= seq) outstanding.shift();
    for (const [id, element] of elements) {
      if (element.node.getAttribute('aria-busy') === 'true' && !unacknowledgedEdits.has(id)) {
        element.node.removeAttribute('aria-busy');
      }
    }
    if (outstanding.length > 0) return watchSaving();
    if (savingShown) {
      savingShown = false;
      if (statusBar.textContent === 'Saving…') setStatus(notice, notice ? 'notice' : '');
    }
  }
  let nextSeq = 1;
  let acknowledged = 0;
  // The elements edited here whose last edit the server has not acknowledged yet, with its number. A
  // value the server sent for such an element before it took the edit is stale: the page keeps what
  // its user entered, and the server sends the value again if it ends up different.
  const unacknowledgedEdits = new Map();
  const valueKeys = { text: 'text', secure: 'text', number: 'text', multiline: 'text', list: 'selected', tabs: 'selected', rating: 'value' };

  // A tab opened as a copy of this one (duplicated) carries this tab's session and name: the tabs
  // talk on a BroadcastChannel, and the copy takes a name of its own before it says hello.
  const channel = 'BroadcastChannel' in window ? new BroadcastChannel('bindery-tabs') : null;
  if (channel) {
    channel.onmessage = (event) => {
      const data = event.data || {};
      if (data.who === tab && data.from !== tab) channel.postMessage({ mine: tab, to: data.from });
    };
  }

  function checkForOriginal(then) {
    if (!channel || !session) return then();
    const probe = 'probe-' + Math.random().toString(16).slice(2);
    let answered = false;
    const listener = (event) => {
      if (event.data && event.data.mine === tab && event.data.to === probe) answered = true;
    };
    channel.addEventListener('message', listener);
    channel.postMessage({ who: tab, from: probe });
    setTimeout(() => {
      channel.removeEventListener('message', listener);
      if (answered) {
        tab = newTabName();  // a copy: its own name, so the server gives it its own session
      }
      then();
    }, 150);
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    socket = new WebSocket(scheme + location.host + '/socket');
    socket.onopen = () => { attempts = 0; send({ type: 'hello', resume: session, tab }); };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      receive(message);
    };
    socket.onclose = (event) => {
      let delay = Math.min(5000, 200 * Math.pow(2, attempts++));
      switch (event.code) {
        case 4001:
          // Another tab with this tab's name took the session (a copy where tabs cannot talk):
          // this one takes a name and a session of its own, so the two never take turns.
          tab = newTabName();
          session = null;
          sessionStorage.removeItem('bindery-session');
          setStatus('This page was opened in another tab; showing a fresh copy.', 'notice');
          delay = 0;
          break;
        case 1013:
          setStatus('The server is busy; trying again shortly…', 'offline');
          delay = Math.max(delay, 5000);
          break;
        case 1002: case 1007: case 1008: case 1009:
          setStatus('The server closed the connection (' + (event.reason || event.code) + '); reconnecting…', 'error');
          delay = Math.max(delay, 1000);
          break;
        default:
          setStatus('Connection lost; reconnecting…', 'offline');
      }
      setTimeout(connect, delay);
    };
  }

  const reasons = {
    duplicate: 'This page is a copy of another open tab; it shows the page afresh.',
    expired: 'This page was away too long; it shows the page afresh, and changes it had not sent were lost.',
    serverRestarted: 'The server restarted; the page shows it afresh, and changes it had not sent were lost.',
  };

  function receive(message) {
    switch (message.type) {
      case 'reset':
        session = message.session;
        sessionStorage.setItem('bindery-session', session);
        if (Number.isFinite(message.maxMessageBytes)) maxMessageBytes = message.maxMessageBytes;
        document.title = message.title;
        elements.clear();
        unacknowledgedEdits.clear();
        afterAnswers.clear();
        outstanding.length = 0;
        savingShown = false;
        root.replaceChildren(build(message.tree));
        linkLabels();
        root.setAttribute('aria-busy', 'false');
        notice = reasons[message.reason] || '';
        setStatus(notice, notice ? 'notice' : '');
        // A page shown afresh lost what it had not sent (the notice says so); a resumed one sends it now.
        if (notice) held.length = 0;
        holdingShown = false;
        sendHeld();
        break;
      case 'patch':
        for (const op of message.ops) apply(op);
        break;
      case 'error':
        // A refused edit is never acknowledged: the element takes the server's values again.
        if (message.id) unacknowledgedEdits.delete(message.id);
        // Messages are answered in the order they were sent: an error answers the oldest one.
        if (outstanding.length > 0) { afterAnswers.delete(outstanding[0]); answered(outstanding[0]); }
        setStatus(message.message, 'error');
        // Being told to slow down lasts as long as the burst: the notice goes 3 s after the last one.
        if (message.code === 'rateLimited') {
          const shown = message.message;
          clearTimeout(rateLimitTimer);
          rateLimitTimer = setTimeout(() => {
            if (statusBar.textContent === shown && statusBar.className === 'error') setStatus(notice, notice ? 'notice' : '');
          }, 3000);
        }
        break;
      case 'ack':
        if (Number.isFinite(message.seq) && message.seq > acknowledged) acknowledged = message.seq;
        for (const [id, seq] of unacknowledgedEdits) if (seq <= acknowledged) unacknowledgedEdits.delete(id);
        document.body.dataset.acknowledged = String(acknowledged);
        document.body.dataset.unacknowledged = String(Math.max(0, nextSeq - 1 - acknowledged));
        answered(acknowledged);
        for (const [seq, run] of afterAnswers) if (seq <= acknowledged) { afterAnswers.delete(seq); run(); }
        break;
    }
  }

  // Ctrl+Z undoes the last edit of the page's model, Ctrl+Shift+Z (or Ctrl+Y) redoes it (⌘ on a
  // Mac). A field being edited ends its editing first, so what was typed is one step to undo.
  document.addEventListener('keydown', (event) => {
    const key = (event.key || '').toLowerCase();
    if (!(event.ctrlKey || event.metaKey) || event.altKey || (key !== 'z' && key !== 'y')) return;
    event.preventDefault();
    const active = document.activeElement;
    if (active && active.dataset && active.dataset.editing) send({ type: 'action', id: active.dataset.editing });
    send({ type: event.shiftKey || key === 'y' ? 'redo' : 'undo' });
  });

  function apply(op) {
    const element = elements.get(op.id);
    if (!element) return;
    if (op.op === 'set') {
      if (op.key === (element.valueKey || valueKeys[element.kind]) && unacknowledgedEdits.has(op.id)) return;
      element.props[op.key] = op.value;
      element.set(op.key, op.value);
    } else if (op.op === 'list') {
      applyList(element, op);
    }
  }

  // Makes the element of a tree node and everything in it.
  function build(node) {
    const make = kinds[node.kind] || kinds.panel;
    const element = make(node);
    element.props = node.props || {};
    element.kind = node.kind;
    elements.set(node.id, element);
    element.node.dataset.bid = node.id;
    // A control's own id, which the labels that name it point at.
    if (element.control) element.control.id = domID(node.id);
    for (const key of Object.keys(element.props)) element.set(key, element.props[key]);
    return element.node;
  }

  // The document id of an element's control or label: its element id, prefixed so that it never
  // takes the page's own ids, and encoded so that it has no spaces.
  function domID(id) {
    return 'bid-' + encodeURIComponent(id);
  }

  // Points a label at the element it names: a control by `for`; a list, which a <label> cannot
  // name, gets the label as its `aria-labelledby`.
  function linkLabel(label) {
    if (label.named) { label.named.removeAttribute('aria-labelledby'); label.named = null; }
    const id = label.props.for;
    const target = id == null ? undefined : elements.get(id);
    if (target && !target.control) {
      label.node.removeAttribute('for');
      target.node.setAttribute('aria-labelledby', label.node.id);
      label.named = target.node;
    } else if (id != null) {
      label.node.htmlFor = domID(id);
    } else {
      label.node.removeAttribute('for');
    }
  }

  // Links every label once the elements they name exist (a label may come before its element).
  function linkLabels() {
    for (const element of elements.values()) if (element.isLabel) linkLabel(element);
  }

  // Elements a <label for> names, so a field label points at them by id (any other element is
  // named by aria-labelledby); and those a `disabled` property disables.
  const labelable = new Set(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);
  const formControls = new Set(['button', 'input', 'select', 'textarea']);

  function common(element, key, value) {
    if (key === 'hidden') element.node.hidden = !!value;
    if (key === 'enabled' && element.control) element.control.disabled = !value;
  }

  const kinds = {
    panel(node) {
      const section = document.createElement('section');
      const heading = document.createElement('h2');
      heading.hidden = true;
      section.append(heading);
      for (const child of node.children || []) section.append(build(child));
      return {
        node: section,
        set(key, value) {
          if (key === 'title') { heading.textContent = value || ''; heading.hidden = !value; }
          if (key === 'layout') section.className = 'panel ' + (value === 'row' ? 'row' : 'column');
          // A toolbar: its buttons are one group for assistive technologies.
          if (key === 'placement') {
            if (value === 'toolbar') section.setAttribute('role', 'toolbar');
            else section.removeAttribute('role');
          }
          common(this, key, value);
        },
      };
    },
    row(node) {
      const item = document.createElement('li');
      item.setAttribute('role', 'option');
      item.id = domID(node.id);  // the list's aria-activedescendant names it
      for (const child of node.children || []) item.append(build(child));
      return { node: item, set() {} };
    },
    // A section of a list of sections: its header's elements in a heading, then the list of its rows,
    // which the heading names.
    section(node) {
      const item = document.createElement('li');
      item.className = 'section';
      item.setAttribute('role', 'group');
      const header = document.createElement('div');
      header.className = 'section-header';
      header.setAttribute('role', 'heading');
      header.setAttribute('aria-level', '3');
      header.id = domID(node.id) + '-header';
      item.setAttribute('aria-labelledby', header.id);
      item.append(header);
      for (const child of node.children || []) {
        const built = build(child);
        if (child.kind === 'list') {
          built.setAttribute('aria-labelledby', header.id);
          item.append(built);
        } else {
          header.append(built);
        }
      }
      return { node: item, set() {} };
    },
    text(node) { return field(node, 'text'); },
    secure(node) { return field(node, 'password'); },
    // Text, so that what the user types (even "3b") reaches the field's format and validation.
    number(node) { return field(node, 'text', 'decimal'); },
    multiline(node) { return field(node, 'textarea'); },
    // A tab view: a tablist of tab buttons (aria-selected, aria-controls; one Tab stop, the arrows,
    // Home and End move the choice) and a tabpanel a tab, named by its tab, only the chosen one shown.
    // A choice shows at once and is the user's edit of `selected`.
    tabs(node) {
      const root = document.createElement('div');
      root.className = 'tabs';
      const list = document.createElement('div');
      list.setAttribute('role', 'tablist');
      root.append(list);
      const children = node.children || [];
      const views = (node.props && node.props.views) || children.map((_, index) => index);
      let tabs = [];
      let panels = [];
      let selected = null;
      let enabled = true;
      function show() {
        tabs.forEach((tab, index) => {
          const chosen = index === selected;
          tab.setAttribute('aria-selected', chosen ? 'true' : 'false');
          tab.tabIndex = chosen || (selected == null && index === 0) ? 0 : -1;
          tab.setAttribute('aria-disabled', enabled ? 'false' : 'true');
          panels[index].hidden = !chosen;
        });
      }
      function choose(index, focus) {
        if (!enabled || index < 0 || index >= tabs.length) return;
        if (focus) tabs[index].focus();
        if (index === selected) return;
        selected = index;
        show();
        send({ type: 'edit', id: node.id, value: index });
      }
      function make(labels) {
        const focused = tabs.indexOf(document.activeElement);
        list.replaceChildren();
        for (const panel of panels) panel.remove();
        tabs = labels.map((label, index) => {
          const tab = document.createElement('button');
          tab.type = 'button';
          tab.setAttribute('role', 'tab');
          tab.id = domID(node.id) + '-tab-' + index;
          tab.textContent = label;
          tab.addEventListener('click', () => choose(index, true));
          tab.addEventListener('keydown', (event) => {
            const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
            if (next === undefined) return;
            event.preventDefault();
            choose((next + tabs.length) % tabs.length, true);
          });
          list.append(tab);
          return tab;
        });
        panels = labels.map((_, index) => {
          const panel = document.createElement('div');
          panel.setAttribute('role', 'tabpanel');
          panel.id = domID(node.id) + '-panel-' + index;
          panel.setAttribute('aria-labelledby', tabs[index].id);
          tabs[index].setAttribute('aria-controls', panel.id);
          children.forEach((child, position) => {
            if (views[position] === index) panel.append(built[position]);
          });
          root.append(panel);
          return panel;
        });
        show();
        if (focused >= 0 && tabs[Math.min(focused, tabs.length - 1)]) tabs[Math.min(focused, tabs.length - 1)].focus();
      }
      const built = children.map((child) => build(child));
      return {
        node: root,
        set(key, value) {
          if (key === 'labels') make(Array.isArray(value) ? value.map(String) : []);
          if (key === 'selected') { selected = typeof value === 'number' ? value : null; show(); }
          if (key === 'enabled') { enabled = !!value; show(); }
          common(this, key, value);
        },
      };
    },
    // An editable level indicator as a rating: a radiogroup of star buttons (role radio, named
    // "3 stars"), checked at the value and lit up to it; one Tab stop, the arrows, Home and End move
    // the rating, Delete or Backspace clears it to the minimum. A choice shows at once and is the
    // user's edit of `value`; while disabled or not editable the stars take no choice.
    rating(node) {
      const group = document.createElement('div');
      group.className = 'rating';
      group.setAttribute('role', 'radiogroup');
      let stars = [];
      let buttons = [];
      let value = 0;
      let minimum = 0;
      let enabled = true;
      let editable = true;
      function show() {
        const checked = stars.indexOf(value);
        buttons.forEach((button, index) => {
          button.setAttribute('aria-checked', index === checked ? 'true' : 'false');
          button.classList.toggle('lit', stars[index] <= value);
          button.tabIndex = index === checked || (checked < 0 && index === 0) ? 0 : -1;
          button.disabled = !enabled;
        });
        group.setAttribute('aria-readonly', editable ? 'false' : 'true');
        group.setAttribute('aria-disabled', enabled ? 'false' : 'true');
      }
      function choose(next, focus) {
        if (!enabled || !editable) return;
        const index = stars.indexOf(next);
        if (focus && index >= 0) buttons[index].focus();
        if (next === value) return;
        value = next;
        show();
        send({ type: 'edit', id: node.id, value: next });
      }
      function make() {
        const focused = buttons.indexOf(document.activeElement);
        group.replaceChildren();
        buttons = stars.map((star, index) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.setAttribute('role', 'radio');
          button.setAttribute('aria-label', star === 1 ? '1 star' : star + ' stars');
          button.textContent = '★';
          button.addEventListener('click', () => choose(star, true));
          button.addEventListener('keydown', (event) => {
            const from = stars.indexOf(value);
            const last = stars.length - 1;
            const moves = { ArrowRight: from + 1, ArrowUp: from + 1, ArrowLeft: from - 1, ArrowDown: from - 1,
              Home: 0, End: last };
            if (event.key === 'Delete' || event.key === 'Backspace') {
              event.preventDefault();
              choose(minimum, false);
              return;
            }
            const to = moves[event.key];
            if (to === undefined) return;
            event.preventDefault();
            if (to < 0) { choose(minimum < stars[0] ? minimum : stars[0], false); buttons[0].focus(); return; }
            choose(stars[Math.min(to, last)], true);
          });
          group.append(button);
          return button;
        });
        show();
        if (focused >= 0 && buttons.length > 0) buttons[Math.min(focused, buttons.length - 1)].focus();
      }
      return {
        node: group,
        set(key, next) {
          if (key === 'stars') { stars = Array.isArray(next) ? next.filter((n) => typeof n === 'number') : []; make(); }
          if (key === 'value') { value = typeof next === 'number' ? next : minimum; show(); }
          if (key === 'minimum') minimum = typeof next === 'number' ? next : 0;
          if (key === 'enabled') { enabled = !!next; show(); }
          if (key === 'editable') { editable = !!next; show(); }
          if (key === 'level') group.dataset.level = String(next);
          common(this, key, next);
        },
      };
    },
    // An image view: the data: URL of an image the server recognised (an <img> runs no script),
    // its description as the alternative text, and why no image is shown as its title.
    image() {
      const image = document.createElement('img');
      image.className = 'image-view';
      image.alt = '';
      return {
        node: image,
        set(key, value) {
          if (key === 'source') {
            if (typeof value === 'string' && value.startsWith('data:image/')) image.src = value;
            else image.removeAttribute('src');
          }
          if (key === 'description') image.alt = value || '';
          if (key === 'problem') {
            if (value) image.title = value;
            else image.removeAttribute('title');
          }
          common(this, key, value);
        },
      };
    },
    fieldLabel(node) {
      const label = document.createElement('label');
      label.className = 'field-label';
      label.id = domID(node.id);
      return {
        node: label, isLabel: true,
        set(key, value) {
          if (key === 'text') label.textContent = value || '';
          if (key === 'for') linkLabel(this);
          common(this, key, value);
        },
      };
    },
    // A control described by a WebElement: an app's own (often a custom element its script defines)
    // and Bindery's label, button, switch, checkbox, slider, stepper and pop-up button. The element
    // its description names, with its fixed attributes, in the element it sits in (if any); its
    // declared attributes (a:name), DOM properties (p:name), classes (c:name), text and options;
    // its declared edit events, each an edit of the property it reads, and its action events.
    element(node) {
      const tag = node.tag || 'span';
      const element = document.createElement(tag);
      const attrs = node.attrs || {};
      for (const name of Object.keys(attrs)) element.setAttribute(name, attrs[name]);
      let outer = element;
      if (node.wrapper) {
        outer = document.createElement(node.wrapper.tag);
        if (node.wrapper.class) outer.className = node.wrapper.class;
        outer.append(element);
      }
      const edits = node.edits || [];
      for (const edit of edits) {
        element.addEventListener(edit.event, () => {
          if (element.getAttribute('aria-disabled') === 'true') return;
          const value = element[edit.read];
          if (typeof value === 'number' && !Number.isFinite(value)) return;  // an empty number field
          send({ type: 'edit', id: node.id, value: value === undefined ? null : value });
        });
      }
      const made = {
        node: outer, control: labelable.has(tag) ? element : undefined,
        valueKey: edits.length > 0 ? 'p:' + edits[0].read : null,
        set(key, value) {
          if (key.startsWith('a:')) {
            const name = key.slice(2);
            if (value === false || value == null) element.removeAttribute(name);
            else element.setAttribute(name, value === true ? '' : String(value));
          } else if (key.startsWith('p:')) {
            const name = key.slice(2);
            if (element[name] !== value) element[name] = value;
          } else if (key.startsWith('c:')) {
            element.classList.toggle(key.slice(2), !!value);
          } else if (key === 'text') {
            element.textContent = value == null ? '' : String(value);
          } else if (key === 'options') {
            element.replaceChildren(...(value || []).map((title) => {
              const option = document.createElement('option');
              option.textContent = title;
              return option;
            }));
            // What the element shows may depend on its options (a <select>'s selectedIndex).
            for (const name of Object.keys(this.props)) if (name.startsWith('p:')) element[name.slice(2)] = this.props[name];
          } else if (key === 'enabled') {
            if (formControls.has(tag)) {
              element.disabled = !value;
            } else {
              element.toggleAttribute('disabled', !value);
              element.setAttribute('aria-disabled', value ? 'false' : 'true');
            }
          } else if (key === 'hidden') {
            outer.hidden = !!value;
          }
        },
      };
      // Once an action is done, the element the description names takes the focus (a form's first
      // field after Add), its text selected.
      const focusAfter = () => {
        const target = elements.get(made.props.focuses);
        const control = target && (target.control || target.node);
        if (!control) return;
        control.focus();
        if (typeof control.select === 'function') control.select();
      };
      for (const action of node.actions || []) {
        element.addEventListener(action.event, () => {
          if (element.getAttribute('aria-disabled') === 'true') return;
          const focuses = made.props && made.props.focuses;
          send({ type: 'action', id: node.id, afterAnswer: focuses == null ? undefined : focusAfter });
        });
      }
      return made;
    },
    // A row of a table: one grid cell per column, each holding its control; the cells are reached
    // with the arrow keys (one of them a Tab stop at a time) and a cell's control with Enter or F2.
    tableRow(node) {
      const row = document.createElement('tr');
      row.setAttribute('role', 'row');
      row.id = domID(node.id);
      for (const child of node.children || []) {
        const cell = document.createElement('td');
        cell.setAttribute('role', 'gridcell');
        cell.tabIndex = -1;
        cell.append(build(child));
        // The cell's controls are reached through the cell (Enter, F2, a click), not with Tab.
        for (const control of cell.querySelectorAll('input, select, textarea, button')) control.tabIndex = -1;
        row.append(cell);
      }
      return { node: row, set() {} };
    },
    // A table: headers that sort (a click: ascending, again: descending; aria-sort shows the order),
    // rows selected by the server from the user's gestures (click, Shift-click, Ctrl-click, Space,
    // the arrows with or without Shift), cells navigated with the arrows (a roving tabindex).
    table(node) {
      const table = document.createElement('table');
      table.className = 'table';
      table.setAttribute('role', 'grid');
      table.setAttribute('aria-multiselectable', 'true');
      const headRow = table.createTHead().insertRow();
      headRow.setAttribute('role', 'row');
      const body = table.createTBody();
      const element = {
        node: table, body, rows: [], grid: true, focus: { row: 0, column: 0 },
        set(key, value) {
          if (key === 'columns') showColumns(this, value || []);
          if (key === 'selected') showSelection(this);
          if (key === 'placeholder') body.dataset.placeholder = value || '';
          if (key === 'enabled') table.setAttribute('aria-disabled', value === false ? 'true' : 'false');
          common(this, key, value);
        },
      };
      const showColumns = (self, columns) => {
        headRow.replaceChildren(...columns.map((column) => {
          const header = document.createElement('th');
          header.setAttribute('role', 'columnheader');
          header.scope = 'col';
          header.dataset.column = column.id;
          header.setAttribute('aria-sort', column.sort || 'none');
          if (column.sortable) {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = column.title;
            button.addEventListener('click', () => {
              if (self.props.enabled === false) return;
              send({ type: 'edit', id: node.id, value: { sort: column.id } });
            });
            header.append(button);
          } else {
            header.textContent = column.title;
          }
          return header;
        }));
      };
      for (const row of node.rows || []) {
        const item = build(row);
        element.rows.push(item);
        body.append(item);
      }
      const cellAt = (row, column) => {
        const item = element.rows[row];
        return item ? item.cells[Math.min(column, item.cells.length - 1)] : undefined;
      };
      // Makes the cell at (row, column) the table's one Tab stop; focuses it when asked.
      element.rove = (row, column, focus) => {
        const count = element.rows.length;
        if (count === 0) return;
        row = Math.max(0, Math.min(count - 1, row));
        column = Math.max(0, column);
        // The cell that was the Tab stop, wherever its row went since (rows move when they sort).
        if (element.stop) element.stop.tabIndex = -1;
        element.focus = { row, column };
        const cell = cellAt(row, column);
        element.stop = cell;
        if (!cell) return;
        cell.tabIndex = 0;
        if (focus) cell.focus();
      };
      element.rove(0, 0, false);
      const select = (value) => {
        if (element.props.enabled === false) return;
        send({ type: 'edit', id: node.id, value });
      };
      body.addEventListener('click', (event) => {
        const cell = event.target.closest('td');
        if (!cell || !body.contains(cell)) return;
        const row = element.rows.indexOf(cell.parentNode);
        if (row < 0) return;
        element.rove(row, Array.prototype.indexOf.call(cell.parentNode.cells, cell), event.target === cell);
        // A click in a cell's control edits it; the row is selected as well.
        select({ click: row, extend: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
      });
      table.addEventListener('keydown', (event) => {
        const cell = event.target.closest('td');
        if (!cell || !body.contains(cell)) return;
        if (event.target !== cell) {
          // Editing a cell's control: Escape (after the field's own discard) and Enter go back to the cell.
          if (event.key === 'Escape' || (event.key === 'Enter' && event.target.tagName !== 'TEXTAREA')) {
            setTimeout(() => cell.focus(), 0);
          }
          return;
        }
        const { row, column } = element.focus;
        const columns = cell.parentNode.cells.length;
        switch (event.key) {
          case 'ArrowDown':
          case 'ArrowUp': {
            const step = event.key === 'ArrowDown' ? 1 : -1;
            element.rove(row + step, column, true);
            select({ move: step, extend: event.shiftKey });
            break;
          }
          case 'ArrowLeft': element.rove(row, Math.max(0, column - 1), true); break;
          case 'ArrowRight': element.rove(row, Math.min(columns - 1, column + 1), true); break;
          case 'Home': element.rove(event.ctrlKey ? 0 : row, 0, true); break;
          case 'End': element.rove(event.ctrlKey ? element.rows.length - 1 : row, columns - 1, true); break;
          case ' ':
            select({ click: row, extend: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
            break;
          case 'Enter':
          case 'F2': {
            const control = cell.querySelector('input, select, textarea, button');
            if (!control) return;
            control.focus();
            if (typeof control.select === 'function') control.select();
            break;
          }
          case 'Delete':
            send({ type: 'delete', id: node.id });
            break;
          default:
            return;
        }
        event.preventDefault();
      });
      return element;
    },
    // An outline: a flat tree (role tree) whose rows are treeitems with their aria-level and, when
    // they have children, aria-expanded. One Tab stop; the arrows, Home and End are sent as the tree
    // view's keys, which the server answers (Right expands or goes to the first child, Left
    // collapses or goes to the parent); a click on a row's triangle expands or collapses it.
    outline(node) {
      const tree = document.createElement('ul');
      tree.className = 'list outline';
      tree.setAttribute('role', 'tree');
      tree.tabIndex = 0;
      const element = {
        node: tree, rows: [],
        set(key, value) {
          if (key === 'selected') showSelection(this);
          if (key === 'placeholder') tree.dataset.placeholder = value || '';
          if (key === 'enabled') tree.setAttribute('aria-disabled', value === false ? 'true' : 'false');
          common(this, key, value);
        },
      };
      for (const row of node.rows || []) {
        const item = build(row);
        element.rows.push(item);
        tree.append(item);
      }
      const edit = (value) => {
        if (element.props.enabled !== false) send({ type: 'edit', id: node.id, value });
      };
      tree.addEventListener('click', (event) => {
        const item = event.target.closest('li');
        if (!item || item.parentNode !== tree) return;
        const index = element.rows.indexOf(item);
        if (event.target.closest('.disclosure') && item.hasAttribute('aria-expanded')) {
          edit({ [item.getAttribute('aria-expanded') === 'true' ? 'collapse' : 'expand']: index });
        } else {
          edit([index]);
        }
      });
      const keys = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right', Home: 'home', End: 'end' };
      tree.addEventListener('keydown', (event) => {
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        if (event.key === 'Delete') {
          event.preventDefault();
          if ((element.props.selected || []).length) send({ type: 'delete', id: node.id });
          return;
        }
        const key = keys[event.key];
        if (!key) return;
        event.preventDefault();
        edit({ key });
      });
      return element;
    },
    // A row of an outline: its triangle (drawn, not read: the row's aria-expanded says it), then
    // its controls' elements, indented by its level.
    treeRow(node) {
      const item = document.createElement('li');
      item.setAttribute('role', 'treeitem');
      item.id = domID(node.id);  // the tree's aria-activedescendant names it
      const disclosure = document.createElement('span');
      disclosure.className = 'disclosure';
      disclosure.setAttribute('aria-hidden', 'true');
      item.append(disclosure);
      for (const child of node.children || []) item.append(build(child));
      return {
        node: item,
        set(key) {
          const props = this.props;
          if (key === 'level') {
            item.setAttribute('aria-level', String(props.level));
            item.style.setProperty('--level', String(props.level));
          }
          if (key === 'expandable' || key === 'expanded') {
            if (props.expandable) item.setAttribute('aria-expanded', props.expanded ? 'true' : 'false');
            else item.removeAttribute('aria-expanded');
            disclosure.textContent = props.expandable ? (props.expanded ? '▾' : '▸') : '';
          }
        },
      };
    },
    list(node) {
      const list = document.createElement('ul');
      const sections = !!(node.props && node.props.sections);
      list.className = sections ? 'list sections' : 'list';
      list.setAttribute('role', sections ? 'presentation' : 'listbox');
      const element = {
        node: list, rows: [],
        set(key, value) {
          if (key === 'selected') showSelection(this);
          // Shown in the list's place while it has no rows (bindery.css: .list:empty::before).
          if (key === 'placeholder') list.dataset.placeholder = value || '';
          if (key === 'enabled' && !sections) list.setAttribute('aria-disabled', value === false ? 'true' : 'false');
          common(this, key, value);
        },
      };
      for (const row of node.rows || []) {
        const item = build(row);
        element.rows.push(item);
        list.append(item);
      }
      // A list of sections is selected in its sections' lists.
      if (!sections) {
        const choose = (index) => {
          if (index < 0 || index >= element.rows.length || element.props.enabled === false) return;
          const selected = element.props.selected || [];
          if (selected.length !== 1 || selected[0] !== index) {
            element.props.selected = [index];  // shown at once; the server's answer confirms it
            showSelection(element);
            send({ type: 'edit', id: node.id, value: [index] });
          }
        };
        list.addEventListener('click', (event) => {
          const item = event.target.closest('li');
          if (!item || item.parentNode !== list) return;
          choose(element.rows.indexOf(item));
        });
        // One Tab stop; the rows are reached with the arrows, Home and End, or by typing the start of
        // a row's text. The selection follows the focused row (a single-selection listbox).
        list.tabIndex = 0;
        let typed = '';
        let typedAt = 0;
        list.addEventListener('keydown', (event) => {
          if (event.ctrlKey || event.metaKey || event.altKey) return;
          const count = element.rows.length;
          const current = (element.props.selected || [])[0];
          const at = Number.isInteger(current) ? current : -1;
          let next = null;
          switch (event.key) {
            case 'Delete':
              // Removes the selected row through the list's controller (refused if it cannot).
              event.preventDefault();
              if (at >= 0) send({ type: 'delete', id: node.id });
              return;
            case 'ArrowDown': next = Math.min(count - 1, at + 1); break;
            case 'ArrowUp': next = at < 0 ? 0 : Math.max(0, at - 1); break;
            case 'Home': next = 0; break;
            case 'End': next = count - 1; break;
            default:
              if (event.key.length !== 1 || event.key === ' ') return;
              typed = performance.now() - typedAt < 700 ? typed + event.key.toLowerCase() : event.key.toLowerCase();
              typedAt = performance.now();
              for (let step = 0; step < count; step++) {
                // A new first letter looks past the current row; more letters narrow from it.
                const index = (Math.max(at, 0) + (typed.length === 1 ? step + 1 : step)) % count;
                if (element.rows[index].textContent.trim().toLowerCase().startsWith(typed)) { next = index; break; }
              }
              if (next === null) return;
          }
          event.preventDefault();
          choose(next);
        });
      }
      return element;
    },
  };

  function field(node, type, inputMode) {
    const wrapper = document.createElement('div');
    wrapper.className = 'field';
    // A text view is a <textarea>: Return is a new line, and its editing ends when it loses the focus.
    const input = document.createElement(type === 'textarea' ? 'textarea' : 'input');
    if (type === 'textarea') {
      input.rows = 4;
    } else {
      input.type = type;
    }
    if (inputMode) input.inputMode = inputMode;
    input.autocomplete = 'off';
    const error = document.createElement('div');
    error.className = 'error';
    error.setAttribute('role', 'alert');
    error.id = domID(node.id) + ':error';  // ':' is never in a domID
    input.setAttribute('aria-describedby', error.id);  // a screen reader reads the field's error with it
    wrapper.append(input, error);
    const showError = (text) => {
      error.textContent = text || '';
      wrapper.classList.toggle('invalid', !!text);
      input.setAttribute('aria-invalid', text ? 'true' : 'false');
    };
    // Text too long to send stays in the field, with the reason as the field's error until the
    // text fits again.
    let tooLong = false;
    input.dataset.editing = node.id;  // Ctrl+Z ends this field's editing first
    input.addEventListener('input', () => {
      const sent = send({ type: 'edit', id: node.id, value: input.value }, (why) => { tooLong = true; showError(why); });
      if (sent && tooLong) { tooLong = false; showError(''); }
    });
    // The end of editing (Return, or leaving a changed field): bindings that update on commit write.
    input.addEventListener('change', () => send({ type: 'action', id: node.id }));
    // Escape drops what was typed and not written yet; the server sends the model's value back.
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      send({ type: 'discard', id: node.id });
    });
    return {
      node: wrapper, control: input,
      set(key, value) {
        if (key === 'text' && input.value !== value) input.value = value || '';
        if (key === 'placeholder') input.placeholder = value || '';
        if (key === 'error') showError(value);
        common(this, key, value);
      },
    };
  }

  // Shows the list's selection; the first selected row is the one a screen reader is on (the list's
  // aria-activedescendant) and is scrolled into view (a row just added, one chosen with the keys).
  function showSelection(list) {
    if (list.props.sections) return;
    const selected = new Set(list.props.selected || []);
    list.rows.forEach((item, index) => {
      const isSelected = selected.has(index);
      item.classList.toggle('selected', isSelected);
      item.setAttribute('aria-selected', isSelected ? 'true' : 'false');
    });
    if (list.grid) return;  // a table's focus is its roving cell
    const first = list.rows[(list.props.selected || [])[0]];
    if (first) {
      list.node.setAttribute('aria-activedescendant', first.id);
      if (list.shown !== first) {
        list.shown = first;
        if (first.isConnected) first.scrollIntoView({ block: 'nearest' });
      }
    } else {
      list.node.removeAttribute('aria-activedescendant');
      list.shown = null;
    }
  }

  function forget(node) {
    elements.delete(node.dataset.bid);
    for (const inner of node.querySelectorAll('[data-bid]')) elements.delete(inner.dataset.bid);
  }

  // Applies one change of a list's rows: removed and moved-from are old indexes, inserted and
  // moved-to are new ones; the other rows keep their order (as the server's CollectionChange).
  function applyList(list, op) {
    // In a table, what had the focus (a cell, a cell's field) keeps it when its row moves.
    const focused = list.rove && list.node.contains(document.activeElement) ? document.activeElement : null;
    const old = list.rows;
    const count = old.length - op.removed.length + op.inserted.length;
    const result = new Array(count).fill(null);
    for (const insert of op.inserted) result[insert.index] = build(insert.row);
    const consumed = new Set(op.removed);
    for (const move of op.moved) { result[move.to] = old[move.from]; consumed.add(move.from); }
    for (const index of op.removed) { forget(old[index]); old[index].remove(); }
    let source = 0;
    for (let index = 0; index < count; index++) {
      if (result[index]) continue;
      while (consumed.has(source)) source++;
      result[index] = old[source++];
    }
    const container = list.body || list.node;
    let cursor = container.firstChild;
    for (const item of result) {
      if (item === cursor) cursor = cursor.nextSibling;
      else container.insertBefore(item, cursor);
    }
    list.rows = result;
    if (list.rove) {
      const stopRow = list.stop ? list.rows.indexOf(list.stop.parentNode) : -1;
      list.rove(stopRow >= 0 ? stopRow : list.focus.row, list.focus.column, false);
      if (focused && focused.isConnected && document.activeElement !== focused) focused.focus();
      else if (focused && !focused.isConnected && list.stop) list.stop.focus();
    }
    showSelection(list);
    if (op.inserted.length) linkLabels();
  }

  checkForOriginal(connect);
})();
