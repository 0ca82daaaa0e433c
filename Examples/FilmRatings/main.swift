// FilmRatings (`swift run FilmRatings`): a page whose rating control is the app's own (StarRating),
// declared in FilmRatings.spec.yaml and shown by the browser as the custom element its script defines.
// With GTK (`swift run --traits GTK FilmRatings --gtk`), the same file shows in a GTK 4 window, where
// StarRating is a row of star buttons (StarRating+GTK.swift).
import BinderyWeb
import Foundation

/// A kind of film, chosen for a film from the shelf's genres.
@KeyValueObservable
final class Genre {
  var name: String
  init(_ name: String = "") { self.name = name }
}

/// A cinema showing a film, and how many seats it has left.
@KeyValueObservable
final class Screening {
  var cinema: String
  var seats: Int
  init(_ cinema: String = "New cinema", seats: Int = 100) {
    self.cinema = cinema
    self.seats = seats
  }
}

/// A list of films of the viewer's own, holding lists of its own (a tree: "Silent era" holds
/// "German expressionism").
@KeyValueObservable
final class FilmCollection {
  var name: String
  var children: [FilmCollection]
  init(_ name: String = "New list", _ children: [FilmCollection] = []) {
    self.name = name
    self.children = children
  }
}

/// A film and its rating.
@KeyValueObservable
final class Film {
  var title: String
  /// The year the film came out.
  var year: Int
  var stars: Int
  /// Its genre, one of the shelf's; `nil` until chosen.
  var genre: Genre?
  /// Where it is shown (a detail table of the chosen film).
  var screenings: [Screening] = []
  /// What the viewer noted, on several lines.
  var notes = ""
  /// The day the film was first shown, if known.
  var released: Date?
  /// The rating as a level, for a level indicator (a `Double`, as `NSLevelIndicator`'s value); a
  /// user who sets the level as a rating sets the stars.
  var ratingLevel: Double {
    get { Double(stars) }
    set { stars = Int(newValue.rounded()) }
  }
  /// "Metropolis: 4 of 5 stars".
  var summary: String { "\(title): \(stars) of 5 stars" }
  /// A poster of its title and year, for an image view.
  var poster: Data { FilmPoster.svg(title: title, year: year) }
  /// What the poster shows, for those who cannot see it.
  var posterDescription: String { "Poster of \(title), \(year)" }

  init(_ title: String = "", year: Int = 1900, stars: Int = 0, released: String? = nil) {
    self.title = title
    self.year = year
    self.stars = stars
    self.released = released.flatMap { HeadlessDatePicker.date(ofDay: $0, in: .current) }
  }
}

/// The films every tab rates, their genres, the viewer's lists, and whether ratings are locked.
@KeyValueObservable
final class FilmShelf: @unchecked Sendable {
  var genres = [Genre("Drama"), Genre("Horror"), Genre("Science fiction")]
  var films = [
    Film("Metropolis", year: 1927, stars: 4, released: "1927-01-10"),
    Film("Sunrise", year: 1927, stars: 5, released: "1927-09-23"),
    Film("Nosferatu", year: 1922, stars: 3, released: "1922-03-04"),
  ]
  var collections = [
    FilmCollection("Silent era", [FilmCollection("German expressionism"), FilmCollection("Hollywood")]),
    FilmCollection("To watch again"),
  ]
  var isLocked = false

  init() {
    films[0].genre = genres[2]
    films[2].genre = genres[1]
    films[0].screenings = [Screening("Babylon, Berlin", seats: 120), Screening("Le Champo, Paris", seats: 40)]
    films[2].screenings = [Screening("Filmmuseum, Munich", seats: 165)]
  }
}

var arguments = CommandLine.arguments.dropFirst()
var configuration = WebServer.Configuration()
configuration.port = 8081
var desktop = false
while let argument = arguments.popFirst() {
  switch argument {
  case "--port": configuration.port = arguments.popFirst().flatMap { Int($0) } ?? configuration.port
  case "--gtk": desktop = true
  default:
    print("usage: FilmRatings [--port N | --gtk]")
    exit(2)
  }
}
guard let specPath = Bundle.module.path(forResource: "FilmRatings", ofType: "spec.yaml") else {
  print("FilmRatings: FilmRatings.spec.yaml is missing from the build")
  exit(1)
}
let shelf = FilmShelf()
if desktop {
  #if GTK
    do {
      try runDesktopFilmRatings(specPath: specPath, shelf: shelf)
      exit(0)
    } catch {
      print("FilmRatings: \(error)")
      exit(1)
    }
  #else
    print("FilmRatings: this build has no GTK window; build it with GTK: swift run --traits GTK FilmRatings --gtk")
    exit(2)
  #endif
}
let shared = UncheckedShelf(shelf)
let page = WebPage(title: "Films", model: { shared.shelf }, sharing: .shared, controls: [StarRating.self]) { shelf, _ in
  try WebSpec.load(contentsOf: specPath, model: shelf, modelClass: "FilmShelf", root: "Page") { classes in
    FilmClasses.register(in: classes)
  }
  .content
}
let server = WebServer(page: page, configuration: configuration)
print("FilmRatings: serving at http://127.0.0.1:\(configuration.port)  (Ctrl-C to stop)")
fflush(nil)
Task {
  do {
    try await server.run()
    exit(0)
  } catch {
    print("FilmRatings could not serve: \(error)")
    exit(1)
  }
}
dispatchMain()

/// The classes FilmRatings.spec.yaml names, for the page and for the GTK window.
enum FilmClasses {
  static func register(in classes: SpecClassRegistry) {
    classes.register(Film.self) { Film() }
    classes.register(Genre.self) { Genre() }
    classes.register(Screening.self) { Screening() }
    classes.register(FilmCollection.self) { FilmCollection() }
    classes.register(StarRating.self) { StarRating() }
  }
}

/// The shelf, made before the server starts and then used on the page's actor only.
struct UncheckedShelf: @unchecked Sendable {
  let shelf: FilmShelf
  init(_ shelf: FilmShelf) { self.shelf = shelf }
}
