import Domain

/// `Deadline.callSideBySide` with 3, 30 and 300 stand-in calls that answer at once: the
/// cost per call must stay flat, so 100 times the calls may cost at most 130 times the time.
enum Scaling {
  static func figures() async -> [Figure] {
    // Each round measures every size, so that a busy spell weighs on all of them alike.
    var bare: [Double] = []
    var sizes: [Int: [Double]] = [:]
    for _ in 0..<Rounds.count {
      bare.append(await bareGroupMicroseconds(children: 3))
      for count in [3, 30, 300] {
        sizes[count, default: []].append(await microseconds(calls: count))
      }
    }
    let bareGroup = Rounds.median(of: bare)
    let three = Rounds.median(of: sizes[3] ?? [])
    let thirty = Rounds.median(of: sizes[30] ?? [])
    let threeHundred = Rounds.median(of: sizes[300] ?? [])
    return [
      Figure(
        section: "scaling", name: "3 sources", value: three, unit: "µs",
        floorName: "a task group of 3, no timer", floor: bareGroup, goal: .none),
      Figure(
        section: "scaling", name: "30 sources", value: thirty, unit: "µs",
        floorName: "10 × 3 sources", floor: 10 * three, goal: .atMost(1.3)),
      Figure(
        section: "scaling", name: "300 sources", value: threeHundred, unit: "µs",
        floorName: "100 × 3 sources", floor: 100 * three, goal: .atMost(1.3)),
    ]
  }

  /// The time of one run of `calls` calls under the real clock's 3 s deadline.
  private static func microseconds(calls count: Int) async -> Double {
    let calls: [(key: Int, call: @Sendable () async throws -> Int)] = (0..<count).map { index in
      (index, { index })
    }
    let deadline = Deadline(PaymentMethodsUseCase.defaultDeadline)
    let runsPerSecond = await Rounds.rate {
      await deadline.callSideBySide(calls) { _, _ in true }
    }
    return 1_000_000 / runsPerSecond
  }

  /// A task group of children that answer at once, without deadline or outcome handling.
  private static func bareGroupMicroseconds(children: Int) async -> Double {
    let runsPerSecond = await Rounds.rate {
      await withTaskGroup(of: Int.self) { group in
        for index in 0..<children { group.addTask { index } }
        for await _ in group {}
      }
    }
    return 1_000_000 / runsPerSecond
  }
}
