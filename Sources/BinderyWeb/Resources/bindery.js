// Bindery's page script: renders the server's tree, applies its patches, sends the user's edits.
// Text is always set with textContent or .value, never as HTML; nothing the server sends is evaluated.
(() => {
  'use strict';
  const root = document.getElementById('bindery-root');
  const statusBar = document.getElementById('bindery-status');
  const elements = new Map();
  let socket = null;
  let session = sessionStorage.getItem('bindery-session');
  let attempts = 0;

  function setStatus(text, kind) {
    statusBar.textContent = text || '';
    statusBar.className = kind || '';
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    socket = new WebSocket(scheme + location.host + '/socket');
    socket.onopen = () => { attempts = 0; send({ type: 'hello', resume: session }); };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      receive(message);
    };
    socket.onclose = () => {
      setStatus('Connection lost; reconnecting…', 'offline');
      const delay = Math.min(5000, 200 * Math.pow(2, attempts++));
      setTimeout(connect, delay);
    };
  }

  function receive(message) {
    switch (message.type) {
      case 'reset':
        session = message.session;
        sessionStorage.setItem('bindery-session', session);
        document.title = message.title;
        elements.clear();
        root.replaceChildren(build(message.tree));
        root.setAttribute('aria-busy', 'false');
        setStatus('', '');
        break;
      case 'patch':
        for (const op of message.ops) apply(op);
        break;
      case 'error':
        setStatus(message.message, 'error');
        break;
    }
  }

  function apply(op) {
    const element = elements.get(op.id);
    if (!element) return;
    if (op.op === 'set') {
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
    elements.set(node.id, element);
    element.node.dataset.bid = node.id;
    for (const key of Object.keys(element.props)) element.set(key, element.props[key]);
    return element.node;
  }

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
          common(this, key, value);
        },
      };
    },
    row(node) {
      const item = document.createElement('li');
      item.setAttribute('role', 'option');
      for (const child of node.children || []) item.append(build(child));
      return { node: item, set() {} };
    },
    text(node) { return field(node, 'text'); },
    secure(node) { return field(node, 'password'); },
    label() {
      const span = document.createElement('span');
      span.className = 'label';
      return {
        node: span,
        set(key, value) {
          if (key === 'text') span.textContent = value || '';
          if (key === 'enabled') span.classList.toggle('disabled', !value);
          common(this, key, value);
        },
      };
    },
    button(node) {
      const button = document.createElement('button');
      button.type = 'button';
      button.addEventListener('click', () => send({ type: 'action', id: node.id }));
      return {
        node: button, control: button,
        set(key, value) {
          if (key === 'title') button.textContent = value || '';
          common(this, key, value);
        },
      };
    },
    switch(node) { return toggle(node, true); },
    checkbox(node) { return toggle(node, false); },
    slider(node) { return numeric(node, 'range'); },
    stepper(node) { return numeric(node, 'number'); },
    select(node) {
      const select = document.createElement('select');
      select.addEventListener('change', () => send({ type: 'edit', id: node.id, value: select.selectedIndex }));
      return {
        node: select, control: select,
        set(key, value) {
          if (key === 'items') {
            select.replaceChildren(...(value || []).map((title) => {
              const option = document.createElement('option');
              option.textContent = title;
              return option;
            }));
            select.selectedIndex = this.props.selected == null ? -1 : this.props.selected;
          }
          if (key === 'selected') select.selectedIndex = value == null ? -1 : value;
          common(this, key, value);
        },
      };
    },
    list(node) {
      const list = document.createElement('ul');
      list.className = 'list';
      list.setAttribute('role', 'listbox');
      const element = {
        node: list, rows: [],
        set(key, value) {
          if (key === 'selected') showSelection(this);
          common(this, key, value);
        },
      };
      for (const row of node.rows || []) {
        const item = build(row);
        element.rows.push(item);
        list.append(item);
      }
      list.addEventListener('click', (event) => {
        const item = event.target.closest('li');
        if (!item || item.parentNode !== list) return;
        send({ type: 'edit', id: node.id, value: [element.rows.indexOf(item)] });
      });
      return element;
    },
  };

  function field(node, type) {
    const wrapper = document.createElement('div');
    wrapper.className = 'field';
    const input = document.createElement('input');
    input.type = type;
    input.autocomplete = 'off';
    const error = document.createElement('div');
    error.className = 'error';
    error.setAttribute('role', 'alert');
    wrapper.append(input, error);
    input.addEventListener('input', () => send({ type: 'edit', id: node.id, value: input.value }));
    // The end of editing (Return, or leaving a changed field): bindings that update on commit write.
    input.addEventListener('change', () => send({ type: 'action', id: node.id }));
    return {
      node: wrapper, control: input,
      set(key, value) {
        if (key === 'text' && input.value !== value) input.value = value || '';
        if (key === 'placeholder') input.placeholder = value || '';
        if (key === 'error') {
          error.textContent = value || '';
          wrapper.classList.toggle('invalid', !!value);
          input.setAttribute('aria-invalid', value ? 'true' : 'false');
        }
        common(this, key, value);
      },
    };
  }

  function toggle(node, isSwitch) {
    const wrapper = document.createElement('label');
    wrapper.className = isSwitch ? 'switch' : 'checkbox';
    const input = document.createElement('input');
    input.type = 'checkbox';
    if (isSwitch) input.setAttribute('role', 'switch');
    wrapper.append(input);
    input.addEventListener('change', () => send({ type: 'edit', id: node.id, value: input.checked }));
    return {
      node: wrapper, control: input,
      set(key, value) {
        if (key === 'on') input.checked = !!value;
        common(this, key, value);
      },
    };
  }

  function numeric(node, type) {
    const input = document.createElement('input');
    input.type = type;
    input.step = 'any';
    input.addEventListener(type === 'range' ? 'input' : 'change', () => {
      const value = Number(input.value);
      if (Number.isFinite(value)) send({ type: 'edit', id: node.id, value });
    });
    return {
      node: input, control: input,
      set(key, value) {
        if (key === 'value' && Number(input.value) !== value) input.value = String(value);
        if (key === 'min') input.min = String(value);
        if (key === 'max') input.max = String(value);
        if (key === 'step') input.step = String(value);
        common(this, key, value);
      },
    };
  }

  function showSelection(list) {
    const selected = new Set(list.props.selected || []);
    list.rows.forEach((item, index) => {
      const isSelected = selected.has(index);
      item.classList.toggle('selected', isSelected);
      item.setAttribute('aria-selected', isSelected ? 'true' : 'false');
    });
  }

  function forget(node) {
    elements.delete(node.dataset.bid);
    for (const inner of node.querySelectorAll('[data-bid]')) elements.delete(inner.dataset.bid);
  }

  // Applies one change of a list's rows: removed and moved-from are old indexes, inserted and
  // moved-to are new ones; the other rows keep their order (as the server's CollectionChange).
  function applyList(list, op) {
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
    let cursor = list.node.firstChild;
    for (const item of result) {
      if (item === cursor) cursor = cursor.nextSibling;
      else list.node.insertBefore(item, cursor);
    }
    list.rows = result;
    showSelection(list);
  }

  connect();
})();
