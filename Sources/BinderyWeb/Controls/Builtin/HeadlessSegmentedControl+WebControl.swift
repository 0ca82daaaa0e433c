public import BinderyControls

extension HeadlessSegmentedControl: WebControl {
  /// A page shows a segmented control as a `<bindery-segments>` element: a `role="radiogroup"` of
  /// buttons with the role `radio` and `aria-checked`, one Tab stop, arrow keys (and Home, End)
  /// moving the choice. Choosing a segment is the user's edit of
  /// ``HeadlessSegmentedControl/selectedIndex`` (and so of its label and tag); an index of no
  /// segment is refused as the wrong value.
  public static let webElement = WebElement<HeadlessSegmentedControl>(
    tag: "bindery-segments", script: segmentsScript
  )
  .property("segments", \.labels) { $0.joined(separator: "\u{1F}") }
  .property("selectedIndex", \.selectedIndex) { $0 ?? -1 }
  .enabled(\.isEnabled)
  .hidden(\.isHidden)
  .edit(on: "change", reading: "selectedIndex", accepting: isSegment) { control, index in
    control.userDidSelect(index: index)
  }

  /// Whether `control` has a segment at `index`.
  private static func isSegment(_ control: HeadlessSegmentedControl, _ index: Int) -> Bool {
    control.labels.indices.contains(index)
  }
}

/// The `<bindery-segments>` custom element: `segments` is the labels, separated by U+001F (a label
/// cannot hold it), `selectedIndex` the chosen one (-1 for none); a user's choice fires `change`.
let segmentsScript = """
  customElements.define('bindery-segments', class extends HTMLElement {
    static observedAttributes = ['disabled'];
    #labels = [];
    #selected = -1;
    connectedCallback() {
      if (this.ready) return;
      this.ready = true;
      this.setAttribute('role', 'radiogroup');
      this.classList.add('segments');
      this.addEventListener('keydown', (event) => {
        const count = this.#labels.length;
        if (count === 0) return;
        const from = this.#selected < 0 ? 0 : this.#selected;
        const keys = { ArrowRight: from + 1, ArrowDown: from + 1, ArrowLeft: from - 1, ArrowUp: from - 1,
          Home: 0, End: count - 1 };
        const next = keys[event.key];
        if (next === undefined) return;
        event.preventDefault();
        const index = (next + count) % count;
        this.#choose(index);
        this.children[index]?.focus();
      });
      this.#show();
    }
    get segments() { return this.#labels.join('\\u001f'); }
    set segments(text) { this.#labels = text ? String(text).split('\\u001f') : []; this.#show(); }
    get selectedIndex() { return this.#selected; }
    set selectedIndex(index) { this.#selected = Number(index); this.#show(); }
    attributeChangedCallback() { this.#show(); }
    #choose(index) {
      if (this.hasAttribute('disabled') || index === this.#selected) return;
      this.#selected = index;
      this.#show();
      this.dispatchEvent(new Event('change', { bubbles: true }));
    }
    #show() {
      if (!this.ready) return;
      const disabled = this.hasAttribute('disabled');
      while (this.children.length > this.#labels.length) this.lastElementChild.remove();
      while (this.children.length < this.#labels.length) {
        const button = document.createElement('button');
        const index = this.children.length;
        button.type = 'button';
        button.setAttribute('role', 'radio');
        button.addEventListener('click', () => this.#choose(index));
        this.append(button);
      }
      [...this.children].forEach((button, index) => {
        const checked = index === this.#selected;
        button.textContent = this.#labels[index];
        button.setAttribute('aria-checked', String(checked));
        button.tabIndex = checked || (this.#selected < 0 && index === 0) ? 0 : -1;
        button.disabled = disabled;
      });
    }
  });
  """
