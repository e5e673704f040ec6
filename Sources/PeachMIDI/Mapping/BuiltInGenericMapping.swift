/// A copy of Mappings/generic.yaml (a test keeps the two equal), so that any keyboard works even
/// where the Mappings folder is missing. Without the file's comments: nobody reads this copy, and
/// the file, with `peach mappings` and the README, is what tells a person the controls.
enum BuiltInGenericMapping {
    // not a text: a mapping file's YAML (its name and reference are the file's data, as in Mappings/)
    static let yaml = """
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
          compare-timing: {program: 6}
          fill-the-gap: {program: 7}
        stop: {program: 4}
        report: {program: 5}
        chords:
          keys: 3
          within-ms: 80
          compare: C
          compare-intervals: D
          match: E
          match-intervals: F
          compare-timing: B
          fill-the-gap: C#
          report: G
          stop: A
        """
}
