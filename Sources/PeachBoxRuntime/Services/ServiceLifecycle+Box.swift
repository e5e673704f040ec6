import ServiceLifecycle

/// Waits until the group shuts the box down: then a service that only holds something lets it go.
/// Nothing else ends these services: they run until their turn in the ordered shutdown.
@MainActor
func untilShutdown() async {
    try? await gracefulShutdown()
}

/// Sleeps for `duration`, or less when the box shuts down meanwhile (then it throws).
func sleepUnlessShuttingDown(for duration: Duration) async throws {
    try await cancelWhenGracefulShutdown { try await Task.sleep(for: duration) }
}
