import BinderyWeb

/// A rating of zero to five stars: a control of this app's own, not Bindery's. It binds like any
/// control (`rating`, `isEnabled`) and a web page shows it as the `<star-rating>` element its script
/// defines.
@KeyValueObservable
final class StarRating: EditableControl, EnablingControl, LabelTarget, WebControl {
  /// How many stars are lit, 0 to 5.
  var rating = 0
  /// What a screen reader calls the control.
  var title = "Rating"
  /// Whether the user can rate.
  var isEnabled = true

  /// Rates as a user would, and reports the edit: `false`, and nothing changes, when the control is
  /// disabled or `stars` is not 0 to 5.
  func userDidRate(_ stars: Int) -> Bool {
    guard isEnabled, (0...5).contains(stars) else { return false }
    rating = stars
    keyValueRegistrar.userDidEdit(self, #propertyID("rating"), \.rating, value: stars)
    return true
  }

  /// The page's element: its value and name, disabled with the control, and a `change` event that is
  /// the user's edit.
  static let webElement = WebElement<StarRating>(tag: "star-rating", script: starRatingScript)
    .property("value", \.rating)
    .attribute("aria-label", \.title)
    .enabled(\.isEnabled)
    .edit(on: "change", reading: "value") { control, stars in control.userDidRate(stars) }
}

extension StarRating: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, as every control's does.
  static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    property == \StarRating.isEnabled ? .and : nil
  }
}

/// The `<star-rating>` custom element: five stars in a slider a keyboard can use (arrows, Home, End,
/// digits) and a mouse can click; `value` is the number lit, and each change by the user fires
/// `change`.
let starRatingScript = """
  customElements.define('star-rating', class extends HTMLElement {
    static observedAttributes = ['disabled'];
    #value = 0;
    // Made when the element joins the page (an element may have no children or attributes of its own
    // before that).
    connectedCallback() {
      if (this.stars) return;
      this.style.display = 'inline-block';
      this.setAttribute('role', 'slider');
      this.setAttribute('aria-valuemin', '0');
      this.setAttribute('aria-valuemax', '5');
      this.stars = [1, 2, 3, 4, 5].map((n) => {
        const star = document.createElement('span');
        star.dataset.value = String(n);
        star.setAttribute('aria-hidden', 'true');
        star.textContent = '★';
        star.style.fontSize = '1.6em';
        star.style.cursor = 'pointer';
        star.style.padding = '0 0.05em';
        star.addEventListener('click', () => this.#choose(n === this.#value ? n - 1 : n));
        return star;
      });
      this.append(...this.stars);
      this.addEventListener('keydown', (event) => {
        const keys = { ArrowRight: this.#value + 1, ArrowUp: this.#value + 1, ArrowLeft: this.#value - 1,
          ArrowDown: this.#value - 1, Home: 0, End: 5 };
        let next = keys[event.key];
        if (next === undefined && /^[0-5]$/.test(event.key)) next = Number(event.key);
        if (next === undefined) return;
        event.preventDefault();
        this.#choose(Math.max(0, Math.min(5, next)));
      });
      this.#show();
    }
    get value() { return this.#value; }
    set value(stars) { this.#value = Number(stars) || 0; this.#show(); }
    attributeChangedCallback() { this.#show(); }
    #choose(stars) {
      if (this.hasAttribute('disabled') || stars === this.#value) return;
      this.value = stars;
      this.dispatchEvent(new Event('change', { bubbles: true }));
    }
    #show() {
      if (!this.stars) return;
      this.tabIndex = this.hasAttribute('disabled') ? -1 : 0;
      this.setAttribute('aria-valuenow', String(this.#value));
      this.setAttribute('aria-valuetext', this.#value + ' of 5 stars');
      // Styled through the DOM (the page's policy allows no inline style sheet).
      this.stars.forEach((star, index) => { star.style.color = index < this.#value ? '#c88a00' : '#b8b8b8'; });
      this.style.opacity = this.hasAttribute('disabled') ? '0.5' : '1';
    }
  });
  """
