// FilmRatings on the Linux desktop (`swift run --traits GTK FilmRatings --gtk`): the same
// FilmRatings.spec.yaml in a GTK 4 window, where StarRating shows as a row of five star buttons the
// app makes itself (StarRating+GTK.swift), with no change to Bindery.
#if GTK
  import BinderyGTK
  import Foundation

  /// Opens the films' window and runs GTK's loop until it closes.
  @MainActor
  func runDesktopFilmRatings(specPath: String, shelf: FilmShelf) throws {
    try GTKMainLoop.start()
    StarRating.installStarStyle()
    let screen = try ScreenSpec.load(
      contentsOf: specPath, model: shelf, modelClass: "FilmShelf", root: "Page", lists: HeadlessControls.lists,
      configure: { FilmClasses.register(in: $0) })
    let window = try GTKWindowHost(title: "Films", screen: screen, height: 900, controls: [StarRating.self])
    window.present()
    print("FilmRatings: the GTK window is open (close it to quit)")
    fflush(nil)
    GTKMainLoop.run()
  }
#endif
