#if GTK
  import Bindery
  import BinderyControllers
  import BinderyControls
  import BinderyGTK
  import CGTK
  import Testing

  /// A film of the search tests.
  @KeyValueObservable
  final class SearchedFilm {
    var title: String
    var director: String
    init(_ title: String, _ director: String) {
      self.title = title
      self.director = director
    }
  }

  /// The films the search tests filter.
  @KeyValueObservable
  final class SearchedFilms {
    var films = [
      SearchedFilm("Vertigo", "Hitchcock"), SearchedFilm("Rear Window", "Hitchcock"), SearchedFilm("Ran", "Kurosawa"),
    ]
  }

  extension GTKSuites {
    @MainActor
    @Suite
    struct SearchEntryTests {
      @Test("a search field is a GtkSearchEntry whose typing filters, with a drop-down of its templates")
      func typingInTheSearchEntryFilters() async throws {
        let model = SearchedFilms()
        let films = ArrayController<SearchedFilm>()
        films.bindContent(to: .keyPath(model, \.films))
        let search = HeadlessSearchField()
        let bindings = BindingSet()
        try search.bind(
          filterOf: films,
          templates: [
            SearchTemplate("Title", expression: "title contains[cd] $value"),
            SearchTemplate("Director", expression: "director beginswith[c] $value"),
          ]
        ).store(in: bindings)
        let host = try GTKWindowHost(
          title: uniqueTitle("Search"), root: Panel(title: "Films", subviews: [search]), bindings: bindings)
        host.present()
        defer { host.close() }
        let entry = try #require(host.widget(for: search))
        #expect(String(cString: cgtk_object_type_name(entry)) == "GtkSearchEntry")
        let dropDown = try #require(gtk_widget_get_prev_sibling(entry))
        #expect(g_list_model_get_n_items(gtk_drop_down_get_model(cgtk_drop_down(dropDown))) == 2)
        #expect(gtk_widget_get_visible(dropDown) != 0)

        gtk_editable_set_text(cgtk_editable(entry), "r")
        #expect(await settle { films.arrangedObjects.map(\.title) == ["Vertigo", "Rear Window", "Ran"] })
        gtk_editable_set_text(cgtk_editable(entry), "re")
        #expect(await settle { films.arrangedObjects.map(\.title) == ["Rear Window"] })
        #expect(search.text == "re")

        gtk_drop_down_set_selected(cgtk_drop_down(dropDown), 1)
        #expect(search.templateIndex == 1)
        #expect(search.placeholder == "Director")
        #expect(films.arrangedObjects.isEmpty)

        gtk_editable_set_text(cgtk_editable(entry), "")
        #expect(await settle { films.arrangedObjects.count == 3 })
        #expect(search.text.isEmpty)

        search.userDidEdit(text: "kuro")
        #expect(await settle { entryText(entry) == "kuro" })
        #expect(films.arrangedObjects.map(\.title) == ["Ran"])
      }
    }
  }
#endif
