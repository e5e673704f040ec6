/// A copy of Mappings/generic.yaml (a test keeps the two equal), so that any keyboard works even
/// where the Mappings folder is missing.
enum BuiltInGenericMapping {
    static let yaml = """
        # Generic mapping: any class-compliant USB MIDI keyboard with a pitch wheel.
        # Peach uses it for every device that no other mapping file matches.
        #
        # Controls (all channels):
        #   pitch wheel     Hear & Compare: flick up = higher, flick down = lower.
        #                   Tune & Match: move to tune; let go to commit the position you held.
        #   keys            Hear & Compare: C4 (middle C) and above = higher, below C4 = lower.
        #                   Tune & Match: any key commits the wheel's current position.
        #   program change  0 = Hear & Compare, 1 = Compare intervals, 2 = Tune & Match,
        #                   3 = Match intervals, 4 = stop, 5 = report (program buttons or a patch selector).
        #   chords          3 or more keys struck together (within 80 ms) do what their lowest key names:
        #                   C = Hear & Compare, D = Compare intervals, E = Tune & Match, F = Match intervals,
        #                   G = the spoken report, A = stop. A single key answers (or commits) 80 ms late.
        name: Generic MIDI keyboard
        match: "*"
        reference: MIDI 1.0 Detailed Specification (MIDI Association), channel voice messages
        channel: any
        tuning:
          control: pitch-wheel
          neutral-zone: 0.03
          release-ms: 90
          flick-threshold: 0.5
          commit: {notes: C-1..G9}
        answers:
          higher: [{notes: C4..G9}, wheel-up]
          lower: [{notes: C-1..B3}, wheel-down]
        modes:
          compare: {program: 0}
          compare-intervals: {program: 1}
          match: {program: 2}
          match-intervals: {program: 3}
        stop: {program: 4}
        report: {program: 5}
        chords:
          keys: 3
          within-ms: 80
          compare: C
          compare-intervals: D
          match: E
          match-intervals: F
          report: G
          stop: A
        """
}
