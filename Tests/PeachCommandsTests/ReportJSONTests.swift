import Foundation
@testable import PeachDomain
import PeachStorage
import PeachTestSupport
import Testing
@testable import PeachCommands
@testable import PeachReports

/// The reports' JSON (`peach profile --json`, `peach history --json`, `/api/profile`), written by
/// Foundation's `JSONEncoder`: two-space indent, `"key" : value`, keys sorted, numbers as Swift
/// writes them (`12`, not `12.0`), null where there is no data.
@Suite("report JSON")
struct ReportJSONTests {
    static let time = Date(timeIntervalSince1970: 1_772_719_387)

    @Test("history --json: every answer with the CSV's field names, the other training type's left out, byte for byte")
    func history() throws {
        let comparison = try #require(CompareAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(67), centOffset: Cents(-12.5),
                                                    isCorrect: false, tuningSystem: .justIntonation, timestamp: Self.time))
        let matching = try #require(MatchAnswer(referenceNote: MIDINote(57), targetNote: MIDINote(57), initialCentOffset: Cents(33.25),
                                                userCentError: Cents(-4), tuningSystem: .equalTemperament, timestamp: Self.time))
        let expected = """
            [
              {
                "centOffset" : -12.5,
                "interval" : "P5",
                "isCorrect" : false,
                "referenceNote" : 60,
                "targetNote" : 67,
                "timestamp" : "\(HistoryCSV.timestamp(Self.time))",
                "trainingType" : "pitchDiscrimination",
                "tuningSystem" : "justIntonation"
              },
              {
                "initialCentOffset" : 33.25,
                "interval" : "P1",
                "referenceNote" : 57,
                "targetNote" : 57,
                "timestamp" : "\(HistoryCSV.timestamp(Self.time))",
                "trainingType" : "pitchMatching",
                "tuningSystem" : "equalTemperament",
                "userCentError" : -4
              }
            ]
            """
        #expect(try HistoryReport.json([.compare(comparison), .match(matching)]) == expected)
        #expect(try HistoryReport.json([]) == "[\n\n]")
    }

    @Test("profile --json of an empty history: every key, null where there is no data; the matching modes without notes")
    @MainActor
    func emptyProfile() throws {
        let digest = HistoryDigest(now: Self.time, calendar: SystemCalendar(), progressRange: .standard)
        let text = try ProfileReport(digest: digest, range: .standard).json()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["comparison", "matching", "modes"])
        let comparison = try #require(document["comparison"] as? [String: Any])
        #expect(comparison["overallMean"] is NSNull && comparison["overallStdDev"] is NSNull)
        #expect((comparison["notes"] as? [Any])?.isEmpty == true)
        let matching = try #require(document["matching"] as? [String: Any])
        #expect(matching["mean"] is NSNull && matching["stdDev"] is NSNull && matching["count"] as? Int == 0)
        let allModes = try #require(document["modes"] as? [[String: Any]])
        #expect(allModes.map { $0["mode"] as? String } == TrainingMode.allCases.map(\.rawValue))
        let modes = allModes.prefix(TrainingMode.pitchModes.count)   // the rhythm modes: RhythmProfileJSONTests
        for mode in modes {
            let compare = (mode["mode"] as? String).flatMap(TrainingMode.init(rawValue:))?.skill == .compare
            let keys: Set<String> = compare ? ["mode", "ewma", "count", "trend", "trendChange", "threshold", "psychometric", "notes"]
                                            : ["mode", "ewma", "count", "trend", "trendChange", "threshold"]
            #expect(Set(mode.keys) == keys, "\(mode)")
            #expect(mode["ewma"] is NSNull && mode["trend"] is NSNull && mode["trendChange"] is NSNull && mode["threshold"] is NSNull)
            if compare {
                let notes = try #require(mode["notes"] as? [[String: Any]])
                #expect(notes.count == 49 && notes.first?["name"] as? String == "C2" && notes.first?["threshold"] is NSNull)
            }
        }
        // The layout, and the same bytes each time.
        #expect(text.hasPrefix("{\n  \"comparison\" : {\n    \"notes\" : [\n\n    ],\n    \"overallMean\" : null,"))
        #expect(try ProfileReport(digest: digest, range: .standard).json() == text)
    }

    @Test("a threshold: measured with its criterion, beyond the offsets as above or below, a note's without criterion, a matching mode's with criterion null")
    func thresholds() throws {
        let estimate = IntervalEstimate(value: 12, low: 10.5, high: 14.25)
        let measured = try #require(ProfileDocument.Threshold(.measured(estimate), criterion: true))
        #expect(try ReportJSON.text(measured) == "{\n  \"criterion\" : 0.75,\n  \"high\" : 14.25,\n  \"low\" : 10.5,\n  \"value\" : 12\n}")
        let above = try #require(ProfileDocument.Threshold(.above(91.25), criterion: true))
        #expect(try ReportJSON.text(above) == "{\n  \"above\" : 91.25,\n  \"criterion\" : 0.75\n}")
        let below = try #require(ProfileDocument.Threshold(.below(0.5), criterion: false))
        #expect(try ReportJSON.text(below) == "{\n  \"below\" : 0.5\n}")
        #expect(ProfileDocument.Threshold(.notEnoughAnswers, criterion: true) == nil)
        let accuracy = MatchAccuracy(meanError: estimate, bias: IntervalEstimate(value: 3, low: 2, high: 4),
                                     spread: IntervalEstimate(value: 6, low: 5, high: 7), attemptWeight: 1)
        #expect(try ReportJSON.text(ProfileDocument.Threshold(accuracy)) == """
            {
              "bias" : {
                "high" : 4,
                "low" : 2,
                "value" : 3
              },
              "criterion" : null,
              "high" : 14.25,
              "low" : 10.5,
              "spread" : {
                "high" : 7,
                "low" : 5,
                "value" : 6
              },
              "value" : 12
            }
            """)
    }

    @Test("numbers as Swift writes them, strings escaped, nothing JSON cannot hold", arguments: [Double.nan, .infinity])
    func values(_ number: Double) throws {
        struct Sample: Encodable {
            let whole = 12.0, small = 1e-7, large = 1e70, negativeZero = -0.0, fraction = 0.1
            let text = "a/b \"c\"\n\u{1}é"
            @OrNull var missing: Int?
        }
        #expect(try ReportJSON.text(Sample(missing: nil)) == """
            {
              "fraction" : 0.1,
              "large" : 1e+70,
              "missing" : null,
              "negativeZero" : -0,
              "small" : 1e-07,
              "text" : "a\\/b \\"c\\"\\n\\u0001é",
              "whole" : 12
            }
            """)
        #expect(throws: EncodingError.self) { try ReportJSON.text(["x": number]) }
    }
}
