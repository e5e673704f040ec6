import Logging
import PeachDomain
import PeachMIDI
import PeachPractice
import PeachSound
import PeachText
import ServiceLifecycle

extension ControllerMapper: ControllerInputMapper {}

/// The MIDI controllers, from the ALSA sequencer: connections and messages become box events
/// through the router (the mapping's actions, chords once their window has passed), results light
/// the controller in use. A sequencer that was not there at start is tried every 2 s. At shutdown
/// the lights go out and the sequencer closes.
@MainActor
final class ControllerService: Service {
    private var sequencer: SequencerClient?
    private let open: () -> SequencerClient?
    private let router: BoxEventRouter
    private let lightsOn: @MainActor () -> Bool
    private let texts: LiveTexts
    private let logger = Logger(label: "peach.run")
    private var inputs = ControllerInputs<ControllerMapper>()
    private var controllers: [ControllerID: Controller] = [:]
    private var chordTicks: [ControllerID: Task<Void, Never>] = [:]

    init(sequencer: SequencerClient?, open: @escaping () -> SequencerClient?, router: BoxEventRouter,
         lightsOn: @escaping @MainActor () -> Bool, texts: LiveTexts) {
        self.sequencer = sequencer
        self.open = open
        self.router = router
        self.lightsOn = lightsOn
        self.texts = texts
    }

    func run() async {
        if sequencer == nil {
            sequencer = await Reopening(every: .seconds(2)).attempt(open) { try await sleepUnlessShuttingDown(for: $0) }
            if sequencer != nil { logger.notice("\(texts.current.text(.runSequencerThere))") }
        }
        if let sequencer {
            for await event in sequencer.events.cancelOnGracefulShutdown() { handle(event) }
        }
        await untilShutdown()
        for tick in chordTicks.values { tick.cancel() }
        if let sequencer {
            for controller in controllers.values { sequencer.clearFeedback(on: controller) }
            sequencer.close()
        }
    }

    private func handle(_ event: ControllerEvent) {
        switch event {
        case .connected(let controller):
            controllers[controller.boxID] = controller
            logger.info("\(texts.current.text(.runControllerConnected, "\(controller)", controller.mapping.name))")
            router.box.describeControls(controller.mapping.tourControls, of: controller.boxID)
            router.route(inputs.connect(controller.boxID, mapper: ControllerMapper(mapping: controller.mapping)))
        case .disconnected(let controller):
            controllers[controller.boxID] = nil
            router.route(inputs.disconnect(controller.boxID))
        case .message(let message, let controller, let time):
            guard let result = inputs.receive(message, from: controller.boxID, at: time, skill: router.activeSkill) else { return }
            // Retunes carry the event's time: a move that reached the note from the input thread is
            // not undone. A commit's held value is final: no later move (the spring's bounce) moves
            // the note it releases.
            let commits = result.actions.contains { if case .commitTuning = $0 { true } else { false } }
            TuningMoveTime.$current.withValue(commits ? TuningMoveTime.final : time) { router.route(result.event) }
            tickChords(of: controller.boxID, at: result.chordDeadline)
        }
    }

    /// A key that may start a chord acts once the chord window has passed without one.
    private func tickChords(of controller: ControllerID, at deadline: UInt64?) {
        chordTicks[controller]?.cancel()
        guard let deadline else { return }
        let wait = deadline - min(deadline, monotonicNanoseconds())
        chordTicks[controller] = Task { [weak self] in
            try? await Task.sleep(nanoseconds: wait + 1_000_000)
            guard !Task.isCancelled, let self,
                  let result = inputs.tick(controller, at: monotonicNanoseconds(), skill: router.activeSkill) else { return }
            router.route(result.event)
            tickChords(of: controller, at: result.chordDeadline)
        }
    }

    /// An answer's result on the lights of the controller in use, if its mapping has any.
    func lightUp(_ feedback: AnswerResult) {
        guard let sequencer,
              let inUse = FeedbackLights.controller(lightsOn: lightsOn(), inUse: router.box.controllerInUse,
                                                    connected: controllers.keys),
              let controller = controllers[inUse] else { return }
        sequencer.send(feedback, to: controller)
    }
}
