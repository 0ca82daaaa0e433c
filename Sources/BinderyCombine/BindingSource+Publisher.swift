#if canImport(Combine) || OpenCombine
  #if canImport(Combine)
    public import Combine
  #else
    public import OpenCombine
  #endif
  public import Bindery

  extension BindingSource where Value: Sendable {
    /// The values of a Combine publisher, each shown by the target as it comes (a subject of a service
    /// driving a label): one way, the target keeping its value until the first one.
    ///
    /// ```swift
    /// statusLabel.bind(\.text, to: .publisher(connection.$status.map(\.description)))
    /// ```
    ///
    /// The binding subscribes when it is made, with unlimited demand, and each value is written to the
    /// target where the binding's options say (on the thread the publisher sends on, or on the main
    /// actor or an actor of your choice). When the publisher finishes the binding ends, the target
    /// keeping the last value; when it fails, the binding ends too and its delegate hears the error
    /// (`BindingDelegate.binding(_:sourceFailed:)`). Unbinding the binding, or the target going away,
    /// cancels the subscription.
    public static func publisher<Upstream: Publisher>(_ publisher: Upstream) -> Self where Upstream.Output == Value {
      let subscribe = SubscribedOnce { (feed: BindingFeed<Value>) -> AnyCancellable in
        publisher.sink(
          receiveCompletion: { completion in
            switch completion {
            case .finished: feed.finishSoon(failure: nil)
            case .failure(let error): feed.finishSoon(failure: error)
            }
          },
          receiveValue: { feed.send($0) }
        )
      }
      return fed(named: "publisher") { feed in
        let subscription = SubscribedOnce(subscribe.value(feed))
        return { subscription.value.cancel() }
      }
    }
  }

  /// How to subscribe to a publisher, or the subscription, handed to the binding that subscribes once,
  /// when it is made, and cancels once.
  struct SubscribedOnce<Wrapped>: @unchecked Sendable {
    // Unchecked: the binding subscribes on the thread that binds it, and a subscription may be
    // cancelled from any thread.
    let value: Wrapped
    init(_ value: Wrapped) { self.value = value }
  }
#endif
